// What a tester met walking the app (issue 79), seen as a person sees it: the user page's tab,
// a clean first load, ...

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addBoardByApi, addPinByApi, browserSkip, serverAndBrowser, signUpByApi } from './harness.mjs';

describe("the walk's defects", { skip: browserSkip }, () => {
  const app = serverAndBrowser();
  const signUp = (prefix) => signUpByApi(app.server.baseUrl, prefix);

  it('highlights the pins tab on the bare user page, and loads without a router warning', async () => {
    const alice = await signUp('tabs');
    const board = await addBoardByApi(app.server.baseUrl, alice.cookie, 'Tabbed');
    await addPinByApi(app.server.baseUrl, alice.cookie, { boards: [board.id], title: 'Tabbed pin' });
    const { context, page } = await app.open();
    const warnings = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    try {
      await page.goto(`/${alice.username}/`);
      await page.getByText('Tabbed pin', { exact: true }).waitFor();
      const tabs = page.getByRole('navigation', { name: 'User sections' });
      assert.equal(await tabs.getByRole('link', { name: '1 pin' }).getAttribute('aria-current'), 'page');
      assert.equal(await tabs.getByRole('link', { name: '1 board' }).getAttribute('aria-current'), null);
      assert.deepEqual(warnings.filter((text) => text.includes('HydrateFallback')), []);
    } finally {
      await context.close();
    }
  });
});
