// The signed-in user, as every page sees it: the header menu, redirects, ownership checks.

import useSWR from 'swr';
import { gqlFetcher, type GqlKey } from './client';

export interface Me {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  /** The 32 px avatar of the menu, and its 2x version; null when none was uploaded. */
  avatar1x: string | null;
  avatar2x: string | null;
}

export const AUTHENTICATED_QUERY = `query AuthenticatedQuery {
  me {
    id
    username
    firstName
    lastName
    avatar1x: avatar(minSize: 32, format: "jpeg")
    avatar2x: avatar(minSize: 64, format: "jpeg")
  }
}`;

export const ME_KEY: GqlKey = [AUTHENTICATED_QUERY, {}];

/**
 * No answer yet. Unlike SWR's `isLoading`, this also holds on the first render after the cache
 * was reset (SWR then still reports the previous, finished request): no page may take a
 * cleared `me` for a visitor.
 */
export function isPending(data: unknown, error: unknown): boolean {
  return data === undefined && error === undefined;
}

/** `me` is null for visitors (and while loading: check `isLoading` before choosing a branch). */
export function useMe() {
  const { data, error, mutate } = useSWR<{ me: Me | null }, Error, GqlKey>(ME_KEY, gqlFetcher);
  return { me: data?.me ?? null, error, isLoading: isPending(data, error), mutate };
}
