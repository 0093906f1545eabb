// English and French (issue 79): a browser speaking French walks the main path in French, from
// the empty instance to the first pin, its pages, a search, the profile, the admin page and a
// server's error, and no screen shows an English message of the catalogs (the UI's, and the
// server's: crates/i18n/locales) that French says otherwise, in its text or in
// what screen readers read (labels, titles, placeholders, alternative texts). The footer's switch
// turns an English page French and back; a user's chosen language wins over the browser's.
// Elements are found by their French names, read from the catalogs.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { IntlMessageFormat } from 'intl-messageformat';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { readCatalog } from '../i18n-extract.mjs';
import { browserSkip, gql, makePng, newAccount, serverAndBrowser, signUpByApi, waitFor, waitForPath } from './harness.mjs';

const repo = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const english = (await readCatalog('en')).messages;
const french = (await readCatalog('fr')).messages;

/** The French of the UI's message `id`, formatted with `values`. */
function fr(id, values) {
  const message = french[id];
  if (message === undefined) throw new Error(`no French for '${id}'`);
  return String(new IntlMessageFormat(message, 'fr').format(values));
}

/** A Fluent catalog's simple messages (id -> text, `{ $name }` kept), from crates/i18n/locales/<code>/*.ftl. */
async function fluentMessages(code) {
  const folder = path.join(repo, 'crates/i18n/locales', code);
  if (!existsSync(folder)) return {};
  const messages = {};
  for (const file of (await readdir(folder)).filter((name) => name.endsWith('.ftl')).sort()) {
    let current = null;
    for (const line of (await readFile(path.join(folder, file), 'utf8')).split('\n')) {
      const start = /^([a-z][a-z0-9-]*)\s*=\s*(.*)$/.exec(line);
      if (start) {
        current = start[1];
        messages[current] = start[2].trim();
      } else if (current && /^\s+\S/.test(line) && !/^\s+[.*[]/.test(line)) {
        messages[current] = `${messages[current]} ${line.trim()}`.trim();
      } else if (!/^\s/.test(line)) {
        current = null;
      }
    }
  }
  return messages;
}
const serverEnglish = await fluentMessages('en');
const serverFrench = await fluentMessages('fr');
assert.ok(Object.keys(serverFrench).length > 0, "the server's French catalog (crates/i18n/locales/fr)");

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regex source matching what an ICU message shows, whatever its values. */
function icuPattern(ast) {
  return ast
    .map((element) => {
      switch (element.type) {
        case TYPE.literal:
          return escapeRegex(element.value);
        case TYPE.pound:
          return '[\\d\\s.,\u00a0\u202f]+';
        case TYPE.plural:
        case TYPE.select:
          // Options of no words of their own ('other {{kind}}') would match anything.
          return `(?:${Object.values(element.options)
            .filter((option) => wordLetters(option.value).length > 0)
            .map((option) => icuPattern(option.value))
            .join('|')})`;
        case TYPE.tag:
          return icuPattern(element.children);
        default:
          return '.+?';
      }
    })
    .join('');
}

/** The letters of an ICU message's own words (not its values). */
function wordLetters(ast) {
  return ast
    .map((element) => {
      if (element.type === TYPE.literal) return element.value.replace(/[^\p{L}]/gu, '');
      if (element.type === TYPE.plural || element.type === TYPE.select) return Object.values(element.options).map((o) => wordLetters(o.value)).join('');
      if (element.type === TYPE.tag) return wordLetters(element.children);
      return '';
    })
    .join('');
}

/**
 * What must not show to a French reader: each English message whose French differs, as a regex
 * of the whole text it makes (placeholders as wildcards). Messages of fewer than two letters of
 * their own ('{name}', '#{tag}') could match anything and are left out.
 */
const englishPatterns = (() => {
  const frenchTexts = new Set([...Object.values(french), ...Object.values(serverFrench)]);
  const patterns = [];
  for (const [id, message] of Object.entries(english)) {
    // The languages' names show in their own language in the switches.
    if (id === 'language.name' || french[id] === message || frenchTexts.has(message)) continue;
    const ast = parse(message);
    if (wordLetters(ast).length < 2) continue;
    patterns.push({ id, text: message, regex: new RegExp(`^${icuPattern(ast)}$`, 'u') });
  }
  for (const [id, message] of Object.entries(serverEnglish)) {
    if (id === 'language-name' || serverFrench[id] === message || frenchTexts.has(message) || message.includes('->')) continue;
    const parts = message.split(/\{[^}]*\}/);
    if (parts.join('').replace(/[^\p{L}]/gu, '').length < 2) continue;
    patterns.push({ id, text: message, regex: new RegExp(`^${parts.map(escapeRegex).join('.+?')}$`, 'u') });
  }
  return patterns;
})();

/**
 * Every text a reader meets on the page: each visible element's text (whole, and line by line),
 * the labels, titles, placeholders and alternative texts, the document's title.
 * @param {import('playwright-core').Page} page
 */
