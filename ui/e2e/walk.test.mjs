// What a tester met walking the app (issue 79), seen as a person sees it: the user page's tab,
// a clean first load, a board's header on a phone, an NSFW pin shown once on request, and the
// profile's one Import card.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addBoardByApi, addPinByApi, browserSkip, gqlOk, makePng, serverAndBrowser, signUpByApi } from './harness.mjs';

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

  it("lays a board's header out on a phone: the caption at full width, no separator at a line's end", async () => {
    const alice = await signUp('phone');
    const { data } = await gqlOk(
      app.server.baseUrl,
      `mutation Folder { addFolder(name: "Collections", secret: false) { id } }`,
      {},
      alice.cookie,
    );
    const { data: made } = await gqlOk(
      app.server.baseUrl,
      `mutation Board($folder: ID) {
        addBoard(title: "Seashells by the shore", folder: $folder, caption: "Shells found on long walks along the beach, with the tide out.", secret: false) { slug }
      }`,
      { folder: data.addFolder.id },
      alice.cookie,
    );
    const { context, page } = await app.open({ cookie: alice.cookie, viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`/${alice.username}/boards/${made.addBoard.slug}/`);
      const caption = page.getByText('Shells found on long walks', { exact: false });
      await caption.waitFor();
      const header = await page.locator('.detail__header').boundingBox();
      const text = await caption.boundingBox();
      assert.ok(text.width > header.width * 0.7, `the caption takes the width (${text.width} of ${header.width} px)`);
      // Every separator seen sits between two facts on its line.
      const stray = await page.locator('.detail__meta').evaluate((meta) => {
        const items = [...meta.children];
        return items.filter((item, at) => {
          if (item.textContent !== '·' || item.getClientRects().length === 0) return false;
          const line = item.getBoundingClientRect().top;
          const sameLine = (other) => other && Math.abs(other.getBoundingClientRect().top - line) < 4;
          return !sameLine(items[at - 1]) || !sameLine(items[at + 1]);
        }).length;
      });
      assert.equal(stray, 0);
    } finally {
      await context.close();
    }
  });

  it("offers 'Show this one' on an NSFW pin while 'Show NSFW' is off", async () => {
    const alice = await signUp('nsfw');
    const board = await addBoardByApi(app.server.baseUrl, alice.cookie, 'After dark');
    const id = await addPinByApi(app.server.baseUrl, alice.cookie, { boards: [board.id], title: 'Night swim', unsafe: true, png: makePng(480, 320) });
    const { context, page } = await app.open({ cookie: alice.cookie });
    try {
      await page.goto(`/pins/${id}/`);
      await page.getByRole('img', { name: 'NSFW picture hidden' }).waitFor();
      await page.getByRole('button', { name: 'Show this one' }).click();
      await page.getByRole('img', { name: 'Night swim' }).waitFor();
      assert.equal(await page.getByRole('img', { name: 'NSFW picture hidden' }).count(), 0);
    } finally {
      await context.close();
    }
  });

  it('gathers every import of the profile page in one Import card, its buttons alike', async () => {
    const alice = await signUp('importer');
    const { context, page } = await app.open({ cookie: alice.cookie, viewport: { width: 1280, height: 900 } });
    try {
      await page.goto('/profile/');
      const card = page.getByRole('region', { name: 'Import', exact: true });
      const names = ['Import pins', 'Import bookmarks', 'Import from Pinry'];
      const boxes = [];
      for (const name of names) boxes.push(await card.getByRole('button', { name, exact: true }).boundingBox());
      const cardBox = await card.boundingBox();
      const heights = new Set(boxes.map((box) => Math.round(box.height)));
      assert.equal(heights.size, 1, `buttons of one size: ${JSON.stringify(boxes)}`);
      for (const box of boxes) assert.ok(box.width < cardBox.width / 3, `a button, not a bar: ${JSON.stringify(box)}`);
      assert.equal(await page.getByRole('button', { name: 'Import pins', exact: true }).count(), 1);
    } finally {
      await context.close();
    }
  });
});
