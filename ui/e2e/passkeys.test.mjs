// Passkeys in real Chromium, through its virtual authenticator (the DevTools protocol's WebAuthn
// domain): added on the profile, signed in with after signing out ('Sign in with a passkey', and
// offered among the email field's suggestions), renamed and removed; refused when its account
// was deleted, when offered again for another account, and to anyone but its owner.

import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { browserSkip, gql, gqlOk, openPage, serverAndBrowser, signUpByApi, waitFor, waitForPath } from './harness.mjs';

describe('passkeys', { skip: browserSkip }, () => {
  const app = serverAndBrowser();
  /** Browsers offer passkeys on localhost, not at 127.0.0.1 (the harness's address). */
  const localhost = () => app.server.baseUrl.replace('127.0.0.1', 'localhost');
  /** The first account is the instance's admin. */
  let admin = /** @type {{ cookie: string }} */ ({ cookie: '' });
  before(async () => {
    admin = await signUpByApi(app.server.baseUrl, 'admin');
  });

  /**
   * A page at localhost with a virtual authenticator of its own (a platform one that verifies
   * its user and holds discoverable credentials), signed in with `cookie` when given.
   * @param {{ cookie?: string, suggestions?: boolean }} [options] `suggestions: false`: the
   *   browser says it offers no passkeys among a field's suggestions (conditional mediation).
   */
  async function openWithAuthenticator({ cookie, suggestions = true } = {}) {
    const opened = await openPage(app.browser, localhost(), { cookie });
    opened.context.setDefaultTimeout(10_000);
    if (!suggestions) {
      await opened.context.addInitScript(() => {
        PublicKeyCredential.isConditionalMediationAvailable = async () => false;
      });
    }
    const cdp = await opened.context.newCDPSession(opened.page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const credentials = async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
    return { ...opened, cdp, authenticatorId, credentials };
  }

  /**
   * Adds a passkey named `name` on the profile page.
   * @param {import('playwright-core').Page} page
   * @param {string} name
   */
  async function addPasskey(page, name) {
    await page.goto('/profile/');
    const section = page.getByRole('region', { name: 'Passkeys' });
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    return { section, dialog };
  }

  /** Signs out through the header's menu, from the home page (the header hides as a page scrolls). @param {import('playwright-core').Page} page */
  async function signOut(page) {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out' });
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('adds a passkey on the profile, signs in with it, renames and removes it', async () => {
    const account = await signUpByApi(app.server.baseUrl, 'pk');
    const { context, page, errors, credentials } = await openWithAuthenticator({ cookie: account.cookie, suggestions: false });
    try {
      await page.goto('/profile/');
      const section = page.getByRole('region', { name: 'Passkeys' });
      await section.getByText('You have no passkey yet.').waitFor();
      await section.getByRole('button', { name: 'Add a passkey' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
      // Named after the device's system unless its owner says otherwise.
      assert.equal(await dialog.getByLabel('Name').inputValue(), 'Passkey on Linux');
      await dialog.getByLabel('Name').fill('My laptop');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await section.getByRole('status').getByText('The passkey My laptop is added.').waitFor();
      const list = section.getByRole('list', { name: 'Your passkeys' });
      await list.getByText('My laptop', { exact: true }).waitFor();
      await list.getByText(/not used yet/).waitFor();
      const held = await credentials();
      assert.equal(held.length, 1);
      assert.equal(held[0].isResidentCredential, true, 'a discoverable credential, which names its account');

      await signOut(page);
      await page.goto('/login/');
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await waitForPath(page, `/${account.username}/`);
      await page.getByRole('heading', { name: account.username, level: 1 }).waitFor();

      await page.goto('/profile/');
      await list.getByText(/last used/).waitFor();
      await section.getByRole('button', { name: 'Rename My laptop' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename the passkey' });
      await rename.getByLabel('Name').fill('Work laptop');
      await rename.getByRole('button', { name: 'Save' }).click();
      await section.getByRole('status').getByText('The passkey is now called Work laptop.').waitFor();

      await section.getByRole('button', { name: 'Remove Work laptop' }).click();
      const remove = page.getByRole('dialog', { name: 'Remove the passkey' });
      await remove.getByText('Remove the passkey Work laptop? It will no longer sign you in here.').waitFor();
      await remove.getByRole('button', { name: 'Remove', exact: true }).click();
      await section.getByRole('status').getByText('The passkey Work laptop is removed.').waitFor();
      await section.getByText('You have no passkey yet.').waitFor();

      // The authenticator still holds the credential, which signs nobody in any more.
      await signOut(page);
      await page.goto('/login/');
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.getByRole('alert').getByText('This passkey does not belong to an account here', { exact: false }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/login/');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('offers passkeys among the email field’s suggestions on the login page', async () => {
    const account = await signUpByApi(app.server.baseUrl, 'suggest');
    const { context, page, errors } = await openWithAuthenticator({ cookie: account.cookie });
    try {
      await addPasskey(page, 'Laptop');
      await page.getByRole('region', { name: 'Passkeys' }).getByRole('list').getByText('Laptop', { exact: true }).waitFor();
      await signOut(page);
      // The page's passkey requests are noted, and held until the test has looked at the page.
      await context.addInitScript(() => {
        const get = navigator.credentials.get.bind(navigator.credentials);
        /** @type {string[]} */
        const asked = [];
        /** @type {(value?: unknown) => void} */
        let release = () => {};
        const released = new Promise((resolve) => {
          release = resolve;
        });
        Object.assign(window, { passkeyRequests: asked, releasePasskeyRequests: () => release() });
        navigator.credentials.get = async (options) => {
          asked.push(options?.mediation ?? 'dialog');
          await released;
          return get(options);
        };
      });
      await page.goto('/login/');
      assert.equal(await page.getByLabel('Email', { exact: true }).getAttribute('autocomplete'), 'username webauthn');
      const asked = await waitFor(() => page.evaluate(() => /** @type {any} */ (window).passkeyRequests?.join(' ')), {
        message: 'a passkey request as the page opens',
      });
      // Only suggestions, never the dialog: a request aborted when the page's options are read
      // again (after the sign-out's reset) is followed by another.
      assert.match(asked, /^conditional( conditional)*$/);
      await page.evaluate(() => /** @type {any} */ (window).releasePasskeyRequests());
      // The virtual authenticator picks its passkey among the suggestions, as a person would:
      // that signs in, with no email typed and no button pressed.
      await waitForPath(page, `/${account.username}/`);
      assert.match(await page.evaluate(() => /** @type {any} */ (window).passkeyRequests.join(' ')), /^conditional( conditional)*$/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('refuses a passkey offered again for another account, and another’s passkey to anyone else', async () => {
    const ada = await signUpByApi(app.server.baseUrl, 'ada');
    const bob = await signUpByApi(app.server.baseUrl, 'bob');
    const adaPage = await openWithAuthenticator({ cookie: ada.cookie, suggestions: false });
    const bobPage = await openWithAuthenticator({ cookie: bob.cookie, suggestions: false });
    try {
      /** @type {any} */
      let adaCredential = null;
      adaPage.page.on('request', (request) => {
        const body = request.postDataJSON?.();
        if (body?.operationName === 'FinishPasskeyRegistration') adaCredential = JSON.parse(body.variables.credential);
      });
      const added = await addPasskey(adaPage.page, 'Ada’s phone');
      await added.section.getByRole('status').waitFor();
      assert.ok(adaCredential, 'ada’s registration was seen');

      // Bob's browser sends ada's credential (its "none" attestation signs nothing) for his own
      // ceremony: the credential is ada's already.
      await bobPage.page.route('**/api/graphql', async (route) => {
        const body = route.request().postDataJSON();
        if (body?.operationName !== 'FinishPasskeyRegistration') return route.continue();
        const own = JSON.parse(body.variables.credential);
        const swapped = { ...own, id: adaCredential.id, rawId: adaCredential.rawId, response: { ...own.response, attestationObject: adaCredential.response.attestationObject } };
        return route.continue({ postData: JSON.stringify({ ...body, variables: { ...body.variables, credential: JSON.stringify(swapped) } }) });
      });
      const offered = await addPasskey(bobPage.page, 'Not mine');
      await offered.dialog.getByRole('alert').getByText('This passkey is already registered here.').waitFor();

      // Nobody but ada names or removes hers.
      const { data } = await gqlOk(app.server.baseUrl, '{ me { signInMethods { passkeys { id } } } }', {}, ada.cookie);
      const id = data.me.signInMethods.passkeys[0].id;
      const renamed = await gql(app.server.baseUrl, 'mutation R($id: ID!) { renamePasskey(id: $id, name: "Bob’s") { id } }', { id }, bob.cookie);
      assert.equal(renamed.errors?.[0]?.extensions?.code, 'NOT_FOUND_ERROR');
      const removed = await gql(app.server.baseUrl, 'mutation D($id: ID!) { removePasskey(id: $id) { id } }', { id }, bob.cookie);
      assert.equal(removed.errors?.[0]?.extensions?.code, 'NOT_FOUND_ERROR');

      // Ada's account deleted: her passkey signs nobody in.
      const { data: who } = await gqlOk(app.server.baseUrl, '{ me { id } }', {}, ada.cookie);
      await gqlOk(
        app.server.baseUrl,
        'mutation X($id: ID!, $name: String!) { deleteAccount(userId: $id, confirmation: $name) { message } }',
        { id: who.me.id, name: ada.username },
        admin.cookie,
      );
      await adaPage.page.goto('/login/');
      await adaPage.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await adaPage.page.getByRole('alert').getByText('This passkey does not belong to an account here', { exact: false }).waitFor();
      assert.deepEqual(adaPage.errors, []);
      assert.deepEqual(bobPage.errors, []);
    } finally {
      await adaPage.context.close();
      await bobPage.context.close();
    }
  });
});
