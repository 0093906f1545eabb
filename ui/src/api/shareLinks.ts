// Share links: the owner's list of a board's links (made, revoked), and what the holder of one
// sees, asked with its token: the board, its pins 50 a page, a pin with its neighbours.

import { gql } from './client';
import {
  AddShareLinkDocument,
  BoardShareLinksDocument,
  RevokeShareLinkDocument,
  SharedBoardDocument,
  SharedPinDocument,
} from './generated/graphql';
import type { PinListState } from './pinLists';
import { usePages, useQuery } from './query';

/** A board's share links, for its owner (others get none). */
export function useShareLinks(boardId: string) {
  const { data, ...state } = useQuery(BoardShareLinksDocument, { id: boardId }, { revalidateOnMount: true });
  return { links: data?.board.shareLinks ?? null, ...state };
}

/** Makes a link to the board; resolves to its address, shown once. */
export async function addShareLink(board: string, expiresInDays: number | null): Promise<string> {
  return (await gql(AddShareLinkDocument, { board, expiresInDays })).addShareLink.url;
}

export async function revokeShareLink(id: string): Promise<string> {
  return (await gql(RevokeShareLinkDocument, { id })).revokeShareLink.message;
}

/** The board the link's token opens, with its pins page after page (each picture's address carries the token). */
export function useSharedBoard(token: string) {
  // The board comes with each page; the first page's is shown.
  const { pages, ...state } = usePages(SharedBoardDocument, { token }, (data) => ({ ...data.sharedBoard.pins, board: data.sharedBoard }));
  const list: PinListState = {
    ...state,
    pins: pages.flatMap((page) => page.edges.map((edge) => ({ ...edge.node, share: token, order: null }))),
    totalCount: pages[0]?.totalCount ?? null,
    totalCountCapped: false,
  };
  return { board: pages[0]?.board ?? null, list };
}

/** A pin of the shared board, with its neighbours there. */
export function useSharedPin(token: string, pin: string) {
  const { data, ...state } = useQuery(SharedPinDocument, { token, pin });
  return { board: data?.sharedBoard ?? null, pin: data?.sharedBoard.pin ?? null, ...state };
}
