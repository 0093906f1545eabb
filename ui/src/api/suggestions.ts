// Search as you type (issue 77): the header's suggestions for what is typed (tags with their pin
// counts, boards, people, the viewer's recent searches), 'Clear recent searches', and the colours
// a search narrows to.

import { gql } from './client';
import { ClearRecentSearchesDocument, SearchColoursDocument, SuggestionsDocument, type Suggestions } from './generated/graphql';
import { useQuery } from './query';

/** How many suggestions of each kind the box shows. */
const EACH = 5;

export type SuggestionList = Suggestions['suggestions'];

/** The suggestions for `text` (asked only while `open`); the last ones stay while the next load.
 * Asked anew each time the box opens: a search since may have changed the recent ones. */
export function useSuggestions(text: string, open: boolean) {
  const variables = open ? { text, first: EACH } : null;
  const { data, mutate } = useQuery(SuggestionsDocument, variables, { keepPreviousData: true, dedupingInterval: 0 });
  return {
    list: open ? (data?.suggestions ?? null) : null,
    /** Forgets the viewer's recent searches, then asks the suggestions again. */
    clearRecentSearches: async () => {
      await gql(ClearRecentSearchesDocument, {});
      await mutate();
    },
  };
}

/** The palette a search narrows to: each colour's name and `#rrggbb`. */
export function useSearchColours() {
  const { data } = useQuery(SearchColoursDocument, {}, { revalidateOnFocus: false });
  return data?.colours ?? [];
}
