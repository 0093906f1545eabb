// The header's 'Sign up' (issue 79, defect 7): shown to visitors only where they may sign up
// without an invite link: on an open instance, not on an invite-only or closed one (whose home
// page, while it has no account, says how its operator makes the first).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserSkip, serverAndBrowser, signUpByApi } from './harness.mjs';

/** The visitor's header once the server has said whether they may sign up. */
async function visitorHeader(app) {
  const opened = await app.open();
  const answered = opened.page.waitForResponse(
    (response) => response.url().endsWith('/api/graphql') && (response.request().postData() ?? '').includes('SignUpState'),
  );
  await opened.page.goto('/');
  await answered;
  const header = opened.page.getByRole('banner');
  await header.getByRole('link', { name: 'Login', exact: true }).waitFor();
  return { ...opened, header };
}

for (const [registration, shown] of [
  ['open', true],
  ['invite', false],
]) {
  describe(`'Sign up' on an instance where sign-up is ${registration}`, { skip: browserSkip }, () => {
    const app = serverAndBrowser({ env: { CORKBOARD_ACCOUNTS__REGISTRATION: registration } });

    it(shown ? 'shows it to visitors' : 'hides it from visitors', async () => {
      await signUpByApi(app.server.baseUrl, 'host');
      const { context, page, header, errors } = await visitorHeader(app);
      try {
        const signUp = header.getByRole('link', { name: 'Sign up', exact: true });
        if (shown) await signUp.waitFor();
        else {
          await page.waitForTimeout(200);
          assert.equal(await signUp.count(), 0);
        }
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  });
}

describe('a closed instance without accounts', { skip: browserSkip }, () => {
  const app = serverAndBrowser({ env: { CORKBOARD_ACCOUNTS__REGISTRATION: 'closed' } });

  it('says how its operator makes the first account', async () => {
    const { context, page, header, errors } = await visitorHeader(app);
    try {
      await page.getByRole('heading', { name: 'Welcome to Corkboard', level: 1 }).waitFor();
      await page.getByText(/corkboard admin create-user NAME EMAIL --admin/).waitFor();
      assert.equal(await header.getByRole('link', { name: 'Sign up' }).count(), 0);
      assert.equal(await page.getByRole('link', { name: 'Create the admin account' }).count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
