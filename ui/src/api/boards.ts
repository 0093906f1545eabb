// Boards and folders (spec, sections 2 and 4): the user's lists, the folder and board pages,
// the edit forms' data, and the board and folder mutations. Slugs are made by the server.

import { t } from '../i18n';
import { gql } from './client';
import {
  AddBoardDocument,
  AddFolderDocument,
  BoardDetailDocument,
  BoardForEditDocument,
  DeleteBoardDocument,
  DeleteFolderDocument,
  FolderBoardsDocument,
  FolderDetailDocument,
  FolderForEditDocument,
  MeFoldersDocument,
  ShareBoardDocument,
  UnshareBoardDocument,
  UpdateBoardDocument,
  UpdateFolderDocument,
  UserBoardsDocument,
  UserCountsDocument,
  UserFoldersDocument,
  type AddBoardVariables,
  type AddFolderVariables,
  type BoardLink,
  type BoardSummary,
  type FolderLink,
  type FolderRef,
  type FolderSummary,
  type UpdateBoardVariables,
  type UpdateFolderVariables,
} from './generated/graphql';
import { usePages, useQuery, type PageControls, type PagesState } from './query';

/** What `me.folders` stands for without a signed-in viewer. */
const NO_FOLDERS = { pageInfo: { hasNextPage: false, endCursor: null }, edges: [] };

/** A list read a page at a time (tiles, folders to choose): the nodes loaded so far, and how to ask for more. */
export type TilePages<N> = PageControls & { nodes: N[] };

function nodesOf<N, C extends { edges: readonly { node: N }[] }>({ pages, ...state }: PagesState<C>): TilePages<N> {
  return { ...state, nodes: pages.flatMap((page) => page.edges.map((edge) => edge.node)) };
}

/** The user's public (`secret` false) or private boards that the viewer may see, 50 a page. */
export function useUserBoards(username: string, secret: boolean): TilePages<BoardSummary> {
  return nodesOf(usePages(UserBoardsDocument, { username, secret }, (d) => d.user.boards));
}

/** The user's public or private folders listed for the viewer, 50 a page. */
export function useUserFolders(username: string, secret: boolean): TilePages<FolderSummary> {
  return nodesOf(usePages(UserFoldersDocument, { username, secret }, (d) => d.user.folders));
}

/** The tab counts: pins, boards and folders the viewer may see. */
export function useUserCounts(username: string) {
  return useQuery(UserCountsDocument, { username }).data?.user ?? null;
}

export function useFolderDetail(username: string, folderSlug: string) {
  const { data, ...state } = useQuery(FolderDetailDocument, { username, folderSlug });
  return { folder: data?.user.folder ?? null, ...state };
}

/** The boards of the folder the viewer may see, 50 a page. */
export function useFolderBoards(username: string, folderSlug: string): TilePages<BoardSummary> {
  return nodesOf(usePages(FolderBoardsDocument, { username, folderSlug }, (d) => d.user.folder.boards));
}

export function useBoardDetail(username: string, boardSlug: string) {
  const { data, ...state } = useQuery(BoardDetailDocument, { username, boardSlug });
  return { board: data?.user.board ?? null, ...state };
}

export function useBoardForEdit(id: string) {
  const { data, ...state } = useQuery(BoardForEditDocument, { id }, { revalidateOnMount: true });
  return { board: data?.board ?? null, ...state };
}

export function useFolderForEdit(id: string | null) {
  const { data, ...state } = useQuery(FolderForEditDocument, id === null ? null : { id }, { revalidateOnMount: true });
  return { folder: data?.folder ?? null, ...state };
}

/** The signed-in user's folders, newest first, 50 a page, for the board forms' folder select. */
export function useMyFolders(): TilePages<FolderRef> {
  return nodesOf(usePages(MeFoldersDocument, {}, (d) => d.me?.folders ?? NO_FOLDERS));
}

export async function addBoard(fields: AddBoardVariables): Promise<BoardLink> {
  return (await gql(AddBoardDocument, fields)).addBoard;
}

/** `folder: null` takes the board out of its folder. */
export async function updateBoard(fields: UpdateBoardVariables): Promise<BoardLink> {
  return (await gql(UpdateBoardDocument, fields)).updateBoard;
}

/** Resolves to the owner's id (never undefined: useMutation reads undefined as a failure). */
export async function deleteBoard(id: string): Promise<string> {
  return (await gql(DeleteBoardDocument, { id })).deleteBoard.id;
}

export async function addFolder(fields: AddFolderVariables): Promise<FolderLink> {
  return (await gql(AddFolderDocument, fields)).addFolder;
}

export async function updateFolder(fields: UpdateFolderVariables): Promise<FolderLink> {
  return (await gql(UpdateFolderDocument, fields)).updateFolder;
}

/** Resolves to the owner's id, like deleteBoard. */
export async function deleteFolder(id: string): Promise<string> {
  return (await gql(DeleteFolderDocument, { id })).deleteFolder.id;
}

export async function shareBoard(board: string, username: string): Promise<string> {
  return (await gql(ShareBoardDocument, { board, username })).shareBoard.message;
}

export async function unshareBoard(board: string, username: string): Promise<string> {
  return (await gql(UnshareBoardDocument, { board, username })).unshareBoard.message;
}

/** Default tags as typed: split on spaces and '#', trimmed, duplicates dropped (spec, section 5). */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(/[\s#]+/).map((tag) => tag.trim()).filter(Boolean))];
}

/** A username as typed in 'Share with': trimmed, a leading @ stripped. */
export function cleanUsername(text: string): string {
  return text.trim().replace(/^@+/, '');
}

/** What countLabel counts. */
export type Counted = 'pin' | 'board' | 'folder' | 'follower';

/** '1 board', '2 boards', '0 boards', by the plural rules of the reader's language. */
export function countLabel(count: number, what: Counted): string {
  switch (what) {
    case 'pin':
      return t('count.pins', '{count, plural, one {# pin} other {# pins}}', { count });
    case 'board':
      return t('count.boards', '{count, plural, one {# board} other {# boards}}', { count });
    case 'folder':
      return t('count.folders', '{count, plural, one {# folder} other {# folders}}', { count });
    case 'follower':
      return t('count.followers', '{count, plural, one {# follower} other {# followers}}', { count });
  }
}
