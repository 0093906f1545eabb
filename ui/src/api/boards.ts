// Boards and folders (spec, sections 2 and 4): the user's lists, the folder and board pages,
// the edit forms' data, and the board and folder mutations. Slugs are made by the server.

import useSWR from 'swr';
import { gql, gqlFetcher, type GqlKey, type Variables } from './client';
import { isPending } from './me';

/** A cover slot: a pin's 236 px grid preview, or null while the board has no pin there. */
export interface Cover {
  id: string;
  preview: string;
}

export interface FolderRef {
  id: string;
  name: string;
  slug: string;
}

export interface BoardSummary {
  id: string;
  slug: string;
  title: string;
  secret: boolean;
  caption: string | null;
  folder: FolderRef | null;
  pins: { totalCount: number };
  cover1: Cover | null;
  cover2: Cover | null;
  cover3: Cover | null;
}

export interface FolderSummary {
  id: string;
  slug: string;
  name: string;
  secret: boolean;
  boards: { totalCount: number };
  cover1: Cover | null;
  cover2: Cover | null;
  cover3: Cover | null;
  cover4: Cover | null;
}

export interface Owner {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
}

export interface BoardDetail {
  id: string;
  slug: string;
  title: string;
  caption: string | null;
  secret: boolean;
  user: Owner;
  folder: FolderRef | null;
  pins: { totalCount: number };
  cover1: { id: string } | null;
}

export interface FolderDetail {
  id: string;
  slug: string;
  name: string;
  secret: boolean;
  user: Owner;
  boards: { totalCount: number; edges: { node: BoardSummary }[] };
}

/** The edit-board form's data (`board(id)`); `sharedWith` is only given to the owner. */
export interface BoardForEdit {
  id: string;
  slug: string;
  title: string;
  caption: string | null;
  pinDefaultDescription: string | null;
  pinDefaultTags: string[];
  secret: boolean;
  sharedWith: string[];
  user: { id: string; username: string };
  folder: FolderRef | null;
}

export interface FolderForEdit {
  id: string;
  slug: string;
  name: string;
  secret: boolean;
  user: { id: string; username: string };
}

/** A board the create-pin form offers, with what choosing it fills in (spec, section 4). */
export interface PinBoardChoice {
  id: string;
  title: string;
  secret: boolean;
  pinDefaultDescription: string | null;
  pinDefaultTags: string[];
}

/** What a mutation answers about a board: enough to build its path. */
export interface BoardLink {
  id: string;
  slug: string;
  title: string;
  secret: boolean;
  user: { username: string };
  folder: { id: string; slug: string } | null;
}

export interface FolderLink {
  id: string;
  slug: string;
  name: string;
  secret: boolean;
  user: { username: string };
}

const COVER = '{ id preview(minWidth: 236) }';
const OWNER = '{ id username firstName lastName }';

const BOARD_SUMMARY = `id slug title secret caption
  folder { id name slug }
  pins { totalCount }
  cover1 ${COVER} cover2 ${COVER} cover3 ${COVER}`;

const FOLDER_SUMMARY = `id slug name secret
  boards { totalCount }
  cover1 ${COVER} cover2 ${COVER} cover3 ${COVER} cover4 ${COVER}`;

/** Lists are read whole: a user has a handful of boards, and pages of 100 keep answers small. */
const PAGE = 100;

interface Connection<N> {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: { node: N }[];
}

const USER_BOARDS_QUERY = `query UserBoards($username: String!, $first: Int, $after: String) {
  user(username: $username) {
    id
    boards(first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { ${BOARD_SUMMARY} } }
    }
  }
}`;

const USER_FOLDERS_QUERY = `query UserFolders($username: String!, $first: Int, $after: String) {
  user(username: $username) {
    id
    folders(first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { ${FOLDER_SUMMARY} } }
    }
  }
}`;

const USER_COUNTS_QUERY = `query UserCounts($username: String!) {
  user(username: $username) {
    id
    pins(first: 0) { totalCount }
    boards(first: 0) { totalCount }
    folders(first: 0) { totalCount }
  }
}`;

const FOLDER_DETAIL_QUERY = `query FolderDetail($username: String!, $folderSlug: String!) {
  user(username: $username) {
    id
    folder(slug: $folderSlug) {
      id slug name secret
      user ${OWNER}
      boards(first: ${PAGE}) { totalCount edges { node { ${BOARD_SUMMARY} } } }
    }
  }
}`;

/** The board page's heading; its pins come page by page (api/pinLists.ts). */
const BOARD_DETAIL_QUERY = `query BoardDetail($username: String!, $boardSlug: String!) {
  user(username: $username) {
    id
    board(slug: $boardSlug) {
      id slug title caption secret
      user ${OWNER}
      folder { id name slug }
      pins(first: 0) { totalCount }
      cover1 { id }
    }
  }
}`;

