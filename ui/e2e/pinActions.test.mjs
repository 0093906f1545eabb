// What people do with pins already there: rate, edit and delete their own, pin someone else's
// ('Pin it', making a board on the way when there is none), order a board's pins by dragging
// and by keyboard, choose a board's cover, and see a tall picture with its actions.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addBoardByApi,
  addPinByApi,
  browserSkip,
  gqlOk,
  makePng,
  ownerMenu,
  serverAndBrowser,
  signUpByApi,
  waitFor,
  waitForPath,
} from './harness.mjs';

describe('pin actions', { skip: browserSkip }, () => {
  const app = serverAndBrowser();
  const open = app.open;
  const signUp = (prefix) => signUpByApi(app.server.baseUrl, prefix);
  const addBoard = (cookie, title, options) => addBoardByApi(app.server.baseUrl, cookie, title, options);
  const addPin = (cookie, pin) => addPinByApi(app.server.baseUrl, cookie, pin);

  /** The titles of the page's pin grid, in order (without the ordering mode's arrows). @param {import('playwright-core').Page} page */
  // Each tile's words, but for its Save controls.
  const gridTitles = async (page) =>
    (
      await page
        .getByRole('list', { name: 'Pins' })
        .getByRole('listitem')
        .evaluateAll((items) =>
          items.map((item) => {
            const tile = /** @type {HTMLElement} */ (item.cloneNode(true));
            tile.querySelector('.pin-save__controls')?.remove();
            return tile.textContent ?? '';
          }),
        )
    ).map((text) => text.replace(/[‹›]/g, ''));

  /** The board's first cover, as the server has it. */
  async function coverOf(boardId) {
    const { data } = await gqlOk(app.server.baseUrl, `query Cover($id: ID!) { board(id: $id) { cover1 { id } } }`, { id: boardId });
    return data.board.cover1?.id ?? null;
  }

  it('rates a pin, edits its fields and boards, and deletes it', async () => {
    const alice = await signUp('editor');
    const summer = await addBoard(alice.cookie, 'Summer');
    await addBoard(alice.cookie, 'Winter');
    const id = await addPin(alice.cookie, { boards: [summer.id], title: 'Beach', caption: 'Sand and sea' });
    const { context, page, errors } = await open({ cookie: alice.cookie });
    try {
      await page.goto(`/${alice.username}/boards/${summer.slug}/pins/${id}/`);
      await page.getByRole('heading', { name: 'Beach', level: 1 }).waitFor();

      // Star n sets n; the current star again lowers it by one.
      await page.getByRole('group', { name: 'Rating: 0 out of 5' }).getByRole('button', { name: '3 stars' }).click();
      const rating = page.getByRole('group', { name: 'Rating: 3 out of 5' });
      await rating.waitFor();
      await rating.getByRole('button', { name: '3 stars' }).click();
      await page.getByRole('group', { name: 'Rating: 2 out of 5' }).waitFor();

      // Edit: new title, off Summer and onto Winter. Taken off the board it was opened on, the
      // pin goes on showing at /pins/{id}/.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit a pin' });
      await dialog.getByRole('img', { name: "The pin's picture" }).waitFor();
      assert.equal(await dialog.getByLabel('Caption', { exact: true }).inputValue(), 'Sand and sea');
      assert.equal(await dialog.getByLabel('Rating', { exact: true }).inputValue(), '2');
      await dialog.getByLabel('Title', { exact: true }).fill('Dune');
      await dialog.getByRole('checkbox', { name: 'Summer', exact: true }).uncheck();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('Please choose at least one board.', { exact: true }).waitFor();
      await dialog.getByRole('checkbox', { name: 'Winter', exact: true }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await waitForPath(page, `/pins/${id}/`);
      await page.getByRole('heading', { name: 'Dune', level: 1 }).waitFor();
      const boards = page.getByRole('region', { name: 'Pinned on 1 board' });
      await boards.getByRole('link', { name: 'Winter' }).waitFor();
      assert.equal(await boards.getByRole('link', { name: 'Summer' }).count(), 0);

      // Delete, from the menu: back to the list it was opened from (Last pins here).
      await ownerMenu(page, 'Pin menu', 'Delete pin');
      const deletion = page.getByRole('dialog', { name: 'Delete pin' });
      await deletion.getByText('Are you sure you want to delete this pin?', { exact: true }).waitFor();
      await deletion.getByText('(this operation is irreversible)', { exact: true }).waitFor();
      await deletion.getByRole('img', { name: "The pin's picture" }).waitFor();
      await deletion.getByRole('button', { name: 'Delete' }).click();
      await waitForPath(page, '/');
      await page.getByRole('heading', { name: 'Last pins' }).waitFor();
      await page.goto(`/pins/${id}/`);
      await page.getByRole('heading', { name: 'Oups...' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it("pins someone else's pin, then manages the copy's boards", async () => {
    const alice = await signUp('pinner');
    const alpine = await addBoard(alice.cookie, 'Alpine');
    const id = await addPin(alice.cookie, { boards: [alpine.id], title: 'Peak', caption: 'Snow on top', seed: 7 });
    const bob = await signUp('repinner');
    await addBoard(bob.cookie, 'Bob picks');

    // A visitor is sent to log in, and back.
    {
      const { context, page } = await open();
      try {
        await page.goto(`/pins/${id}/`);
        await page.getByRole('button', { name: 'Pin it' }).click();
        await waitForPath(page, '/login/');
        assert.equal(new URL(page.url()).searchParams.get('next'), `/pins/${id}/`);
      } finally {
        await context.close();
      }
    }

    const { context, page, errors } = await open({ cookie: bob.cookie });
    try {
      await page.goto(`/pins/${id}/`);
      await page.getByRole('button', { name: 'Pin it' }).click();
      const duplicate = page.getByRole('dialog', { name: 'Pin it' });
      assert.equal(await duplicate.getByLabel('Title', { exact: true }).inputValue(), 'Peak');
      assert.equal(await duplicate.getByLabel('Caption', { exact: true }).inputValue(), 'Snow on top');
      await duplicate.getByRole('checkbox', { name: 'Bob picks', exact: true }).check();
      await duplicate.getByRole('button', { name: 'Pin it' }).click();
      // The dialog closes; a toast says where the copy went, and links to the board.
      await duplicate.waitFor({ state: 'detached' });
      const toast = page.getByRole('status').filter({ hasText: 'Saved to Bob picks' });
      await toast.waitFor();
      await toast.getByRole('link', { name: 'Bob picks' }).waitFor();
      await toast.getByRole('button', { name: 'Undo' }).waitFor();

      // Again: Bob has his copy now, so it is its boards he manages.
      await page.getByRole('button', { name: 'Pin it' }).click();
      const manage = page.getByRole('dialog', { name: 'Pin it' });
      const checkbox = manage.getByRole('checkbox', { name: 'Bob picks', exact: true });
      await checkbox.waitFor();
      assert.equal(await checkbox.isChecked(), true);
      assert.equal(await manage.getByLabel('Caption', { exact: true }).count(), 0);
      await manage.getByRole('button', { name: 'Cancel' }).click();

      // The copy, among Bob's pins, says where it came from.
      await page.goto(`/${bob.username}/pins/`);
      await page.getByRole('list', { name: 'Pins' }).getByRole('link', { name: 'Peak' }).click();
      await page.getByRole('heading', { name: 'Peak', level: 1 }).waitFor();
      const via = page.getByRole('region', { name: 'Pinned by' }).getByRole('link', { name: `${alice.username}'s pin` });
      assert.equal(await via.getAttribute('href'), `/pins/${id}/`);
      await page.getByText(`Added via ${alice.username}'s pin`, { exact: true }).waitFor();
      await page.getByRole('region', { name: 'Pinned on 1 board' }).getByRole('link', { name: 'Bob picks' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it("orders a board's pins by dragging and by keyboard, and keeps the order", async () => {
    const alice = await signUp('orderer');
    const board = await addBoard(alice.cookie, 'Order');
    await addPin(alice.cookie, { boards: [board.id], title: 'Older', seed: 1 });
    await addPin(alice.cookie, { boards: [board.id], title: 'Newer', seed: 2 });
    const { context, page, errors } = await open({ cookie: alice.cookie });
    try {
      await page.goto(`/${alice.username}/boards/${board.slug}/`);
      await waitFor(async () => (await gridTitles(page)).join() === 'Newer,Older', { message: 'the newest pin on top' });

      await ownerMenu(page, 'Board menu', 'Order pins');
      const ordering = page.getByRole('region', { name: 'Order pins' });
      const tile = (title) => ordering.getByRole('listitem').filter({ hasText: title }).locator('[draggable="true"]');
      const target = await tile('Older').boundingBox();
      assert.ok(target);
      await tile('Newer').dragTo(tile('Older'), { targetPosition: { x: target.width * 0.8, y: target.height / 2 } });
      await waitFor(async () => (await gridTitles(page)).join() === 'Older,Newer', { message: 'the dragged order' });
      await ordering.getByRole('button', { name: 'Done' }).click();
      await ordering.waitFor({ state: 'detached' });
      await page.reload();
      await waitFor(async () => (await gridTitles(page)).join() === 'Older,Newer', { message: 'the order kept' });

      // The same with the move buttons.
      await ownerMenu(page, 'Board menu', 'Order pins');
      await ordering.getByRole('button', { name: 'Move Older later' }).click();
      await ordering.getByRole('button', { name: 'Done' }).click();
      await ordering.waitFor({ state: 'detached' });
      await page.reload();
      await waitFor(async () => (await gridTitles(page)).join() === 'Newer,Older', { message: 'the order kept' });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it("sets a board's cover from a pin and from the cover picker", async () => {
    const alice = await signUp('coverer');
    const board = await addBoard(alice.cookie, 'Covers');
    const older = await addPin(alice.cookie, { boards: [board.id], title: 'Hill', seed: 1 });
    const newer = await addPin(alice.cookie, { boards: [board.id], title: 'Lake', seed: 2 });
    const { context, page, errors } = await open({ cookie: alice.cookie });
    try {
      assert.equal(await coverOf(board.id), newer);
      await page.goto(`/${alice.username}/boards/${board.slug}/pins/${older}/`);
      await page.getByRole('button', { name: 'Cover', exact: true }).click();
      await page.getByRole('status').getByText('This pin is now the cover of Covers.', { exact: true }).waitFor();
      assert.equal(await coverOf(board.id), older);

      // The picker starts at the cover and goes round.
      await page.goto(`/${alice.username}/boards/${board.slug}/`);
      await ownerMenu(page, 'Board menu', 'Change cover');
      const picker = page.getByRole('dialog', { name: 'Change cover' });
      await picker.getByRole('img', { name: 'Hill' }).waitFor();
      await picker.getByText('2 / 2', { exact: true }).waitFor();
      await picker.getByRole('button', { name: 'Next' }).click();
      await picker.getByRole('img', { name: 'Lake' }).waitFor();
      await picker.getByText('1 / 2', { exact: true }).waitFor();
      await picker.getByRole('button', { name: 'Previous' }).click();
      await picker.getByRole('button', { name: 'Previous' }).click();
      await picker.getByRole('img', { name: 'Lake' }).waitFor();
      await picker.getByRole('button', { name: 'Select' }).click();
      await picker.waitFor({ state: 'detached' });
      assert.equal(await coverOf(board.id), newer);

      // And from the pin menu; visitors see no cover action.
      await page.goto(`/${alice.username}/boards/${board.slug}/pins/${older}/`);
      await ownerMenu(page, 'Pin menu', 'Set pin as board cover');
      await page.getByRole('status').waitFor();
      assert.equal(await coverOf(board.id), older);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
    const { context: visitor, page: visitorPage } = await open();
    try {
      await visitorPage.goto(`/${alice.username}/boards/${board.slug}/pins/${older}/`);
      await visitorPage.getByRole('heading', { name: 'Hill', level: 1 }).waitFor();
      await visitorPage.getByRole('img', { name: 'Rating: 0 out of 5' }).waitFor();
      assert.equal(await visitorPage.getByRole('button', { name: 'Cover', exact: true }).count(), 0);
      await visitorPage.getByRole('button', { name: 'Pin menu' }).click();
      await visitorPage.getByRole('menuitem', { name: 'Open original image' }).waitFor();
      assert.equal(await visitorPage.getByRole('menuitem', { name: 'Set pin as board cover' }).count(), 0);
      assert.equal(await visitorPage.getByRole('menuitem', { name: 'Delete pin' }).count(), 0);
    } finally {
      await visitor.close();
    }
  });

  it("offers 'Create a board' in 'Pin it' to a user without boards, and in managing the copy's boards", async () => {
    const alice = await signUp('giver');
    const board = await addBoard(alice.cookie, 'Shared finds');
    const id = await addPin(alice.cookie, { boards: [board.id], title: 'Comet', caption: 'A tail of ice' });
    const bob = await signUp('boardless-taker');
    const { context, page, errors } = await open({ cookie: bob.cookie });
    try {
      await page.goto(`/pins/${id}/`);
      await page.getByRole('button', { name: 'Pin it' }).click();
      const duplicate = page.getByRole('dialog', { name: 'Pin it' });
      await duplicate.getByText('It seems you have no boards, you must create one before adding pins.', { exact: true }).waitFor();
      await duplicate.getByRole('button', { name: 'Create a board' }).click();
      const create = page.getByRole('dialog', { name: 'Create a board' });
      await create.getByLabel('Title', { exact: true }).fill('Sky');
      await create.getByRole('button', { name: 'Create', exact: true }).click();
      await create.waitFor({ state: 'detached' });
      // Back in 'Pin it', on the same page, with the new board chosen and the text kept.
      const sky = duplicate.getByRole('checkbox', { name: 'Sky', exact: true });
      await sky.waitFor();
      assert.equal(await sky.isChecked(), true);
      assert.equal(await duplicate.getByLabel('Title', { exact: true }).inputValue(), 'Comet');
      assert.equal(new URL(page.url()).pathname, `/pins/${id}/`);
      await duplicate.getByRole('button', { name: 'Pin it' }).click();
      await duplicate.waitFor({ state: 'detached' });
      await page.getByRole('status').filter({ hasText: 'Saved to Sky' }).waitFor();

      // Managing the copy's boards: one more board, made there, chosen too.
      await page.getByRole('button', { name: 'Pin it' }).click();
      const manage = page.getByRole('dialog', { name: 'Pin it' });
      await manage.getByRole('checkbox', { name: 'Sky', exact: true }).waitFor();
      await manage.getByRole('button', { name: 'Create a board' }).click();
      await create.getByLabel('Title', { exact: true }).fill('Night sky');
      await create.getByRole('button', { name: 'Create', exact: true }).click();
      await create.waitFor({ state: 'detached' });
      await manage.getByRole('checkbox', { name: 'Night sky', exact: true }).waitFor();
      assert.equal(await manage.getByRole('checkbox', { name: 'Night sky', exact: true }).isChecked(), true);
      assert.equal(await manage.getByRole('checkbox', { name: 'Sky', exact: true }).isChecked(), true);
      await manage.getByRole('button', { name: 'Save' }).click();
      await manage.waitFor({ state: 'detached' });

      const { data } = await gqlOk(
        app.server.baseUrl,
        `query Mine { me { pins(first: 5) { edges { node { title addedVia { id } boards { edges { node { title } } } } } } } }`,
        {},
        bob.cookie,
      );
      const copies = data.me.pins.edges.map((edge) => edge.node);
      assert.equal(copies.length, 1);
      assert.equal(copies[0].addedVia.id, id);
      assert.deepEqual(copies[0].boards.edges.map((edge) => edge.node.title).sort(), ['Night sky', 'Sky']);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('keeps a tall picture within the screen, with the actions, rating, title and caption in view', async () => {
    const alice = await signUp('tall');
    const board = await addBoard(alice.cookie, 'Towers');
    const id = await addPin(alice.cookie, { boards: [board.id], title: 'Lighthouse', caption: 'Tall and white', png: makePng(300, 1500, 5) });
    const { context, page, errors } = await open({ cookie: alice.cookie, viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`/pins/${id}/`);
      await page.getByRole('heading', { name: 'Lighthouse', level: 1 }).waitFor();
      /** @param {import('playwright-core').Locator} locator */
      const inView = async (locator) => {
        const box = await locator.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 900;
      };
      const picture = page.getByRole('link', { name: 'Open lightbox' }).getByRole('img', { name: 'Lighthouse' });
      const box = await picture.boundingBox();
      assert.ok(box && box.height <= 900 && box.height > 300, `the picture within the screen (${JSON.stringify(box)})`);
      // Its proportions are kept.
      assert.ok(box && Math.abs(box.height / box.width - 5) < 0.1, `a 1:5 picture (${JSON.stringify(box)})`);
      for (const [name, locator] of [
        ['Pin it', page.getByRole('button', { name: 'Pin it' })],
        ['Edit', page.getByRole('button', { name: 'Edit', exact: true })],
        ['the rating', page.getByRole('group', { name: 'Rating: 0 out of 5' })],
        ['the title', page.getByRole('heading', { name: 'Lighthouse', level: 1 })],
        ['the caption', page.getByText('Tall and white', { exact: true })],
      ]) {
        assert.ok(await inView(locator), `${name} in view`);
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
