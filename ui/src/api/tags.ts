// Tag suggestions (spec, sections 7 and 9): up to 5 tags starting with what is being typed,
// most used first, each with how many pins the viewer may see carry it, leaving out the tags
// already in the field.

import { TagSuggestionsDocument, type TagSuggestions } from './generated/graphql';
import { useQuery } from './query';

const MAX_TAG_SUGGESTIONS = 5;

/** The suggestions for `token` (none for an empty one); the last ones stay while the next load. */
export function useTagSuggestions(token: string, actualTags: string[]): TagSuggestions['tagSuggestions'] {
  const variables = token ? { token, actualTags, first: MAX_TAG_SUGGESTIONS } : null;
  const { data } = useQuery(TagSuggestionsDocument, variables, { keepPreviousData: true });
  return token ? (data?.tagSuggestions ?? []) : [];
}
