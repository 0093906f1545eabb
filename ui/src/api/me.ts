// The signed-in user, as every page sees it: the header menu, redirects, ownership checks.

import { AuthenticatedQueryDocument } from './generated/graphql';
import { useQuery } from './query';

/** `me` is null for visitors (and while loading: check `isLoading` before choosing a branch). */
export function useMe() {
  const { data, ...state } = useQuery(AuthenticatedQueryDocument, {});
  return { me: data?.me ?? null, ...state };
}
