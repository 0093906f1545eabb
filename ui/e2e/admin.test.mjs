// Running an instance: an admin disables an account (once confirmed), whose owner is signed out
// on their next request and told why; on an invite-only instance an invite link opens a sign-up
// form that works once.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { browserSkip, headerMenu, newAccount, serverAndBrowser, signUpByApi, waitForPath } from './harness.mjs';

describe('admin', { skip: browserSkip }, () => {
  const app = serverAndBrowser();

  it('disables an account, whose owner is signed out at once, and enables it again', async () => {
    // The first account of an instance is its admin.
    const admin = await signUpByApi(app.server.baseUrl, 'boss');
    const member = await signUpByApi(app.server.baseUrl, 'member');
    const memberPage = await app.open({ cookie: member.cookie });
    const adminPage = await app.open({ cookie: admin.cookie });
    try {
      await memberPage.page.goto('/');
      await memberPage.page.getByRole('banner').getByRole('button', { name: 'Menu' }).waitFor();

      const page = adminPage.page;
      await page.goto('/');
      await headerMenu(page, 'Admin');
      await waitForPath(page, '/admin/');
      await page.getByLabel('Search accounts').fill(member.username);
      const row = page.getByRole('row', { name: member.username });
      await row.getByRole('cell', { name: member.email }).waitFor();
      // Each account's use beside its quotas (the defaults).
      await page.getByRole('columnheader', { name: 'Uploads waiting' }).waitFor();
      await row.getByRole('cell', { name: '0 of 50,000', exact: true }).waitFor();
      await row.getByRole('cell', { name: '0 B of 10.7 GB', exact: true }).waitFor();
      // Disabling asks first; cancelled, nothing changes.
      await row.getByRole('button', { name: `Disable ${member.username}` }).click();
      const confirm = page.getByRole('dialog', { name: `Disable ${member.username}` });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      assert.equal(await row.getByText('disabled', { exact: true }).count(), 0);
      await row.getByRole('button', { name: `Disable ${member.username}` }).click();
      await confirm.getByRole('button', { name: 'Disable account' }).click();
      await confirm.waitFor({ state: 'detached' });
      await row.getByRole('button', { name: `Enable ${member.username}` }).waitFor();
      await row.getByText('disabled', { exact: true }).waitFor();

      // The member's open tab, going to their own pins, is told why they are not found.
      const disabledNote = memberPage.page.getByRole('alert').filter({ hasText: 'Your account was disabled by an admin.' });
      await headerMenu(memberPage.page, 'My pins');
      await disabledNote.waitFor();
      // The member's next request: signed out, and told so.
      await memberPage.page.reload();
      await memberPage.page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).waitFor();
      await disabledNote.waitFor();
      await memberPage.page.goto(`/${member.username}/`);
      await memberPage.page.getByRole('heading', { name: 'Oups...', level: 1 }).waitFor();
      await disabledNote.waitFor();

      await row.getByRole('button', { name: `Enable ${member.username}` }).click();
      await row.getByRole('button', { name: `Disable ${member.username}` }).waitFor();
      await memberPage.page.goto(`/${member.username}/`);
      await memberPage.page.getByRole('heading', { name: member.username, level: 1 }).waitFor();
      assert.equal(await disabledNote.count(), 0);
    } finally {
      await memberPage.context.close();
      await adminPage.context.close();
    }
  });

  it('offers no Admin link to other members', async () => {
    const member = await signUpByApi(app.server.baseUrl, 'plain');
    const { context, page } = await app.open({ cookie: member.cookie });
    try {
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Profile', exact: true }).waitFor();
      assert.equal(await page.getByRole('menu').getByRole('menuitem', { name: 'Admin', exact: true }).count(), 0);
      await page.goto('/admin/');
      await page.getByRole('alert').getByText('Only an admin of this instance may do this.').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('invite-only sign-up', { skip: browserSkip }, () => {
  const app = serverAndBrowser({ env: { CORKBOARD_ACCOUNTS__REGISTRATION: 'invite' } });

  it('opens a sign-up form from an invite link, which works once', async () => {
    const admin = await signUpByApi(app.server.baseUrl, 'host');
    const adminPage = await app.open({ cookie: admin.cookie });
    const first = await app.open();
    const second = await app.open();
    try {
      // Without an invite, the reason replaces the form.
      await first.page.goto('/signup/');
      await first.page
        .getByRole('status')
        .getByText('Sign-up on this Corkboard is by invitation: open the invite link an admin sent you.')
        .waitFor();
      assert.equal(await first.page.getByLabel('Email', { exact: true }).count(), 0);

      await adminPage.page.goto('/admin/');
      await adminPage.page.getByRole('button', { name: 'Make an invite link' }).click();
      const link = adminPage.page.getByLabel('New invite link');
      await link.waitFor();
      const url = new URL(await link.inputValue());
      assert.equal(url.pathname, '/signup/');

      const guest = newAccount('guest');
      await first.page.goto(url.pathname + url.search);
      await first.page.getByLabel('Email', { exact: true }).fill(guest.email);
      await first.page.getByLabel('Username', { exact: true }).fill(guest.username);
      await first.page.getByLabel('Password', { exact: true }).fill(guest.password);
      await first.page.getByLabel('Password confirmation', { exact: true }).fill(guest.password);
      await first.page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await waitForPath(first.page, `/${guest.username}/`);

      await second.page.goto(url.pathname + url.search);
      await second.page.getByRole('status').getByText('This invite link was already used: ask for a new one.').waitFor();
      await adminPage.page.reload();
      await adminPage.page.getByRole('list', { name: 'Invite links' }).getByText(`used by ${guest.username}`).waitFor();
    } finally {
      await adminPage.context.close();
      await first.context.close();
      await second.context.close();
    }
  });
});

describe('admin page layout', { skip: browserSkip }, () => {
  // A server of its own: its first account is the admin.
  const app = serverAndBrowser();

  it('fits the accounts table in its card at 1280 px, the own row included, and the paging on a phone', async () => {
    const admin = await signUpByApi(app.server.baseUrl, 'wide');
    const member = await signUpByApi(app.server.baseUrl, 'long-member');
    const wide = await app.open({ cookie: admin.cookie, viewport: { width: 1280, height: 900 } });
    const phone = await app.open({ cookie: admin.cookie, viewport: { width: 390, height: 844 } });
    try {
      const page = wide.page;
      await page.goto('/admin/');
      const card = page.getByRole('region', { name: 'Accounts' });
      const remove = page.getByRole('row', { name: member.username }).getByRole('button', { name: `Delete ${member.username}` });
      await remove.waitFor();
      const cardBox = await card.boundingBox();
      const removeBox = await remove.boundingBox();
      assert.ok(removeBox.x + removeBox.width <= cardBox.x + cardBox.width, `'Delete' within the card: ${JSON.stringify({ removeBox, cardBox })}`);
      const table = await page.getByRole('table').boundingBox();
      assert.ok(table.x + table.width <= cardBox.x + cardBox.width, 'the table within the card');
      // The admin's own row says whose it is, and its cells run the table's width.
      const own = page.getByRole('row', { name: admin.username });
      await own.getByText('Your own account', { exact: true }).waitFor();
      const lastCell = await own.getByRole('cell').last().boundingBox();
      assert.ok(Math.abs(lastCell.x + lastCell.width - (table.x + table.width)) < 2, 'the own row ends where the table does');

      await phone.page.goto('/admin/');
      const pageNumber = phone.page.getByText('Page 1', { exact: true });
      await pageNumber.waitFor();
      const previous = await phone.page.getByRole('button', { name: 'Previous page' }).boundingBox();
      const number = await pageNumber.boundingBox();
      assert.ok(number.height < previous.height, `'Page 1' on one line (${number.height} px high)`);
    } finally {
      await wide.context.close();
      await phone.context.close();
    }
  });
});
