// Lists longer than one page: the server answers at most 50 items a page, so whatever the UI
// shows whole (a pin's boards, the pin forms' board choices) is read page after page, the pages
// of boards and folders show 50 and a button for more, and the cover picker steps through a
// board's pins 50 at a time.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addBoardByApi,
  addPinByApi,
  browserSkip,
  gqlOk,
  headerMenu,
  inBatches,
  makePng,
  ownerMenu,
  serverAndBrowser,
  signUpByApi,
  waitFor,
} from './harness.mjs';

describe('lists longer than a page', { skip: browserSkip }, () => {
  const app = serverAndBrowser();
  const open = app.open;
  const signUp = (prefix) => signUpByApi(app.server.baseUrl, prefix);

  /** The board's first cover, as the server has it. */
  async function coverOf(boardId) {
    const { data } = await gqlOk(app.server.baseUrl, `query Cover($id: ID!) { board(id: $id) { cover1 { id } } }`, { id: boardId });
    return data.board.cover1?.id ?? null;
  }

  it('shows a board of 56 pins first screen first, and steps its cover picker past the 50th and round', async () => {
    const alice = await signUp('many-pins');
    const board = await addBoardByApi(app.server.baseUrl, alice.cookie, 'Crowded');
    // The original at the bottom of the board, 55 copies above it (the newest on top).
    const original = await addPinByApi(app.server.baseUrl, alice.cookie, { boards: [board.id], title: 'Original', seed: 7 });
    await inBatches(55, (index) =>
      gqlOk(
        app.server.baseUrl,
        `mutation Copy($pin: ID!, $title: String, $boards: [ID!]) {
          duplicatePin(pin: $pin, title: $title, caption: "A copy", boards: $boards) { id }
        }`,
        { pin: original, title: `Copy ${index + 1}`, boards: [board.id] },
        alice.cookie,
      ),
    );
    const { context, page, errors } = await open({ cookie: alice.cookie });
    // The tiles' pictures as they come into the page, batch by batch: whether each loads at once.
    await page.addInitScript(() => {
      /** @type {string[][]} */
      const batches = [];
      const seen = new WeakSet();
      Object.assign(window, { tileBatches: batches });
      new MutationObserver((records) => {
        const added = records
          .flatMap((record) => [...record.addedNodes])
          .filter((node) => node instanceof Element)
          .flatMap((node) => [...(node.matches('img.pin-face__img') ? [node] : []), ...node.querySelectorAll('img.pin-face__img')])
          .filter((image) => !seen.has(image) && seen.add(image));
        if (added.length > 0) batches.push(added.map((image) => image.getAttribute('loading') ?? ''));
      }).observe(document, { childList: true, subtree: true });
    });
    try {
      await page.goto(`/${alice.username}/boards/${board.slug}/`);
      await page.getByText('56 pins', { exact: true }).waitFor();
      // The first screen's tiles come first, by themselves; each other tile comes after them, so
      // that no long task of the browser renders all 50 at once.
      await waitFor(async () => (await page.evaluate(() => window['tileBatches'].flat().length)) === 50, { message: '50 tiles' });
      const batches = await page.evaluate(() => window['tileBatches']);
      assert.ok(batches[0].length > 0 && batches[0].every((loading) => loading === 'eager'), JSON.stringify(batches));
      assert.ok(batches.slice(1).flat().every((loading) => loading === 'lazy') && batches.length > 2, JSON.stringify(batches));
      await ownerMenu(page, 'Board menu', 'Change cover');
      const picker = page.getByRole('dialog', { name: 'Change cover' });
      const next = picker.getByRole('button', { name: 'Next' });
      const previous = picker.getByRole('button', { name: 'Previous' });
      // The cover is the newest pin, first of 56.
      await picker.getByText('1 / 56', { exact: true }).waitFor();

      // Forward past the first page of 50, then back.
      for (let step = 0; step < 50; step += 1) await next.click();
      await picker.getByText('51 / 56', { exact: true }).waitFor();
      await picker.getByRole('img', { name: /^Copy \d+$/ }).waitFor();
      for (let step = 0; step < 50; step += 1) await previous.click();
      await picker.getByText('1 / 56', { exact: true }).waitFor();

      // Round to the last pin, the 56th, and choose it.
      await previous.click();
      await picker.getByText('56 / 56', { exact: true }).waitFor();
      await picker.getByRole('img', { name: 'Original' }).waitFor();
      await picker.getByRole('button', { name: 'Select' }).click();
      await picker.waitFor({ state: 'detached' });
      assert.equal(await coverOf(board.id), original);

      // Opened again, in a fresh page, it starts at the cover, and Next goes round to the first.
      await page.reload();
      await ownerMenu(page, 'Board menu', 'Change cover');
      await picker.getByText('56 / 56', { exact: true }).waitFor();
      await picker.getByRole('img', { name: 'Original' }).waitFor();
      await next.click();
      await picker.getByText('1 / 56', { exact: true }).waitFor();
      await picker.getByRole('img', { name: /^Copy \d+$/ }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('shows 55 boards 50 at a time in their folder and among her boards, and all on a pin and in the pin forms', async () => {
    const alice = await signUp('many-boards');
    const { data } = await gqlOk(
      app.server.baseUrl,
      `mutation AddFolder($name: String!) { addFolder(name: $name, secret: false) { id slug } }`,
      { name: 'Everything' },
      alice.cookie,
    );
    const folder = data.addFolder;
    const titles = Array.from({ length: 55 }, (_, index) => `Board ${String(index + 1).padStart(2, '0')}`);
    const boards = [];
    // One after the other, so that 'Board 55' is the newest.
    for (const title of titles) boards.push(await addBoardByApi(app.server.baseUrl, alice.cookie, title, { folder: folder.id }));
    const pin = await addPinByApi(app.server.baseUrl, alice.cookie, { boards: boards.map((board) => board.id), title: 'Everywhere' });
    await addBoardByApi(app.server.baseUrl, alice.cookie, 'Hidden', { secret: true });

    const { context, page, errors } = await open({ cookie: alice.cookie });
    try {
      // The folder page shows the newest 50 boards, then the rest on asking.
      await page.goto(`/${alice.username}/folders/${folder.slug}/`);
      await page.getByText('55 boards', { exact: true }).waitFor();
      const folderBoards = page.getByRole('list', { name: 'Boards' });
      await folderBoards.getByRole('link', { name: 'Board 55', exact: true }).waitFor();
      assert.equal(await folderBoards.getByRole('listitem').count(), 50);
      assert.equal(await folderBoards.getByRole('link', { name: 'Board 05', exact: true }).count(), 0);
      await page.getByRole('button', { name: 'More boards' }).click();
      await folderBoards.getByRole('link', { name: 'Board 01', exact: true }).waitFor();
      assert.equal(await folderBoards.getByRole('listitem').count(), 55);
      await page.getByRole('button', { name: 'More boards' }).waitFor({ state: 'detached' });
      // The keyboard goes on from the first of the new tiles.
      const firstNew = folderBoards.getByRole('link', { name: 'Board 05', exact: true });
      await waitFor(() => firstNew.evaluate((link) => link === document.activeElement), { message: "'Board 05' to take the focus" });

      // Her boards page: the private board shows at once in its own section, whatever the
      // number of public boards; the public ones come 50 at a time.
      await page.goto(`/${alice.username}/boards/`);
      const publicBoards = page.getByRole('list', { name: 'Public boards' });
      await publicBoards.getByRole('link', { name: 'Board 55', exact: true }).waitFor();
      await page.getByRole('list', { name: 'Private boards' }).getByRole('link', { name: 'Hidden', exact: true }).waitFor();
      assert.equal(await publicBoards.getByRole('listitem').count(), 50);
      assert.equal(await page.getByRole('button', { name: 'More private boards' }).count(), 0);
      await page.getByRole('button', { name: 'More public boards' }).click();
      await publicBoards.getByRole('link', { name: 'Board 01', exact: true }).waitFor();
      assert.equal(await publicBoards.getByRole('listitem').count(), 55);
      await page.getByRole('button', { name: 'More public boards' }).waitFor({ state: 'detached' });

      // The pin's boards card lists every board.
      await page.goto(`/pins/${pin}/`);
      const card = page.getByRole('region', { name: 'Pinned on 55 boards' });
      await card.getByRole('link', { name: 'Board 01', exact: true }).waitFor();
      await card.getByRole('link', { name: 'Board 55', exact: true }).waitFor();
      assert.equal(await card.getByRole('link', { name: /^Board \d+$/ }).count(), 55);

      // 'Pin it' on her own pin: every board is there, and ticked.
      await page.getByRole('button', { name: 'Pin it' }).click();
      const manage = page.getByRole('dialog', { name: 'Pin it' });
      await manage.getByRole('checkbox', { name: 'Board 55', exact: true }).waitFor();
      assert.equal(await manage.getByRole('checkbox', { checked: true }).count(), 55);
      await manage.getByRole('button', { name: 'Cancel' }).click();
      await manage.waitFor({ state: 'detached' });

      // 'Create a pin' offers her newest 50 boards at once, and the others on asking.
      await headerMenu(page, 'New pin');
      await page.getByRole('dialog', { name: 'Choose pin origin' }).getByRole('button', { name: 'Your computer' }).click();
      const upload = page.getByRole('dialog', { name: 'Upload pin from your computer' });
      await upload.getByLabel('Picture', { exact: true }).setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: makePng(80, 60, 99) });
      await upload.getByRole('button', { name: 'Upload' }).click();
      const create = page.getByRole('dialog', { name: 'Create a pin' });
      const choices = create.getByRole('group', { name: 'Boards' });
      await choices.getByRole('checkbox', { name: 'Board 55', exact: true }).waitFor();
      // The private one and Board 55 to Board 07.
      assert.equal(await choices.getByRole('checkbox').count(), 50);
      assert.equal(await choices.getByRole('checkbox', { name: 'Board 06', exact: true }).count(), 0);
      await choices.getByRole('button', { name: 'More boards' }).click();
      await choices.getByRole('checkbox', { name: 'Board 01', exact: true }).waitFor();
      // Her 55 boards and the private one.
      assert.equal(await choices.getByRole('checkbox').count(), 56);
      for (const title of titles) await choices.getByRole('checkbox', { name: title, exact: true }).waitFor();
      await choices.getByRole('button', { name: 'More boards' }).waitFor({ state: 'detached' });

      // 'Find a board' asks the server for the boards with title words starting with what is
      // typed, and keeps the chosen ones.
      const find = choices.getByRole('searchbox', { name: 'Find a board' });
      await find.fill('board 3');
      await waitFor(async () => (await choices.getByRole('checkbox').count()) === 10, { message: 'Board 30 to Board 39 alone' });
      await choices.getByRole('checkbox', { name: 'Board 34', exact: true }).check();
      await find.fill('hid');
      await choices.getByRole('checkbox', { name: 'Hidden', exact: true }).waitFor();
      assert.equal(await choices.getByRole('checkbox').count(), 2);
      assert.ok(await choices.getByRole('checkbox', { name: 'Board 34', exact: true }).isChecked());
      await find.fill('nowhere');
      await choices.getByText('No board matches "nowhere".', { exact: true }).waitFor();
      assert.equal(await choices.getByRole('checkbox').count(), 1, 'the chosen board stays');
      // Enter in the search does not save the pin.
      await find.press('Enter');
      await find.fill('');
      assert.equal(await choices.getByRole('checkbox').count(), 56);
      assert.ok(await create.isVisible());

      // A pin saved on a board past the first 50, found by its title: that board comes first the
      // next time, read by id beside the first page, in one request each whatever her boards.
      await find.fill('board 02');
      await choices.getByRole('checkbox', { name: 'Board 02', exact: true }).check();
      // Dropped, and not matching, Board 34 leaves the list.
      await choices.getByRole('checkbox', { name: 'Board 34', exact: true }).click();
      await choices.getByRole('checkbox', { name: 'Board 34', exact: true }).waitFor({ state: 'detached' });
      assert.equal(await choices.getByRole('checkbox').count(), 1);
      await create.getByLabel('Caption', { exact: true }).fill('Far down the list');
      await create.getByRole('button', { name: 'Create', exact: true }).click();
      await create.waitFor({ state: 'detached' });
      await waitFor(() => /\/pins\/\d+\/$/.test(page.url()), { message: 'the new pin to open' });
      // A fresh load: nothing of the last dialog's pages is cached.
      await page.reload();
      const asked = [];
      page.on('request', (request) => {
        const operation = /"operationName":"(\w+)"/.exec(request.postData() ?? '')?.[1];
        if (operation) asked.push(operation);
      });
      await headerMenu(page, 'New pin');
      await page.getByRole('dialog', { name: 'Choose pin origin' }).getByRole('button', { name: 'Your computer' }).click();
      await upload.getByLabel('Picture', { exact: true }).setInputFiles({ name: 'again.png', mimeType: 'image/png', buffer: makePng(80, 60, 98) });
      await upload.getByRole('button', { name: 'Upload' }).click();
      await choices.getByRole('checkbox', { name: 'Board 02', exact: true }).waitFor();
      assert.match((await choices.getByRole('listitem').first().textContent()) ?? '', /^Board 02/);
      assert.equal(await choices.getByRole('checkbox').count(), 51, 'the recent one, then the first 50');
      const boardReads = asked.filter((operation) => /Board/.test(operation));
      assert.deepEqual(boardReads.sort(), ['BoardsByIds', 'MyBoards'], JSON.stringify(asked));
      await create.getByRole('button', { name: 'Like previous' }).click();
      assert.ok(await choices.getByRole('checkbox', { name: 'Board 02', exact: true }).isChecked());
      assert.equal(await create.getByLabel('Caption', { exact: true }).inputValue(), 'Far down the list');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('shows 52 folders 50 at a time, the private ones in their own section, and offers them so in the board form', async () => {
    const bob = await signUp('many-folders');
    const addFolder = (name, secret) =>
      gqlOk(app.server.baseUrl, `mutation AddFolder($name: String!, $secret: Boolean!) { addFolder(name: $name, secret: $secret) { id } }`, { name, secret }, bob.cookie);
    // One after the other, so that 'Folder 52' is the newest.
    for (let index = 1; index <= 52; index += 1) await addFolder(`Folder ${String(index).padStart(2, '0')}`, false);
    await addFolder('Drafts', true);

    const { context, page, errors } = await open({ cookie: bob.cookie });
    try {
      await page.goto(`/${bob.username}/folders/`);
      const publicFolders = page.getByRole('list', { name: 'Public folders' });
      await publicFolders.getByRole('link', { name: 'Folder 52', exact: true }).waitFor();
      await page.getByRole('list', { name: 'Private folders' }).getByRole('link', { name: 'Drafts', exact: true }).waitFor();
      assert.equal(await publicFolders.getByRole('listitem').count(), 50);
      await page.getByRole('button', { name: 'More public folders' }).click();
      await publicFolders.getByRole('link', { name: 'Folder 01', exact: true }).waitFor();
      assert.equal(await publicFolders.getByRole('listitem').count(), 52);
      const firstNew = publicFolders.getByRole('link', { name: 'Folder 02', exact: true });
      await waitFor(() => firstNew.evaluate((link) => link === document.activeElement), { message: "'Folder 02' to take the focus" });
      await page.getByRole('button', { name: 'More public folders' }).waitFor({ state: 'detached' });

      // A new board's Folder select offers the newest 50 folders, and the others on asking.
      await headerMenu(page, 'New board');
      const create = page.getByRole('dialog', { name: 'Create a board' });
      const select = create.getByLabel('Folder', { exact: true });
      await waitFor(async () => (await select.locator('option').count()) === 51, { message: "'No folder' and 50 folders" });
      assert.equal(await select.locator('option', { hasText: 'Folder 01' }).count(), 0);
      await create.getByRole('button', { name: 'More folders' }).click();
      await waitFor(async () => (await select.locator('option').count()) === 54, { message: "'No folder' and her 53 folders" });
      await create.getByRole('button', { name: 'More folders' }).waitFor({ state: 'detached' });
      await create.getByLabel('Title', { exact: true }).fill('Filed far down');
      await select.selectOption({ label: 'Folder 01' });
      await create.getByRole('button', { name: 'Create', exact: true }).click();
      await waitFor(() => /\/folders\/folder-01\/boards\/filed-far-down\/$/.test(page.url()), { message: 'the new board in Folder 01' });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
