// The browser button (issue 17): the bookmarklet from the 'Browser button' page, run on a page
// with a strict Content-Security-Policy, opens 'Pin it from the web' with exactly the page's
// pictures of at least 200 x 200 px (largest srcset candidates, picture sources, og:image, CSS
// backgrounds; no icons, no duplicates); the chosen one is downloaded with the page as Referer
// and becomes a pin with the page as its source. A visitor signs in and comes back to them.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addBoardByApi, browserSkip, headerMenu, makePng, pathOf, serverAndBrowser, signUpByApi, testSite, waitFor } from './harness.mjs';

const ARTICLE_TITLE = 'Lakes and mountains';
const SELECTED = 'The lake was perfectly still that morning.';
/** The tiles' names: alt texts, else file names. */
const EXPECTED = ['A lake', 'A mountain', 'hero.png', 'og.png'];

/**
 * A site on 127.0.0.1 whose /article.html forbids every script and loads pictures and styles
 * only from itself. It records who fetched which picture.
 */
function strictSite() {
  /** @type {{ path: string, referer: string | undefined, agent: string }[]} */
  const fetched = [];
  const pictures = {
    '/photo-400.png': makePng(400, 300, 1),
    '/photo-800.png': makePng(800, 600, 1),
    '/wide-600.png': makePng(600, 300, 2),
    '/wide-1200.png': makePng(1200, 600, 2),
    '/og.png': makePng(600, 400, 3),
    '/hero.png': makePng(300, 250, 4),
    '/icon.png': makePng(32, 32, 5),
    '/dot.png': makePng(50, 50, 6),
    '/tall.png': makePng(150, 900, 7),
  };
  const site = testSite((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path in pictures) {
      fetched.push({ path, referer: request.headers.referer, agent: request.headers['user-agent'] ?? '' });
      response.writeHead(200, { 'content-type': 'image/png' }).end(pictures[path]);
    } else if (path === '/favicon.ico') {
      response.writeHead(204).end();
    } else if (path === '/article.css') {
      response.writeHead(200, { 'content-type': 'text/css' }).end(
        '.hero { width: 300px; height: 250px; background-image: url("hero.png"); }\n' +
          '.dot { width: 50px; height: 50px; background: url(dot.png) no-repeat; }',
      );
    } else if (path === '/article.html') {
      response
        .writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'self'",
        })
        .end(`<!doctype html>
<html><head><title>${ARTICLE_TITLE}</title>
<meta property="og:image" content="/og.png">
<link rel="stylesheet" href="article.css"></head>
<body>
<img src="icon.png" alt="Logo" width="32" height="32">
<h1>${ARTICLE_TITLE}</h1>
<p id="story">${SELECTED}</p>
<img src="photo-400.png" srcset="photo-400.png 400w, photo-800.png 800w" sizes="400px" alt="A lake">
<picture><source srcset="wide-600.png 600w, wide-1200.png 1200w" sizes="600px"><img src="wide-600.png" alt="A mountain"></picture>
<div class="hero"></div>
<div class="dot"></div>
<img src="og.png" alt="The cover again">
<img src="tall.png" alt="A narrow strip">
</body></html>`);
    } else {
      response.writeHead(404).end();
    }
  });
  return Object.assign(site, { fetched });
}