async function textsOf(page) {
  return page.evaluate(() => {
    const found = new Set([document.title]);
    const add = (text) => {
      const normal = (text ?? '').replace(/\s+/g, ' ').trim();
      if (normal) found.add(normal);
    };
    for (const element of document.body.querySelectorAll('*')) {
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'svg'].includes(element.tagName)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) add(element.getAttribute(name));
      if (!(element instanceof HTMLElement) || !element.checkVisibility()) continue;
      add(element.innerText);
      for (const line of element.innerText.split('\n')) add(line);
    }
    return [...found];
  });
}

/**
 * Fails when the page shows an English message whose French differs, or is not in French.
 * `typed`: what the test wrote itself (user content, never translated).
 * @param {import('playwright-core').Page} page
 * @param {string} screen
 * @param {Set<string>} typed
 */
async function assertNoEnglish(page, screen, typed = new Set()) {
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr', `${screen}: <html lang>`);
  const left = [];
  for (const text of await textsOf(page)) {
    if (typed.has(text)) continue;
    for (const pattern of englishPatterns) if (pattern.regex.test(text)) left.push(`"${text}" (${pattern.id}: "${pattern.text}")`);
  }
  assert.deepEqual(left, [], `English left on ${screen}`);
}

/** Runs `change` (which makes the page reload) and waits for the reloaded page. */
async function reloadedBy(page, change) {
  await Promise.all([page.waitForEvent('load'), change()]);
}

