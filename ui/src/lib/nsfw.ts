// The global 'Show NSFW' switch (spec, section 4), remembered in localStorage and shared by
// every component (and every tab) through useSyncExternalStore.

import { useCallback, useSyncExternalStore } from 'react';

export const SHOW_NSFW_STORAGE_KEY = 'corkboard.showNsfw';

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.localStorage.getItem(SHOW_NSFW_STORAGE_KEY) === 'true';
  } catch {
    return false; // storage disabled: NSFW stays hidden
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SHOW_NSFW_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether unsafe pins are shown, and a setter that stores the choice. */
export function useShowNsfw(): [show: boolean, setShow: (show: boolean) => void] {
  const show = useSyncExternalStore(subscribe, read, () => false);
  const setShow = useCallback((next: boolean) => {
    try {
      window.localStorage.setItem(SHOW_NSFW_STORAGE_KEY, String(next));
    } catch {
      // Not remembered, but nothing to tell the user.
    }
    for (const listener of listeners) listener();
  }, []);
  return [show, setShow];
}
