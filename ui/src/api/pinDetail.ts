// One pin as the detail screen and the lightbox show it, asked in the shape of the list it was
// opened from (spec, section 7: singlePin with search, user pin, board pin), so that its
// prevID and nextID follow that list. Neighbours are fetched ahead into the cache.

import { useCallback } from 'react';
import { unstable_serialize, useSWRConfig } from 'swr';
import type { PinContext } from '../lib/pinContext';
import {
  BoardPinDocument,
  PinBoardsDocument,
  SinglePinDocument,
  UserPinDocument,
  type BoardPin,
  type BoardPinVariables,
  type SinglePinVariables,
  type TypedDocumentString,
  type UserPinVariables,
} from './generated/graphql';
import { fetchQuery, useEveryPage, useQuery, type QueryKey } from './query';

/** The detail image's minimum width (spec, section 9), as api/pinDetail.graphql asks for it. */
export const DETAIL_PREVIEW_WIDTH = 738;

interface PinQueries {
  single: SinglePinVariables | null;
  user: UserPinVariables | null;
  board: BoardPinVariables | null;
}

/** The variables of the one pin query that follows `context`; the other two are null. */
function pinQueries(context: PinContext, id: string): PinQueries {
  const none = { single: null, user: null, board: null };
  switch (context.kind) {
    case 'last':
      return { ...none, single: { id } };
    case 'search':
      return { ...none, single: { id, search: context.search, tag: context.tag, board: context.board, user: context.user, colour: context.colour } };
    case 'user':
      return { ...none, user: { username: context.username, id } };
    case 'board':
      return { ...none, board: { username: context.username, boardSlug: context.boardSlug, id } };
  }
}

/** The board a pin was opened on, when it was. */
export type PinBoard = Omit<BoardPin['user']['board'], 'pin'>;

/** The pin `id` with its neighbours in `context`, and the board it was opened on. */
export function usePinDetail(context: PinContext, id: string) {
  const queries = pinQueries(context, id);
  const single = useQuery(SinglePinDocument, queries.single);
  const user = useQuery(UserPinDocument, queries.user);
  const board = useQuery(BoardPinDocument, queries.board);
  const asked = queries.board ? board : queries.user ? user : single;
  const onBoard = board.data?.user.board;
  return {
    pin: single.data?.pin ?? user.data?.user.pin ?? onBoard?.pin ?? null,
    board: onBoard ? ({ id: onBoard.id, title: onBoard.title, user: onBoard.user } satisfies PinBoard) : null,
    error: asked.error,
    isLoading: asked.isLoading,
  };
}

/** Every board of the pin `id` that the viewer may see; nothing is asked while `id` is null. */
export function usePinBoards(id: string | null, config?: { revalidateOnMount?: boolean }) {
  const { data, ...state } = useEveryPage(PinBoardsDocument, id === null ? null : { id }, (d) => d.pin?.boards ?? null, config);
  return { boards: data ?? null, ...state };
}

/**
 * Returns a function that fetches pins of `context` into the cache, one after the other,
 * skipping those already there: opening them next shows them at once (and refreshes them).
 */
export function usePrefetchPins(): (context: PinContext, ids: readonly (string | null)[]) => void {
  const { cache, mutate } = useSWRConfig();
  return useCallback(
    (context, ids) => {
      const prefetch = async <R, V>(document: TypedDocumentString<R, V>, variables: V | null) => {
        if (variables === null) return;
        const key: QueryKey<R, V> = [document, variables];
        if (cache.get(unstable_serialize(key))?.data !== undefined) return;
        // A neighbour that fails now will show its error when opened.
        await mutate(key, fetchQuery(key), { revalidate: false }).catch(() => undefined);
      };
      void (async () => {
        for (const id of ids) {
          if (!id) continue;
          const queries = pinQueries(context, id);
          await prefetch(SinglePinDocument, queries.single);
          await prefetch(UserPinDocument, queries.user);
          await prefetch(BoardPinDocument, queries.board);
        }
      })();
    },
    [cache, mutate],
  );
}
