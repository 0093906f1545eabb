// Share links as their owner and a visitor meet them: the owner makes a link on the edit-board
// form of a private board; a browser without a session opens it and sees the board, its pin, the
// pin's detail and lightbox with their pictures; once the owner revokes it, the page says the
// link does not work.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addBoardByApi, addPinByApi, browserSkip, ownerMenu, serverAndBrowser, signUpByApi, waitFor } from './harness.mjs';

/** Whether every picture of `locator` has loaded (and there is one). */
const picturesLoaded = (locator) =>
  locator.evaluateAll((images) => images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0));

describe('share links', { skip: browserSkip }, () => {
  const app = serverAndBrowser({ publicUrl: true });

  it('opens a private board to a visitor with the link, until it is revoked', async () => {
    const baseUrl = app.server.baseUrl;
    const ada = await signUpByApi(baseUrl, 'ada');
    const board = await addBoardByApi(baseUrl, ada.cookie, 'Secret garden', { secret: true });
    await addPinByApi(baseUrl, ada.cookie, { boards: [board.id], caption: 'Roses in June', seed: 7 });

    const owner = await app.open({ cookie: ada.cookie });
    await owner.page.goto(`/${ada.username}/boards/${board.slug}/`);
    await ownerMenu(owner.page, 'Board menu', 'Edit board');
    const dialog = owner.page.getByRole('dialog', { name: 'Edit board' });
    const links = dialog.getByRole('region', { name: 'Share links' });
    await links.getByText('No share links yet.', { exact: true }).waitFor();
    await links.getByLabel('Expires after (days)').fill('30');
    await links.getByRole('button', { name: 'Make a share link' }).click();
    const made = links.getByLabel('New share link');
    await made.waitFor();
    const url = await made.inputValue();
    assert.match(url, new RegExp(`^${baseUrl}/shared/[A-Za-z0-9_-]{43}/$`));
    await links.getByRole('button', { name: 'Copy link' }).waitFor();
    const listed = links.getByRole('list', { name: 'Share links' }).getByRole('listitem');
    await listed.getByText(/Never used/).waitFor();
    await listed.getByText(/Expires/).waitFor();

    // A browser without a session: the board, its pin and the pin's picture.
    const visitor = await app.open();
    await visitor.page.goto(url);
    await visitor.page.getByRole('heading', { name: 'Secret garden', level: 1 }).waitFor();
    await visitor.page.getByText(`by ${ada.username}`).waitFor();
    await visitor.page.getByText('1 pin', { exact: true }).waitFor();
    const grid = visitor.page.getByRole('list', { name: 'Pins' });
    await waitFor(() => picturesLoaded(grid.locator('img')), { timeout: 10_000, message: 'the tile picture' });
    await grid.getByRole('link').first().click();
    await visitor.page.getByText('Roses in June', { exact: true }).waitFor();
    await waitFor(() => picturesLoaded(visitor.page.locator('img.pin-image__img')), {
      timeout: 10_000,
      message: 'the detail picture',
    });
    assert.equal(await visitor.page.getByRole('button', { name: 'Pin it' }).count(), 0);
    assert.equal(await visitor.page.getByRole('button', { name: 'Edit' }).count(), 0);
    await visitor.page.getByRole('link', { name: 'Open lightbox' }).click();
    await waitFor(() => picturesLoaded(visitor.page.locator('img.lightbox__img')), {
      timeout: 10_000,
      message: 'the lightbox picture',
    });
    assert.match(new URL(visitor.page.url()).pathname, /^\/shared\/[^/]+\/pins\/\d+\/lightbox\/$/);

    // Revoked: the link's page says so.
    await listed.getByRole('button', { name: /^Revoke link made / }).click();
    await links.getByText('No share links yet.', { exact: true }).waitFor();
    await visitor.page.goto(url);
    await visitor.page
      .getByRole('alert')
      .getByText('This link does not work: it may have been revoked or have expired.', { exact: true })
      .waitFor();

    await visitor.context.close();
    await owner.context.close();
  });
});
