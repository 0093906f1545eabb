// Save from the grid (issue 77, item 5): a signed-in viewer hovering a pin's tile on the home
// grid saves a copy on a board chosen there, then on the last board used with one click; each
// time the 'Saved to {board}' toast says so without taking the focus, links to the board, and
// 'Undo' deletes the copy: the board's pin count goes up, then back down. The keyboard reaches
// Save from the tile's link. Visitors see no Save.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addBoardByApi, addPinByApi, browserSkip, gqlOk, serverAndBrowser, signUpByApi, waitFor } from './harness.mjs';

describe('save from the grid', { skip: browserSkip }, () => {
  const app = serverAndBrowser();

  /** How many pins the board holds, as its owner sees it. */
  async function pinCount(cookie, board) {
    const { data } = await gqlOk(app.server.baseUrl, 'query($id: ID!) { board(id: $id) { pins(first: 1) { totalCount } } }', { id: board }, cookie);
    return data.board.pins.totalCount;
  }

  it('saves to a chosen board, then to the last one, and undoes each', async () => {
    const alice = await signUpByApi(app.server.baseUrl, 'author');
    const { id: hers } = await addBoardByApi(app.server.baseUrl, alice.cookie, 'Hers');
    await addPinByApi(app.server.baseUrl, alice.cookie, { boards: [hers], title: 'Harbour', caption: 'Boats at rest', seed: 5 });
    const bob = await signUpByApi(app.server.baseUrl, 'saver');
    const { id: favourites } = await addBoardByApi(app.server.baseUrl, bob.cookie, 'Favourites');

    // A visitor sees no Save.
    {
      const { context, page } = await app.open();
      try {
        await page.goto('/');
        const tile = page.getByRole('link', { name: 'Harbour' });
        await tile.hover();
        assert.equal(await page.getByRole('button', { name: /^Save/ }).count(), 0);
      } finally {
        await context.close();
      }
    }

    const { context, page } = await app.open({ cookie: bob.cookie });
    try {
      await page.goto('/');
      const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Harbour' }) });
      await item.hover();
      // No board used yet: 'Save' opens the choice of boards.
      await item.getByRole('button', { name: 'Save', exact: true }).click();
      await item.getByRole('list', { name: 'Your boards' }).getByRole('button', { name: 'Favourites' }).click();
      const toast = page.getByRole('status').filter({ hasText: 'Saved to Favourites' });
      await toast.waitFor();
      assert.equal(await toast.getByRole('link', { name: 'Favourites' }).getAttribute('href'), `/${bob.username}/boards/favourites/`);
      assert.equal(await page.evaluate(() => document.activeElement?.closest('[role=status]') ?? null), null, 'the toast took no focus');
      await waitFor(async () => (await pinCount(bob.cookie, favourites)) === 1, { message: 'the copy on the board' });
      await toast.getByRole('button', { name: 'Undo' }).click();
      await waitFor(async () => (await pinCount(bob.cookie, favourites)) === 0, { message: 'the copy undone' });

      // Now one click saves to the last board used.
      await item.hover();
      await item.getByRole('button', { name: 'Save to Favourites' }).click();
      await toast.waitFor();
      await waitFor(async () => (await pinCount(bob.cookie, favourites)) === 1, { message: 'the copy on the board again' });
      await toast.getByRole('button', { name: 'Undo' }).click();
      await waitFor(async () => (await pinCount(bob.cookie, favourites)) === 0, { message: 'the copy undone again' });
      // The toast goes by itself.
      await page.getByText('Removed from Favourites').waitFor({ state: 'detached', timeout: 10_000 });

      // By keyboard: the control after the tile's link is 'Save', shown while it has the focus.
      await page.mouse.move(0, 0);
      await item.getByRole('link', { name: 'Harbour' }).focus();
      await page.keyboard.press('Tab');
      const save = item.getByRole('button', { name: 'Save to Favourites' });
      assert.equal(await save.evaluate((button) => button === document.activeElement), true);
      const opacity = () => save.evaluate((button) => getComputedStyle(/** @type {Element} */ (button.parentElement)).opacity);
      await waitFor(async () => (await opacity()) === '1', { message: 'Save shown' });
    } finally {
      await context.close();
    }
  });
});
