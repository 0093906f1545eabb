// Export: the profile page's 'Export my pins' downloads a zip whose manifest lists the user's pins.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { addBoardByApi, addPinByApi, browserSkip, serverAndBrowser, signUpByApi } from './harness.mjs';

describe('export', { skip: browserSkip }, () => {
  const app = serverAndBrowser();

  it('downloads a zip of the signed-in user’s pins from the profile page', async () => {
    const account = await signUpByApi(app.server.baseUrl, 'export');
    const board = await addBoardByApi(app.server.baseUrl, account.cookie, 'Herons');
    const pin = await addPinByApi(app.server.baseUrl, account.cookie, { boards: [board.id], caption: 'A grey heron', seed: 7 });
    const { context, page, errors } = await app.open({ cookie: account.cookie });
    try {
      await page.goto('/profile/');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export my pins' }).click(),
      ]);
      assert.match(download.suggestedFilename(), new RegExp(`^corkboard-${account.username}-.*\\.zip$`));
      const path = await download.path();
      const manifest = JSON.parse(execFileSync('/usr/bin/unzip', ['-p', path, 'manifest.json'], { encoding: 'utf8' }));
      assert.equal(manifest.format, 'corkboard-export');
      assert.equal(manifest.user, account.username);
      assert.deepEqual(manifest.pins.map((/** @type {any} */ p) => [String(p.id), p.caption]), [[pin, 'A grey heron']]);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
