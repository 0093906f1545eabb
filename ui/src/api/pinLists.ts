// Pin lists for the grids (spec, sections 2 and 7): Last pins, search results, a user's pins and
// a board's pins, 50 a page, loaded page after page (SWR infinite), and a board's pins at once
// for the cover picker. Each pin comes with what its tile needs: size, colour and 236 px
// previews (and 2x).

import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { gql, gqlFetcher, type GqlKey, type Variables } from './client';
import { isPending } from './me';

export interface PinThumb {
  id: string;
  title: string | null;
  caption: string;
  width: number;
  height: number;
  dominantColor: string;
  unsafe: boolean;
  previewsFormats: string[];
  /** Widths of the stored previews, smallest first. */
  previewsSizes: number[];
  preview: string;
  preview2x: string;
  webp: string;
  webp2x: string;
}

export interface ListedPin extends PinThumb {
  /** Board lists only: the pin's place on the board, the highest first. */
  order: number | null;
}

/** Grid column width (spec, section 9); the 2x previews are twice as wide. */
export const THUMB_WIDTH = 236;
const PIN_PAGE_SIZE = 50;
/** The cover picker reads this many of a board's pins. */
const COVER_CHOICES = 20000;

const THUMB = `id title caption width height dominantColor unsafe previewsFormats previewsSizes
  preview(minWidth: ${THUMB_WIDTH}) preview2x: preview(minWidth: ${THUMB_WIDTH * 2})
  webp: preview(minWidth: ${THUMB_WIDTH}, format: "webp") webp2x: preview(minWidth: ${THUMB_WIDTH * 2}, format: "webp")`;

const PAGE = `totalCount pageInfo { hasNextPage endCursor }`;

const LAST_PINS_QUERY = `query LastPins($first: Int, $after: String) {
  pins(first: $first, after: $after) { ${PAGE} edges { node { ${THUMB} } } }
}`;

const SEARCH_PINS_QUERY = `query SearchPinsQuery($search: String, $tag: String, $first: Int = ${PIN_PAGE_SIZE}, $after: String) {
  me { id }
  pins(search: $search, tag: $tag, first: $first, after: $after) { ${PAGE} edges { node { ${THUMB} } } }
}`;

const USER_PINS_QUERY = `query UserPins($username: String!, $first: Int, $after: String) {
  user(username: $username) { id pins(first: $first, after: $after) { ${PAGE} edges { node { ${THUMB} } } } }
}`;

const BOARD_PINS_QUERY = `query BoardPins($username: String!, $boardSlug: String!, $first: Int, $after: String) {
  user(username: $username) {
    id
    board(slug: $boardSlug) { id pins(first: $first, after: $after) { ${PAGE} edges { order node { ${THUMB} } } } }
  }
}`;

const COVER_CHOICES_QUERY = `query GetBoardCovers($id: ID!, $first: Int) {
  board(id: $id) { id pins(first: $first) { edges { node { ${THUMB} } } } }
}`;

export type PinListSource =
  | { kind: 'last' }
  | { kind: 'search'; search: string | null; tag: string | null }
  | { kind: 'user'; username: string }
  | { kind: 'board'; username: string; boardSlug: string };

interface Connection {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { order?: number; node: PinThumb }[];
}

interface PinPage {
  totalCount: number;
  pins: ListedPin[];
  hasNextPage: boolean;
  endCursor: string | null;
}

function firstPage(source: PinListSource): [query: string, variables: Variables] {
  switch (source.kind) {
    case 'last':
      return [LAST_PINS_QUERY, {}];
    case 'search':
      return [SEARCH_PINS_QUERY, { search: source.search, tag: source.tag }];
    case 'user':
      return [USER_PINS_QUERY, { username: source.username }];
    case 'board':
      return [BOARD_PINS_QUERY, { username: source.username, boardSlug: source.boardSlug }];
  }
}

async function fetchPage([query, variables]: GqlKey): Promise<PinPage> {
  type Answer = { pins?: Connection; user?: { pins?: Connection; board?: { pins: Connection } } };
  const data = await gql<Answer>(query, variables);
  const connection = data.pins ?? data.user?.pins ?? data.user?.board?.pins;
  if (!connection) throw new Error('The pin list answer holds no pins.');
  return {
    totalCount: connection.totalCount,
    pins: connection.edges.map((edge) => ({ ...edge.node, order: edge.order ?? null })),
    hasNextPage: connection.pageInfo.hasNextPage,
    endCursor: connection.pageInfo.endCursor,
  };
}

/**
 * The pins of `source`, the pages loaded so far one after the other. `loadMore` asks for the
 * next page; `refresh` reloads every loaded page. Every mount reloads them too: what changed
 * elsewhere (an edit, a deletion) shows when coming back.
 */
export function usePinList(source: PinListSource) {
  const [query, variables] = firstPage(source);
  const { data, error, size, setSize, mutate } = useSWRInfinite<PinPage, Error>(
    (_index, previous: PinPage | null): GqlKey | null =>
      previous && !previous.hasNextPage ? null : [query, { ...variables, first: PIN_PAGE_SIZE, after: previous?.endCursor ?? null }],
    fetchPage,
    { revalidateOnMount: true },
  );
  const last = data?.[data.length - 1];
  const loadingMore = data !== undefined && size > data.length && Boolean(last?.hasNextPage) && !error;
  return {
    pins: data?.flatMap((page) => page.pins) ?? [],
    totalCount: data?.[0]?.totalCount ?? null,
    error,
    isLoading: isPending(data, error),
    hasMore: Boolean(last?.hasNextPage),
    loadingMore,
    loadMore: () => {
      if (!loadingMore && data && last?.hasNextPage) void setSize(data.length + 1);
    },
    refresh: () => mutate(),
  };
}

export type PinListState = ReturnType<typeof usePinList>;

/** Every pin of the board (20000 at most), for the cover picker. */
export function useCoverChoices(boardId: string) {
  const { data, error } = useSWR<{ board: { id: string; pins: { edges: { node: PinThumb }[] } } }, Error, GqlKey>(
    [COVER_CHOICES_QUERY, { id: boardId, first: COVER_CHOICES }],
    gqlFetcher,
    { revalidateOnMount: true },
  );
  return { pins: data?.board.pins.edges.map((edge) => edge.node) ?? null, error, isLoading: isPending(data, error) };
}
