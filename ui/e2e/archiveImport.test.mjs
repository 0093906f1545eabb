// Import: the profile page's 'Import pins' uploads another user's export archive into the
// signed-in user's account and shows the report; a second import reports everything skipped.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addBoardByApi, addPinByApi, browserSkip, serverAndBrowser, signUpByApi } from './harness.mjs';

describe('import', { skip: browserSkip }, () => {
  const app = serverAndBrowser();

  it('imports an export archive from the profile page and reports what it did', async () => {
    const base = app.server.baseUrl;
    const owner = await signUpByApi(base, 'exporter');
    const board = await addBoardByApi(base, owner.cookie, 'Herons');
    await addPinByApi(base, owner.cookie, { boards: [board.id], caption: 'A grey heron', seed: 3 });
    const response = await fetch(`${base}/api/export`, { headers: { cookie: owner.cookie } });
    assert.equal(response.status, 200);
    const archive = Buffer.from(await response.arrayBuffer());

    const account = await signUpByApi(base, 'importer');
    const { context, page, errors } = await app.open({ cookie: account.cookie });
    try {
      await page.goto('/profile/');
      const input = page.getByLabel('Export archive (.zip)', { exact: true });
      const report = page.locator('.import-pins__report');
      await input.setInputFiles({ name: 'herons.zip', mimeType: 'application/zip', buffer: archive });
      await page.getByRole('button', { name: 'Import pins' }).click();
      await report.getByText('Created: 1 pin, 1 board, 0 folders.').waitFor();
      await input.setInputFiles({ name: 'herons.zip', mimeType: 'application/zip', buffer: archive });
      await page.getByRole('button', { name: 'Import pins' }).click();
      await report.getByText('Skipped as already there: 1 pin, 1 board, 0 folders.').waitFor();
      await report.getByText('Created: 0 pins, 0 boards, 0 folders.').waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
