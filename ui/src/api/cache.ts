// The local data cache (SWR) as a whole: reset on sign-in, sign-up, password reset and sign-out
// (spec, section 4), refreshed after changes that show in many places (an avatar, a name).

import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/**
 * Returns a function that drops every cached answer and refetches what is on screen.
 * It resolves once the mounted queries (the header's `me` above all) have their new data.
 */
export function useResetCache(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate(() => true, undefined, { revalidate: true });
  }, [mutate]);
}

/** Returns a function that refetches every cached query, keeping what is shown meanwhile. */
export function useRevalidateAll(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate(() => true);
  }, [mutate]);
}
