// The list a pin was opened from (spec, section 2): Last pins (/pins/{id}/), search results
// (/search/pins/{id}/), a user's pins (/{username}/pins/{id}/) or a board, in or out of its
// folder. It names the pin's neighbours, where Escape and 'Delete' go back to, and the paths
// of its detail and lightbox. The query string goes along everywhere.

import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { HOME_PATH, SEARCH_PATH, boardPath, lightboxPathUnder, pinPathUnder, userPath, userPinsPath } from './paths';

export type PinContext =
  | { kind: 'last' }
  | { kind: 'search'; search: string | null; tag: string | null; board: string | null; user: string | null; colour: string | null }
  | { kind: 'user'; username: string }
  | { kind: 'board'; username: string; boardSlug: string; folderSlug: string | null };

/** The '{base}' of the spec's '{base}pins/{id}/': the list's own path, or its user's page. */
function listBase(context: PinContext): string {
  switch (context.kind) {
    case 'last':
      return HOME_PATH;
    case 'search':
      return SEARCH_PATH;
    case 'user':
      return userPath(context.username);
    case 'board':
      return boardPath(context.username, context.boardSlug, context.folderSlug);
  }
}

/** Where the list itself is shown. */
function listPath(context: PinContext): string {
  return context.kind === 'user' ? userPinsPath(context.username) : listBase(context);
}

export interface PinRoute {
  pinID: string;
  context: PinContext;
  /** The query string, with its '?', or ''. */
  search: string;
  /** The detail and lightbox paths of a pin in the same list. */
  detailPath: (id: string) => string;
  lightboxPath: (id: string) => string;
  /** The list, with the query string. */
  backPath: string;
}

/** The pin route being shown: its pin, its list, and the paths around it. */
export function usePinRoute(): PinRoute {
  const { pinID = '', username, boardSlug, folderSlug } = useParams();
  const { pathname, search } = useLocation();
  const inSearch = pathname.startsWith(SEARCH_PATH);
  const context = useMemo((): PinContext => {
    const query = new URLSearchParams(search);
    if (username && boardSlug) return { kind: 'board', username, boardSlug, folderSlug: folderSlug ?? null };
    if (username) return { kind: 'user', username };
    if (inSearch) {
      const narrowing = { board: query.get('board'), user: query.get('user'), colour: query.get('colour') };
      return { kind: 'search', search: query.get('query'), tag: query.get('tag'), ...narrowing };
    }
    return { kind: 'last' };
  }, [username, boardSlug, folderSlug, inSearch, search]);
  const base = listBase(context);
  return {
    pinID,
    context,
    search,
    detailPath: (id) => pinPathUnder(base, id, search),
    lightboxPath: (id) => lightboxPathUnder(base, id, search),
    backPath: listPath(context) + search,
  };
}
