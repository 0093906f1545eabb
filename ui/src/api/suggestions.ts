// Search as you type (issue 77): the header's suggestions for what is typed (tags with their pin
// counts, boards, people, the viewer's recent searches), the colours a search narrows to, and
// 'Clear recent searches'.

import { useSWRConfig } from 'swr';
import { gql } from './client';
import { ClearRecentSearchesDocument, SearchColoursDocument, SuggestionsDocument, type Suggestions } from './generated/graphql';
import { useQuery } from './query';

/** How many suggestions of each kind the box shows. */
const EACH = 5;

export type SuggestionList = Suggestions['suggestions'];

/** The suggestions for `text` (asked only while `open`); the last ones stay while the next load. */
export function useSuggestions(text: string, open: boolean): SuggestionList | null {
  const { data } = useQuery(SuggestionsDocument, open ? { text, first: EACH } : null, { keepPreviousData: true });
  return open ? (data?.suggestions ?? null) : null;
}

/** The palette a search narrows to: each colour's name and `#rrggbb`. */
export function useSearchColours() {
  const { data } = useQuery(SearchColoursDocument, {}, { revalidateOnFocus: false });
  return data?.colours ?? [];
}

/** Forgets the viewer's recent searches, and the suggestions that showed them. */
export function useClearRecentSearches(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return async () => {
    await gql(ClearRecentSearchesDocument, {});
    await mutate((key) => Array.isArray(key) && key[0] === SuggestionsDocument, undefined, { revalidate: true });
  };
}
