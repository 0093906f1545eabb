// Accounts as a person meets them: sign up, the header menu, sign out, sign in with `next`,
// password reset through the mailed link, the profile with its avatar, password and email
// dialogs, the user page.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserSkip, gql, latestMail, makePng, newAccount, pathOf, serverAndBrowser, signUpByApi, waitFor, waitForPath } from './harness.mjs';

describe('accounts', { skip: browserSkip }, () => {
  const app = serverAndBrowser();
  const open = app.open;
  /** @param {string} prefix */
  const signUp = (prefix) => signUpByApi(app.server.baseUrl, prefix);

  /** @param {import('playwright-core').Page} page */
  async function signOutThroughMenu(page) {
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Sign out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForPath(page, '/');
    await header.getByRole('link', { name: 'Login', exact: true }).waitFor();
  }

  it('signs up through the form and lands on the new user page', async () => {
    const { context, page, errors } = await open();
    try {
      const account = newAccount('signup');
      await page.goto('/');
      await page.getByRole('banner').getByRole('link', { name: 'Sign up', exact: true }).click();
      await page.getByRole('heading', { name: 'Sign up', level: 1 }).waitFor();
      await page.getByLabel('Email', { exact: true }).fill(account.email);
      await page.getByLabel('Username', { exact: true }).fill(account.username);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByLabel('Password confirmation', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();

      await waitForPath(page, `/${account.username}/`);
      await page.getByRole('heading', { name: account.username, level: 1 }).waitFor();
      const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' });
      await menuButton.waitFor();
      // No avatar yet: the generated default shows the initials, not an <img>.
      assert.equal(await menuButton.locator('img').count(), 0);
      assert.equal((await menuButton.textContent())?.includes(account.username), true);

      // Signed in, /signup/ and /login/ send the user to their page.
      await page.goto('/login/');
      await waitForPath(page, `/${account.username}/`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('refuses mismatched passwords and bad usernames on sign-up, without calling the server', async () => {
    const { context, page, errors } = await open();
    try {
      const account = newAccount('mismatch');
      await page.goto('/signup/');
      await page.getByLabel('Email', { exact: true }).fill(account.email);
      await page.getByLabel('Username', { exact: true }).fill(account.username);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByLabel('Password confirmation', { exact: true }).fill(`${account.password}!`);
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();

      const alert = page.getByRole('alert');
      await alert.getByText('Password and password confirmation must match!', { exact: true }).waitFor();
      assert.equal(pathOf(page), '/signup/');

      await page.getByLabel('Password confirmation', { exact: true }).fill(account.password);
      await page.getByLabel('Username', { exact: true }).fill('no spaces please');
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await alert.getByText('Invalid characters in username.', { exact: true }).waitFor();
      assert.equal(await alert.getByRole('listitem').count(), 1);
      assert.equal(pathOf(page), '/signup/');

      // The account was never created: signing in with it fails with the server's sentence.
      await page.goto('/login/');
      await page.getByLabel('Email', { exact: true }).fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
      await waitFor(async () => (await page.getByRole('alert').getByRole('listitem').count()) > 0, {
        message: 'the sign-in error',
      });
      assert.equal(pathOf(page), '/login/');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('marks required fields with an asterisk and labels every input', async () => {
    const { context, page } = await open();
    try {
      await page.goto('/signup/');
      await page.getByRole('heading', { name: 'Sign up', level: 1 }).waitFor();
      const unlabelled = await page.evaluate(() =>
        Array.from(document.querySelectorAll('input')).filter((input) => input.labels?.length !== 1).length,
      );
      assert.equal(unlabelled, 0);
      // Each required input's label is followed by a visible asterisk (hidden from screen
      // readers, which announce the input as required).
      const marked = await page.evaluate(() =>
        Array.from(document.querySelectorAll('input[required]')).map((input) => {
          const label = input.labels?.[0];
          const mark = label?.nextElementSibling;
          return `${label?.textContent} ${mark?.textContent}${mark?.getAttribute('aria-hidden') === 'true' ? '' : '!'}`;
        }),
      );
      assert.deepEqual(marked, ['Email *', 'Username *', 'Password *', 'Password confirmation *']);
    } finally {
      await context.close();
    }
  });

  it('signs out through the menu, then signs in with /login/?next=/profile/', async () => {
    const account = await signUp('signin');
    const { context, page, errors } = await open({ cookie: account.cookie });
    try {
      await page.goto(`/${account.username}/`);
      const header = page.getByRole('banner');
      const menuButton = header.getByRole('button', { name: 'Menu' });
      await menuButton.click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      const names = await menu.getByRole('menuitem').allTextContents();
      assert.deepEqual(names, [
        'My pins',
        'My boards',
        'My folders',
        'New pin',
        'New board',
        'New private board',
        'New folder',
        'New private folder',
        'Show NSFW',
        'Profile',
        'Browser button',
        'Sign out',
      ]);
      assert.equal(await menu.getByRole('menuitem', { name: 'My pins' }).getAttribute('href'), `/${account.username}/pins/`);
      assert.equal(await menu.getByRole('menuitem', { name: 'My boards' }).getAttribute('href'), `/${account.username}/boards/`);
      assert.equal(await menu.getByRole('menuitem', { name: 'My folders' }).getAttribute('href'), `/${account.username}/folders/`);
      assert.equal(await menu.getByRole('menuitem', { name: 'Profile' }).getAttribute('href'), '/profile/');

      // The sign-out dialog is a labelled modal; Escape and Cancel leave the user signed in.
      await menu.getByRole('menuitem', { name: 'Sign out' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out' });
      await dialog.waitFor();
      assert.equal(await dialog.getAttribute('aria-modal'), 'true');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await menuButton.click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      assert.equal(pathOf(page), `/${account.username}/`);

      await signOutThroughMenu(page);
      assert.equal(await header.getByRole('button', { name: 'Menu' }).count(), 0);

      // The profile asks a visitor to sign in and brings them back.
      await page.goto('/profile/');
      await waitFor(() => new URL(page.url()).search === '?next=%2Fprofile%2F', { message: 'the login redirect' });
      assert.equal(pathOf(page), '/login/');
      await page.getByLabel('Email', { exact: true }).fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
      await waitForPath(page, '/profile/');
      await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
      await header.getByRole('button', { name: 'Menu' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('says so when signing in or out fails', async () => {
    const account = await signUp('failing');
    const { context, page, errors, allowConsoleErrors } = await open();
    // The browser's own lines about the requests cut below.
    allowConsoleErrors(/^Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)$/);
    try {
      // The network is down for the sign-in: the form says so and stays.
      await page.goto('/login/');
      await page.getByLabel('Email', { exact: true }).fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.route('**/api/graphql', (route) => route.abort('internetdisconnected'));
      await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByRole('alert').getByText('A network error occured', { exact: true }).waitFor();
      assert.equal(pathOf(page), '/login/');
      await page.unroute('**/api/graphql');

      // A wrong password: the server's sentence.
      await page.getByLabel('Password', { exact: true }).fill('not the password');
      await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByRole('alert').getByRole('listitem').waitFor();
      assert.equal(pathOf(page), '/login/');

      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
      await waitForPath(page, `/${account.username}/`);

      // Signing out fails: the dialog stays open with the spec's sentence, the user signed in.
      await page.route('**/api/graphql', (route) =>
        route.request().postData()?.includes('logout') ? route.abort('failed') : route.continue(),
      );
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out' });
      await dialog.getByRole('button', { name: 'Sign out' }).click();
      await dialog.getByRole('alert').getByText('Sorry, an error occured signing out...', { exact: true }).waitFor();
      await page.unroute('**/api/graphql');
      await dialog.getByRole('button', { name: 'Sign out' }).click();
      await dialog.waitFor({ state: 'detached' });
      await waitForPath(page, '/');
      await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('resets the password through the mailed link', async () => {
    const account = await signUp('reset');
    const { context, page, errors } = await open();
    try {
      await page.goto('/login/');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await waitForPath(page, '/start_password_reset');
      const since = Date.now() - 1_000;
      await page.getByLabel('Email', { exact: true }).fill(account.email);
      await page.getByRole('button', { name: 'Send me a reset link' }).click();
      await page.getByRole('status').waitFor();

      const mail = await latestMail(app.server.dataDir, { since });
      const link = /https?:\/\/[^\s"'<>]+\/password_reset\?token=[A-Za-z0-9_~.%-]+/.exec(mail)?.[0];
      assert.ok(link, `the mail holds a reset link:\n${mail}`);
      const url = new URL(link);
      assert.equal(url.origin, app.server.baseUrl);

      await page.goto(link);
      const token = page.getByLabel('Token', { exact: true });
      await token.waitFor();
      assert.equal(await token.inputValue(), url.searchParams.get('token'));

      const newPassword = 'a brand new secret';
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('New password confirmation', { exact: true }).fill('something else');
      await page.getByRole('button', { name: 'Reset my password' }).click();
      await page
        .getByRole('alert')
        .getByText('New password and new password confirmation must match!', { exact: true })
        .waitFor();

      await page.getByLabel('New password confirmation', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Reset my password' }).click();
      // Resetting signs in.
      await waitForPath(page, `/${account.username}/`);
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).waitFor();

      await signOutThroughMenu(page);
      await page.goto('/login/');
      await page.getByLabel('Email', { exact: true }).fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(newPassword);
      await page.getByRole('main').getByRole('button', { name: 'Login', exact: true }).click();
      await waitForPath(page, `/${account.username}/`);
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('changes the avatar from the profile page', async () => {
    const account = await signUp('avatar');
    const { context, page, errors } = await open({ cookie: account.cookie });
    try {
      await page.goto('/profile/');
      const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' });
      await menuButton.waitFor();
      assert.equal(await menuButton.locator('img').count(), 0);

      await page.getByRole('button', { name: 'Change my avatar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change my avatar' });
      await dialog.waitFor();
      await dialog.getByLabel('Avatar', { exact: true }).setInputFiles({
        name: 'avatar.png',
        mimeType: 'image/png',
        buffer: makePng(),
      });
      await dialog.getByRole('button', { name: 'Upload' }).click();
      await dialog.waitFor({ state: 'detached', timeout: 15_000 });

      const img = menuButton.locator('img');
      await img.waitFor();
      const src = await img.getAttribute('src');
      assert.ok(src && new URL(src, app.server.baseUrl).pathname.startsWith('/media/'), `avatar src ${src}`);
      await waitFor(() => img.evaluate((el) => el.complete && el.naturalWidth > 0), { message: 'the avatar to load' });
      // The profile's own avatar followed.
      await page.getByRole('main').getByRole('img', { name: `Avatar of ${account.username}` }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('edits the profile and shows it on the user page; unknown users are not found', async () => {
    const account = await signUp('profile');
    const { context, page, errors } = await open({ cookie: account.cookie });
    try {
      await page.goto('/profile/');
      await page.getByLabel('First name', { exact: true }).fill('Ada');
      await page.getByLabel('Last name', { exact: true }).fill('Lovelace');
      await page.getByLabel('Website', { exact: true }).fill('https://ada.example.org/');
      await page.getByLabel('Twitter', { exact: true }).fill('https://twitter.com/ada');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').getByText('Your profile has been saved.').waitFor();

      await page.goto(`/${account.username}/`);
      await page.getByRole('heading', { name: 'Ada Lovelace', level: 1 }).waitFor();
      assert.equal(
        await page.getByRole('link', { name: 'ada.example.org' }).getAttribute('href'),
        'https://ada.example.org/',
      );
      assert.equal(await page.getByRole('link', { name: 'Twitter' }).getAttribute('href'), 'https://twitter.com/ada');
      assert.equal(await page.getByRole('link', { name: 'Facebook' }).count(), 0);

      // Emptying a field clears it.
      await page.goto('/profile/');
      await page.getByLabel('Twitter', { exact: true }).fill('');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').getByText('Your profile has been saved.').waitFor();
      await page.goto(`/${account.username}/`);
      await page.getByRole('heading', { name: 'Ada Lovelace', level: 1 }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Twitter' }).count(), 0);

      // The Show NSFW switch is remembered.
      const header = page.getByRole('banner');
      await header.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('menuitem', { name: 'Show NSFW' }).click();
      await page.reload();
      await header.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('menuitem', { name: 'Hide NSFW' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });

      await page.goto('/no-such-user-here/');
      await page.getByRole('heading', { name: 'Oups...' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('keeps a username longer than 30 characters as typed and says it is too long', async () => {
    const { context, page, errors } = await open();
    try {
      const account = newAccount('long');
      const tooLong = `a-very-long-username-${'x'.repeat(14)}`; // 35 characters
      await page.goto('/signup/');
      await page.getByLabel('Email', { exact: true }).fill(account.email);
      const username = page.getByLabel('Username', { exact: true });
      await username.fill(tooLong);
      // Nothing is cut silently: the field keeps what was typed and says what is wrong.
      assert.equal(await username.inputValue(), tooLong);
      const alert = page.getByRole('alert');
      await alert.getByText('Username must be at most 30 characters long.', { exact: true }).waitFor();
      assert.equal(await username.getAttribute('aria-invalid'), 'true');
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByLabel('Password confirmation', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await alert.getByText('Username must be at most 30 characters long.', { exact: true }).waitFor();
      assert.equal(pathOf(page), '/signup/');

      // Shortened, the message goes and the account is made.
      await username.fill(account.username);
      assert.equal(await alert.getByRole('listitem').count(), 0);
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await waitForPath(page, `/${account.username}/`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('changes the password: the dialog closes, says so, and other sessions are signed out', async () => {
    const account = await signUp('passwd');
    const other = await gql(
      app.server.baseUrl,
      `mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) { id } }`,
      { email: account.email, password: account.password },
    );
    const { context, page, errors } = await open({ cookie: account.cookie });
    try {
      await page.goto('/profile/');
      await page.getByRole('button', { name: 'Change password' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change password' });
      await dialog.getByLabel('Current password', { exact: true }).fill(account.password);
      await dialog.getByLabel('New password', { exact: true }).fill('a brand new secret');
      await dialog.getByLabel('New password confirmation', { exact: true }).fill('a brand new secret');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByRole('status')
        .getByText('Your password has been changed. Your other sessions were signed out.', { exact: true })
        .waitFor();

      // This session goes on; the other one has ended; the new password signs in.
      await page.reload();
      await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
      const me = `query Me { me { id } }`;
      assert.equal((await gql(app.server.baseUrl, me, {}, other.cookie)).data.me, null);
      const login = await gql(
        app.server.baseUrl,
        `mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) { id } }`,
        { email: account.email, password: 'a brand new secret' },
      );
      assert.equal(login.errors, undefined);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('changes the email: the dialog closes, says so, and the profile shows the new address at once', async () => {
    const account = await signUp('mailer');
    const { context, page, errors } = await open({ cookie: account.cookie });
    try {
      await page.goto('/profile/');
      const email = page.getByRole('definition').filter({ hasText: account.email });
      await email.waitFor();
      const newEmail = `new-${account.email}`;
      await page.getByRole('button', { name: 'Change my email' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change my email' });
      await dialog.getByLabel('New email', { exact: true }).fill(newEmail);
      await dialog.getByLabel('Password', { exact: true }).fill(account.password);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByRole('status')
        .getByText(`Your email is now ${newEmail}. We sent you a link to verify it.`, { exact: true })
        .waitFor();
      const shown = page.getByRole('definition').filter({ hasText: newEmail });
      await shown.waitFor();
      assert.equal(await page.getByRole('definition').filter({ hasText: new RegExp(`^${account.email}`) }).count(), 0);
      await shown.getByText('not verified', { exact: true }).waitFor();
      await shown.getByRole('link', { name: 'Verify my email' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
