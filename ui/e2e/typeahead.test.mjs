// Search as you type: the header's search box suggests tags, boards, people and recent searches
// from two letters, and is driven with the keyboard alone (type, ArrowDown, Enter lands on the
// chosen page); the results page narrows to pictures of one colour, kept in the URL.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addBoardByApi,
  addPinByApi,
  browserSkip,
  rgbPng,
  serverAndBrowser,
  signUpByApi,
  waitFor,
  waitForPath,
} from './harness.mjs';

/** A PNG of one colour, so that it is its dominant colour. */
function plainPng(width, height, [red, green, blue]) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) raw.set([red, green, blue], y * (width * 3 + 1) + 1 + x * 3);
  }
  return rgbPng(width, height, raw);
}

describe('search as you type', { skip: browserSkip }, () => {
  const app = serverAndBrowser();

  it('suggests tags, boards, people and recent searches, chosen with the keyboard only', async () => {
    const baseUrl = app.server.baseUrl;
    const keeper = await signUpByApi(baseUrl, 'keeper');
    const board = await addBoardByApi(baseUrl, keeper.cookie, 'Lighthouse walks');
    await addPinByApi(baseUrl, keeper.cookie, { boards: [board.id], caption: 'A tall one', tags: ['lighthouse'] });

    const { page } = await app.open({ cookie: keeper.cookie });
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
    const suggestions = page.getByRole('listbox', { name: 'Search suggestions' });
    /** Types `text` in the empty box and waits for the option `name` of the group `group`. */
    const typeAndSee = async (text, group, name) => {
      await box.focus();
      await page.keyboard.type(text);
      await suggestions.getByRole('group', { name: group }).getByRole('option', { name }).waitFor();
      assert.equal(await box.getAttribute('aria-expanded'), 'true');
    };
    /** Presses ArrowDown until the highlighted option is `name`, then Enter. */
    const choose = async (name) => {
      const option = suggestions.getByRole('option', { name, exact: true });
      for (let step = 0; step < 10 && (await option.getAttribute('aria-selected')) !== 'true'; step += 1) {
        await page.keyboard.press('ArrowDown');
      }
      assert.equal(await box.getAttribute('aria-activedescendant'), await option.getAttribute('id'));
      await page.keyboard.press('Enter');
    };

    // Two letters: the tag comes first, with its count; ArrowDown then Enter open its pins.
    await typeAndSee('li', 'Tags', '#lighthouse 1 pin');
    await page.keyboard.press('ArrowDown');
    const first = suggestions.getByRole('option').first();
    assert.equal(await first.getAttribute('aria-selected'), 'true');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Found 1 pin(s) for "#lighthouse"' }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('tag'), 'lighthouse');
    assert.equal(await box.inputValue(), '');

    // A board goes to the board's page.
    await typeAndSee('lig', 'Boards', `Lighthouse walks by ${keeper.username}`);
    await choose(`Lighthouse walks by ${keeper.username}`);
    await waitForPath(page, `/${keeper.username}/boards/${board.slug}/`);

    // A person goes to their page.
    await typeAndSee('keep', 'People', keeper.username);
    await choose(keeper.username);
    await waitForPath(page, `/${keeper.username}/`);

    // The tag search above is among the recent searches; chosen, it runs again.
    await typeAndSee('ligh', 'Recent searches', '#lighthouse');
    await page.keyboard.press('Escape');
    assert.equal(await box.getAttribute('aria-expanded'), 'false');
    await page.keyboard.press('ArrowDown');
    await suggestions.getByRole('option', { name: '#lighthouse', exact: true }).waitFor();
    await choose('#lighthouse');
    await page.getByRole('heading', { name: 'Found 1 pin(s) for "#lighthouse"' }).waitFor();

    // 'Clear recent searches' forgets them.
    await box.focus();
    await page.keyboard.press('ArrowDown');
    await suggestions.getByRole('group', { name: 'Recent searches' }).waitFor();
    await page.getByRole('button', { name: 'Clear recent searches' }).click();
    await waitFor(async () => (await suggestions.getByRole('group', { name: 'Recent searches' }).count()) === 0, {
      message: 'the recent searches to go',
    });
  });

  it('narrows the results to pictures of one colour', async () => {
    const baseUrl = app.server.baseUrl;
    const painter = await signUpByApi(baseUrl, 'painter');
    const board = await addBoardByApi(baseUrl, painter.cookie, 'Flowers');
    const pin = (caption, rgb) => addPinByApi(baseUrl, painter.cookie, { boards: [board.id], caption, png: plainPng(120, 90, rgb) });
    await pin('Poppy in red', [200, 30, 30]);
    await pin('Poppy in blue', [30, 60, 200]);

    const { page } = await app.open({ cookie: painter.cookie });
    await page.goto('/search/?query=poppy');
    await page.getByRole('heading', { name: 'Found 2 pin(s) for "poppy"' }).waitFor();
    const colours = page.getByRole('group', { name: 'Colour' });
    await colours.getByRole('radio', { name: 'Red', exact: true }).check();
    await page.getByRole('heading', { name: 'Found 1 pin(s) for "poppy"' }).waitFor();
    assert.equal(new URL(page.url()).searchParams.get('colour'), 'red');
    const grid = page.getByRole('list', { name: 'Pins' });
    await grid.getByRole('link', { name: 'Poppy in red' }).waitFor();
    assert.equal(await grid.getByRole('link', { name: 'Poppy in blue' }).count(), 0);

    // The person chosen narrows too; 'Any colour' widens again.
    await page.getByLabel('Person').selectOption(painter.username);
    await waitFor(() => new URL(page.url()).searchParams.get('user') === painter.username, { message: 'the person in the URL' });
    await colours.getByRole('radio', { name: 'Any colour' }).check();
    await page.getByRole('heading', { name: 'Found 2 pin(s) for "poppy"' }).waitFor();
  });
});