describe('browser button', { skip: browserSkip }, () => {
  // The test site is on 127.0.0.1, which the server refuses to fetch unless told otherwise.
  const app = serverAndBrowser({ env: { CORKBOARD_FETCH__ALLOW_PRIVATE_NETWORKS: 'true' } });
  const site = strictSite();

  /**
   * The bookmarklet's code, as the 'Browser button' page offers it.
   * @param {import('playwright-core').Page} page
   */
  async function bookmarklet(page) {
    await page.goto('/');
    await headerMenu(page, 'Browser button');
    await page.getByRole('heading', { name: 'Browser button', level: 1 }).waitFor();
    const link = page.getByRole('link', { name: 'Pin it to Corkboard' });
    await waitFor(async () => (await link.getAttribute('href'))?.startsWith('javascript:'), { message: 'the bookmarklet' });
    const href = /** @type {string} */ (await link.getAttribute('href'));
    const code = decodeURIComponent(href.slice('javascript:'.length));
    assert.ok(code.includes(JSON.stringify(`${app.server.baseUrl}/pin-it/`)), 'made for this instance');
    return code;
  }

  /**
   * Opens the strict page, selects its story, clicks the browser button there, and returns the
   * Corkboard window it opened. No request reaches the instance from the page itself.
   * @param {import('playwright-core').BrowserContext} context
   * @param {import('playwright-core').Page} page
   * @param {string} code
   */
  async function runOnArticle(context, page, code) {
    await page.goto(`${site.url}/article.html`);
    await page.getByRole('heading', { name: ARTICLE_TITLE }).waitFor();
    await waitFor(() => page.evaluate(() => [...document.images].every((image) => image.complete)), { message: 'the page loaded' });
    /** @type {string[]} */
    const toInstance = [];
    page.on('request', (request) => {
      if (request.url().startsWith(app.server.baseUrl)) toInstance.push(request.url());
    });
    await page.evaluate(() => {
      const story = /** @type {HTMLElement} */ (document.getElementById('story'));
      window.getSelection()?.selectAllChildren(story);
    });
    await page.evaluate(code);
    const opened = await waitFor(() => context.pages().find((p) => p.url().startsWith(app.server.baseUrl)), {
      message: 'the Corkboard window',
    });
    assert.deepEqual(toInstance, [], 'the page loaded nothing from the instance');
    return /** @type {import('playwright-core').Page} */ (opened);
  }

  /** The names of the pictures shown, once every picture is measured. @param {import('playwright-core').Page} window */
  async function picturesShown(window) {
    await window.getByRole('heading', { name: 'Pin it from the web' }).waitFor();
    await window.getByText(`${EXPECTED.length} image(s) found`, { exact: true }).waitFor();
    const tiles = window.getByRole('list', { name: 'Images found' }).getByRole('button');
    return (await tiles.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''))).sort();
  }

  it('collects the pictures of a strict page and pins the chosen one with the page as its source', async () => {
    const alice = await signUpByApi(app.server.baseUrl, 'clipper');
    await addBoardByApi(app.server.baseUrl, alice.cookie, 'Landscapes');
    const { context, page } = await app.open({ cookie: alice.cookie });
    try {
      const code = await bookmarklet(page);
      const window = await runOnArticle(context, page, code);
      assert.deepEqual(await picturesShown(window), EXPECTED);
      assert.equal(pathOf(window), '/pin-it/', 'the long fragment is gone from the address');
      await window.getByText(ARTICLE_TITLE).first().waitFor();

      await window.getByRole('button', { name: 'A lake' }).click();
      const create = window.getByRole('dialog', { name: 'Create a pin' });
      await create.getByRole('img', { name: "The new pin's picture" }).waitFor();
      assert.equal(await create.getByLabel('Title', { exact: true }).inputValue(), ARTICLE_TITLE);
      assert.equal(await create.getByLabel('Caption', { exact: true }).inputValue(), SELECTED);
      await create.getByRole('checkbox', { name: 'Landscapes', exact: true }).check();
      await create.getByRole('button', { name: 'Create', exact: true }).click();
      await waitFor(() => /^\/pins\/[^/]+\/$/.test(pathOf(window)), { message: 'the new pin' });
      const visit = window.getByRole('link', { name: 'Visit site' });
      assert.equal(await visit.getAttribute('href'), `${site.url}/article.html`);

      // The server downloaded the largest candidate itself, with the page as Referer.
      const byServer = site.fetched.filter((f) => f.path === '/photo-800.png' && !f.agent.includes('HeadlessChrome'));
      assert.ok(byServer.length > 0, 'the server fetched the largest picture');
      assert.ok(byServer.every((f) => f.referer === `${site.url}/article.html`), JSON.stringify(byServer));
    } finally {
      await context.close();
    }
  });

  it('scans a page shared to /share/ by its address, on the same screen', async () => {
    const carol = await signUpByApi(app.server.baseUrl, 'phone');
    await addBoardByApi(app.server.baseUrl, carol.cookie, 'Shared pages');
    const { context, page } = await app.open({ cookie: carol.cookie });
    try {
      await page.goto('/');
      // A multipart POST navigation to /share/, as the installed app gets it from the OS.
      await page.evaluate(
        ({ url, text }) => {
          const form = document.createElement('form');
          form.method = 'POST';
          form.action = '/share/';
          form.enctype = 'multipart/form-data';
          for (const [name, value] of [['url', url], ['text', text]]) {
            const input = document.createElement('input');
            input.name = name;
            input.value = value;
            form.append(input);
          }
          document.body.append(form);
          form.submit();
        },
        { url: `${site.url}/article.html`, text: SELECTED },
      );
      await page.getByRole('heading', { name: 'Pin it from the web' }).waitFor();
      assert.equal(pathOf(page), '/pin-it/');
      await page.getByRole('button', { name: 'A lake' }).click();
      const create = page.getByRole('dialog', { name: 'Create a pin' });
      await create.getByRole('img', { name: "The new pin's picture" }).waitFor();
      assert.equal(await create.getByLabel('Caption', { exact: true }).inputValue(), SELECTED);
      await create.getByRole('checkbox', { name: 'Shared pages', exact: true }).check();
      await create.getByRole('button', { name: 'Create', exact: true }).click();
      await waitFor(() => /^\/pins\/[^/]+\/$/.test(pathOf(page)), { message: 'the new pin' });
      assert.equal(await page.getByRole('link', { name: 'Visit site' }).getAttribute('href'), `${site.url}/article.html`);
    } finally {
      await context.close();
    }
  });

  it('brings a visitor back to the same pictures after signing in', async () => {
    const bob = await signUpByApi(app.server.baseUrl, 'visitor');
    const signedIn = await app.open({ cookie: bob.cookie });
    const code = await bookmarklet(signedIn.page);
    await signedIn.context.close();

    const { context, page } = await app.open();
    try {
      const window = await runOnArticle(context, page, code);
      await window.getByLabel('Email').waitFor();
      assert.equal(pathOf(window), '/login/');
      await window.getByLabel('Email').fill(bob.email);
      await window.getByLabel('Password').fill(bob.password);
      await window.getByRole('button', { name: 'Login' }).click();
      assert.deepEqual(await picturesShown(window), EXPECTED);
      assert.equal(pathOf(window), '/pin-it/');
    } finally {
      await context.close();
    }
  });
});
