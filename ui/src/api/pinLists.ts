// Pin lists for the grids (spec, sections 2 and 7): Last pins, search results, a user's pins and
// a board's pins, 50 a page, loaded page after page (usePages), and a board's pins for the cover
// picker, as far as it steps.

import useSWRInfinite from 'swr/infinite';
import {
  BoardPinsDocument,
  GetBoardCoversDocument,
  LastPinsDocument,
  SearchPinsQueryDocument,
  UserPinsDocument,
  type GetBoardCovers,
  type PinThumb,
  type TypedDocumentString,
} from './generated/graphql';
import { PIN_PAGE_SIZE, pageVariables } from './firstQueries';
import type { Thumb } from '../lib/thumbs';
import { fetchQuery, usePages, type PageControls, type QueryKey } from './query';

/** A pin of a list: its tile, and on a board its place there (the highest first). */
export type ListedPin = Thumb & { order: number | null };

interface PinConnection {
  /** Null for a list whose total is not asked ('Following'). */
  totalCount: number | null;
  /** A search stopped counting at totalCount: more pins match. */
  totalCountCapped?: boolean;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: readonly { order?: number; node: PinThumb }[];
}

export type PinListState = PageControls & {
  pins: ListedPin[];
  totalCount: number | null;
  /** A search stopped counting at totalCount (10,000): more pins match. */
  totalCountCapped: boolean;
};

/** The pins of the connection `connection` finds in the answers to `document`, page after page. */
export function usePinPages<R, V extends { first?: number | null; after?: string | null }>(
  document: TypedDocumentString<R, V>,
  variables: V,
  connection: (data: R) => PinConnection,
): PinListState {
  const { pages, ...state } = usePages(document, variables, connection);
  return {
    ...state,
    pins: pages.flatMap((page) => page.edges.map((edge) => ({ ...edge.node, order: edge.order ?? null }))),
    totalCount: pages[0]?.totalCount ?? null,
    totalCountCapped: pages[0]?.totalCountCapped ?? false,
  };
}

/** Last pins, newest first. */
export function useLastPins(): PinListState {
  return usePinPages(LastPinsDocument, {}, (data) => data.pins);
}

/** What narrows a text search: one board (by id), one person (by username), one colour (by name). */
export interface Narrowing {
  board: string | null;
  user: string | null;
  colour: string | null;
}

/** A person or a board of the results, to narrow them to. */
export interface Choice {
  value: string;
  label: string;
}

export type SearchResultsState = PinListState & {
  /** The people and the boards of the results loaded so far, each once. */
  people: Choice[];
  boards: Choice[];
};

/** The pins found for `search` (by relevance; narrowed as `narrowing` says) or `tag` (newest
 * first; it wins over `search`), with the people and boards among them. */
export function useSearchPins(search: string | null, tag: string | null, narrowing: Narrowing): SearchResultsState {
  const { pages, ...state } = usePages(SearchPinsQueryDocument, { search, tag, ...narrowing }, (data) => data.pins);
  const nodes = pages.flatMap((page) => page.edges.map((edge) => edge.node));
  const once = (choices: Choice[]) => [...new Map(choices.map((choice) => [choice.value, choice])).values()];
  return {
    ...state,
    pins: nodes.map((node) => ({ ...node, order: null })),
    totalCount: pages[0]?.totalCount ?? null,
    totalCountCapped: pages[0]?.totalCountCapped ?? false,
    people: once(nodes.map((node) => ({ value: node.user.username, label: node.user.username }))),
    boards: once(nodes.flatMap((node) => node.boards.edges.map(({ node: board }) => ({ value: board.id, label: board.title })))),
  };
}

export function useUserPins(username: string): PinListState {
  return usePinPages(UserPinsDocument, { username }, (data) => data.user.pins);
}

/** A board's pins, in board order. */
export function useBoardPins(username: string, boardSlug: string): PinListState {
  return usePinPages(BoardPinsDocument, { username, boardSlug }, (data) => data.user.board.pins);
}

export interface CoverChoices {
  /** The board's pins loaded so far, in board order. */
  pins: PinThumb[];
  /** How many pins the board has; null until the first page comes. */
  count: number | null;
  /** Every page is loaded. */
  complete: boolean;
  error: Error | undefined;
  isLoading: boolean;
  /** Loads the pages up to the one holding the pin at `index` (from 0). */
  reach: (index: number) => void;
  /** Loads one more page. */
  loadMore: () => void;
}

/** The board's pins for the cover picker, 50 a page, loaded as far as it asks. */
export function useCoverChoices(boardId: string): CoverChoices {
  const { data, error, size, setSize } = useSWRInfinite<GetBoardCovers, Error>(
    (_index, previous: GetBoardCovers | null): QueryKey<GetBoardCovers, { id: string; first: number; after: string | null }> | null => {
      const page = previous?.board.pins.pageInfo;
      if (page && !page.hasNextPage) return null;
      return [GetBoardCoversDocument, pageVariables({ id: boardId }, page?.endCursor ?? null)];
    },
    fetchQuery,
    // Stepping on must not ask the first page again each time.
    { revalidateOnMount: true, revalidateFirstPage: false },
  );
  const pages = data?.map((answer) => answer.board.pins);
  const pins = pages?.flatMap((page) => page.edges.map((edge) => edge.node)) ?? [];
  const complete = pages !== undefined && !pages.at(-1)?.pageInfo.hasNextPage;
  const pagesFor = (index: number) => Math.floor(index / PIN_PAGE_SIZE) + 1;
  return {
    pins,
    count: complete ? pins.length : (pages?.[0]?.totalCount ?? null),
    complete,
    error,
    isLoading: data === undefined && error === undefined,
    reach: (index) => {
      if (!complete && pagesFor(index) > size) void setSize(pagesFor(index));
    },
    loadMore: () => {
      if (!complete && pages && size <= pages.length) void setSize(pages.length + 1);
    },
  };
}
