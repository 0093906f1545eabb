// The first account of a server that serves the public: the sign-up page asks for the setup
// code and says where to find it; the code from the server's log makes the admin.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserSkip, newAccount, serverAndBrowser, waitForPath } from './harness.mjs';

describe('first account', { skip: browserSkip }, () => {
  const app = serverAndBrowser({ listen: '0.0.0.0' });

  it('asks for the setup code from the log, refuses a wrong one, and makes the admin', async () => {
    const { context, page, errors } = await app.open();
    try {
      const account = newAccount('first');
      await page.goto('/signup/');
      await page.getByRole('heading', { name: 'Sign up', level: 1 }).waitFor();
      const code = page.getByLabel('Setup code', { exact: true });
      await page.getByText("Find the setup code in the server's log:").waitFor();
      await page.getByText('journalctl -u corkboard', { exact: true }).waitFor();
      await code.fill('AAAA-BBBB-CCCC');
      await page.getByLabel('Email', { exact: true }).fill(account.email);
      await page.getByLabel('Username', { exact: true }).fill(account.username);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByLabel('Password confirmation', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await page
        .getByRole('alert')
        .getByText("This is not the setup code: copy it from the server's log.", { exact: true })
        .waitFor();

      const logged = /with the setup code (\S{14})/.exec(app.server.log());
      assert.ok(logged, 'the log shows the setup code');
      await code.fill(logged[1]);
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await waitForPath(page, `/${account.username}/`);
      // The first account runs the instance.
      await page.goto('/admin/');
      await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
