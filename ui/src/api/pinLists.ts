// Pin lists for the grids (spec, sections 2 and 7): Last pins, search results, a user's pins and
// a board's pins, 50 a page, loaded page after page (SWR infinite, each page cached under its
// [document, variables] key), and a board's pins at once for the cover picker.

import useSWRInfinite from 'swr/infinite';
import {
  BoardPinsDocument,
  GetBoardCoversDocument,
  LastPinsDocument,
  SearchPinsQueryDocument,
  UserPinsDocument,
  type PinThumb,
  type TypedDocumentString,
} from './generated/graphql';
import { fetchQuery, useQuery, type QueryKey } from './query';

/** A pin of a list: its tile, and on a board its place there (the highest first). */
export type ListedPin = PinThumb & { order: number | null };

/** Grid column width (spec, section 9); the 2x previews are twice as wide. */
export const THUMB_WIDTH = 236;
const PIN_PAGE_SIZE = 50;
/** The cover picker reads this many of a board's pins. */
const COVER_CHOICES = 20000;

interface PinConnection {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: readonly { order?: number; node: PinThumb }[];
}

export interface PinListState {
  pins: ListedPin[];
  totalCount: number | null;
  error: Error | undefined;
  isLoading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  /** Asks for the next page. */
  loadMore: () => void;
  /** Reloads every loaded page. */
  refresh: () => Promise<unknown>;
}

/**
 * The pins of the connection `connection` finds in the answers to `document`, the pages loaded
 * so far one after the other. Every mount reloads them: what changed elsewhere (an edit, a
 * deletion) shows when coming back.
 */
function usePinPages<R, V extends { first?: number | null; after?: string | null }>(
  document: TypedDocumentString<R, V>,
  variables: V,
  connection: (data: R) => PinConnection,
): PinListState {
  const { data, error, size, setSize, mutate } = useSWRInfinite<R, Error>(
    (_index, previous: R | null): QueryKey<R, V> | null => {
      const page = previous && connection(previous).pageInfo;
      if (page && !page.hasNextPage) return null;
      return [document, { ...variables, first: PIN_PAGE_SIZE, after: page?.endCursor ?? null }];
    },
    fetchQuery,
    { revalidateOnMount: true },
  );
  const pages = data?.map(connection);
  const hasMore = Boolean(pages?.at(-1)?.pageInfo.hasNextPage);
  const loadingMore = pages !== undefined && size > pages.length && hasMore && !error;
  return {
    pins: pages?.flatMap((page) => page.edges.map((edge) => ({ ...edge.node, order: edge.order ?? null }))) ?? [],
    totalCount: pages?.[0]?.totalCount ?? null,
    error,
    isLoading: data === undefined && error === undefined,
    hasMore,
    loadingMore,
    loadMore: () => {
      if (!loadingMore && pages && hasMore) void setSize(pages.length + 1);
    },
    refresh: () => mutate(),
  };
}

/** Last pins, newest first. */
export function useLastPins(): PinListState {
  return usePinPages(LastPinsDocument, {}, (data) => data.pins);
}

/** The pins found for `search` (by relevance) or `tag` (newest first; it wins over `search`). */
export function useSearchPins(search: string | null, tag: string | null): PinListState {
  return usePinPages(SearchPinsQueryDocument, { search, tag }, (data) => data.pins);
}

export function useUserPins(username: string): PinListState {
  return usePinPages(UserPinsDocument, { username }, (data) => data.user.pins);
}

/** A board's pins, in board order. */
export function useBoardPins(username: string, boardSlug: string): PinListState {
  return usePinPages(BoardPinsDocument, { username, boardSlug }, (data) => data.user.board.pins);
}

/** Every pin of the board (20000 at most), for the cover picker. */
export function useCoverChoices(boardId: string) {
  const { data, ...state } = useQuery(GetBoardCoversDocument, { id: boardId, first: COVER_CHOICES }, { revalidateOnMount: true });
  return { pins: data?.board.pins.edges.map((edge) => edge.node) ?? null, ...state };
}
