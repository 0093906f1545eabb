// Importing a bookmark file from the profile page (issue 16): the import runs in the background
// with its progress shown, ends with what it made and what failed, and the pictures are pins on
// the board named after their folder.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserSkip, makePng, serverAndBrowser, signUpByApi, testSite, waitForPath } from './harness.mjs';

/** Pictures served slowly enough (300 ms each) for the progress to be seen. */
function slowPictures() {
  return testSite((request, response) => {
    const match = /^\/picture-(\d)\.png$/.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    setTimeout(() => response.writeHead(200, { 'content-type': 'image/png' }).end(makePng(220, 160, Number(match[1]))), 300);
  });
}

describe('importing bookmarks', { skip: browserSkip }, () => {
  const app = serverAndBrowser({ env: { CORKBOARD_FETCH__ALLOW_PRIVATE_NETWORKS: 'true' } });
  const site = slowPictures();

  it('shows the progress and ends with the pins on their boards', async () => {
    const alice = await signUpByApi(app.server.baseUrl, 'importer');
    const { context, page } = await app.open({ cookie: alice.cookie });
    const file = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
  <DT><H3>Trips</H3>
  <DL><p>
    <DT><A HREF="${site.url}/lake" IMAGE="${site.url}/picture-1.png">A lake</A>
    <DT><A HREF="${site.url}/hill" IMAGE="${site.url}/picture-2.png">A hill</A>
    <DT><A HREF="${site.url}/lost" IMAGE="${site.url}/missing.png">Lost</A>
  </DL><p>
</DL>`;
    try {
      await page.goto('/profile/');
      await page.getByLabel('Bookmark file').setInputFiles({ name: 'trips.html', mimeType: 'text/html', buffer: Buffer.from(file) });
      await page.getByRole('button', { name: 'Import bookmarks' }).click();
      const imports = page.getByRole('list', { name: 'Imports' });
      await imports.getByText(/^Importing\.\.\./).waitFor();
      await imports.getByRole('progressbar').waitFor();
      await imports.getByText('2 created, 0 already pinned, 1 failed.', { exact: true }).waitFor({ timeout: 20_000 });
      const failures = page.getByRole('list', { name: 'Not imported from trips.html' });
      assert.match(await failures.innerText(), /^Lost: .*404/);

      await page.goto(`/${alice.username}/boards/`);
      await page.getByRole('link', { name: /Trips/ }).first().click();
      await waitForPath(page, `/${alice.username}/boards/trips/`);
      const pins = page.getByRole('list', { name: 'Pins' });
      await pins.getByText('A lake', { exact: true }).waitFor();
      await pins.getByText('A hill', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
