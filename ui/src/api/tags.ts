// Tag suggestions (spec, sections 7 and 9): up to 5 tags starting with what is being typed,
// most used first, each with how many pins the viewer may see carry it, leaving out the tags
// already in the field.

import useSWR from 'swr';
import { gqlFetcher, type GqlKey } from './client';

export interface TagSuggestion {
  name: string;
  count: number;
}

const MAX_TAG_SUGGESTIONS = 5;

const TAG_SUGGESTIONS_QUERY = `query TagSuggestions($token: String!, $actualTags: [String!], $first: Int!) {
  tagSuggestions(token: $token, actualTags: $actualTags, first: $first) { name count }
}`;

/** The suggestions for `token` (none for an empty one); the last ones stay while the next load. */
export function useTagSuggestions(token: string, actualTags: readonly string[]): TagSuggestion[] {
  const { data } = useSWR<{ tagSuggestions: TagSuggestion[] }, Error, GqlKey | null>(
    token ? [TAG_SUGGESTIONS_QUERY, { token, actualTags, first: MAX_TAG_SUGGESTIONS }] : null,
    gqlFetcher,
    { keepPreviousData: true },
  );
  return token ? (data?.tagSuggestions ?? []) : [];
}
