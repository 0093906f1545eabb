// The one way pages read from the server: SWR, with every cached entry keyed by
// [document, variables] (the document being the operation's TypedDocumentString from
// api/generated), so that a query, its prefetch and its revalidation all name the same entry.

import useSWR, { type KeyedMutator, type SWRConfiguration } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { gql } from './client';
import { pageVariables } from './firstQueries';
import type { TypedDocumentString } from './generated/graphql';

/** The SWR key of a query's answer. */
export type QueryKey<R, V> = readonly [document: TypedDocumentString<R, V>, variables: V];

/** SWR's fetcher for a QueryKey: the query's answer. */
export function fetchQuery<R, V>([document, variables]: QueryKey<R, V>): Promise<R> {
  return gql(document, variables);
}

export interface QueryState<T> {
  data: T | undefined;
  error: Error | undefined;
  /**
   * No answer yet. Unlike SWR's `isLoading`, this also holds on the first render after the
   * cache was reset (SWR then still reports the previous, finished request): no page may take
   * a cleared `me` for a visitor.
   */
  isLoading: boolean;
  mutate: KeyedMutator<T>;
}

function useKeyed<R, V, T>(
  key: QueryKey<R, V> | null,
  fetcher: (key: QueryKey<R, V>) => Promise<T>,
  config?: SWRConfiguration<T, Error>,
): QueryState<T> {
  const { data, error, mutate } = useSWR(key, fetcher, config);
  return { data, error, isLoading: data === undefined && error === undefined, mutate };
}

/** The answer to `document` with `variables`; nothing is asked while `variables` is null. */
export function useQuery<R, V>(
  document: TypedDocumentString<R, V>,
  variables: V | null,
  config?: SWRConfiguration<R, Error>,
): QueryState<R> {
  return useKeyed(variables === null ? null : [document, variables], fetchQuery, config);
}

/** A connection as `useEveryPage` reads it. */
export interface Connection<N> {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  edges: readonly { node: N }[];
}

/** Lists read whole come 50 a page, the most the server gives (it caps `first` at 50). */
const PAGE = 50;
/** A guard against a server that would never say it is done: 10000 items at most. */
const MAX_PAGES = 200;

type PageVariables = { first?: number | null; after?: string | null };

async function fetchEveryPage<R, V extends PageVariables, N>(
  [document, variables]: QueryKey<R, V>,
  connection: (data: R) => Connection<N> | null,
): Promise<N[]> {
  const nodes: N[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < MAX_PAGES; pages += 1) {
    const page = connection(await gql(document, { ...variables, first: PAGE, after }));
    if (!page) break;
    nodes.push(...page.edges.map((edge) => edge.node));
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) break;
    after = page.pageInfo.endCursor;
  }
  return nodes;
}

/**
 * Every node of the connection that `connection` finds in the answers to `document` (null
 * when there is none), asked page after page, 50 at a time. Cached under [document, variables],
 * as any query, with `variables` leaving out `first` and `after`; nothing is asked while
 * `variables` is null.
 */
export function useEveryPage<R, V extends PageVariables, N>(
  document: TypedDocumentString<R, V>,
  variables: V | null,
  connection: (data: R) => Connection<N> | null,
  config?: SWRConfiguration<N[], Error>,
): QueryState<N[]> {
  return useKeyed(variables === null ? null : [document, variables], (key) => fetchEveryPage(key, connection), config);
}

/** A list read a page at a time, as its pages show it: how it loads, and how to ask for more. */
export interface PageControls {
  error: Error | undefined;
  isLoading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  /** Asks for the next page. */
  loadMore: () => void;
  /** Reloads every loaded page. */
  refresh: () => Promise<unknown>;
}

export interface PagesState<C> extends PageControls {
  /** The connections of the pages loaded so far, one after the other. */
  pages: C[];
}

/**
 * The connection `connection` finds in the answers to `document`, 50 a page, the pages loaded
 * so far one after the other: the first at once, each next one when `loadMore` is called. Each
 * page is cached under its [document, variables] key, and every mount reloads them: what
 * changed elsewhere (an edit, a deletion) shows when coming back.
 */
export function usePages<R, V extends PageVariables, C extends Connection<unknown>>(
  document: TypedDocumentString<R, V>,
  variables: V,
  connection: (data: R) => C,
): PagesState<C> {
  const { data, error, size, setSize, mutate } = useSWRInfinite<R, Error>(
    (_index, previous: R | null): QueryKey<R, V> | null => {
      const page = previous && connection(previous).pageInfo;
      if (page && !page.hasNextPage) return null;
      return [document, pageVariables(variables, page?.endCursor ?? null)];
    },
    fetchQuery,
    { revalidateOnMount: true },
  );
  const pages = data?.map(connection);
  const hasMore = Boolean(pages?.at(-1)?.pageInfo.hasNextPage);
  const loadingMore = pages !== undefined && size > pages.length && hasMore && !error;
  return {
    pages: pages ?? [],
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