const BOARD_FOR_EDIT_QUERY = `query BoardForEdit($id: ID!) {
  board(id: $id) {
    id slug title caption pinDefaultDescription pinDefaultTags secret sharedWith
    user { id username }
    folder { id name slug }
  }
}`;

const FOLDER_FOR_EDIT_QUERY = `query FolderForEdit($id: ID!) {
  folder(id: $id) { id slug name secret user { id username } }
}`;

const MY_FOLDERS_QUERY = `query MeFolders {
  me {
    id
    folders(first: ${PAGE}) { edges { node { id name slug } } }
  }
}`;

const MY_BOARDS_QUERY = `query MyBoards($first: Int, $after: String) {
  me {
    id
    boards(first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { id title secret pinDefaultDescription pinDefaultTags } }
    }
  }
}`;

const BOARD_LINK = 'id slug title secret user { username } folder { id slug }';
const FOLDER_LINK = 'id slug name secret user { username }';

/** Every page of a connection, for lists read whole; `pick` answers null when there is none. */
async function fetchAll<N, D = { user: Record<string, unknown> }>(
  query: string,
  variables: Variables,
  pick: (data: D) => Connection<N> | null,
): Promise<{ totalCount: number; nodes: N[] }> {
  const nodes: N[] = [];
  let after: string | null = null;
  let totalCount = 0;
  for (let guard = 0; guard < 100; guard += 1) {
    const data: D = await gql(query, { ...variables, first: PAGE, after });
    const connection = pick(data);
    if (!connection) break;
    totalCount = connection.totalCount;
    nodes.push(...connection.edges.map((edge) => edge.node));
    if (!connection.pageInfo.hasNextPage || !connection.pageInfo.endCursor) break;
    after = connection.pageInfo.endCursor;
  }
  return { totalCount, nodes };
}

export function useUserBoards(username: string) {
  const { data, error } = useSWR(['UserBoards', username] as const, ([, name]) =>
    fetchAll<BoardSummary>(USER_BOARDS_QUERY, { username: name }, (d) => d.user.boards as Connection<BoardSummary>),
  );
  return { boards: data?.nodes ?? null, error: error as unknown, isLoading: isPending(data, error) };
}

export function useUserFolders(username: string) {
  const { data, error } = useSWR(['UserFolders', username] as const, ([, name]) =>
    fetchAll<FolderSummary>(USER_FOLDERS_QUERY, { username: name }, (d) => d.user.folders as Connection<FolderSummary>),
  );
  return { folders: data?.nodes ?? null, error: error as unknown, isLoading: isPending(data, error) };
}

/** The tab counts: pins, boards and folders the viewer may see. */
export function useUserCounts(username: string) {
  const { data } = useSWR<
    { user: { id: string; pins: { totalCount: number }; boards: { totalCount: number }; folders: { totalCount: number } } },
    Error,
    GqlKey
  >([USER_COUNTS_QUERY, { username }], gqlFetcher);
  return data?.user ?? null;
}

export function useFolderDetail(username: string, folderSlug: string) {
  const { data, error } = useSWR<{ user: { id: string; folder: FolderDetail } }, Error, GqlKey>(
    [FOLDER_DETAIL_QUERY, { username, folderSlug }],
    gqlFetcher,
  );
  return { folder: data?.user.folder ?? null, error, isLoading: isPending(data, error) };
}

export function useBoardDetail(username: string, boardSlug: string) {
  const { data, error } = useSWR<{ user: { id: string; board: BoardDetail } }, Error, GqlKey>(
    [BOARD_DETAIL_QUERY, { username, boardSlug }],
    gqlFetcher,
  );
  return { board: data?.user.board ?? null, error, isLoading: isPending(data, error) };
}

export function useBoardForEdit(id: string) {
  const { data, error, mutate } = useSWR<{ board: BoardForEdit }, Error, GqlKey>([BOARD_FOR_EDIT_QUERY, { id }], gqlFetcher, {
    revalidateOnMount: true,
  });
  return { board: data?.board ?? null, error, isLoading: isPending(data, error), mutate };
}

export function useFolderForEdit(id: string) {
  const { data, error } = useSWR<{ folder: FolderForEdit }, Error, GqlKey>([FOLDER_FOR_EDIT_QUERY, { id }], gqlFetcher, {
    revalidateOnMount: true,
  });
  return { folder: data?.folder ?? null, error, isLoading: isPending(data, error) };
}

