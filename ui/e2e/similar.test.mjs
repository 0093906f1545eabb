// "More like this" under a pin's detail: the pins whose pictures look alike (the same scene at
// other sizes) in a strip, neither a clone nor an unrelated picture among them, and 'See more' opening them all
// in the grid.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addBoardByApi, addPinByApi, browserSkip, inBatches, makeScenePng, serverAndBrowser, signUpByApi } from './harness.mjs';

describe('more like this', { skip: browserSkip }, () => {
  const app = serverAndBrowser();

  it('shows the look-alikes of a pin under it, and all of them on See more', async () => {
    const baseUrl = app.server.baseUrl;
    const ann = await signUpByApi(baseUrl, 'alike');
    const board = await addBoardByApi(baseUrl, ann.cookie, 'Waves');
    const pin = (png, caption) => addPinByApi(baseUrl, ann.cookie, { boards: [board.id], png, caption });
    const original = await pin(makeScenePng(240, 180, 1), 'The original');
    // Nine copies at other sizes: more than the strip shows; a clone (the same bytes) is not shown.
    await inBatches(9, (n) => pin(makeScenePng(104 + 16 * n, 78 + 12 * n, 1), `Copy ${n}`));
    await pin(makeScenePng(240, 180, 1), 'Clone');
    await pin(makeScenePng(240, 180, 2), 'Unrelated');

    const { page } = await app.open({ cookie: ann.cookie });
    await page.goto(`${baseUrl}/pins/${original}/`);
    const section = page.getByRole('region', { name: 'More like this' });
    await section.getByRole('heading', { name: 'More like this' }).waitFor();
    const strip = section.getByRole('list', { name: 'Pins like this one' });
    await strip.getByRole('link').first().waitFor();
    assert.equal(await strip.getByRole('link').count(), 8);
    for (const name of ['Unrelated', 'Clone']) assert.equal(await section.getByRole('link', { name }).count(), 0);

    await section.getByRole('button', { name: 'See more' }).click();
    const grid = section.getByRole('list', { name: 'Pins' });
    await grid.getByRole('link').nth(8).waitFor();
    for (let n = 0; n < 9; n += 1) assert.equal(await grid.getByRole('link', { name: `Copy ${n}`, exact: true }).count(), 1);
    for (const name of ['Unrelated', 'Clone']) assert.equal(await section.getByRole('link', { name }).count(), 0);

    await grid.getByRole('link', { name: 'Copy 3' }).click();
    // The copy's own detail, whose look-alikes hold the original.
    await page.getByText('Copy 3', { exact: true }).waitFor();
    await section.getByRole('button', { name: 'See more' }).click();
    await section.getByRole('link', { name: 'The original' }).waitFor();
  });

  it('shows nothing under a pin like no other', async () => {
    const baseUrl = app.server.baseUrl;
    const bob = await signUpByApi(baseUrl, 'alone');
    const board = await addBoardByApi(baseUrl, bob.cookie, 'Alone');
    const alone = await addPinByApi(baseUrl, bob.cookie, { boards: [board.id], png: makeScenePng(200, 150, 7), caption: 'Solitary' });
    const { page } = await app.open({ cookie: bob.cookie });
    await page.goto(`${baseUrl}/pins/${alone}/`);
    await page.getByText('Solitary', { exact: true }).waitFor();
    // Once every request has been answered, the similar pins have come: none, so no section.
    await page.waitForLoadState('networkidle');
    assert.equal(await page.getByRole('heading', { name: 'More like this' }).count(), 0);
  });
});
