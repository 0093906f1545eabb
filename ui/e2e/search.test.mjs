// Search as a person meets it: the header's search form, results by text (accents or not) and
// by tag, stepping through the results and their lightbox, the prompt with nothing to search,
// privacy, a narrow screen, and the tag suggestions of the pin form.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addBoardByApi, addPinByApi, browserSkip, gqlOk, serverAndBrowser, signUpByApi, waitFor, waitForPath } from './harness.mjs';

describe('search', { skip: browserSkip }, () => {
  const app = serverAndBrowser();
  const open = app.open;
  const signUp = (prefix) => signUpByApi(app.server.baseUrl, prefix);
  const addBoard = (cookie, title, options) => addBoardByApi(app.server.baseUrl, cookie, title, options);
  const addPin = (cookie, pin) => addPinByApi(app.server.baseUrl, cookie, pin);

  /** The links of the page's pin grid. @param {import('playwright-core').Page} page */
  const tiles = (page) => page.getByRole('list', { name: 'Pins' }).getByRole('link');
  /** The query string of the page, as name/value pairs. @param {import('playwright-core').Page} page */
  const queryOf = (page) => Object.fromEntries(new URL(page.url()).searchParams);

  /** Search from the header, by the button or by Enter. @param {import('playwright-core').Page} page */
  async function searchFor(page, text, { byEnter = false } = {}) {
    const form = page.getByRole('banner').getByRole('search');
    const input = form.getByRole('combobox', { name: 'Search' });
    await input.fill(text);
    if (byEnter) await input.press('Enter');
    else await form.getByRole('button', { name: 'Search', exact: true }).click();
    await waitForPath(page, '/search/');
    assert.equal(await input.inputValue(), '', 'the search input clears on submit');
  }

  it('searches from the header, steps through the results and follows a tag', async () => {
    const alice = await signUp('searcher');
    const board = await addBoard(alice.cookie, 'Trips');
    const cafe = await addPin(alice.cookie, {
      boards: [board.id],
      seed: 1,
      title: 'Café by the sea',
      caption: 'Crème brûlée at the harbour',
      tags: ['coffee', 'seaside'],
    });
    const lights = await addPin(alice.cookie, {
      boards: [board.id],
      seed: 2,
      title: 'Harbour lights',
      caption: 'Boats in the harbour at night',
      tags: ['seaside', 'night'],
    });
    await addPin(alice.cookie, { boards: [board.id], seed: 3, title: 'Summit', caption: 'Snow', tags: ['snow'] });
    const { context, page, errors } = await open();
    try {
      await page.goto('/');
      await page.getByRole('heading', { name: 'Last pins', level: 1 }).waitFor();

      // Without accents, the accented caption is found; the result keeps the query in its link.
      await searchFor(page, 'creme brulee');
      assert.deepEqual(queryOf(page), { query: 'creme brulee' });
      await page.getByRole('heading', { name: 'Found 1 pin(s) for "creme brulee"', level: 1 }).waitFor();
      await waitFor(async () => (await tiles(page).count()) === 1, { message: 'one result' });
      assert.equal(await tiles(page).first().textContent(), 'Café by the sea');
      assert.equal(await tiles(page).first().getAttribute('href'), `/search/pins/${cafe}/?query=creme%20brulee`);

      // Two results: open the first, step to the next and back, inside the results.
      await searchFor(page, 'harbour', { byEnter: true });
      await page.getByRole('heading', { name: 'Found 2 pin(s) for "harbour"', level: 1 }).waitFor();
      await waitFor(async () => (await tiles(page).count()) === 2, { message: 'two results' });
      const order = await tiles(page).allTextContents();
      assert.deepEqual([...order].sort(), ['Café by the sea', 'Harbour lights']);
      const idOf = (title) => (title === 'Café by the sea' ? cafe : lights);
      const [firstTitle, secondTitle] = order;
      const resultPath = (title) => `/search/pins/${idOf(title)}/`;

      await tiles(page).first().click();
      await waitForPath(page, resultPath(firstTitle));
      assert.deepEqual(queryOf(page), { query: 'harbour' });
      await page.getByRole('heading', { name: firstTitle, level: 1 }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Previous pin' }).count(), 0);
      await page.getByRole('link', { name: 'Next pin' }).click();
      await waitForPath(page, resultPath(secondTitle));
      assert.deepEqual(queryOf(page), { query: 'harbour' });
      await page.getByRole('heading', { name: secondTitle, level: 1 }).waitFor();
      // The last result has no next pin: 'Summit' is not among them.
      assert.equal(await page.getByRole('link', { name: 'Next pin' }).count(), 0);
      await page.keyboard.press('ArrowLeft');
      await waitForPath(page, resultPath(firstTitle));
      await page.getByRole('heading', { name: firstTitle, level: 1 }).waitFor();

      // The lightbox of a result goes through the results too, and closes to its detail.
      await page.getByRole('link', { name: 'Open lightbox' }).click();
      await waitForPath(page, `${resultPath(firstTitle)}lightbox/`);
      assert.deepEqual(queryOf(page), { query: 'harbour' });
      const lightbox = page.getByRole('region', { name: 'Lightbox' });
      await lightbox.getByRole('img', { name: firstTitle }).waitFor();
      await page.keyboard.press('ArrowRight');
      await waitForPath(page, `${resultPath(secondTitle)}lightbox/`);
      await lightbox.getByRole('img', { name: secondTitle }).waitFor();
      await page.keyboard.press('Escape');
      await waitForPath(page, resultPath(secondTitle));
      assert.deepEqual(queryOf(page), { query: 'harbour' });

      // Escape on the detail goes back to the results.
      await page.getByRole('heading', { name: secondTitle, level: 1 }).waitFor();
      await page.keyboard.press('Escape');
      await waitForPath(page, '/search/');
      assert.deepEqual(queryOf(page), { query: 'harbour' });
      await page.getByRole('heading', { name: 'Found 2 pin(s) for "harbour"', level: 1 }).waitFor();

      // A pin's tag links to the tag's results, newest first.
      await page.goto(`/search/pins/${cafe}/?query=harbour`);
      await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: '#seaside', exact: true }).click();
      await waitForPath(page, '/search/');
      assert.deepEqual(queryOf(page), { tag: 'seaside' });
      await page.getByRole('heading', { name: 'Found 2 pin(s) for "#seaside"', level: 1 }).waitFor();
      await waitFor(async () => (await tiles(page).count()) === 2, { message: 'two tagged pins' });
      assert.deepEqual(await tiles(page).allTextContents(), ['Harbour lights', 'Café by the sea']);
      assert.equal(await tiles(page).first().getAttribute('href'), `/search/pins/${lights}/?tag=seaside`);
      await tiles(page).first().click();
      await waitForPath(page, `/search/pins/${lights}/`);
      await page.getByRole('link', { name: 'Next pin' }).click();
      await waitForPath(page, `/search/pins/${cafe}/`);
      assert.deepEqual(queryOf(page), { tag: 'seaside' });

      // '#tag' typed in the header searches the tag.
      await searchFor(page, '#snow');
      assert.deepEqual(queryOf(page), { tag: 'snow' });
      await page.getByRole('heading', { name: 'Found 1 pin(s) for "#snow"', level: 1 }).waitFor();
      await tiles(page).getByText('Summit', { exact: true }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('searches one board from its page, and widens the search to every pin', async () => {
    const ann = await signUp('boardsearcher');
    const trips = await addBoard(ann.cookie, 'Lisbon trips');
    const kitchen = await addBoard(ann.cookie, 'Kitchen');
    await addPin(ann.cookie, { boards: [trips.id], seed: 11, title: 'Tram at dusk', caption: 'Yellow tram' });
    await addPin(ann.cookie, { boards: [kitchen.id], seed: 12, title: 'Yellow bowls', caption: 'Bowls' });
    const { context, page, errors } = await open();
    try {
      await page.goto(`/${ann.username}/boards/${trips.slug}/`);
      const form = page.getByRole('search').filter({ has: page.getByLabel('Search this board') });
      await form.getByLabel('Search this board').fill('yellow');
      await form.getByRole('button', { name: 'Search' }).click();
      await waitForPath(page, '/search/');
      assert.deepEqual(queryOf(page), { query: 'yellow', board: trips.id });
      await page.getByRole('heading', { name: 'Found 1 pin(s) for "yellow" on this board', level: 1 }).waitFor();
      await tiles(page).getByText('Tram at dusk', { exact: true }).waitFor();

      await page.getByRole('link', { name: 'Search all pins' }).click();
      await page.getByRole('heading', { name: 'Found 2 pin(s) for "yellow"', level: 1 }).waitFor();
      assert.deepEqual(queryOf(page), { query: 'yellow' });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('prompts for a query, finds nothing politely, and keeps private pins to their owner', async () => {
    const bob = await signUp('hider');
    const stash = await addBoard(bob.cookie, 'Stash', { secret: true });
    const shelf = await addBoard(bob.cookie, 'Shelf');
    const hidden = await addPin(bob.cookie, {
      boards: [stash.id],
      seed: 11,
      title: 'Hidden treasure',
      caption: 'Gold',
      tags: ['treasure'],
    });
    await addPin(bob.cookie, { boards: [shelf.id], seed: 12, title: 'Open treasure', caption: 'Silver', tags: ['treasure'] });

    // A visitor, on a narrow screen.
    {
      const { context, page, errors } = await open({ viewport: { width: 360, height: 740 } });
      try {
        await page.goto('/search/');
        await page.getByText('Please type a query in search bar...', { exact: true }).waitFor();

        // The header holds the search form and the visitor's links side by side.
        const header = page.getByRole('banner');
        const parts = [
          header.getByRole('link', { name: 'Corkboard', exact: true }),
          header.getByRole('combobox', { name: 'Search' }),
          header.getByRole('button', { name: 'Search', exact: true }),
          header.getByRole('link', { name: 'Login', exact: true }),
          header.getByRole('link', { name: 'Sign up', exact: true }),
        ];
        // 'Sign up' shows once the server says a visitor may sign up: measure the header after.
        await parts[4].waitFor();
        const boxes = await Promise.all(parts.map((part) => part.boundingBox()));
        for (const [index, box] of boxes.entries()) {
          const fits = box && box.x >= 0 && box.x + box.width <= 360 && box.y >= 0 && box.y + box.height <= 60;
          assert.ok(fits, `header part ${index} fits (${JSON.stringify(box)})`);
          const next = boxes[index + 1];
          if (next) assert.ok(box.x + box.width <= next.x + 0.5, `header part ${index} comes before the next one`);
        }
        assert.ok((boxes[1]?.width ?? 0) >= 90, `a usable search input (${boxes[1]?.width} px)`);

        await searchFor(page, 'treasure');
        await page.getByRole('heading', { name: 'Found 1 pin(s) for "treasure"', level: 1 }).waitFor();
        assert.deepEqual(await tiles(page).allTextContents(), ['Open treasure']);
        await page.goto('/search/?tag=treasure');
        await page.getByRole('heading', { name: 'Found 1 pin(s) for "#treasure"', level: 1 }).waitFor();
        // Opened directly, the private pin asks the visitor to log in.
        await page.goto(`/search/pins/${hidden}/?query=treasure`);
        await waitForPath(page, '/login/');
        assert.equal(new URL(page.url()).searchParams.get('next'), `/search/pins/${hidden}/?query=treasure`);

        await searchFor(page, 'unicorn');
        await page.getByRole('heading', { name: 'Found 0 pin(s) for "unicorn"', level: 1 }).waitFor();
        await page.getByText('No pins...', { exact: true }).waitFor();
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    }

    // The owner finds both.
    const { context, page, errors } = await open({ cookie: bob.cookie });
    try {
      await page.goto('/');
      await searchFor(page, 'treasure');
      await page.getByRole('heading', { name: 'Found 2 pin(s) for "treasure"', level: 1 }).waitFor();
      await tiles(page).getByText('Hidden treasure', { exact: true }).waitFor();
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  it('suggests known tags with their counts in the pin form, picked by keyboard or click', async () => {
    const carol = await signUp('tagger');
    const garden = await addBoard(carol.cookie, 'Garden');
    await addPin(carol.cookie, { boards: [garden.id], seed: 21, caption: 'Tulips', tags: ['flowers', 'spring'] });
    await addPin(carol.cookie, { boards: [garden.id], seed: 22, caption: 'Poppies', tags: ['flowers', 'summer'] });
    await addPin(carol.cookie, { boards: [garden.id], seed: 23, caption: 'Ferns', tags: ['flora'] });
    const roses = await addPin(carol.cookie, { boards: [garden.id], seed: 24, title: 'Roses', caption: 'Red roses' });
    const { context, page, errors } = await open({ cookie: carol.cookie });
    try {
      await page.goto(`/pins/${roses}/`);
      await page.getByRole('heading', { name: 'Roses', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit a pin' });
      const tags = dialog.getByRole('combobox', { name: 'Tags' });
      const list = dialog.getByRole('listbox', { name: 'Tag suggestions' });
      const option = (name) => list.getByRole('option', { name });
      const options = () => list.getByRole('option').allTextContents();

      // The most used first, each with its count.
      await tags.pressSequentially('fl');
      await list.waitFor();
      assert.equal(await tags.getAttribute('aria-expanded'), 'true');
      assert.deepEqual(await options(), ['#flowers 2 pins', '#flora 1 pin']);

      // Arrows move the highlight (wrapping around), Enter picks it and does not submit.
      await tags.press('ArrowDown');
      assert.equal(await option('#flowers 2 pins').getAttribute('aria-selected'), 'true');
      assert.equal(await tags.getAttribute('aria-activedescendant'), await option('#flowers 2 pins').getAttribute('id'));
      await tags.press('ArrowDown');
      await tags.press('ArrowDown');
      await tags.press('ArrowUp');
      assert.equal(await option('#flora 1 pin').getAttribute('aria-selected'), 'true');
      await tags.press('ArrowUp');
      await tags.press('Enter');
      assert.equal(await tags.inputValue(), 'flowers ');
      await list.waitFor({ state: 'hidden' });
      assert.equal(await tags.getAttribute('aria-expanded'), 'false');
      assert.equal(await dialog.isVisible(), true, 'Enter on a suggestion does not submit');

      // Escape closes the list, not the dialog; a click picks.
      await tags.pressSequentially('SP');
      await option('#spring 1 pin').waitFor();
      await tags.press('Escape');
      await list.waitFor({ state: 'hidden' });
      assert.equal(await dialog.isVisible(), true, 'Escape on the list keeps the dialog');
      await tags.press('ArrowDown');
      await option('#spring 1 pin').click();
      assert.equal(await tags.inputValue(), 'flowers spring ');
      await list.waitFor({ state: 'hidden' });

      // Tags already in the field are not suggested again.
      await tags.pressSequentially('flo');
      await option('#flora 1 pin').waitFor();
      assert.deepEqual(await options(), ['#flora 1 pin']);
      await tags.press('ArrowDown');
      await tags.press('Enter');
      assert.equal(await tags.inputValue(), 'flowers spring flora ');

      // With nothing highlighted, Enter submits the form.
      await tags.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      const saved = page.getByRole('list', { name: 'Tags' });
      await saved.getByRole('link', { name: '#flora', exact: true }).waitFor();
      assert.deepEqual(await saved.getByRole('link').allTextContents(), ['#flowers', '#spring', '#flora']);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('a search of more than 10,000 pins', { skip: browserSkip }, () => {
  // One user's 10,200 pins, on two boards: every public one has the owner's name among its words.
  const app = serverAndBrowser({ seed: ['--users', '1', '--boards', '2', '--pins', '10200', '--pictures', '1'] });

  it('says "10,000+" rather than count them all, and its pages go on', async () => {
    const { page } = await app.open();
    await page.goto(`${app.server.baseUrl}/search/?query=user1`);
    await page.getByRole('heading', { name: 'Found 10,000+ pin(s) for "user1"' }).waitFor();
    const tiles = page.getByRole('list', { name: 'Pins' }).getByRole('link');
    await waitFor(async () => (await tiles.count()) === 50, { message: 'the first page of results' });
    await tiles.nth(49).scrollIntoViewIfNeeded();
    await waitFor(async () => (await tiles.count()) === 100, { message: 'the second page of results' });

    // Only a search stops counting: every other list counts all its pins.
    const { data } = await gqlOk(
      app.server.baseUrl,
      '{ all: pins(first: 1) { totalCount totalCountCapped } found: pins(search: "user1", first: 1) { totalCount totalCountCapped } }',
    );
    assert.deepEqual(data, {
      all: { totalCount: 10_200, totalCountCapped: false },
      found: { totalCount: 10_000, totalCountCapped: true },
    });
  });
});