/** The signed-in user's boards with their pin defaults, for the create-pin form. */
export function useMyBoards() {
  type MyBoards = { me: { boards: Connection<PinBoardChoice> } | null };
  const { data, error } = useSWR(
    ['MyBoards'] as const,
    () => fetchAll<PinBoardChoice, MyBoards>(MY_BOARDS_QUERY, {}, (d) => d.me?.boards ?? null),
    { revalidateOnMount: true },
  );
  return { boards: data?.nodes ?? null, error: error as unknown, isLoading: isPending(data, error) };
}

/** The signed-in user's folders, for the board forms' folder select. */
export function useMyFolders() {
  const { data, error } = useSWR<
    { me: { id: string; folders: { edges: { node: FolderRef }[] } } | null },
    Error,
    GqlKey
  >([MY_FOLDERS_QUERY, {}], gqlFetcher, { revalidateOnMount: true });
  return {
    folders: data?.me?.folders.edges.map((edge) => edge.node) ?? null,
    error,
    isLoading: isPending(data, error),
  };
}

export async function addBoard(fields: {
  title: string;
  folder: string | null;
  caption: string | null;
  secret: boolean;
}): Promise<BoardLink> {
  const data = await gql<{ addBoard: BoardLink }>(
    `mutation AddBoard($title: String!, $folder: ID, $caption: String, $secret: Boolean!) {
      addBoard(title: $title, folder: $folder, caption: $caption, secret: $secret) { ${BOARD_LINK} }
    }`,
    fields,
  );
  return data.addBoard;
}

export async function updateBoard(fields: {
  id: string;
  title: string;
  /** null takes the board out of its folder. */
  folder: string | null;
  caption: string | null;
  pinDefaultDescription: string | null;
  pinDefaultTags: string[];
  secret: boolean;
}): Promise<BoardLink> {
  const data = await gql<{ updateBoard: BoardLink }>(
    `mutation UpdateBoard($id: ID!, $title: String, $folder: ID, $caption: String,
      $pinDefaultDescription: String, $pinDefaultTags: [String!], $secret: Boolean) {
      updateBoard(id: $id, title: $title, folder: $folder, caption: $caption,
        pinDefaultDescription: $pinDefaultDescription, pinDefaultTags: $pinDefaultTags, secret: $secret) { ${BOARD_LINK} }
    }`,
    fields,
  );
  return data.updateBoard;
}

/** Resolves to the owner's id (never undefined: useMutation reads undefined as a failure). */
export async function deleteBoard(id: string): Promise<string> {
  const data = await gql<{ deleteBoard: { id: string } }>(`mutation DeleteBoard($id: ID!) { deleteBoard(id: $id) { id } }`, { id });
  return data.deleteBoard.id;
}

export async function addFolder(fields: { name: string; secret: boolean }): Promise<FolderLink> {
  const data = await gql<{ addFolder: FolderLink }>(
    `mutation AddFolder($name: String!, $secret: Boolean!) { addFolder(name: $name, secret: $secret) { ${FOLDER_LINK} } }`,
    fields,
  );
  return data.addFolder;
}

export async function updateFolder(fields: { id: string; name: string; secret: boolean }): Promise<FolderLink> {
  const data = await gql<{ updateFolder: FolderLink }>(
    `mutation UpdateFolder($id: ID!, $name: String, $secret: Boolean) {
      updateFolder(id: $id, name: $name, secret: $secret) { ${FOLDER_LINK} }
    }`,
    fields,
  );
  return data.updateFolder;
}

/** Resolves to the owner's id, like deleteBoard. */
export async function deleteFolder(id: string): Promise<string> {
  const data = await gql<{ deleteFolder: { id: string } }>(`mutation DeleteFolder($id: ID!) { deleteFolder(id: $id) { id } }`, { id });
  return data.deleteFolder.id;
}

export async function shareBoard(board: string, username: string): Promise<string> {
  const data = await gql<{ shareBoard: { message: string } }>(
    `mutation ShareBoard($board: ID!, $username: String!) { shareBoard(board: $board, username: $username) { message } }`,
    { board, username },
  );
  return data.shareBoard.message;
}

export async function unshareBoard(board: string, username: string): Promise<string> {
  const data = await gql<{ unshareBoard: { message: string } }>(
    `mutation UnshareBoard($board: ID!, $username: String!) { unshareBoard(board: $board, username: $username) { message } }`,
    { board, username },
  );
  return data.unshareBoard.message;
}

/** Default tags as typed: split on spaces and '#', trimmed, duplicates dropped (spec, section 5). */
export function parseTags(text: string): string[] {
  return [...new Set(text.split(/[\s#]+/).map((tag) => tag.trim()).filter(Boolean))];
}

/** A username as typed in 'Share with': trimmed, a leading @ stripped. */
export function cleanUsername(text: string): string {
  return text.trim().replace(/^@+/, '');
}

/** '1 board', '2 boards', '0 boards'. */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
