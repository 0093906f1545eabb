// Signing in through an identity provider (issue 76), the whole round trip from Corkboard's login
// page against a real OpenID provider (panva's oidc-provider, tests/oidc/provider.mjs): the first
// sign-in makes the account, the profile shows the linked identity and its one username change,
// signing out ends the provider's session too; `auto_redirect` and its `?local=1` way past, with
// passwords turned off; a failed round trip said in a sentence, without looping to the provider.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { browserSkip, headerMenu, pathOf, serverAndBrowser, waitFor, waitForPath } from './harness.mjs';

const PROVIDER_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'tests', 'oidc');
const LABEL = 'Test ID';

/** Why these tests cannot run here (Chromium, or the provider's packages missing outside CI), or false. */
const skip =
  browserSkip ||
  (existsSync(path.join(PROVIDER_DIR, 'node_modules')) || process.env.CI
    ? false
    : 'tests/oidc/node_modules is missing (cd tests/oidc && npm ci); skipping the identity provider browser test');

/**
 * The test provider, up for the enclosing `describe` block, with `accounts` (subject -> claims).
 * `provider.issuer` is its address once it listens, when `env` also gets the settings that make a
 * Corkboard server use it (as its client, with the button 'Sign in with Test ID'): call it before
 * serverAndBrowser({ env }). `provider.tamper(mode)` doctors its next ID token.
 * @param {Record<string, Record<string, unknown>>} accounts
 * @param {Record<string, string>} env
 */
function testProvider(accounts, env) {
  const provider = {
    issuer: '',
    /** @param {string} mode */
    async tamper(mode) {
      const response = await fetch(`${provider.issuer}/__test/tamper`, { method: 'POST', body: JSON.stringify({ mode }) });
      assert.equal(response.status, 204);
    },
  };
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  before(async () => {
    child = spawn(process.execPath, [path.join(PROVIDER_DIR, 'provider.mjs'), JSON.stringify(accounts)], {
      cwd: PROVIDER_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-5_000);
    });
    provider.issuer = await new Promise((resolve, reject) => {
      let stdout = '';
      child?.once('exit', (code) => reject(new Error(`the test provider exited (code ${code}) before listening:\n${stderr}`)));
      child?.stdout?.setEncoding('utf8');
      child?.stdout?.on('data', (chunk) => {
        stdout += chunk;
        const match = /^issuer (\S+)/m.exec(stdout);
        if (match) resolve(match[1]);
      });
    });
    Object.assign(env, {
      CORKBOARD_ACCOUNTS__OIDC__ISSUER: provider.issuer,
      CORKBOARD_ACCOUNTS__OIDC__CLIENT_ID: 'corkboard',
      CORKBOARD_ACCOUNTS__OIDC__CLIENT_SECRET: 'corkboard-secret',
      CORKBOARD_ACCOUNTS__OIDC__BUTTON_LABEL: LABEL,
    });
  });
  after(() => {
    child?.kill();
  });
  return provider;
}

/**
 * A fresh page whose provider pages load no web font (their stylesheet asks Google Fonts).
 * @param {{ open: () => Promise<{ context: import('playwright-core').BrowserContext, page: import('playwright-core').Page, errors: Error[] }> }} app
 */