describe('in French', { skip: browserSkip }, () => {
  const app = serverAndBrowser();

  it('walks from the empty instance to the first pin, its pages, a search, the profile and the admin page in French', async () => {
    const { context, page, errors } = await app.open({ locale: 'fr-FR' });
    const account = newAccount('fr');
    const caption = 'Ma première épingle';
    const typed = new Set([account.username, account.email, caption]);
    try {
      await page.goto('/');
      await page.getByRole('heading', { name: fr('firstRun.title'), level: 1 }).waitFor();
      await assertNoEnglish(page, 'the empty instance');

      await page.getByRole('link', { name: fr('firstRun.create') }).click();
      await page.getByRole('heading', { name: fr('signup.title'), level: 1 }).waitFor();
      await assertNoEnglish(page, 'the sign-up page');
      await page.getByLabel(fr('signup.email'), { exact: true }).fill(account.email);
      await page.getByLabel(fr('signup.username'), { exact: true }).fill(account.username);
      await page.getByLabel(fr('signup.password'), { exact: true }).fill(account.password);
      await page.getByLabel(fr('signup.passwordConfirmation'), { exact: true }).fill(account.password);
      await page.getByRole('button', { name: fr('signup.submit'), exact: true }).click();

      // The first board, named by one of the French suggestions.
      await page.getByRole('heading', { name: fr('firstBoard.title') }).waitFor();
      await assertNoEnglish(page, 'the first board', typed);
      const boardName = fr('firstBoard.nameIdeas');
      typed.add(boardName);
      await page.getByRole('group', { name: fr('firstBoard.suggestedNames') }).getByRole('button', { name: boardName, exact: true }).click();
      await page.waitForURL(/\/boards\/[^/]+\/$/);
      const boardPath = new URL(page.url()).pathname;

      // The first pin, dropped on the empty board.
      await page.getByText(fr('addPinHere.noPins'), { exact: true }).waitFor();
      await assertNoEnglish(page, 'the empty board', typed);
      const picture = [...makePng(64, 48, 7)];
      const dropped = await page.evaluateHandle((bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], 'premiere.png', { type: 'image/png' }));
        return transfer;
      }, picture);
      await page.locator('.add-pin-here').dispatchEvent('drop', { dataTransfer: dropped });
      const dialog = page.getByRole('dialog', { name: fr('createPinModal.title') });
      await dialog.waitFor();
      await assertNoEnglish(page, 'the pin dialog', typed);
      await dialog.getByLabel(fr('pinFields.caption')).fill(caption);
      await dialog.getByRole('button', { name: fr('createPinModal.create'), exact: true }).click();
      await page.waitForURL(/\/pins\/\d+\/$/);
      await page.getByText(caption, { exact: true }).first().waitFor();
      await assertNoEnglish(page, 'the pin page', typed);

      // Tiles show an untitled pin's caption as its picture's text.
      await page.goto(boardPath);
      await page.getByAltText(caption, { exact: true }).first().waitFor();
      await page.getByText(fr('boardPage.pinCount', { count: 1 }), { exact: true }).waitFor();
      await assertNoEnglish(page, 'the board page', typed);

      await page.goto(`/${account.username}/`);
      await page.getByAltText(caption, { exact: true }).first().waitFor();
      await assertNoEnglish(page, 'the user page', typed);

      // A search from the header.
      const search = page.getByRole('banner').getByRole('combobox', { name: fr('headerSearch.label') });
      await search.fill('première');
      await search.press('Enter');
      await waitForPath(page, '/search/');
      await page.getByRole('region', { name: fr('searchPage.results') }).getByAltText(caption, { exact: true }).first().waitFor();
      typed.add('première');
      await assertNoEnglish(page, 'the search page', typed);

      await page.goto('/profile/');
      await page.getByRole('heading', { name: fr('profile.title'), level: 1 }).waitFor();
      await assertNoEnglish(page, 'the profile', typed);

      await page.goto('/admin/');
      await page.getByRole('heading', { name: fr('adminPage.title'), level: 1 }).waitFor();
      await page.getByRole('row', { name: account.username, exact: true }).waitFor();
      await assertNoEnglish(page, 'the admin page', typed);

      // The menu, the keyboard help and the sign-out dialog.
      await page.getByRole('banner').getByRole('button', { name: fr('userMenu.menu') }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: fr('userMenu.signOut'), exact: true }).waitFor();
      await assertNoEnglish(page, 'the user menu', typed);
      await page.getByRole('menu').getByRole('menuitem', { name: fr('userMenu.signOut'), exact: true }).click();
      const signOut = page.getByRole('dialog', { name: fr('signOutModal.title') });
      await signOut.waitFor();
      await assertNoEnglish(page, 'the sign-out dialog', typed);
      await signOut.getByRole('button', { name: fr('signOutModal.signOut'), exact: true }).click();
      await signOut.waitFor({ state: 'detached' });
      await page.getByRole('banner').getByRole('link', { name: fr('header.login'), exact: true }).waitFor();

      // A message from the server: a wrong password.
      await page.goto('/login/');
      await page.getByRole('heading', { name: fr('login.title'), level: 1 }).waitFor();
      await page.getByLabel(fr('login.email'), { exact: true }).fill(account.email);
      await page.getByLabel(fr('login.password'), { exact: true }).fill('not the password');
      await page.getByRole('button', { name: fr('login.submit'), exact: true }).click();
      const refusal = await waitFor(async () => (await page.getByRole('alert').allInnerTexts()).join(' ').trim(), { message: 'the login error' });
      assert.ok(refusal.length > 0, 'the login error is shown');
      await assertNoEnglish(page, 'the refused login', typed);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('the language switch', { skip: browserSkip }, () => {
  const app = serverAndBrowser();

  it("turns an English page French with the footer's switch, and back", async () => {
    const { context, page, errors } = await app.open({ locale: 'en-US' });
    try {
      await page.goto('/login/');
      await page.getByRole('heading', { name: 'Login', level: 1 }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
      const language = page.getByRole('contentinfo').getByRole('combobox', { name: 'Language' });
      assert.deepEqual(await language.locator('option').allTextContents(), ['English', 'Français']);
      await reloadedBy(page, () => language.selectOption('fr'));
      await page.getByRole('heading', { name: fr('login.title'), level: 1 }).waitFor();
      await assertNoEnglish(page, 'the login page after the switch');
      assert.equal((await context.cookies()).find((cookie) => cookie.name === 'locale')?.value, 'fr');

      // It stays French from page to page, and goes back to English.
      await page.goto('/search/');
      await page.getByRole('heading', { name: fr('searchPage.title'), level: 1 }).waitFor();
      const langue = page.getByRole('contentinfo').getByRole('combobox', { name: fr('footer.language') });
      await reloadedBy(page, () => langue.selectOption('en'));
      await page.getByRole('heading', { name: 'Search', level: 1 }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it("follows a user's chosen language over the browser's, in every browser they sign in on", async () => {
    const ann = await signUpByApi(app.server.baseUrl, 'ann');
    const first = await app.open({ locale: 'en-US', cookie: ann.cookie });
    try {
      const { page } = first;
      await page.goto('/profile/');
      await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
      await page.getByRole('main').getByRole('combobox', { name: 'Language' }).selectOption('fr');
      await reloadedBy(page, () => page.getByRole('button', { name: 'Save language' }).click());
      await page.getByRole('heading', { name: fr('profile.title'), level: 1 }).waitFor();
      await assertNoEnglish(page, 'the profile in the chosen language', new Set([ann.username, ann.email]));
      assert.deepEqual(first.errors, []);
    } finally {
      await first.context.close();
    }

    // Another browser, in English and without the cookie: the stored choice wins.
    const second = await app.open({ locale: 'en-US', cookie: ann.cookie });
    try {
      const { page } = second;
      await page.goto('/profile/');
      await page.getByRole('heading', { name: fr('profile.title'), level: 1 }).waitFor({ timeout: 15_000 });
      assert.equal((await second.context.cookies()).find((cookie) => cookie.name === 'locale')?.value, 'fr');

      // 'Same as the browser': English again, and no cookie.
      const choice = page.getByRole('main').getByRole('combobox', { name: fr('languageChoice.label') });
      await choice.selectOption('');
      await reloadedBy(page, () => page.getByRole('button', { name: fr('languageChoice.save') }).click());
      await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
      assert.equal((await second.context.cookies()).some((cookie) => cookie.name === 'locale'), false);
      const { data } = await gql(app.server.baseUrl, '{ me { locale } }', {}, ann.cookie);
      assert.equal(data.me.locale, null);
      assert.deepEqual(second.errors, []);
    } finally {
      await second.context.close();
    }
  });
});
