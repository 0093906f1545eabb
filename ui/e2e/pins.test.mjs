// Adding pins as a person does: uploading a picture from the computer, downloading one by URL,
// scanning a web page for pictures when its URL is not a picture, the clones dialog when the
// same picture comes again, and the pin detail screen each of them lands on.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addBoardByApi,
  browserSkip,
  gqlOk,
  headerMenu,
  makePng,
  ownerMenu,
  pathOf,
  serverAndBrowser,
  signUpByApi,
  testSite,
  waitFor,
  waitForPath,
} from './harness.mjs';

/**
 * A small web site on 127.0.0.1, up for the enclosing `describe` block: /picture.png (150 x 100),
 * and /page.html showing /scan.png (160 x 90) by a relative <img> and /og.png (64 x 48) as its
 * og:image.
 */
function pictureSite() {
  const site = testSite((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const pictures = { '/picture.png': makePng(150, 100), '/scan.png': makePng(160, 90), '/og.png': makePng(64, 48) };
    if (path in pictures) {
      response.writeHead(200, { 'content-type': 'image/png' }).end(pictures[path]);
    } else if (path === '/page.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html><head><title>Gradients</title><meta property="og:image" content="${site.url}/og.png"></head>
<body><h1>Gradients</h1><img src="scan.png" alt="A gradient on a page"></body></html>`);
    } else {
      response.writeHead(404).end();
    }
  });
  return site;
}

describe('pins', { skip: browserSkip }, () => {
  // The test site is on 127.0.0.1, which the server refuses to fetch unless told otherwise.
  const app = serverAndBrowser({ env: { CORKBOARD_FETCH__ALLOW_PRIVATE_NETWORKS: 'true' } });
  const site = pictureSite();
  const open = app.open;
  /** @param {string} prefix */
  const signUp = (prefix) => signUpByApi(app.server.baseUrl, prefix);
  const addBoard = (cookie, title, options) => addBoardByApi(app.server.baseUrl, cookie, title, options);
  const png = (name, width, height) => ({ name, mimeType: 'image/png', buffer: makePng(width, height) });

  /** Header menu 'New pin', then 'Your computer': the upload dialog. @param {import('playwright-core').Page} page */
  async function openUpload(page) {
    await headerMenu(page, 'New pin');
    await page.getByRole('dialog', { name: 'Choose pin origin' }).getByRole('button', { name: 'Your computer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload pin from your computer' });
    await dialog.waitFor();
    return dialog;
  }

  /** @param {import('playwright-core').Page} page */
  async function upload(page, picture) {
    const dialog = await openUpload(page);
    await dialog.getByLabel('Picture', { exact: true }).setInputFiles(picture);
    await dialog.getByRole('button', { name: 'Upload' }).click();
  }

  /** The 'Create a pin' form: tick `boards`, type the caption, create; resolves to the new pin's id. */
  async function createPin(page, { boards = [], caption = null, title = null } = {}) {
    const dialog = page.getByRole('dialog', { name: 'Create a pin' });
    await dialog.waitFor();
    for (const board of boards) await dialog.getByRole('checkbox', { name: board, exact: true }).check();
    if (title !== null) await dialog.getByLabel('Title', { exact: true }).fill(title);
    if (caption !== null) await dialog.getByLabel('Caption', { exact: true }).fill(caption);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const match = await waitFor(() => /^\/pins\/([^/]+)\/$/.exec(pathOf(page)), { timeout: 10_000, message: 'the pin page' });
    return match[1];
  }

  it('uploads five files at once, three at a time, with a progress bar each and a summary on the board', async () => {
    const alice = await signUp('batcher');
    const board = await addBoard(alice.cookie, 'Batch');
    await addBoard(alice.cookie, 'Elsewhere');
    const { context, page, allowConsoleErrors } = await open({ cookie: alice.cookie });
    allowConsoleErrors(/^Failed to load resource: the server responded with a status of 400 \(Bad Request\)$/);
    try {
      // Each upload waits a little, so that the progress shows; count the uploads in flight.
      let inFlight = 0;
      let most = 0;
      let sent = 0;
      await page.route('**/api/upload/pin', async (route) => {
        sent += 1;
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 600));
        await route.continue();
        inFlight -= 1;
      });
      await page.goto(`/${alice.username}/boards/`);
      const dialog = await openUpload(page);
      const files = [1, 2, 3, 4, 5].map((n) => png(`batch-${n}.png`, 100 + n * 7, 60 + n * 3));
      files.push({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
      files.push({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('a note, not a picture') });
      await dialog.getByLabel('Picture', { exact: true }).setInputFiles(files);
      await dialog.getByText('7 files chosen', { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Upload' }).click();

      const batch = page.getByRole('dialog', { name: 'Upload several pins' });
      // Each file under its name, once, with a thumbnail drawn from the file itself.
      const first = batch.getByRole('group', { name: 'batch-1.png' });
      await waitFor(() => first.locator('img').evaluate((img) => img.complete && img.naturalWidth === 107), { message: 'a thumbnail' });
      assert.equal(await batch.getByText('batch-1.png', { exact: true }).count(), 1);
      // What is not a picture is refused at once, and never sent.
      const notes = batch.getByRole('group', { name: 'notes.txt' });
      await notes.getByText('Refused: Not a picture: it will not be uploaded.', { exact: true }).waitFor();
      assert.equal(await notes.getByLabel('Title').count(), 0);
      await batch.getByRole('group', { name: 'Board' }).getByRole('radio', { name: 'Batch', exact: true }).check();
      await first.getByLabel('Title', { exact: true }).fill('The first one');
      await batch.getByLabel('Tags', { exact: true }).fill('#batch');
      await batch.getByRole('button', { name: 'Upload all' }).click();
      await batch.getByRole('progressbar', { name: 'Upload of batch-5.png' }).waitFor();

      const summary = page.getByRole('dialog', { name: 'Pins added' });
      await summary.getByText('5 created, 0 already pinned, 2 refused.', { exact: true }).waitFor({ timeout: 30_000 });
      assert.equal(sent, 6, 'the text file was not sent');
      const refused = await summary.getByRole('listitem').filter({ hasText: 'broken.png' }).textContent();
      assert.match(refused ?? '', /Refused: \S/, 'the refused file shows the server\'s reason');
      assert.ok(most <= 3 && most >= 2, `uploads run a few at a time (at most ${most} at once)`);
      await waitForPath(page, `/${alice.username}/boards/${board.slug}/`);
      await summary.getByRole('button', { name: 'Done' }).click();
      await summary.waitFor({ state: 'detached' });

      const { data } = await gqlOk(
        app.server.baseUrl,
        `query($id: ID!) { board(id: $id) { pins(first: 50) { totalCount edges { node { title tags } } } } }`,
        { id: board.id },
        alice.cookie,
      );
      assert.equal(data.board.pins.totalCount, 5);
      const titles = data.board.pins.edges.map((edge) => edge.node.title);
      assert.ok(titles.includes('The first one'), 'the per-file title is kept');
      assert.ok(data.board.pins.edges.every((edge) => edge.node.tags.includes('batch')), 'the shared tags are on every pin');
    } finally {
      await context.close();
    }
  });

  it('uploads a picture from the computer onto two boards and shows its detail', async () => {
    const alice = await signUp('uploader');
    await addBoard(alice.cookie, 'Gradients');
    await addBoard(alice.cookie, 'Colours');
    const { context, page, errors, allowConsoleErrors } = await open({ cookie: alice.cookie });
    // The browser's own line about the broken file refused below.
    allowConsoleErrors(/^Failed to load resource: the server responded with a status of 400 \(Bad Request\)$/);
    try {
      await page.goto(`/${alice.username}/boards/`);
      const dialog = await openUpload(page);
      // A file the server cannot read: its message shows in the form.
      await dialog.getByLabel('Picture', { exact: true }).setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
      await dialog.getByRole('button', { name: 'Upload' }).click();
      await waitFor(async () => ((await dialog.getByRole('alert').textContent()) ?? '').trim().length > 0, {
        message: 'the upload error',
      });
      assert.equal(await dialog.getByRole('progressbar').count(), 0, 'a failed upload clears the progress');

      // While the server has not answered, the progress bar shows.
      await page.route('**/api/upload/pin', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      });
      await dialog.getByLabel('Picture', { exact: true }).setInputFiles(png('gradient.png', 120, 80));
      await dialog.getByRole('button', { name: 'Upload' }).click();
      await dialog.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.unroute('**/api/upload/pin');

      const create = page.getByRole('dialog', { name: 'Create a pin' });
      await create.getByRole('img', { name: "The new pin's picture" }).waitFor();
      // No board chosen: the form says so.
      await create.getByLabel('Caption', { exact: true }).fill('Red to green');
      await create.getByRole('button', { name: 'Create', exact: true }).click();
      await create.getByText('Please choose at least one board.', { exact: true }).waitFor();
      await create.getByLabel('Tags', { exact: true }).fill('#colour  gradient #colour');
      await create.getByLabel('Rating', { exact: true }).selectOption('3');
      const id = await createPin(page, { boards: ['Gradients', 'Colours'], title: 'A gradient' });

      await page.getByRole('heading', { name: 'A gradient', level: 1 }).waitFor();
      await page.getByText('Red to green', { exact: true }).waitFor();
      await page.getByRole('group', { name: 'Rating: 3 out of 5' }).waitFor();
      const tags = page.getByRole('list', { name: 'Tags' });
      assert.equal(await tags.getByRole('link', { name: '#colour', exact: true }).getAttribute('href'), '/search/?tag=colour');
      await tags.getByRole('link', { name: '#gradient', exact: true }).waitFor();
      assert.equal(await tags.getByRole('link').count(), 2);

      const picture = page.getByRole('img', { name: 'A gradient', exact: true });
      await waitFor(() => picture.evaluate((img) => img.complete && img.naturalWidth > 0), { message: 'the picture to load' });
      const metadata = page.getByRole('region', { name: 'Image Metadata' });
      await metadata.getByText('120 × 80 px', { exact: true }).waitFor();
      for (const line of ['No exposure information', 'No camera information', 'No lens information', 'No date information']) {
        await metadata.getByText(line, { exact: true }).waitFor();
      }
      await metadata.getByText(/^Added (now|\d+ seconds? ago|1 minute ago)$/).waitFor();
      await metadata.getByText(/^\d+(\.\d)? (B|KB)$/).waitFor();

      await page.getByText('Uploaded to Corkboard', { exact: true }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Visit site' }).count(), 0);
      const image = page.getByRole('link', { name: 'Image', exact: true });
      assert.equal(await image.getAttribute('target'), '_blank');
      assert.equal(await image.getAttribute('rel'), 'noopener');
      assert.ok((await image.getAttribute('href'))?.startsWith('/media/originals/'));
      assert.equal(await page.getByText('Private', { exact: true }).count(), 0);

      const by = page.getByRole('region', { name: 'Pinned by' });
      assert.equal(await by.getByRole('link', { name: alice.username }).getAttribute('href'), `/${alice.username}/`);
      const boards = page.getByRole('region', { name: 'Pinned on 2 boards' });
      assert.equal(await boards.getByRole('link', { name: 'Gradients' }).getAttribute('href'), `/${alice.username}/boards/gradients/`);
      await boards.getByRole('link', { name: 'Colours' }).waitFor();

      // The other pin routes show the same pin.
      await page.goto(`/${alice.username}/boards/colours/pins/${id}/`);
      await page.getByRole('heading', { name: 'A gradient', level: 1 }).waitFor();
      await page.goto(`/pins/no-such-pin/`);
      await page.getByRole('heading', { name: 'Oups...' }).waitFor();

      // The form remembered the pin for 'Like previous' and the recent boards.
      const stored = await page.evaluate(() => ({
        tags: localStorage.getItem('corkboard.lastPin.tags'),
        boards: localStorage.getItem('corkboard.lastPin.boards')?.split(';').length,
        recent: localStorage.getItem('corkboard.recentBoards')?.split(';').length,
      }));
      assert.deepEqual(stored, { tags: 'colour gradient', boards: 2, recent: 2 });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it("adds a picture by URL from a private board's menu, with the board's defaults", async () => {
    const alice = await signUp('webber');
    const board = await addBoard(alice.cookie, 'Web finds', { secret: true });
    await gqlOk(
      app.server.baseUrl,
      `mutation Defaults($id: ID!) { updateBoard(id: $id, pinDefaultDescription: "Found on the web", pinDefaultTags: ["web", "found"]) { id } }`,
      { id: board.id },
      alice.cookie,
    );
    const { context, page, errors } = await open({ cookie: alice.cookie });
    try {
      await page.goto(`/${alice.username}/boards/web-finds/`);
      await ownerMenu(page, 'Board menu', 'New pin');
      await page.getByRole('dialog', { name: 'Choose pin origin' }).getByRole('button', { name: 'The web' }).click();
      const web = page.getByRole('dialog', { name: 'Download pin from the web' });
      await web.getByLabel('URL', { exact: true }).fill(`${site.url}/picture.png`);
      await web.getByRole('button', { name: 'Download' }).click();

      // The board is preselected, and its defaults filled the caption and tags.
      const create = page.getByRole('dialog', { name: 'Create a pin' });
      const checkbox = create.getByRole('checkbox', { name: 'Web finds', exact: true });
      const caption = create.getByLabel('Caption', { exact: true });
      const tags = create.getByLabel('Tags', { exact: true });
      await checkbox.waitFor();
      assert.equal(await checkbox.isChecked(), true);
      assert.equal(await caption.inputValue(), 'Found on the web');
      assert.equal(await tags.inputValue(), 'web found');
      // Removing the last board clears them; choosing it again fills them back.
      await checkbox.uncheck();
      assert.equal(await caption.inputValue(), '');
      assert.equal(await tags.inputValue(), '');
      await checkbox.check();
      assert.equal(await caption.inputValue(), 'Found on the web');
      // Typed by hand, they stay.
      await tags.fill('web found mine');
      await checkbox.uncheck();
      assert.equal(await caption.inputValue(), 'Found on the web');
      assert.equal(await tags.inputValue(), 'web found mine');
      await createPin(page, { boards: ['Web finds'] });

      await page.getByText('Found on the web', { exact: true }).waitFor();
      // No title: a divider stands in for it.
      await page.getByRole('main').getByRole('separator').waitFor();
      assert.equal(await page.getByRole('main').getByRole('heading', { level: 1 }).count(), 0);
      await page.getByText('Private', { exact: true }).waitFor();
      await page.getByText(/^Found on 127\.0\.0\.1/).waitFor();
      const visit = page.getByRole('link', { name: 'Visit site' });
      assert.equal(await visit.getAttribute('href'), `${site.url}/picture.png`);
      assert.equal(await visit.getAttribute('target'), '_blank');
      await page.getByRole('region', { name: 'Image Metadata' }).getByText('150 × 100 px', { exact: true }).waitFor();
      await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: '#mine' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('scans a web page whose URL is not a picture, and pins one of its pictures', async () => {
    const alice = await signUp('scanner');
    await addBoard(alice.cookie, 'Scans');
    const { context, page, errors } = await open({ cookie: alice.cookie });
    try {
      await page.goto(`/${alice.username}/boards/`);
      await headerMenu(page, 'New pin');
      await page.getByRole('dialog', { name: 'Choose pin origin' }).getByRole('button', { name: 'The web' }).click();
      const web = page.getByRole('dialog', { name: 'Download pin from the web' });
      const pageUrl = `${site.url}/page.html`;
      await web.getByLabel('URL', { exact: true }).fill(pageUrl);
      // Hold the scan a moment to see what shows meanwhile.
      await page.route('**/api/graphql', async (route) => {
        if (route.request().postData()?.includes('scrapper')) await new Promise((resolve) => setTimeout(resolve, 500));
        await route.continue();
      });
      await web.getByRole('button', { name: 'Download' }).click();

      await waitForPath(page, '/scan/');
      const params = new URL(page.url()).searchParams;
      assert.equal(Buffer.from(params.get('url') ?? '', 'base64').toString('utf8'), pageUrl);
      assert.equal(params.get('targetBoardID'), '');
      await page.getByText(`Scanning "${pageUrl}" for images...`, { exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Pick an image from:', level: 1 }).waitFor();
      await page.unroute('**/api/graphql');
      assert.equal(await page.getByRole('link', { name: pageUrl }).getAttribute('href'), pageUrl);
      await page.getByText('2 image(s) found', { exact: true }).waitFor();

      const found = page.getByRole('list', { name: 'Images found' });
      // The og:image has no alt text: the page's title names it.
      const og = found.getByRole('button', { name: 'Gradients', exact: true });
      await og.getByText('64 × 48', { exact: true }).waitFor();
      const tile = found.getByRole('button', { name: 'A gradient on a page' });
      await tile.getByText('160 × 90', { exact: true }).waitFor();
      await tile.click();

      const create = page.getByRole('dialog', { name: 'Create a pin' });
      await create.getByRole('checkbox', { name: 'NSFW', exact: true }).check();
      await createPin(page, { boards: ['Scans'], caption: 'Picked from a page' });
      await page.getByText('Picked from a page', { exact: true }).waitFor();
      // An unsafe pin: badged, and blank until 'Show NSFW'.
      await page.getByText('NSFW', { exact: true }).waitFor();
      await page.getByRole('img', { name: 'NSFW picture hidden' }).waitFor();
      await headerMenu(page, 'Show NSFW');
      await page.getByRole('img', { name: 'Picked from a page' }).waitFor();
      await page.getByRole('region', { name: 'Image Metadata' }).getByText('160 × 90 px', { exact: true }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Visit site' }).getAttribute('href'), `${site.url}/scan.png`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('finds the existing pin when the same picture comes again, and offers the previous pin', async () => {
    const alice = await signUp('cloner');
    await addBoard(alice.cookie, 'Doubles');
    const { context, page, errors } = await open({ cookie: alice.cookie });
    const picture = png('square.png', 100, 100);
    try {
      await page.goto(`/${alice.username}/boards/`);
      await upload(page, picture);
      const first = await createPin(page, { boards: ['Doubles'], title: 'First copy', caption: 'The first one' });
      await page.getByRole('heading', { name: 'First copy', level: 1 }).waitFor();

      // Again: the clones dialog links to the pin there is.
      await upload(page, picture);
      const clones = page.getByRole('dialog', { name: 'Existing pin found with same image' });
      const link = clones.getByRole('link', { name: 'First copy' });
      assert.equal(await link.getAttribute('href'), `/${alice.username}/pins/${first}`);
      await clones.getByText('The first one', { exact: true }).waitFor();
      await clones.getByText('You already pinned this picture on Doubles', { exact: true }).waitFor();
      await link.click();
      await clones.waitFor({ state: 'detached' });
      await waitForPath(page, `/${alice.username}/pins/${first}`);
      await page.getByRole('heading', { name: 'First copy', level: 1 }).waitFor();

      // Once more, creating it anyway, like the previous pin.
      await upload(page, picture);
      await clones.getByRole('button', { name: 'Pin it anyway' }).click();
      const create = page.getByRole('dialog', { name: 'Create a pin' });
      await create.getByLabel('Title', { exact: true }).fill('Draft');
      await create.getByRole('button', { name: 'Like previous' }).click();
      assert.equal(await create.getByLabel('Title', { exact: true }).inputValue(), 'First copy');
      assert.equal(await create.getByLabel('Caption', { exact: true }).inputValue(), 'The first one');
      assert.equal(await create.getByRole('checkbox', { name: 'Doubles', exact: true }).isChecked(), true);
      await create.getByRole('button', { name: 'Undo like previous' }).click();
      assert.equal(await create.getByLabel('Title', { exact: true }).inputValue(), 'Draft');
      assert.equal(await create.getByRole('checkbox', { name: 'Doubles', exact: true }).isChecked(), false);
      await create.getByRole('button', { name: 'Like previous' }).click();
      await create.getByLabel('Title', { exact: true }).fill('Second copy');
      const second = await createPin(page);
      assert.notEqual(second, first);
      await page.getByRole('heading', { name: 'Second copy', level: 1 }).waitFor();
      await page.getByRole('region', { name: 'Pinned on 1 board' }).getByRole('link', { name: 'Doubles' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('asks a user without boards to create one, then offers it', async () => {
    const alice = await signUp('boardless');
    const { context, page, errors } = await open({ cookie: alice.cookie });
    try {
      await page.goto(`/${alice.username}/boards/`);
      await upload(page, png('lonely.png', 90, 60));
      const create = page.getByRole('dialog', { name: 'Create a pin' });
      await create.getByText('It seems you have no boards, you must create one before adding pins.', { exact: true }).waitFor();
      await create.getByRole('button', { name: 'Create a board' }).click();
      const board = page.getByRole('dialog', { name: 'Create a board' });
      await board.getByLabel('Title', { exact: true }).fill('Inbox');
      await board.getByRole('button', { name: 'Create', exact: true }).click();
      await board.waitFor({ state: 'detached' });
      const checkbox = create.getByRole('checkbox', { name: 'Inbox', exact: true });
      await checkbox.waitFor();
      assert.equal(await checkbox.isChecked(), true);
      await createPin(page, { caption: 'First pin' });
      await page.getByRole('region', { name: 'Pinned on 1 board' }).getByRole('link', { name: 'Inbox' }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
