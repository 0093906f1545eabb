// The page an address opens and the queries it opens with, known from the address alone.
// index.html's first script (src/early.ts) asks them while the app's script still loads, and
// fetches the page's chunk; the page's own request for the same query and variables then takes
// that answer (client.ts). Only the pages people land on most are here: Last pins, a board and a
// pin.

import {
  AuthenticatedQueryDocument,
  BoardDetailDocument,
  BoardPinsDocument,
  LastPinsDocument,
  SinglePinDocument,
  type TypedDocumentString,
} from './generated/graphql';

/** The pin lists' page size, and the most the server gives. */
export const PIN_PAGE_SIZE = 50;

/** The variables of a pin list's page after `after` (null for the first). */
export function pageVariables<V>(variables: V, after: string | null): V & { first: number; after: string | null } {
  return { ...variables, first: PIN_PAGE_SIZE, after };
}

export type AnyDocument = TypedDocumentString<unknown, unknown>;
type Query = [AnyDocument, unknown];

const query = <R, V>(document: TypedDocumentString<R, V>, variables: V): Query => [document as AnyDocument, variables];

/** The path's segments, decoded as the router gives them; null when one cannot be decoded. */
function segments(path: string): string[] | null {
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** The pages whose first queries are known, by the name build.mjs lists their chunks under. */
export type FirstPage = 'home' | 'board' | 'pin';

/**
 * The page at `path`, as the routes of routes.tsx read it, and the queries it asks first: `me`
 * on every page.
 */
export function firstLoad(path: string): { page: FirstPage | null; queries: Query[] } {
  const me = query(AuthenticatedQueryDocument, {});
  const parts = segments(path);
  if (!parts) return { page: null, queries: [me] };
  const board = (username: string, boardSlug: string) => ({
    page: 'board' as const,
    queries: [
      me,
      query(BoardDetailDocument, { username, boardSlug }),
      query(BoardPinsDocument, pageVariables({ username, boardSlug }, null)),
    ],
  });
  if (parts.length === 0) return { page: 'home', queries: [me, query(LastPinsDocument, pageVariables({}, null))] };
  if (parts.length === 2 && parts[0] === 'pins') return { page: 'pin', queries: [me, query(SinglePinDocument, { id: parts[1] ?? '' })] };
  if (parts.length === 3 && parts[1] === 'boards') return board(parts[0] ?? '', parts[2] ?? '');
  if (parts.length === 5 && parts[1] === 'folders' && parts[3] === 'boards') return board(parts[0] ?? '', parts[4] ?? '');
  return { page: null, queries: [me] };
}
