// Follow: a person followed from their page, whose pin then shows in the home page's 'Following'
// tab (the tab shown first once something is followed), and unfollowed again; a board followed
// from its page; an older pin under a first page of pins made private (which the server reads,
// then leaves out).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addBoardByApi, addPinByApi, browserSkip, gqlOk, inBatches, serverAndBrowser, signUpByApi } from './harness.mjs';

describe('follow', { skip: browserSkip }, () => {
  const app = serverAndBrowser();

  it('follows a person, shows their pin under Following, and unfollows them', async () => {
    const baseUrl = app.server.baseUrl;
    const ann = await signUpByApi(baseUrl, 'followed');
    const board = await addBoardByApi(baseUrl, ann.cookie, 'Seaside');
    await addPinByApi(baseUrl, ann.cookie, { boards: [board.id], caption: 'Waves at dawn', seed: 3 });
    const bob = await signUpByApi(baseUrl, 'follower');

    const { page } = await app.open({ cookie: bob.cookie });
    await page.goto(`${baseUrl}/`);
    // Nothing followed yet: 'Last pins' comes first.
    const lastTab = page.getByRole('tab', { name: 'Last pins' });
    await lastTab.waitFor();
    assert.equal(await lastTab.getAttribute('aria-selected'), 'true');
    await page.getByRole('tab', { name: 'Following' }).click();
    await page.getByText('Nothing here yet: follow people and boards from their pages', { exact: false }).waitFor();

    await page.goto(`${baseUrl}/${ann.username}/`);
    await page.getByText('0 followers').waitFor();
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('button', { name: 'Unfollow' }).waitFor();
    await page.getByText('1 follower', { exact: true }).waitFor();

    await page.goto(`${baseUrl}/`);
    const followingTab = page.getByRole('tab', { name: 'Following' });
    await page.getByRole('heading', { name: 'Following', level: 1 }).waitFor();
    assert.equal(await followingTab.getAttribute('aria-selected'), 'true');
    await page.getByRole('list', { name: 'Pins' }).getByRole('link', { name: 'Waves at dawn' }).waitFor();

    await page.goto(`${baseUrl}/${ann.username}/`);
    await page.getByRole('button', { name: 'Unfollow' }).click();
    await page.getByRole('button', { name: 'Follow', exact: true }).waitFor();
    await page.getByText('0 followers').waitFor();
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Last pins', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Following' }).click();
    await page.getByText('Nothing here yet: follow people and boards from their pages', { exact: false }).waitFor();
  });

  it('follows a board from its page', async () => {
    const baseUrl = app.server.baseUrl;
    const ann = await signUpByApi(baseUrl, 'boardowner');
    const board = await addBoardByApi(baseUrl, ann.cookie, 'Mountains');
    const bob = await signUpByApi(baseUrl, 'boardfan');
    const { page } = await app.open({ cookie: bob.cookie });
    await page.goto(`${baseUrl}/${ann.username}/boards/${board.slug}/`);
    await page.getByRole('heading', { name: 'Mountains' }).waitFor();
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByText('1 follower', { exact: true }).waitFor();
    // Its owner sees the count, and no button.
    const owner = await app.open({ cookie: ann.cookie });
    await owner.page.goto(`${baseUrl}/${ann.username}/boards/${board.slug}/`);
    await owner.page.getByText('1 follower', { exact: true }).waitFor();
    assert.equal(await owner.page.getByRole('button', { name: 'Follow', exact: true }).count(), 0);
  });

  it('shows an older pin under Following past more pins made private than a page reads', async () => {
    const baseUrl = app.server.baseUrl;
    const ann = await signUpByApi(baseUrl, 'flipper');
    const bob = await signUpByApi(baseUrl, 'patient');
    await gqlOk(baseUrl, 'mutation($u: String!) { followUser(username: $u) { id } }', { u: ann.username }, bob.cookie);
    const garden = await addBoardByApi(baseUrl, ann.cookie, 'Garden');
    await addPinByApi(baseUrl, ann.cookie, { boards: [garden.id], caption: 'Old rose', seed: 5 });
    const plans = await addBoardByApi(baseUrl, ann.cookie, 'Plans');
    const sketch = await addPinByApi(baseUrl, ann.cookie, { boards: [plans.id], caption: 'Sketch', seed: 6 });
    // A page of 50 reads 250 entries at most: these 261 leave the first page empty.
    await inBatches(260, () =>
      gqlOk(
        baseUrl,
        'mutation($pin: ID!, $boards: [ID!]) { duplicatePin(pin: $pin, caption: "Sketch copy", boards: $boards) { id } }',
        { pin: sketch, boards: [plans.id] },
        ann.cookie,
      ),
    );
    await gqlOk(baseUrl, 'mutation($b: ID!) { updateBoard(id: $b, secret: true) { id } }', { b: plans.id }, ann.cookie);

    const { page } = await app.open({ cookie: bob.cookie });
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Following', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Pins' }).getByRole('link', { name: 'Old rose' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Sketch copy' }).count(), 0);
  });
});
