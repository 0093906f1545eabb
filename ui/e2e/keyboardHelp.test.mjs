// The keyboard help (issue 79): '?' outside a field opens a dialog listing the page's keys (the
// pin viewer's on a pin), Escape closes it and focus goes back; '?' typed in a field is text.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addBoardByApi, addPinByApi, browserSkip, serverAndBrowser, signUpByApi } from './harness.mjs';

describe('keyboard help', { skip: browserSkip }, () => {
  const app = serverAndBrowser();

  it("opens on '?', lists the viewer's keys on a pin, and closes on Escape", async () => {
    const base = app.server.baseUrl;
    const dora = await signUpByApi(base, 'dora');
    const board = await addBoardByApi(base, dora.cookie, 'Shells');
    const pin = await addPinByApi(base, dora.cookie, { boards: [board.id], title: 'Conch', caption: 'A conch', seed: 3 });
    const { context, page, errors } = await app.open();
    try {
      // On a pin: the viewer's keys (spec: Viewer keyboard and touch) and those of every page.
      await page.goto(`/pins/${pin}/`);
      await page.getByRole('heading', { name: 'Conch' }).waitFor();
      const zoom = page.getByRole('link', { name: 'Open lightbox' });
      await zoom.focus();
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.waitFor();
      for (const [keys, action] of [
        ['Space or →', 'Next pin'],
        ['Backspace or ←', 'Previous pin'],
        ['Escape', 'Close: back to the list, or from the lightbox to the pin'],
        ['?', 'Show the keyboard shortcuts'],
      ]) {
        await help.getByText(keys, { exact: true }).first().waitFor();
        await help.getByText(action, { exact: true }).waitFor();
      }
      await help.getByRole('heading', { name: 'Pin viewer' }).waitFor();
      // Escape closes the help, not the pin; focus is back where it was.
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'detached' });
      assert.equal(new URL(page.url()).pathname, `/pins/${pin}/`);
      assert.equal(await zoom.evaluate((element) => element === document.activeElement), true, 'focus returned');

      // Elsewhere: no viewer keys. In a field, '?' is text.
      await page.goto('/');
      await page.getByRole('heading', { name: 'Last pins' }).waitFor();
      await page.keyboard.press('?');
      await help.waitFor();
      assert.equal(await help.getByRole('heading', { name: 'Pin viewer' }).count(), 0);
      await help.getByRole('button', { name: 'Close' }).click();
      await help.waitFor({ state: 'detached' });
      const search = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
      await search.click();
      await page.keyboard.press('?');
      assert.equal(await search.inputValue(), '?');
      assert.equal(await help.count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
