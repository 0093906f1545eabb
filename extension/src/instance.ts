// The Corkboard instance the extension pins to, as its options page saved it.

const KEY = 'instance';

/** The saved address, without a trailing slash; null when none is saved yet. */
export async function savedInstance(): Promise<string | null> {
  const value = (await chrome.storage.sync.get(KEY))[KEY];
  return typeof value === 'string' && value ? value : null;
}

/** Saves `address` when it is an http(s) address; returns what was saved, or null. */
export async function saveInstance(address: string): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const instance = url.origin + url.pathname.replace(/\/+$/, '');
  await chrome.storage.sync.set({ [KEY]: instance });
  return instance;
}
