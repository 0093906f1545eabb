// The keys the page on screen answers, for the keyboard help ('?'): a hook that listens to keys
// (useViewerKeys) registers its group while it is mounted.

import { useEffect, useSyncExternalStore } from 'react';

export interface KeyGroup {
  title: string;
  keys: readonly { keys: string; action: string }[];
}

const groups = new Set<KeyGroup>();
const listeners = new Set<() => void>();
let shown: readonly KeyGroup[] = [];

function changed() {
  shown = [...groups];
  for (const listener of listeners) listener();
}

/** Lists `group` (a constant) in the keyboard help while the calling component is mounted. */
export function usePageKeys(group: KeyGroup): void {
  useEffect(() => {
    groups.add(group);
    changed();
    return () => {
      groups.delete(group);
      changed();
    };
  }, [group]);
}

/** The groups the mounted components registered. */
export function usePageKeyGroups(): readonly KeyGroup[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shown,
  );
}
