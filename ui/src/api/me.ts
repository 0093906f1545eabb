// The signed-in user, as every page sees it: the header menu, redirects, ownership checks.

import { AuthenticatedQueryDocument, PublicUrlQueryDocument } from './generated/graphql';
import { useQuery } from './query';

/** `me` is null for visitors (and while loading: check `isLoading` before choosing a branch). */
export function useMe() {
  const { data, ...state } = useQuery(AuthenticatedQueryDocument, {});
  return { me: data?.me ?? null, ...state };
}

/** The instance's public address: `public_url` when configured, else the one this page came from. */
export function usePublicUrl(): string | null {
  const { data } = useQuery(PublicUrlQueryDocument, {});
  if (!data) return null;
  return data.publicUrl ?? window.location.origin;
}
