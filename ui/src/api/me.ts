// The signed-in user, as every page sees it: the header menu, redirects, ownership checks; and
// whether an admin disabled the account this browser was signed in to. The
// last answer is remembered, so that a viewer query that could not reach the server (offline)
// keeps showing who is signed in instead of reading as signed out.

import { useEffect } from 'react';
import { gql, isNetworkError } from './client';
import { AuthenticatedQueryDocument, PublicUrlQueryDocument, UpdateUserLocaleDocument, type Me } from './generated/graphql';
import { useQuery } from './query';

const LAST_VIEWER_KEY = 'corkboard.lastViewer';

function lastViewer(): Me | null {
  try {
    const stored = window.localStorage.getItem(LAST_VIEWER_KEY);
    return stored ? (JSON.parse(stored) as Me) : null;
  } catch {
    return null; // storage disabled or unreadable: nobody remembered
  }
}

function rememberViewer(me: Me | null) {
  try {
    if (me) window.localStorage.setItem(LAST_VIEWER_KEY, JSON.stringify(me));
    else window.localStorage.removeItem(LAST_VIEWER_KEY);
  } catch {
    // storage disabled: nothing remembered
  }
}

/** `me` is null for visitors (and while loading: check `isLoading` before choosing a branch). */
export function useMe() {
  const { data, ...state } = useQuery(AuthenticatedQueryDocument, {});
  useEffect(() => {
    if (data) rememberViewer(data.me ?? null);
  }, [data]);
  const me = data ? (data.me ?? null) : isNetworkError(state.error) ? lastViewer() : null;
  return { me, accountDisabled: data?.accountDisabled ?? false, ...state };
}

/** Stores the signed-in user's language (`null`: the browser's); resolves to the user as it is now. */
export async function updateUserLocale(locale: string | null): Promise<Me> {
  return (await gql(UpdateUserLocaleDocument, { locale })).updateUserLocale;
}

/** The instance's public address: `public_url` when configured, else the one this page came from. */
export function usePublicUrl(): string | null {
  const { data } = useQuery(PublicUrlQueryDocument, {});
  if (!data) return null;
  return data.publicUrl ?? window.location.origin;
}
