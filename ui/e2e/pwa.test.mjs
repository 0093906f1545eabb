// The installable app (issue 17): the web app manifest with its share target, the service
// worker (registers, keeps the shell, never keeps API answers, serves the shell offline), and a
// share posted to /share/ landing on 'Create a pin'.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addBoardByApi, browserSkip, makePng, pathOf, serverAndBrowser, signUpByApi, waitFor } from './harness.mjs';

describe('installable app', { skip: browserSkip }, () => {
  const app = serverAndBrowser();

  it('links a valid manifest with icons and a share target', async () => {
    const { context, page } = await app.open();
    try {
      await page.goto('/');
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      assert.equal(href, '/manifest.webmanifest');
      const answer = await page.request.get(href);
      assert.equal(answer.status(), 200);
      const manifest = JSON.parse(await answer.text());
      assert.equal(manifest.name, 'Corkboard');
      assert.equal(manifest.start_url, '/');
      assert.equal(manifest.display, 'standalone');
      // The installed app's colours are the page's own.
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const themeColor = await page.locator('meta[name="theme-color"]').getAttribute('content');
      for (const colour of [manifest.background_color, manifest.theme_color, themeColor]) assert.equal(rgb(colour), background);
      assert.deepEqual(manifest.share_target, {
        action: '/share/',
        method: 'POST',
        enctype: 'multipart/form-data',
        params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'pin', accept: ['image/*'] }] },
      });
      for (const icon of manifest.icons.filter((i) => i.type === 'image/png')) {
        const png = await page.request.get(icon.src);
        assert.equal(png.status(), 200, icon.src);
        const body = await png.body();
        assert.equal(body.subarray(1, 4).toString('latin1'), 'PNG');
        const [width] = icon.sizes.split('x').map(Number);
        assert.equal(body.readUInt32BE(16), width, `${icon.src} is ${icon.sizes}`);
      }
    } finally {
      await context.close();
    }
  });

  it('registers the service worker, which keeps the shell and never an API answer', async () => {
    const alice = await signUpByApi(app.server.baseUrl, 'offline');
    const { context, page, allowConsoleErrors } = await app.open({ cookie: alice.cookie, serviceWorkers: 'allow' });
    try {
      await page.goto('/');
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      assert.equal(scope, `${app.server.baseUrl}/`);
      // Controlled after a reload; the page then asks the API as usual.
      await page.reload();
      await waitFor(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { message: 'a controlled page' });
      await page.getByRole('button', { name: 'Menu' }).waitFor();
      const cached = await page.evaluate(async () => {
        const urls = [];
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
        }
        return urls;
      });
      assert.ok(cached.includes('/'), `the shell is kept: ${cached}`);
      assert.ok(cached.some((path) => path.startsWith('/assets/')), `the scripts are kept: ${cached}`);
      assert.ok(!cached.some((path) => path.startsWith('/api/') || path.startsWith('/media/')), `no API answer kept: ${cached}`);

      // Offline, the shell still opens.
      // The API is unreachable then: the page says so (and logs it), but it opens.
      allowConsoleErrors(/net::ERR_INTERNET_DISCONNECTED|Failed to load resource|A network error occured/);
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('banner').getByRole('link', { name: 'Corkboard', exact: true }).waitFor();
      // It says so in its own words, and the header still knows who is signed in.
      await page.getByText('You are offline: Corkboard will come back when the connection does.', { exact: true }).waitFor();
      assert.equal(await page.getByText('Unexpected Application Error!').count(), 0);
      await page.getByRole('button', { name: 'Menu' }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Login' }).count(), 0);
      // It comes back with the connection.
      await context.setOffline(false);
      await page.getByRole('heading', { name: 'Last pins', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('turns a shared picture posted to /share/ into a pin through Create a pin', async () => {
    const alice = await signUpByApi(app.server.baseUrl, 'sharer');
    await addBoardByApi(app.server.baseUrl, alice.cookie, 'From my phone');
    const { context, page } = await app.open({ cookie: alice.cookie });
    try {
      await page.goto('/');
      const bytes = [...makePng(140, 90)];
      await share(page, bytes);
      const create = page.getByRole('dialog', { name: 'Create a pin' });
      await create.getByRole('img', { name: "The new pin's picture" }).waitFor();
      assert.equal(pathOf(page), '/pin-it/');
      assert.equal(await create.getByLabel('Title', { exact: true }).inputValue(), 'From the gallery');
      await create.getByRole('checkbox', { name: 'From my phone', exact: true }).check();
      await create.getByLabel('Caption', { exact: true }).fill('Shared from the phone');
      await create.getByRole('button', { name: 'Create', exact: true }).click();
      await waitFor(() => /^\/pins\/[^/]+\/$/.test(pathOf(page)), { message: 'the new pin' });
      await page.getByText('Shared from the phone', { exact: true }).waitFor();

      // The same picture again: the existing pin, with its words and thumbnail, under a heading
      // that speaks of a shared picture.
      await page.goto('/');
      await share(page, bytes);
      const clones = page.getByRole('dialog', { name: 'Existing pin found with same image' });
      await clones.getByRole('link', { name: 'From the gallery' }).waitFor();
      await clones.getByText('Shared from the phone', { exact: true }).waitFor();
      await waitFor(() => clones.locator('img').evaluate((img) => img.complete && img.naturalWidth > 0), { message: 'a thumbnail' });
      await page.getByRole('heading', { name: 'Pin a shared picture', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });
});

/**
 * A multipart POST navigation to /share/ with the picture `bytes` titled 'From the gallery', as
 * the installed app gets it from the OS.
 * @param {import('playwright-core').Page} page
 * @param {number[]} bytes
 */
async function share(page, bytes) {
  await page.evaluate((data) => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = '/share/';
    form.enctype = 'multipart/form-data';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'pin';
    const files = new DataTransfer();
    files.items.add(new File([new Uint8Array(data)], 'phone.png', { type: 'image/png' }));
    input.files = files.files;
    const title = document.createElement('input');
    title.name = 'title';
    title.value = 'From the gallery';
    form.append(input, title);
    document.body.append(form);
    form.submit();
  }, bytes);
}

/** '#f5f4f1' as the browser writes a computed colour: 'rgb(245, 244, 241)'. */
function rgb(hex) {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
