// The app shell as a visitor meets it: header, home page, not-found page, hiding header, and the
// header on a phone.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserSkip, openPage, serverAndBrowser, signUpByApi, waitFor } from './harness.mjs';

describe('app shell', { skip: browserSkip }, () => {
  const app = serverAndBrowser();

  it('shows the header and the empty Last pins list to a visitor', async () => {
    // An instance with an account: without any, the home page says what to do first (firstRun.test.mjs).
    await signUpByApi(app.server.baseUrl, 'host');
    const { context, page, errors } = await openPage(app.browser, app.server.baseUrl);
    try {
      await page.goto('/');
      assert.equal(await page.title(), 'Corkboard');

      const header = page.getByRole('banner');
      const home = header.getByRole('link', { name: 'Corkboard', exact: true });
      await home.waitFor();
      assert.equal(await home.getAttribute('href'), '/');

      const login = header.getByRole('link', { name: 'Login', exact: true });
      const signup = header.getByRole('link', { name: 'Sign up', exact: true });
      await login.waitFor();
      await signup.waitFor();
      assert.equal(await login.getAttribute('href'), '/login/');
      assert.equal(await signup.getAttribute('href'), '/signup/');
      assert.equal(await header.getByRole('button', { name: 'Menu' }).count(), 0);

      await page.getByRole('heading', { name: 'Last pins', level: 1 }).waitFor();
      await page.getByText('No pins...', { exact: true }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('shows the not-found screen for an unknown path', async () => {
    const { context, page, errors } = await openPage(app.browser, app.server.baseUrl);
    try {
      await page.goto('/no/such/page/');
      await page.getByRole('heading', { name: 'Oups...' }).waitFor();
      await page.getByText("Sorry, the page you resquested for doesn't seem to exist.", { exact: true }).waitFor();
      // The header is still there to find the way back.
      await page.getByRole('banner').getByRole('link', { name: 'Corkboard', exact: true }).click();
      await page.getByRole('heading', { name: 'Last pins' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('hides the header when scrolling down past 55 px and shows it on scrolling up', async () => {
    const { context, page, errors } = await openPage(app.browser, app.server.baseUrl);
    try {
      await page.goto('/');
      const header = page.getByRole('banner');
      await header.getByRole('link', { name: 'Login', exact: true }).waitFor();
      await page.evaluate(() => {
        const spacer = document.createElement('div');
        spacer.style.height = '4000px';
        spacer.setAttribute('data-testid', 'spacer');
        document.body.append(spacer);
      });

      /** The part of the header's box that lies inside the viewport, in px. */
      const visibleHeight = async () => {
        const box = await header.boundingBox();
        assert.ok(box, 'the header has a box');
        return Math.max(0, Math.min(box.y + box.height, 800) - Math.max(box.y, 0));
      };
      const scrollTo = (y) => page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
      const settle = () => page.waitForTimeout(400); // longer than the header's transition

      assert.ok((await visibleHeight()) > 0, 'the header is visible at the top');

      // Within the first 55 px the header stays.
      await scrollTo(40);
      await settle();
      assert.ok((await visibleHeight()) > 0, 'the header is still visible at 40 px');

      // Scrolling down past 55 px hides it (a person would use the mouse wheel).
      await page.mouse.move(640, 400);
      await page.mouse.wheel(0, 600);
      await waitFor(() => page.evaluate(() => window.scrollY > 55), { message: 'the page to scroll' });
      await waitFor(async () => (await visibleHeight()) === 0, { message: 'the header to slide out of view' });

      // Still in the accessibility tree: hidden from the eye only, not from assistive technology.
      assert.equal(await header.getByRole('link', { name: 'Login', exact: true }).count(), 1);

      // Scrolling up a little shows it again, even far from the top.
      await page.mouse.wheel(0, -150);
      await waitFor(() => page.evaluate(() => window.scrollY < 600 && window.scrollY > 55), {
        message: 'the page to scroll up',
      });
      await waitFor(async () => (await visibleHeight()) > 0, { message: 'the header to come back' });
      await settle();
      const box = await header.boundingBox();
      assert.equal(Math.round(box?.y ?? -1), 0, 'the header is fully back at the top');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('shows the hidden header again when the keyboard moves focus into it', async () => {
    const { context, page } = await openPage(app.browser, app.server.baseUrl);
    try {
      await page.goto('/');
      const header = page.getByRole('banner');
      await header.getByRole('link', { name: 'Login', exact: true }).waitFor();
      await page.evaluate(() => {
        const spacer = document.createElement('div');
        spacer.style.height = '4000px';
        document.body.append(spacer);
        window.scrollTo({ top: 0, behavior: 'instant' });
      });
      await page.mouse.move(640, 400);
      await page.mouse.wheel(0, 600);
      await waitFor(async () => {
        const box = await header.boundingBox();
        return box !== null && box.y + box.height <= 0;
      }, {
        message: 'the header to slide out of view',
      });

      await page.keyboard.press('Tab');
      await waitFor(async () => Math.round((await header.boundingBox())?.y ?? -1) === 0, {
        message: 'the header to come back on focus',
      });
      assert.equal(
        await page.evaluate(() => document.activeElement?.textContent),
        'Corkboard',
        'the first Tab stop is the app name',
      );
    } finally {
      await context.close();
    }
  });

  it("fits the search box's placeholder in the header of a 390 px phone, signed out and in", async () => {
    const account = await signUpByApi(app.server.baseUrl, 'phone');
    for (const cookie of [undefined, account.cookie]) {
      const { context, page, errors } = await openPage(app.browser, app.server.baseUrl, { cookie, viewport: { width: 390, height: 844 } });
      try {
        await page.goto('/');
        const header = page.getByRole('banner');
        await header.getByRole(cookie ? 'button' : 'link', { name: cookie ? 'Menu' : 'Sign up' }).waitFor();
        const search = header.getByRole('combobox', { name: 'Search' });
        // The placeholder's text, drawn in the input's font, against the room inside the input.
        const { placeholder, width, room } = await search.evaluate((input) => {
          const style = getComputedStyle(input, '::placeholder');
          const context2d = document.createElement('canvas').getContext('2d');
          if (!context2d) throw new Error('no canvas');
          context2d.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const inner = getComputedStyle(input);
          return {
            placeholder: input.placeholder,
            width: context2d.measureText(input.placeholder).width,
            room: input.clientWidth - parseFloat(inner.paddingLeft) - parseFloat(inner.paddingRight),
          };
        });
        assert.match(placeholder, /^Search/);
        assert.ok(width <= room, `"${placeholder}" (${width.toFixed(1)} px) fits in ${room.toFixed(1)} px`);
        // Every header control stays on the screen.
        for (const control of await header.locator('a, button, input').all()) {
          const box = await control.boundingBox();
          assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `a control within the screen (${JSON.stringify(box)})`);
        }
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    }
  });
});
