// Pin lists and viewers as a person meets them: the Last pins grid loading its next page at the
// bottom, the user's and board's grids linking under their own paths, the pin detail's previous
// and next pins by key, link and swipe, and the lightbox with its controls.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addBoardByApi,
  addPinByApi,
  browserSkip,
  gqlOk,
  inBatches,
  makePng,
  pathOf,
  serverAndBrowser,
  signUpByApi,
  waitFor,
  waitForPath,
} from './harness.mjs';

describe('pin lists and viewers', { skip: browserSkip }, () => {
  const app = serverAndBrowser();
  const open = app.open;
  const signUp = (prefix) => signUpByApi(app.server.baseUrl, prefix);
  const addBoard = (cookie, title, options) => addBoardByApi(app.server.baseUrl, cookie, title, options);
  const addPin = (cookie, pin) => addPinByApi(app.server.baseUrl, cookie, pin);

  /** The links of the page's pin grid, in order. @param {import('playwright-core').Page} page */
  const tiles = (page) => page.getByRole('list', { name: 'Pins' }).getByRole('link');

  it('scrolls Last pins past its first page, and links each grid under its own path', async () => {
    const alice = await signUp('lister');
    const board = await addBoard(alice.cookie, 'Many');
    // 55 pins, oldest first: 'Pin 55' is the newest.
    const ids = [];
    for (const batch of [0, 1]) {
      const count = batch === 0 ? 50 : 5;
      const made = await inBatches(count, (index) => {
        const number = batch * 50 + index + 1;
        return addPin(alice.cookie, { boards: [board.id], seed: number, title: `Pin ${number}`, caption: `Caption ${number}` });
      });
      ids.push(...made);
    }
    const { context, page, errors } = await open();
    try {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Last pins', level: 1 }).waitFor();
      await page.getByText('55 pins', { exact: true }).waitFor();
      await waitFor(async () => (await tiles(page).count()) === 50, { message: 'the first 50 pins' });
      const newest = tiles(page).first();
      assert.equal(await newest.textContent(), 'Pin 55');
      assert.equal(await newest.getAttribute('href'), `/pins/${ids[54]}/`);
      // The boxes have their size before the pictures come, and a 2x picture for dense screens.
      const box = await newest.boundingBox();
      assert.ok(box && box.width > 200 && box.height > 150, `a sized box (${JSON.stringify(box)})`);
      assert.match((await newest.locator('img').getAttribute('srcset')) ?? '', /\d+w/);
      assert.equal(await page.getByText('Pin 3', { exact: true }).count(), 0);

      await page.mouse.wheel(0, 20_000);
      await waitFor(async () => (await tiles(page).count()) === 55, { timeout: 10_000, message: 'the 51st to 55th pins' });
      await page.getByRole('link', { name: 'Pin 1', exact: true }).scrollIntoViewIfNeeded();
      assert.equal(await page.getByRole('link', { name: 'Pin 1', exact: true }).getAttribute('href'), `/pins/${ids[0]}/`);

      // A bare user path goes to the user's pins; they link under the user.
      await page.goto(`/${alice.username}`);
      await waitForPath(page, `/${alice.username}/pins/`);
      await page.getByRole('navigation', { name: 'User sections' }).getByRole('link', { name: '55 pins' }).waitFor();
      assert.equal(await tiles(page).first().getAttribute('href'), `/${alice.username}/pins/${ids[54]}/`);

      // A board's pins link under the board, keeping the query string.
      await page.goto(`/${alice.username}/boards/${board.slug}/?from=test`);
      await page.getByText('55 pins', { exact: true }).waitFor();
      assert.equal(await tiles(page).first().getAttribute('href'), `/${alice.username}/boards/${board.slug}/pins/${ids[54]}/?from=test`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('shows a tile\'s previews at the URLs the server gives them', async () => {
    const alice = await signUp('urls');
    const board = await addBoard(alice.cookie, 'Wide');
    // 600 px wide: previews 236, 474 and 600 px wide, JPEG and WebP.
    const id = await addPin(alice.cookie, { boards: [board.id], png: makePng(600, 400, 7), title: 'Wide pin' });
    const { data } = await gqlOk(
      app.server.baseUrl,
      `query Previews($id: ID!) { pin(id: $id) {
        small: preview(minWidth: 236) large: preview(minWidth: 472)
        smallWebp: preview(minWidth: 236, format: "webp") largeWebp: preview(minWidth: 472, format: "webp")
      } }`,
      { id },
    );
    const { small, large, smallWebp, largeWebp } = data.pin;
    assert.match(large, /_474\.jpeg$/);
    const { context, page, errors } = await open();
    try {
      await page.goto(`/${alice.username}/boards/${board.slug}/`);
      const tile = tiles(page).first();
      await tile.getByText('Wide pin').waitFor();
      const img = tile.locator('img');
      assert.equal(await img.getAttribute('src'), small);
      assert.equal(await img.getAttribute('srcset'), `${small} 236w, ${large} 474w`);
      assert.equal(await tile.locator('source[type="image/webp"]').getAttribute('srcset'), `${smallWebp} 236w, ${largeWebp} 474w`);
      await waitFor(() => img.evaluate((image) => image.complete && image.naturalWidth > 0), { message: 'the preview shown' });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('asks a page\'s first queries once, before the app runs, and preloads its first screen\'s pictures', async () => {
    const alice = await signUp('early');
    const board = await addBoard(alice.cookie, 'Early');
    const ids = await inBatches(8, (index) => addPin(alice.cookie, { boards: [board.id], seed: 300 + index, title: `Early ${index + 1}` }));

    /** Opens `path` in a new page; the GraphQL operations it asked, the previews it fetched and the pictures preloaded. */
    const firstLoad = async (path, shown) => {
      const { context, page, errors } = await open();
      /** @type {string[]} */
      const asked = [];
      /** @type {string[]} */
      const fetched = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/graphql') {
          const { operationName, variables } = JSON.parse(request.postData() ?? '{}');
          asked.push(`${operationName} ${JSON.stringify(variables)}`);
        }
        if (url.pathname.startsWith('/media/previews/')) fetched.push(url.pathname);
      });
      // Tiles that glided to their places (PinGrid.css) instead of being put there at once.
      await page.addInitScript(() => {
        Object.assign(window, { glided: 0 });
        document.addEventListener('transitionrun', (event) => {
          if (event.target instanceof Element && event.target.matches('li.pin-grid__item')) Object.assign(window, { glided: window['glided'] + 1 });
        });
      });
      try {
        await page.goto(path);
        await shown(page);
        assert.equal(await page.evaluate(() => window['glided']), 0, 'tiles glided to their places');
        await page.waitForLoadState('networkidle');
        const preloaded = await page
          .locator('head link[rel="preload"][as="image"]')
          .evaluateAll((links) => links.map((link) => link.getAttribute('imagesrcset')));
        const firstScreen = await page
          .locator('ul[aria-label="Pins"] > li')
          .evaluateAll((items) =>
            items
              .filter((item) => item.querySelector('img')?.getAttribute('loading') === 'eager')
              .map((item) => item.querySelector('source')?.getAttribute('srcset')),
          );
        const modules = await page.locator('head link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
        const showing = await page.locator('main img').evaluateAll((images) => images.map((image) => new URL(image.currentSrc || 'http://x/').pathname));
        assert.deepEqual(errors, []);
        return { asked, preloaded, firstScreen, modules, wasted: fetched.filter((picture) => !showing.includes(picture)) };
      } finally {
        await context.close();
      }
    };
    /** Whether `asked` holds the operation `name` once (with `variables` when given). */
    const once = (asked, name, variables) => {
      const asking = variables ? `${name} ${JSON.stringify(variables)}` : name;
      const times = asked.filter((entry) => (variables ? entry === asking : entry.startsWith(`${name} `))).length;
      assert.equal(times, 1, `${asking} in ${asked.join(' ')}`);
    };
    const gridOf = (count) => (page) => waitFor(async () => (await tiles(page).count()) >= count, { message: 'the grid' });

    // Asked by the head's script, and the answers taken by the page: not asked twice. The first
    // screen's pictures are preloaded as the grid then shows them, and no picture fetched is unseen.
    const home = await firstLoad('/', gridOf(8));
    once(home.asked, 'AuthenticatedQuery');
    once(home.asked, 'LastPins');
    assert.ok(home.firstScreen.length >= 5, `a first screen (${home.firstScreen.length})`);
    assert.deepEqual(home.preloaded, home.firstScreen);
    assert.deepEqual(home.wasted, []);

    const onBoard = await firstLoad(`/${alice.username}/boards/${board.slug}/`, gridOf(8));
    once(onBoard.asked, 'BoardDetail');
    once(onBoard.asked, 'BoardPins');
    assert.deepEqual(onBoard.preloaded, onBoard.firstScreen);
    // The page's chunk is fetched from the head too, not once the app has run.
    assert.ok(onBoard.modules.some((href) => href.startsWith('/assets/browsing-')), onBoard.modules.join());
    assert.deepEqual(onBoard.wasted, []);

    const pin = await firstLoad(`/pins/${ids[0]}/`, (page) => page.getByRole('img', { name: 'Early 1' }).waitFor());
    // (The pins beside it are asked for too, ahead of a step to them.)
    once(pin.asked, 'singlePin', { id: ids[0] });
    assert.equal(pin.preloaded.length, 1);
    assert.ok(pin.modules.some((href) => href.startsWith('/assets/browsing-')), pin.modules.join());
    // The home page loads no other page's code.
    for (const chunk of ['/assets/browsing-', '/assets/accountAndTools-']) {
      assert.ok(!home.modules.some((href) => href.startsWith(chunk)), home.modules.join());
    }
    assert.deepEqual(pin.wasted, []);
  });

  it('goes to the previous and next pins by key, link and swipe, and through the lightbox', async () => {
    const bob = await signUp('viewer');
    const board = await addBoard(bob.cookie, 'Three');
    const first = await addPin(bob.cookie, { boards: [board.id], seed: 1, title: 'First' });
    const second = await addPin(bob.cookie, { boards: [board.id], seed: 2, title: 'Second' });
    const third = await addPin(bob.cookie, { boards: [board.id], seed: 3, title: 'Third' });
    const boardPath = `/${bob.username}/boards/${board.slug}/`;
    const pinPath = (id) => `${boardPath}pins/${id}/`;
    const { context, page, errors } = await open({ hasTouch: true });
    /** A one-finger swipe of `dx`, `dy` pixels on `locator`. */
    const swipe = (locator, dx, dy) =>
      locator.evaluate(
        (element, [x, y]) => {
          const touch = (clientX, clientY) => new Touch({ identifier: 1, target: element, clientX, clientY });
          element.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(300, 300)], changedTouches: [touch(300, 300)] }));
          element.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(300 + x, 300 + y)] }));
        },
        [dx, dy],
      );
    const heading = (title) => page.getByRole('heading', { name: title, level: 1 });
    /** The detail of pin `id` (on the board), titled `title`. */
    const shows = async (id, title) => {
      await waitForPath(page, pinPath(id));
      await heading(title).waitFor();
    };
    try {
      // The board shows the newest on top; its first pin has no previous one.
      await page.goto(boardPath);
      await tiles(page).first().click();
      await shows(third, 'Third');
      assert.equal(await page.getByRole('link', { name: 'Previous pin' }).count(), 0);

      await page.keyboard.press('ArrowRight');
      await shows(second, 'Second');
      await page.keyboard.press('Space');
      await shows(first, 'First');
      assert.equal(await page.getByRole('link', { name: 'Next pin' }).count(), 0);
      await page.keyboard.press('Backspace');
      await shows(second, 'Second');
      await page.keyboard.press('ArrowLeft');
      await shows(third, 'Third');
      await page.getByRole('link', { name: 'Next pin' }).click();
      await shows(second, 'Second');

      // Swipes: left is next, right is previous; a short one does nothing.
      const picture = page.getByRole('link', { name: 'Open lightbox' });
      await swipe(picture, -30, 0);
      await swipe(picture, -120, 10);
      await shows(first, 'First');
      await swipe(picture, 120, 0);
      await shows(second, 'Second');

      // Escape goes back to the list.
      await page.keyboard.press('Escape');
      await waitForPath(page, boardPath);
      await page.goBack();
      await waitForPath(page, pinPath(second));

      // The lightbox: controls come with a tap.
      await page.getByRole('link', { name: 'Open lightbox' }).click();
      await waitForPath(page, `${pinPath(second)}lightbox/`);
      const lightbox = page.getByRole('region', { name: 'Lightbox' });
      await lightbox.getByRole('img', { name: 'Second' }).waitFor();
      const next = lightbox.getByRole('button', { name: 'Next pin' });
      assert.equal(await next.evaluate((button) => getComputedStyle(button.parentElement).opacity), '0');
      await lightbox.getByRole('img', { name: 'Second' }).click();
      await waitFor(async () => (await next.evaluate((button) => getComputedStyle(button.parentElement).opacity)) === '1', {
        message: 'the controls to show',
      });
      await next.click();
      await waitForPath(page, `${pinPath(first)}lightbox/`);
      await lightbox.getByRole('img', { name: 'First' }).waitFor();
      assert.equal(await lightbox.getByRole('button', { name: 'Next pin' }).isDisabled(), true);
      await page.keyboard.press('ArrowLeft');
      await waitForPath(page, `${pinPath(second)}lightbox/`);
      await lightbox.getByRole('img', { name: 'Second' }).waitFor();
      await swipe(lightbox, 0, 120);
      await waitForPath(page, pinPath(second));
      await heading('Second').waitFor();

      // Full screen follows the browser; Close lightbox returns to the detail.
      await page.goto(`/pins/${third}/lightbox/`);
      await lightbox.getByRole('img', { name: 'Third' }).click();
      await lightbox.getByRole('button', { name: 'Full screen' }).click();
      await lightbox.getByRole('button', { name: 'Exit full screen' }).waitFor();
      await page.evaluate(() => document.exitFullscreen());
      await lightbox.getByRole('button', { name: 'Full screen' }).click();
      await lightbox.getByRole('button', { name: 'Exit full screen' }).waitFor();
      await lightbox.getByRole('button', { name: 'Close lightbox' }).click();
      await waitForPath(page, `/pins/${third}/`);
      // Full screen was the whole page's: the lightbox leaves it as it closes.
      await waitFor(() => page.evaluate(() => document.fullscreenElement === null), { message: 'full screen to end' });
      await heading('Third').waitFor();
      assert.equal(pathOf(page), `/pins/${third}/`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
