// The browser extension (issue 17, item 4), loaded unpacked from extension/dist/ into Chromium:
// its options page says how to sign in and saves the instance's address, and 'Pin this image'
// (called as the context menu would: a browser test cannot open one) opens 'Pin it from the web'
// with that picture, which becomes a pin with the page as its source.

import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, addBoardByApi, browserSkip, makePng, signUpByApi, startServer, testSite, waitFor } from './harness.mjs';

const EXTENSION = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'extension', 'dist');

describe('browser extension', { skip: browserSkip }, () => {
  /** @type {Awaited<ReturnType<typeof startServer>>} */
  let server;
  const site = testSite((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png' }).end(makePng(320, 240, 9));
  });
  before(async () => {
    server = await startServer({ env: { CORKBOARD_FETCH__ALLOW_PRIVATE_NETWORKS: 'true' } });
  });
  after(async () => {
    await server?.stop();
  });

  it('saves the instance, then pins a picture from its context menu', async () => {
    const alice = await signUpByApi(server.baseUrl, 'extension');
    await addBoardByApi(server.baseUrl, alice.cookie, 'From the extension');
    const profile = await mkdtemp(path.join(tmpdir(), 'corkboard-extension-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', `--disable-extensions-except=${EXTENSION}`, `--load-extension=${EXTENSION}`],
    });
    try {
      context.setDefaultTimeout(10_000);
      await context.addCookies(
        alice.cookie.split(/;\s*/).filter(Boolean).map((pair) => {
          const at = pair.indexOf('=');
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.baseUrl };
        }),
      );
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      const id = new URL(worker.url()).host;

      const options = await context.newPage();
      await options.goto(`chrome-extension://${id}/options.html`);
      // How accounts without a password sign in: in the browser, not in the extension.
      await options.getByText(/the extension itself never asks for a password, so it works for accounts without one\./).waitFor();
      await options.getByLabel('Corkboard address').fill(`${server.baseUrl}/`);
      await options.getByRole('button', { name: 'Save' }).click();
      await options.getByText(`Saved: pictures go to ${server.baseUrl}.`).waitFor();

      const page = `${site.url}/article`;
      await worker.evaluate(
        ({ src, page }) => globalThis.pinImage({ menuItemId: 'pin-this-image', srcUrl: src, pageUrl: page, selectionText: 'A red kite' }, { title: 'Birds', url: page }),
        { src: `${site.url}/kite.png`, page },
      );
      const window = await waitFor(() => context.pages().find((p) => p.url().startsWith(`${server.baseUrl}/pin-it/`)), {
        message: 'the Pin it screen',
      });
      await window.getByRole('heading', { name: 'Pin it from the web' }).waitFor();
      await window.getByText('1 image(s) found', { exact: true }).waitFor();
      await window.getByRole('button', { name: 'kite.png' }).click();
      const create = window.getByRole('dialog', { name: 'Create a pin' });
      assert.equal(await create.getByLabel('Title', { exact: true }).inputValue(), 'Birds');
      assert.equal(await create.getByLabel('Caption', { exact: true }).inputValue(), 'A red kite');
      await create.getByRole('checkbox', { name: 'From the extension', exact: true }).check();
      await create.getByRole('button', { name: 'Create', exact: true }).click();
      await waitFor(() => /^\/pins\/[^/]+\/$/.test(new URL(window.url()).pathname), { message: 'the new pin' });
      assert.equal(await window.getByRole('link', { name: 'Visit site' }).getAttribute('href'), page);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });
});
