// Follow: a person followed from their page, whose pin then shows in the home page's 'Following'
// tab (the tab shown first once something is followed), and unfollowed again; a board followed
// from its page.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addBoardByApi, addPinByApi, browserSkip, serverAndBrowser, signUpByApi } from './harness.mjs';

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
});
