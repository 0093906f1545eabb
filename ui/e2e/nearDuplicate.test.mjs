// A near-duplicate caught through the browser button (issue 77, item 2): a picture picked on a
// page, a slightly cropped copy of one the viewer pinned, opens "You already pinned this picture
// on {board}" instead of 'Create a pin', with 'Pin it anyway', 'Add to board' and 'Open it'.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addBoardByApi, addPinByApi, browserSkip, headerMenu, makeScenePng, pathOf, serverAndBrowser, signUpByApi, testSite, waitFor } from './harness.mjs';

describe('near-duplicates', { skip: browserSkip }, () => {
  // The test site is on 127.0.0.1, which the server refuses to fetch unless told otherwise.
  const app = serverAndBrowser({ env: { CORKBOARD_FETCH__ALLOW_PRIVATE_NETWORKS: 'true' } });
  const cropped = makeScenePng(640, 480, 2, { x: 0, y: 0, width: 620, height: 480 });
  const site = testSite((request, response) => {
    if (request.url === '/cropped.png') response.writeHead(200, { 'content-type': 'image/png' }).end(cropped);
    else response.writeHead(404).end();
  });

  it('the browser button finds the pin of the uncropped picture', async () => {
    const ada = await signUpByApi(app.server.baseUrl, 'near');
    const { id: board } = await addBoardByApi(app.server.baseUrl, ada.cookie, 'Seascapes');
    await addBoardByApi(app.server.baseUrl, ada.cookie, 'Blues');
    const pin = await addPinByApi(app.server.baseUrl, ada.cookie, {
      boards: [board],
      caption: 'The whole sea',
      png: makeScenePng(640, 480, 2),
    });
    const { context, page } = await app.open({ cookie: ada.cookie });
    try {
      // What the browser button sends: the page and the pictures found on it.
      const sent = { url: `${site.url}/page.html`, title: 'Sea', text: '', pictures: [{ src: `${site.url}/cropped.png`, alt: 'The sea', width: 620, height: 480 }] };
      await page.goto(`/pin-it/#${encodeURIComponent(JSON.stringify(sent))}`);
      await page.getByRole('button', { name: 'The sea' }).click();
      const dialog = page.getByRole('dialog', { name: 'Existing pin found with a similar image' });
      await dialog.getByText('You already pinned this picture on Seascapes', { exact: true }).waitFor();
      await dialog.getByRole('link', { name: 'The whole sea' }).waitFor();
      await dialog.getByRole('button', { name: 'Pin it anyway' }).waitFor();
      await dialog.getByRole('button', { name: 'Add to board' }).waitFor();
      await dialog.getByRole('button', { name: 'Open it' }).click();
      await dialog.waitFor({ state: 'detached' });
      await waitFor(() => pathOf(page) === `/${ada.username}/pins/${pin}`, { message: 'the existing pin' });

      // Again, added to another board: no board is being pinned to, so a choice of boards opens.
      await page.goto(`/pin-it/#${encodeURIComponent(JSON.stringify(sent))}`);
      await page.getByRole('button', { name: 'The sea' }).click();
      await dialog.getByRole('button', { name: 'Add to board' }).click();
      const boards = page.getByRole('dialog', { name: 'Pin it' });
      await boards.getByRole('checkbox', { name: 'Blues', exact: true }).check();
      await boards.getByRole('button', { name: 'Save' }).click();
      await waitFor(() => pathOf(page) === `/${ada.username}/pins/${pin}`, { message: 'the existing pin' });
      await page.getByRole('link', { name: 'Blues' }).waitFor();

      // Again, pinned anyway: the create form follows.
      await page.goto(`/pin-it/#${encodeURIComponent(JSON.stringify(sent))}`);
      await page.getByRole('button', { name: 'The sea' }).click();
      await dialog.getByRole('button', { name: 'Pin it anyway' }).click();
      await page.getByRole('dialog', { name: 'Create a pin' }).waitFor();
      assert.equal(await dialog.count(), 0);
    } finally {
      await context.close();
    }
  });

  it('a batch upload lists the near-duplicate with its actions', async () => {
    const ada = await signUpByApi(app.server.baseUrl, 'batch');
    const { id: board } = await addBoardByApi(app.server.baseUrl, ada.cookie, 'Seascapes');
    await addBoardByApi(app.server.baseUrl, ada.cookie, 'Batch');
    await addPinByApi(app.server.baseUrl, ada.cookie, { boards: [board], caption: 'The whole sea', png: makeScenePng(640, 480, 2) });
    const { context, page } = await app.open({ cookie: ada.cookie });
    try {
      await page.goto('/');
      await headerMenu(page, 'New pin');
      await page.getByRole('dialog', { name: 'Choose pin origin' }).getByRole('button', { name: 'Your computer' }).click();
      const upload = page.getByRole('dialog', { name: 'Upload pin from your computer' });
      await upload.getByLabel('Picture', { exact: true }).setInputFiles([
        { name: 'cropped.png', mimeType: 'image/png', buffer: cropped },
        { name: 'other.png', mimeType: 'image/png', buffer: makeScenePng(320, 240, 5) },
      ]);
      await upload.getByRole('button', { name: 'Upload' }).click();
      const batch = page.getByRole('dialog', { name: 'Upload several pins' });
      await batch.getByRole('group', { name: 'Board' }).getByRole('radio', { name: 'Batch', exact: true }).check();
      await batch.getByRole('button', { name: 'Upload all' }).click();

      const summary = page.getByRole('dialog', { name: 'Pins added' });
      await summary.getByText('1 created, 1 already pinned, 0 refused.', { exact: true }).waitFor({ timeout: 30_000 });
      const line = summary.getByRole('group', { name: 'cropped.png' });
      await line.getByText('You already pinned this picture on Seascapes', { exact: true }).waitFor();
      await line.getByRole('link', { name: 'Open it' }).waitFor();
      await line.getByRole('button', { name: 'Pin it anyway' }).waitFor();
      await line.getByRole('button', { name: 'Add to board' }).click();
      await line.getByText('Added to Batch', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