async function openOffline(app) {
  const opened = await app.open();
  await opened.context.route('https://fonts.googleapis.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: '' }));
  return opened;
}

/**
 * On the provider's pages: sign in as `login` (any password does) and consent, each when asked;
 * resolves once the browser has left the provider.
 * @param {import('playwright-core').Page} page
 * @param {string} issuer
 * @param {string} login
 */
async function signInAtProvider(page, issuer, login) {
  await waitFor(() => page.url().startsWith(issuer), { timeout: 10_000, message: `the provider's page (at ${page.url()})` });
  const loginField = page.getByPlaceholder('Enter any login');
  const consent = page.getByRole('button', { name: 'Continue' });
  for (;;) {
    const step = await waitFor(
      async () => {
        if (!page.url().startsWith(issuer)) return 'back';
        if (await loginField.isVisible()) return 'login';
        return (await consent.isVisible()) ? 'consent' : null;
      },
      { timeout: 10_000, message: `the provider's next step (at ${page.url()})` },
    );
    if (step === 'back') return;
    if (step === 'consent') await consent.click();
    else {
      await loginField.fill(login);
      await page.getByPlaceholder('and password').fill('any password');
      await page.getByRole('button', { name: 'Sign-in' }).click();
    }
    await waitFor(async () => !(await (step === 'consent' ? consent : loginField).isVisible().catch(() => false)), {
      timeout: 10_000,
      message: `the provider's ${step} page to go`,
    });
  }
}

describe('signing in through the identity provider', { skip }, () => {
  /** @type {Record<string, string>} */
  const env = {};
  const provider = testProvider({ ada: { email: 'ada@example.org', email_verified: true, preferred_username: 'ada' } }, env);
  const app = serverAndBrowser({ env });

  it('makes the account, shows the identity on the profile, and signs out of the provider too', async () => {
    const { context, page, errors } = await openOffline(app);
    try {
      await page.goto('/login/');
      await page.getByRole('link', { name: `Sign in with ${LABEL}` }).click();
      await signInAtProvider(page, provider.issuer, 'ada');

      // Signed in as the new account, its username the provider's preferred one.
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).waitFor();
      await page.goto('/profile/');
      await page.getByText('@ada', { exact: true }).waitFor();
      const methods = page.getByRole('region', { name: 'Sign-in methods' });
      await methods.getByText(LABEL, { exact: true }).waitFor();
      await methods.getByText(/^ada@example\.org · Linked /).waitFor();
      assert.equal(await methods.getByRole('button', { name: 'Set a password' }).count(), 1);
      await methods.getByRole('button', { name: /^Unlink Test ID: ada@example\.org/ }).waitFor();

      // The username proposed may be changed once.
      await page.getByRole('button', { name: 'Change username' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change username' });
      await dialog.getByText(/^You can change it once\./).waitFor();
      await dialog.getByLabel('New username', { exact: true }).fill('countess');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('status').getByText('Your username is now countess.', { exact: true }).waitFor();
      await page.getByText('@countess', { exact: true }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Change username' }).count(), 0);

      // The last way in cannot be removed: the server says so.
      const unlink = methods.getByRole('button', { name: /^Unlink / });
      await unlink.click();
      await methods.getByRole('alert').getByText('This is your only way to sign in: add a password or a passkey first.').waitFor();

      // A first password, without a current one; then the provider may go, and come back.
      await methods.getByRole('button', { name: 'Set a password' }).click();
      const setPassword = page.getByRole('dialog', { name: 'Set a password' });
      assert.equal(await setPassword.getByLabel('Current password', { exact: true }).count(), 0);
      await setPassword.getByLabel('New password', { exact: true }).fill('a first secret');
      await setPassword.getByLabel('New password confirmation', { exact: true }).fill('a first secret');
      await setPassword.getByRole('button', { name: 'Save' }).click();
      await setPassword.waitFor({ state: 'detached' });
      await methods.getByRole('status').getByText(/^Your password is set/).waitFor();
      await methods.getByRole('button', { name: 'Change password' }).waitFor();
      await unlink.click();
      await methods.getByRole('status').getByText(`${LABEL} no longer signs you in here.`, { exact: true }).waitFor();
      assert.equal(await unlink.count(), 0);
      await methods.getByRole('link', { name: `Link ${LABEL}` }).click();
      await signInAtProvider(page, provider.issuer, 'ada');
      await waitForPath(page, '/profile/');
      await methods.getByRole('button', { name: /^Unlink Test ID: ada@example\.org/ }).waitFor();

      // Signing out goes through the provider's logout, back to the login page.
      await page.evaluate(() => window.scrollTo(0, 0)); // the header shows again
      await headerMenu(page, 'Sign out');
      const signOut = page.getByRole('dialog', { name: 'Sign out' });
      await signOut.getByRole('button', { name: 'Sign out' }).click();
      await waitFor(() => page.url().startsWith(provider.issuer), { timeout: 10_000, message: "the provider's logout" });
      await page.getByRole('button', { name: 'Yes, sign me out' }).click();
      await waitForPath(page, '/login/');
      await page.getByRole('heading', { name: 'Login', level: 1 }).waitFor();

      // The provider's session ended: it asks who signs in again, and it is the same account.
      await page.getByRole('link', { name: `Sign in with ${LABEL}` }).click();
      await signInAtProvider(page, provider.issuer, 'ada');
      await page.goto('/profile/');
      await page.getByText('@countess', { exact: true }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('offers the provider on the sign-up page, with the invite link it came from', async () => {
    const { context, page, errors } = await openOffline(app);
    try {
      await page.goto('/signup/?invite=an-invite-secret');
      const start = new URL(
        (await page.getByRole('link', { name: `Sign in with ${LABEL}` }).getAttribute('href')) ?? '',
        app.server.baseUrl,
      );
      assert.equal(start.pathname, '/api/auth/oidc/start');
      assert.equal(start.searchParams.get('intent'), 'sign-in');
      assert.equal(start.searchParams.get('invite'), 'an-invite-secret');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('says why a round trip failed, in a sentence', async () => {
    const { context, page, errors } = await openOffline(app);
    try {
      await provider.tamper('expired');
      await page.goto('/login/');
      await page.getByRole('link', { name: `Sign in with ${LABEL}` }).click();
      await signInAtProvider(page, provider.issuer, 'ada');
      await waitForPath(page, '/login/');
      assert.equal(new URL(page.url()).searchParams.get('failure'), 'invalid-token');
      await page
        .getByRole('alert')
        .getByText("Your identity provider's answer could not be verified: try again, or ask the administrator.", { exact: true })
        .waitFor();
      assert.equal(await page.getByRole('banner').getByRole('button', { name: 'Menu' }).count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('going straight to the identity provider, with passwords off', { skip }, () => {
  const env = { CORKBOARD_ACCOUNTS__OIDC__AUTO_REDIRECT: 'true', CORKBOARD_ACCOUNTS__PASSWORDS: 'false' };
  const provider = testProvider({ grace: { email: 'grace@example.org', email_verified: true, preferred_username: 'grace' } }, env);
  const app = serverAndBrowser({ env });

  it('leaves the login page for the provider, unless asked for it with ?local=1', async () => {
    const { context, page, errors } = await openOffline(app);
    try {
      await page.goto('/login/?next=%2Fprofile%2F');
      await signInAtProvider(page, provider.issuer, 'grace');
      await waitForPath(page, '/profile/');
      await page.getByText('@grace', { exact: true }).waitFor();
      // No password here: none to set either.
      const methods = page.getByRole('region', { name: 'Sign-in methods' });
      await methods.getByText(LABEL, { exact: true }).waitFor();
      assert.equal(await methods.getByRole('button', { name: 'Set a password' }).count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }

    const local = await openOffline(app);
    try {
      await local.page.goto('/login/?local=1');
      await local.page.getByRole('heading', { name: 'Login', level: 1 }).waitFor();
      await local.page.getByRole('link', { name: `Sign in with ${LABEL}` }).waitFor();
      await local.page.waitForTimeout(300);
      assert.equal(pathOf(local.page), '/login/');
      assert.equal(await local.page.getByLabel('Email', { exact: true }).count(), 0);
      assert.equal(await local.page.getByLabel('Password', { exact: true }).count(), 0);
      assert.deepEqual(local.errors, []);
    } finally {
      await local.context.close();
    }
  });

  it('stays on the login page with its sentence after a failure', async () => {
    const { context, page, errors } = await openOffline(app);
    try {
      await page.goto('/login/?failure=provider-down');
      await page
        .getByRole('alert')
        .getByText('Your identity provider did not answer: try again later or sign in with a passkey.', { exact: true })
        .waitFor();
      await page.waitForTimeout(300);
      assert.equal(pathOf(page), '/login/');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
