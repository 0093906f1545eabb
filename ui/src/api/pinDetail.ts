// One pin as the detail screen and the lightbox show it, asked in the shape of the list it was
// opened from (spec, section 7: singlePin with search, user pin, board pin), so that its
// prevID and nextID follow that list. Neighbours are fetched ahead into the cache.

import { useCallback } from 'react';
import useSWR, { unstable_serialize, useSWRConfig } from 'swr';
import type { PinContext } from '../lib/pinContext';
import { gqlFetcher, type GqlKey } from './client';
import { isPending } from './me';

interface PersonRef {
  username: string;
  firstName: string | null;
  lastName: string | null;
}

export interface PinDetail {
  id: string;
  width: number;
  height: number;
  weight: number;
  camera: string | null;
  lens: string | null;
  focalLength: number | null;
  exposureTime: string | null;
  aperture: number | null;
  iso: number | null;
  exifDate: string | null;
  sourceFileUrl: string | null;
  sourceDomain: string | null;
  original: string;
  title: string | null;
  caption: string;
  rating: number;
  unsafe: boolean;
  secret: boolean;
  dominantColor: string;
  createdAt: string;
  tags: string[];
  previewsFormats: string[];
  addedVia: { id: string; user: PersonRef } | null;
  user: PersonRef & { id: string };
  boards: { totalCount: number; edges: { node: { id: string; slug: string; title: string; user: { username: string } } }[] };
  preview: string;
  previewWebp: string;
  /** The lightbox picture. */
  fullPreview: string;
  prevID: string | null;
  nextID: string | null;
}

/** The board a pin was opened on, when it was. */
export interface PinBoard {
  id: string;
  title: string;
  user: { id: string };
}

/** The detail image's minimum width (spec, section 9). */
export const DETAIL_PREVIEW_WIDTH = 738;
/** The lightbox image's minimum width. */
const LIGHTBOX_PREVIEW_WIDTH = 2048;

const PIN_FIELDS = `id width height weight camera lens focalLength exposureTime aperture iso exifDate
  sourceFileUrl sourceDomain original title caption rating unsafe secret dominantColor createdAt tags
  previewsFormats
  addedVia { id user { username firstName lastName } }
  user { id username firstName lastName }
  boards(first: 100) { totalCount edges { node { id slug title user { username } } } }
  preview(minWidth: ${DETAIL_PREVIEW_WIDTH})
  previewWebp: preview(minWidth: ${DETAIL_PREVIEW_WIDTH}, format: "webp")
  fullPreview: preview(minWidth: ${LIGHTBOX_PREVIEW_WIDTH})
  prevID nextID`;

const SINGLE_PIN_QUERY = `query singlePin($id: ID!, $search: String, $tag: String) {
  pin(id: $id, search: $search, tag: $tag) { ${PIN_FIELDS} }
}`;

const USER_PIN_QUERY = `query UserPin($username: String!, $id: ID!) {
  user(username: $username) { id pin(id: $id) { ${PIN_FIELDS} } }
}`;

const BOARD_PIN_QUERY = `query BoardPin($username: String!, $boardSlug: String!, $id: ID!) {
  user(username: $username) {
    id
    board(slug: $boardSlug) { id title user { id } pin(id: $id) { ${PIN_FIELDS} } }
  }
}`;

interface PinAnswer {
  pin?: PinDetail | null;
  user?: { pin?: PinDetail; board?: PinBoard & { pin: PinDetail } };
}

function pinKey(context: PinContext, id: string): GqlKey {
  switch (context.kind) {
    case 'last':
      return [SINGLE_PIN_QUERY, { id }];
    case 'search':
      return [SINGLE_PIN_QUERY, { id, search: context.search, tag: context.tag }];
    case 'user':
      return [USER_PIN_QUERY, { username: context.username, id }];
    case 'board':
      return [BOARD_PIN_QUERY, { username: context.username, boardSlug: context.boardSlug, id }];
  }
}

/** The pin `id` with its neighbours in `context`, and the board it was opened on. */
export function usePinDetail(context: PinContext, id: string) {
  const { data, error } = useSWR<PinAnswer, Error, GqlKey>(pinKey(context, id), gqlFetcher);
  const board = data?.user?.board;
  return {
    pin: data?.pin ?? data?.user?.pin ?? board?.pin ?? null,
    board: board ? { id: board.id, title: board.title, user: board.user } : null,
    error,
    isLoading: isPending(data, error),
  };
}

/**
 * Returns a function that fetches pins of `context` into the cache, one after the other,
 * skipping those already there: opening them next shows them at once (and refreshes them).
 */
export function usePrefetchPins(): (context: PinContext, ids: readonly (string | null)[]) => void {
  const { cache, mutate } = useSWRConfig();
  return useCallback(
    (context, ids) => {
      void (async () => {
        for (const id of ids) {
          if (!id) continue;
          const key = pinKey(context, id);
          if (cache.get(unstable_serialize(key))?.data !== undefined) continue;
          // A neighbour that fails now will show its error when opened.
          await mutate(key, gqlFetcher<PinAnswer>(key), { revalidate: false }).catch(() => undefined);
        }
      })();
    },
    [cache, mutate],
  );
}
