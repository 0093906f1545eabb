// Every page's document title (issue 79): '{name} · Corkboard', the same words the server writes
// into index.html for the pages it titles (a pin, a board, a folder, a user, a tag), set by the
// app when it moves between pages without a reload, and before the page's data arrives where the
// address tells it (a search).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addBoardByApi, addPinByApi, browserSkip, gqlOk, serverAndBrowser, signUpByApi, waitFor } from './harness.mjs';

describe('page titles', { skip: browserSkip }, () => {
  const app = serverAndBrowser({ publicUrl: true });

  it('names every route, as the server does', async () => {
    const base = app.server.baseUrl;
    const alice = await signUpByApi(base, 'alice');
    const name = alice.username;
    await gqlOk(base, 'mutation Names { updateUser(firstName: "Alice", lastName: "Liddell") { id } }', {}, alice.cookie);
    const { data } = await gqlOk(base, 'mutation Folder { addFolder(name: "Travel plans", secret: false) { id slug } }', {}, alice.cookie);
    const board = await addBoardByApi(base, alice.cookie, 'Sea views', { folder: data.addFolder.id });
    const titled = await addPinByApi(base, alice.cookie, { boards: [board.id], title: 'Harbour lights', caption: 'Boats', tags: ['seaside'], seed: 1 });
    const caption = 'Waves breaking over the old stone pier on a grey and windy autumn morning';
    const untitled = await addPinByApi(base, alice.cookie, { boards: [board.id], caption, seed: 2 });
    const shared = await gqlOk(base, `mutation Share { addShareLink(board: "${board.id}") { url } }`, {}, alice.cookie);
    const sharedPath = new URL(shared.data.addShareLink.url).pathname;

    const boardPath = `/${name}/folders/${data.addFolder.slug}/boards/${board.slug}/`;
    /** The pages of a visitor: each route, its title, and whether the server writes it too. */
    const visitorRoutes = [
      ['/', 'Corkboard', true],
      ['/login/', 'Login · Corkboard'],
      ['/signup/', 'Sign up · Corkboard'],
      ['/start_password_reset', 'Forgot your password? · Corkboard'],
      ['/password_reset?token=abc', 'Reset your password · Corkboard'],
      ['/verifie_email?token=abc', 'Verify your email · Corkboard'],
    ];
    /** The pages of a signed-in user (the admin). */
    const userRoutes = [
      ['/profile/', 'Profile · Corkboard'],
      ['/admin/', 'Admin · Corkboard'],
      ['/scan/', 'Pick an image · Corkboard'],
      ['/pin-it/', 'Pin it from the web · Corkboard'],
      ['/browser-button/', 'Browser button · Corkboard'],
      ['/search/?query=harbour%20boats', 'Search: harbour boats · Corkboard'],
      ['/search/', 'Search · Corkboard'],
      ['/search/?tag=seaside', '#seaside · Corkboard', true],
      [`/${name}/`, 'Alice Liddell · Corkboard', true],
      [`/${name}/boards/`, 'Alice Liddell · Corkboard', true],
      [`/${name}/folders/`, 'Alice Liddell · Corkboard', true],
      [`/${name}/folders/${data.addFolder.slug}/`, `Travel plans by ${name} · Corkboard`, true],
      [boardPath, `Sea views by ${name} · Corkboard`, true],
      [`${boardPath}pins/${titled}/`, `Harbour lights · ${name} · Corkboard`, true],
      [`/pins/${titled}/lightbox/`, `Harbour lights · ${name} · Corkboard`, true],
      [`/pins/${untitled}/`, `Waves breaking over the old stone pier on a grey and windy… · ${name} · Corkboard`, true],
      [sharedPath, `Sea views by ${name} · Corkboard`, true],
      [`${sharedPath}pins/${titled}/`, `Harbour lights · ${name} · Corkboard`, true],
      ['/no/such/page/', 'Oups... · Corkboard'],
    ];

    for (const [cookie, routes] of [
      [undefined, visitorRoutes],
      [alice.cookie, userRoutes],
    ]) {
      await visitEach(app, cookie, routes);
    }
  });

  it('names a search by its words before the results arrive', async () => {
    const { context, page } = await app.open();
    try {
      await page.route('**/api/graphql', async (route) => {
        if (route.request().postData()?.includes('SearchPins')) await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue().catch(() => undefined);
      });
      await page.goto('/');
      await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).waitFor();
      const search = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
      await search.fill('lighthouse');
      await search.press('Enter');
      await waitFor(async () => (await page.title()) === 'Search: lighthouse · Corkboard', { message: 'the search title' });
      assert.equal(await page.getByRole('main').getByText('No pins...').count(), 0, 'before the results');
    } finally {
      await context.close();
    }
  });
});

/**
 * Opens each route in turn within the app, from its home page (no reload: the title is the
 * app's), and checks its title; and the server's, where it writes one.
 * @param {{ open: Function, server: { baseUrl: string } }} app
 * @param {string | undefined} cookie
 * @param {[string, string, boolean?][]} routes
 */
async function visitEach(app, cookie, routes) {
  const base = app.server.baseUrl;
  const { context, page, errors } = await app.open({ cookie });
  try {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Corkboard' }).waitFor();
    for (const [path, title, serverTitled] of routes) {
      if (serverTitled) {
        const html = await (await fetch(`${base}${path}`)).text();
        assert.equal(/<title>(.*?)<\/title>/.exec(html)?.[1], title, `the server's title of ${path}`);
      }
      // Within the app, as a link would go: no reload, so the title is the app's.
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await waitFor(async () => (await page.title()) === title, {
        timeout: 10_000,
        message: `the title of ${path} to be "${title}" (it is "${await page.title()}")`,
      });
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
}
