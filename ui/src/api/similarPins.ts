// "More like this" (issue 77): the pins whose pictures look alike a pin's or whose words read
// alike, best first, 50 a page, loaded page after page like the other pin lists.

import { SimilarPinsDocument } from './generated/graphql';
import { usePinPages, type PinListState } from './pinLists';

/** The pins like pin `id` that the viewer may see (never its own picture). */
export function useSimilarPins(id: string): PinListState {
  return usePinPages(SimilarPinsDocument, { id }, (data) => data.pin?.similar ?? EMPTY);
}

const EMPTY = { totalCount: 0, pageInfo: { hasNextPage: false, endCursor: null }, edges: [] };
