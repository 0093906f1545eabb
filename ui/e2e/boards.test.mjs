// Boards and folders as a person meets them: the header menu's create dialogs, the folder and
// board pages with their owner menus, sharing a private board, moving a board between folders,
// deleting a folder, the user page tabs, empty states, access errors, NSFW covers, and
// 'Subscribe' to a public board's feed and a person's.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addBoardByApi,
  addPinByApi,
  browserSkip,
  gqlOk,
  headerMenu,
  ownerMenu,
  serverAndBrowser,
  signUpByApi,
  waitFor,
  waitForPath,
} from './harness.mjs';

describe('boards and folders', { skip: browserSkip }, () => {
  const app = serverAndBrowser();
  const open = app.open;
  /** A fresh account over GraphQL, with its session cookie. @param {string} prefix */
  const signUp = (prefix) => signUpByApi(app.server.baseUrl, prefix);

  async function addFolder(cookie, name, secret = false) {
    const { data } = await gqlOk(
      app.server.baseUrl,
      `mutation AddFolder($name: String!, $secret: Boolean!) { addFolder(name: $name, secret: $secret) { id slug } }`,
      { name, secret },
      cookie,
    );
    return data.addFolder;
  }

  const addBoard = (cookie, title, options) => addBoardByApi(app.server.baseUrl, cookie, title, options);

  it('creates a folder and a private board in it, shares it, and keeps visitors out', async () => {
    const alice = await signUp('alice');
    const bob = await signUp('bob');
    const carol = await signUp('carol');
    const { context, page, errors } = await open({ cookie: alice.cookie });
    let boardPath;
    try {
      await page.goto(`/${alice.username}/folders/`);
      await page.getByText('No public folders...', { exact: true }).waitFor();
      await page.getByText('No private folders...', { exact: true }).waitFor();

      // Header menu > New folder: a dialog with the policie preset to Public.
      await headerMenu(page, 'New folder');
      let dialog = page.getByRole('dialog', { name: 'Create a folder' });
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel('Policie').inputValue(), 'public');
      assert.equal(await dialog.getByLabel('Name').getAttribute('required'), '');
      await dialog.getByLabel('Name').fill('Travel plans');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await waitForPath(page, `/${alice.username}/folders/travel-plans/`);
      await page.getByRole('heading', { name: 'Travel plans', level: 1 }).waitFor();
      await page.getByText('0 boards', { exact: true }).waitFor();
      await page.getByText('No boards...', { exact: true }).waitFor();

      // Folder menu > New board, made private: it lands in the folder.
      await ownerMenu(page, 'Folder menu', 'New board');
      dialog = page.getByRole('dialog', { name: 'Create a board' });
      await dialog.waitFor();
      await waitFor(async () => (await dialog.getByLabel('Folder').locator('option:checked').textContent()) === 'Travel plans', {
        message: 'the folder select to show the folder',
      });
      await dialog.getByLabel('Title').fill('Secret spots');
      await dialog.getByLabel('Caption').fill('Places nobody knows.');
      await dialog.getByLabel('Policie').selectOption({ label: 'Private' });
      await dialog.getByRole('button', { name: 'Create' }).click();
      boardPath = `/${alice.username}/folders/travel-plans/boards/secret-spots/`;
      await waitForPath(page, boardPath);
      await page.getByRole('heading', { name: 'Secret spots', level: 1 }).waitFor();
      await page.getByText('This board is private', { exact: true }).waitFor();
      await page.getByText('Places nobody knows.', { exact: true }).waitFor();
      await page.getByText('0 pins', { exact: true }).waitFor();
      await page.getByText('No pins...', { exact: true }).waitFor();

      // Edit board: the sharing controls, shown while the board is private.
      await ownerMenu(page, 'Board menu', 'Edit board');
      dialog = page.getByRole('dialog', { name: 'Edit board' });
      await dialog.waitFor();
      const guid = dialog.getByLabel('Board GUID');
      assert.equal(await guid.getAttribute('readonly'), '');
      const boardId = await guid.inputValue();
      assert.ok(boardId, 'the board GUID is shown');
      await dialog.getByLabel('Share with').fill(`@${bob.username}`);
      await dialog.getByRole('button', { name: 'Share', exact: true }).click();
      const shared = dialog.getByRole('link', { name: `@${bob.username}` });
      await shared.waitFor();
      assert.equal(await shared.getAttribute('href'), `/${bob.username}/`);
      // Unshare, then share again (by name without the @).
      await dialog.getByRole('button', { name: `Unshare ${bob.username}` }).click();
      await shared.waitFor({ state: 'detached' });
      await dialog.getByLabel('Share with').fill(bob.username);
      await dialog.getByLabel('Share with').press('Enter');
      await shared.waitFor();
      assert.equal(await dialog.isVisible(), true, 'Enter in Share with does not submit the board form');
      // Public: no sharing controls.
      await dialog.getByLabel('Policie').selectOption({ label: 'Public' });
      assert.equal(await dialog.getByLabel('Share with').count(), 0);
      await dialog.getByLabel('Policie').selectOption({ label: 'Private' });
      await dialog.getByLabel('Share with').waitFor();
      // Escape closes without saving.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('This board is private', { exact: true }).waitFor();

      // The tabs count what the owner sees.
      await page.goto(`/${alice.username}/boards/`);
      const tabs = page.getByRole('navigation', { name: 'User sections' });
      await tabs.getByRole('link', { name: '1 board', exact: true }).waitFor();
      await tabs.getByRole('link', { name: '1 folder', exact: true }).waitFor();
      await tabs.getByRole('link', { name: '0 pins', exact: true }).waitFor();
      await page.getByText('No public boards...', { exact: true }).waitFor();
      await page.getByRole('list', { name: 'Private boards' }).getByRole('link', { name: 'Secret spots' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }

    // Bob, whom it is shared with, sees it.
    {
      const { context: bobContext, page: bobPage } = await open({ cookie: bob.cookie });
      try {
        await bobPage.goto(boardPath);
        await bobPage.getByRole('heading', { name: 'Secret spots', level: 1 }).waitFor();
        await bobPage.getByText('This board is private', { exact: true }).waitFor();
        assert.equal(await bobPage.getByRole('button', { name: 'Board menu' }).count(), 0);
        await bobPage.goto(`/${alice.username}/boards/`);
        await bobPage.getByRole('link', { name: 'Secret spots' }).waitFor();
      } finally {
        await bobContext.close();
      }
    }

    // Carol, signed in but not invited, is told she has no access.
    {
      const { context: carolContext, page: carolPage } = await open({ cookie: carol.cookie });
      try {
        await carolPage.goto(boardPath);
        await carolPage.getByText("Sorry, it seems you don't have access to this.", { exact: true }).waitFor();
        await carolPage.goto(`/${alice.username}/boards/`);
        await carolPage.getByText('No boards...', { exact: true }).waitFor();
      } finally {
        await carolContext.close();
      }
    }

    // A visitor is sent to log in, and back here afterwards.
    {
      const { context: visitorContext, page: visitorPage } = await open();
      try {
        await visitorPage.goto(boardPath);
        await waitForPath(visitorPage, '/login/');
        assert.equal(new URL(visitorPage.url()).searchParams.get('next'), boardPath);
      } finally {
        await visitorContext.close();
      }
    }
  });

  it('moves a board to another folder through the edit dialog', async () => {
    const alice = await signUp('mover');
    const alpha = await addFolder(alice.cookie, 'Alpha');
    await addFolder(alice.cookie, 'Beta');
    await addBoard(alice.cookie, 'Wanderlust', { folder: alpha.id });
    const { context, page, errors } = await open({ cookie: alice.cookie });
    try {
      await page.goto(`/${alice.username}/folders/alpha/`);
      await page.getByText('1 board', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Wanderlust' }).click();
      await waitForPath(page, `/${alice.username}/folders/alpha/boards/wanderlust/`);
      await page.getByRole('heading', { name: 'Wanderlust', level: 1 }).waitFor();

      await ownerMenu(page, 'Board menu', 'Edit board');
      const dialog = page.getByRole('dialog', { name: 'Edit board' });
      await dialog.waitFor();
      // A public board has no sharing controls.
      assert.equal(await dialog.getByLabel('Share with').count(), 0);
      await waitFor(async () => (await dialog.getByLabel('Folder').locator('option').count()) === 3, {
        message: 'the folder options to load',
      });
      await dialog.getByLabel('Folder').selectOption({ label: 'Beta' });
      await dialog.getByLabel('Pin default tags').fill('#sea  sun sea');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await waitForPath(page, `/${alice.username}/folders/beta/boards/wanderlust/`);
      await page.getByRole('link', { name: 'Beta', exact: true }).first().waitFor();

      await page.goto(`/${alice.username}/folders/beta/`);
      await page.getByRole('list', { name: 'Boards' }).getByRole('link', { name: 'Wanderlust' }).waitFor();
      await page.getByText('1 board', { exact: true }).waitFor();
      await page.goto(`/${alice.username}/folders/alpha/`);
      await page.getByText('No boards...', { exact: true }).waitFor();
      await page.getByText('0 boards', { exact: true }).waitFor();

      const { data } = await gqlOk(
        app.server.baseUrl,
        `query Q($username: String!) { user(username: $username) { board(slug: "wanderlust") { pinDefaultTags folder { slug } } } }`,
        { username: alice.username },
        alice.cookie,
      );
      assert.deepEqual(data.user.board.pinDefaultTags, ['sea', 'sun']);
      assert.equal(data.user.board.folder.slug, 'beta');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('deletes a folder and keeps its boards', async () => {
    const alice = await signUp('deleter');
    const doomed = await addFolder(alice.cookie, 'Doomed');
    await addBoard(alice.cookie, 'Keep me', { folder: doomed.id });
    await addBoard(alice.cookie, 'Me too', { folder: doomed.id, secret: true });
    const { context, page, errors } = await open({ cookie: alice.cookie });
    try {
      await page.goto(`/${alice.username}/folders/doomed/`);
      await page.getByText('2 boards', { exact: true }).waitFor();
      await ownerMenu(page, 'Folder menu', 'Delete folder');
      const dialog = page.getByRole('dialog', { name: 'Delete folder' });
      await dialog.waitFor();
      // Cancel closes without deleting.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await ownerMenu(page, 'Folder menu', 'Delete folder');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await waitForPath(page, `/${alice.username}/folders/`);
      await page.getByText('No public folders...', { exact: true }).waitFor();

      await page.goto(`/${alice.username}/boards/`);
      await page.getByRole('list', { name: 'Public boards' }).getByRole('link', { name: 'Keep me' }).waitFor();
      await page.getByRole('list', { name: 'Private boards' }).getByRole('link', { name: 'Me too' }).waitFor();
      const tabs = page.getByRole('navigation', { name: 'User sections' });
      await tabs.getByRole('link', { name: '2 boards', exact: true }).waitFor();
      await tabs.getByRole('link', { name: '0 folders', exact: true }).waitFor();

      // The board page no longer names a folder.
      await page.getByRole('link', { name: 'Keep me' }).click();
      await waitForPath(page, `/${alice.username}/boards/keep-me/`);
      await page.getByRole('heading', { name: 'Keep me', level: 1 }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Doomed' }).count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('creates a private board from the header menu and deletes it', async () => {
    const alice = await signUp('maker');
    const { context, page, errors } = await open({ cookie: alice.cookie });
    try {
      await page.goto(`/${alice.username}/boards/`);
      await page.getByText('No public boards...', { exact: true }).waitFor();
      await headerMenu(page, 'New private board');
      const dialog = page.getByRole('dialog', { name: 'Create a private board' });
      await dialog.waitFor();
      assert.equal(await dialog.getByLabel('Policie').inputValue(), 'private');
      // The title is required: the browser keeps the dialog open.
      await dialog.getByRole('button', { name: 'Create' }).click();
      assert.equal(await dialog.isVisible(), true);
      await dialog.getByLabel('Title').fill('Moodboard');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await waitForPath(page, `/${alice.username}/boards/moodboard/`);
      await page.getByText('This board is private', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Boards', exact: true }).waitFor();

      await ownerMenu(page, 'Board menu', 'Delete board');
      const confirm = page.getByRole('dialog', { name: 'Delete board' });
      // A failed delete says so and keeps the dialog open.
      await page.route('**/api/graphql', async (route) => {
        if (route.request().postData()?.includes('DeleteBoard')) {
          await route.fulfill({
            contentType: 'application/json',
            body: JSON.stringify({ data: null, errors: [{ message: 'Boom', extensions: { code: 'INTERNAL_ERROR' } }] }),
          });
        } else {
          await route.continue();
        }
      });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await confirm.getByText('Sorry, an error occured deleting...', { exact: true }).waitFor();
      await page.unroute('**/api/graphql');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await waitForPath(page, `/${alice.username}/boards/`);
      await page.getByText('No private boards...', { exact: true }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it("offers 'Subscribe' to a public board's feed and a person's to a visitor", async () => {
    const alice = await signUp('feeds');
    const board = await addBoard(alice.cookie, 'Open garden');
    await addBoard(alice.cookie, 'Closed garden', { secret: true });
    const { context, page, errors } = await open();
    try {
      await page.goto(`/${alice.username}/boards/${board.slug}/`);
      await page.getByRole('button', { name: 'Board menu' }).click();
      const subscribe = page.getByRole('menu').getByRole('menuitem', { name: 'Subscribe', exact: true });
      const feed = `/feeds/users/${alice.username}/boards/${board.slug}.atom`;
      assert.equal(await subscribe.getAttribute('href'), feed);
      // Only the owner's actions are the owner's.
      assert.equal(await page.getByRole('menuitem').count(), 1);
      const answer = await fetch(new URL(feed, app.server.baseUrl));
      assert.equal(answer.status, 200);
      assert.match(answer.headers.get('content-type') ?? '', /^application\/atom\+xml/);

      await page.goto(`/${alice.username}/`);
      const personal = page.getByRole('link', { name: 'Subscribe', exact: true });
      assert.equal(await personal.getAttribute('href'), `/feeds/users/${alice.username}.atom`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('shows empty states and the not-found screen to visitors', async () => {
    const alice = await signUp('empty');
    await addFolder(alice.cookie, 'Hidden', true);
    const { context, page, errors } = await open();
    try {
      await page.goto(`/${alice.username}/boards/`);
      await page.getByText('No boards...', { exact: true }).waitFor();
      await page.goto(`/${alice.username}/folders/`);
      await page.getByText('No folders...', { exact: true }).waitFor();
      const tabs = page.getByRole('navigation', { name: 'User sections' });
      await tabs.getByRole('link', { name: '0 folders', exact: true }).waitFor();
      await page.goto(`/${alice.username}/boards/no-such-board/`);
      await page.getByRole('heading', { name: 'Oups...' }).waitFor();
      await page.goto(`/${alice.username}/folders/hidden/`);
      await waitForPath(page, '/login/');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('tells a signed-in user without access so, and sends a visitor to log in, logging no error', async () => {
    const alice = await signUp('keeper');
    const folder = await addFolder(alice.cookie, 'Locked', true);
    await addBoard(alice.cookie, 'Vault', { folder: folder.id, secret: true });
    const bob = await signUp('outsider');
    // The harness fails the test on any console error these pages log.
    const { context, page, errors } = await open({ cookie: bob.cookie });
    try {
      for (const path of [`/${alice.username}/boards/vault/`, `/${alice.username}/folders/locked/`, `/${alice.username}/folders/locked/boards/vault/`]) {
        await page.goto(path);
        await page.getByText("Sorry, it seems you don't have access to this.", { exact: true }).waitFor();
      }
      // Going on from a denial works as well.
      await page.getByRole('link', { name: 'Back to the last pins' }).click();
      await page.getByRole('heading', { name: 'Last pins', level: 1 }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
    const visitor = await open();
    try {
      await visitor.page.goto(`/${alice.username}/boards/vault/`);
      await waitForPath(visitor.page, '/login/');
      assert.equal(new URL(visitor.page.url()).searchParams.get('next'), `/${alice.username}/boards/vault/`);
      await visitor.page.getByRole('heading', { name: 'Login', level: 1 }).waitFor();
      assert.deepEqual(visitor.errors, []);
    } finally {
      await visitor.context.close();
    }
  });

  it("hides NSFW pictures on board and folder covers until 'Show NSFW'", async () => {
    const alice = await signUp('nightly');
    const folder = await addFolder(alice.cookie, 'After dark');
    const board = await addBoard(alice.cookie, 'Night', { folder: folder.id });
    const pin = await addPinByApi(app.server.baseUrl, alice.cookie, { boards: [board.id], title: 'Unsafe', unsafe: true, seed: 3 });
    const { data } = await gqlOk(app.server.baseUrl, `query P($id: ID!) { pin(id: $id) { sha1 } }`, { id: pin });
    const { sha1 } = data.pin;
    /** The pictures of the page that show the unsafe pin. @param {import('playwright-core').Page} page */
    const unsafePictures = (page) => page.evaluate((hash) => [...document.images].filter((img) => img.src.includes(hash)).length, sha1);
    /** Each place covers show, with the link to wait for. */
    const places = [
      [`/${alice.username}/boards/`, 'Night'],
      [`/${alice.username}/folders/`, 'After dark'],
      [`/${alice.username}/folders/${folder.slug}/`, 'Night'],
    ];

    for (const cookie of [undefined, alice.cookie]) {
      const { context, page, errors } = await open({ cookie });
      try {
        for (const [path, link] of places) {
          await page.goto(path);
          await page.getByRole('main').getByRole('link', { name: link, exact: true }).waitFor();
          assert.equal(await unsafePictures(page), 0, `no unsafe picture at ${path}`);
        }
        // With 'Show NSFW' on, the covers show the picture.
        await page.evaluate(() => localStorage.setItem('corkboard.showNsfw', 'true'));
        for (const [path, link] of places) {
          await page.goto(path);
          await page.getByRole('main').getByRole('link', { name: link, exact: true }).waitFor();
          assert.equal(await unsafePictures(page), 1, `the unsafe picture shown at ${path}`);
        }
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    }
  });
});
