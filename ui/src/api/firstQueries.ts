// The queries a page opens with, known from its address alone. index.html's first script
// (src/early.ts) asks them while the app's script still loads; the page's own request for the
// same query and variables then takes that answer (client.ts). Only the pages people land on
// most are here: Last pins, a board and a pin.

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

/** The queries the page at `path` asks first, as the routes of routes.tsx read it: `me` on every page. */
export function firstQueries(path: string): Query[] {
  const queries = [query(AuthenticatedQueryDocument, {})];
  const parts = segments(path) ?? [];
  const board = (username: string, boardSlug: string) => [
    query(BoardDetailDocument, { username, boardSlug }),
    query(BoardPinsDocument, pageVariables({ username, boardSlug }, null)),
  ];
  if (parts.length === 0) queries.push(query(LastPinsDocument, pageVariables({}, null)));
  else if (parts.length === 2 && parts[0] === 'pins') queries.push(query(SinglePinDocument, { id: parts[1] ?? '' }));
  else if (parts.length === 3 && parts[1] === 'boards') queries.push(...board(parts[0] ?? '', parts[2] ?? ''));
  else if (parts.length === 5 && parts[1] === 'folders' && parts[3] === 'boards') queries.push(...board(parts[0] ?? '', parts[4] ?? ''));
  return queries;
}
