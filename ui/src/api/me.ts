// The signed-in user, as every page sees it.

import useSWR from 'swr';
import { gqlFetcher, type GqlKey } from './client';

export interface Me {
  id: string;
  username: string;
}

export const AUTHENTICATED_QUERY = 'query AuthenticatedQuery { me { id username } }';

const ME_KEY: GqlKey = [AUTHENTICATED_QUERY, {}];

/** `me` is null for visitors (and while loading: check `isLoading` before choosing a branch). */
export function useMe() {
  const { data, error, isLoading, mutate } = useSWR<{ me: Me | null }, Error, GqlKey>(ME_KEY, gqlFetcher);
  return { me: data?.me ?? null, error, isLoading, mutate };
}
