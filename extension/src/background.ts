// The extension's service worker: 'Pin this image' in the context menu of any picture opens the
// instance's 'Pin it from the web' screen with that picture, the page's title and the selected
// text, as the browser button does (the picture is then downloaded by the server with the page
// as Referer). Without a saved instance, the options page opens instead.

import type { PagePictures } from '../../ui/src/lib/bookmarklet';
import { PIN_IT_PATH } from '../../ui/src/lib/paths';
import { savedInstance } from './instance';

const MENU = 'pin-this-image';

chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.create({ id: MENU, title: chrome.i18n.getMessage('pinThisImage'), contexts: ['image'] });
});

chrome.contextMenus.onClicked.addListener((info, tab) => {
  if (info.menuItemId === MENU) void pinImage(info, tab);
});

/** Opens 'Pin it from the web' for the picture clicked. */
async function pinImage(info: chrome.contextMenus.OnClickData, tab?: chrome.tabs.Tab): Promise<void> {
  const instance = await savedInstance();
  if (!instance) {
    await chrome.runtime.openOptionsPage();
    return;
  }
  const page: PagePictures = {
    url: info.pageUrl ?? tab?.url ?? '',
    title: tab?.title ?? '',
    text: info.selectionText ?? '',
    pictures: info.srcUrl ? [{ src: info.srcUrl }] : [],
  };
  await chrome.tabs.create({ url: `${instance}${PIN_IT_PATH}#${encodeURIComponent(JSON.stringify(page))}` });
}

// The browser tests call it as a click on the menu would (a context menu cannot be clicked there).
Object.assign(globalThis, { pinImage });
