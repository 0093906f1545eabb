// The first five minutes (issue 79): an instance without accounts says what to do first; the
// first account lands on a start (a first board in one click, then its first pin dropped on the
// empty board), and the steps from the empty instance to the first pin are counted. Then the
// header's 'Create' menu on every screen, and the empty pages that offer their owner the next
// step while a visitor sees the plain text.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addBoardByApi, browserSkip, makePng, newAccount, serverAndBrowser, signUpByApi, waitForPath } from './harness.mjs';

/** The steps a person takes from an empty instance to the first pin: clicks, fields, a drop. */
const STEPS_TO_FIRST_PIN = 10;

describe('first run', { skip: browserSkip }, () => {
  const app = serverAndBrowser();

  it('leads from an empty instance to the first pin in ten steps', async () => {
    const { context, page, errors } = await app.open();
    let steps = 0;
    /** One thing the person does. @param {() => Promise<unknown>} action */
    const step = async (action) => {
      steps += 1;
      await action();
    };
    try {
      const account = newAccount('first');
      await page.goto('/');
      await page.getByRole('heading', { name: 'Welcome to Corkboard', level: 1 }).waitFor();
      await page.getByText(/The first account is its admin/).waitFor();
      await page.getByText(/To keep sign-up closed, set registration under \[accounts\] in config\.toml/).waitFor();
      assert.equal(await page.getByRole('heading', { name: 'Last pins' }).count(), 0);

      await step(() => page.getByRole('link', { name: 'Create the admin account' }).click());
      await page.getByRole('heading', { name: 'Sign up', level: 1 }).waitFor();
      await step(() => page.getByLabel('Email', { exact: true }).fill(account.email));
      await step(() => page.getByLabel('Username', { exact: true }).fill(account.username));
      await step(() => page.getByLabel('Password', { exact: true }).fill(account.password));
      await step(() => page.getByLabel('Password confirmation', { exact: true }).fill(account.password));
      await step(() => page.getByRole('button', { name: 'Sign up', exact: true }).click());

      // The start: a first board, one click on a suggested name.
      await page.getByRole('heading', { name: 'Make your first board' }).waitFor();
      const names = page.getByRole('group', { name: 'Suggested names' });
      for (const name of ['Ideas', 'Recipes', 'Travel', 'Home']) await names.getByRole('button', { name, exact: true }).waitFor();
      await page.getByLabel('Board name').waitFor();
      await step(() => names.getByRole('button', { name: 'Ideas', exact: true }).click());
      await waitForPath(page, `/${account.username}/boards/ideas/`);

      // The empty board offers the first pin: 'Add a pin', a picture dropped on it, the browser button.
      await page.getByText('No pins...', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Add a pin' }).waitFor();
      await page.getByRole('link', { name: 'browser button' }).waitFor();
      const picture = [...makePng(64, 48, 5)];
      const dropped = await page.evaluateHandle((bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], 'first.png', { type: 'image/png' }));
        return transfer;
      }, picture);
      await step(() => page.locator('.add-pin-here').dispatchEvent('drop', { dataTransfer: dropped }));
      const dialog = page.getByRole('dialog', { name: 'Create a pin' });
      await dialog.waitFor();
      assert.equal(await dialog.getByRole('checkbox', { name: 'Ideas' }).isChecked(), true, 'the board comes chosen');
      await step(() => dialog.getByLabel('Caption').fill('My first pin'));
      await step(() => dialog.getByRole('button', { name: 'Create', exact: true }).click());
      await page.waitForURL(/\/pins\/\d+\/$/);
      await page.getByText('My first pin', { exact: true }).first().waitFor();

      assert.equal(steps, STEPS_TO_FIRST_PIN, `steps from an empty instance to the first pin: ${steps}`);
      // The first account runs the instance.
      await page.goto('/admin/');
      await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it("offers 'Create' in the header on every screen of a signed-in user, and not to a visitor", async () => {
    const bob = await signUpByApi(app.server.baseUrl, 'bob');
    const { context, page, errors } = await app.open({ cookie: bob.cookie });
    try {
      const header = page.getByRole('banner');
      const create = header.getByRole('button', { name: 'Create', exact: true });
      const choose = async (item) => {
        await create.click();
        await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
      };
      for (const [path, item, dialog] of [
        ['/', 'New pin', 'Choose pin origin'],
        ['/search/?query=sea', 'New board', 'Create a board'],
        ['/profile/', 'New folder', 'Create a folder'],
      ]) {
        await page.goto(path);
        await choose(item);
        const opened = page.getByRole('dialog', { name: dialog });
        await opened.waitFor();
        await page.keyboard.press('Escape');
        await opened.waitFor({ state: 'detached' });
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
    const visitor = await app.open();
    try {
      await visitor.page.goto('/');
      await visitor.page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).waitFor();
      assert.equal(await visitor.page.getByRole('banner').getByRole('button', { name: 'Create' }).count(), 0);
    } finally {
      await visitor.context.close();
    }
  });

  it('offers the owner of an empty page the next step, and shows a visitor the plain text', async () => {
    const cleo = await signUpByApi(app.server.baseUrl, 'cleo');
    const board = await addBoardByApi(app.server.baseUrl, cleo.cookie, 'Birds');
    const boardPath = `/${cleo.username}/boards/${board.slug}/`;
    const owner = await app.open({ cookie: cleo.cookie });
    try {
      const { page } = owner;
      await page.goto(`/${cleo.username}/`);
      await page.getByText('No pins...', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Create a board' }).click();
      const boardDialog = page.getByRole('dialog', { name: 'Create a board' });
      await boardDialog.waitFor();
      await page.keyboard.press('Escape');
      await boardDialog.waitFor({ state: 'detached' });
      await page.getByRole('main').getByRole('button', { name: 'Add a pin' }).click();
      await page.getByRole('dialog', { name: 'Choose pin origin' }).waitFor();
      await page.keyboard.press('Escape');

      await page.goto(boardPath);
      await page.getByText('No pins...', { exact: true }).waitFor();
      await page.getByRole('main').getByRole('button', { name: 'Add a pin' }).click();
      await page.getByRole('dialog', { name: 'Choose pin origin' }).getByRole('button', { name: 'Your computer' }).waitFor();
      assert.deepEqual(owner.errors, []);
    } finally {
      await owner.context.close();
    }
    const visitor = await app.open();
    try {
      const { page } = visitor;
      for (const path of [`/${cleo.username}/`, boardPath]) {
        await page.goto(path);
        await page.getByText('No pins...', { exact: true }).waitFor();
        assert.equal(await page.getByRole('button', { name: 'Add a pin' }).count(), 0, `no 'Add a pin' for a visitor at ${path}`);
        assert.equal(await page.getByRole('button', { name: 'Create a board' }).count(), 0);
      }
      assert.deepEqual(visitor.errors, []);
    } finally {
      await visitor.context.close();
    }
  });
});
