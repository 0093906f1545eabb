// Changing pins (spec, sections 4 and 7): the pin dialogs' data, updatePin, duplicatePin,
// deletePin, ratePin, the viewer's clones of a pin, and the pin's places on boards (links,
// order, cover). Board-link failures are only logged (spec, section 8).

import useSWR from 'swr';
import { gql, gqlFetcher, type GqlKey } from './client';
import { isPending } from './me';

/** What the edit, 'Pin it' and delete dialogs show and start from. */
export interface PinForm {
  id: string;
  title: string | null;
  caption: string;
  tags: string[];
  rating: number;
  unsafe: boolean;
  user: { id: string };
  /** 650 px wide (edit, duplicate, manage boards). */
  preview: string;
  /** 648 px wide (delete). */
  deletePreview: string;
  /** The pin's boards that the viewer may see. */
  boards: { edges: { node: { id: string } }[] };
}

const PIN_FORM_QUERY = `query EditPin($id: ID!) {
  pin(id: $id) {
    id title caption tags rating unsafe
    user { id }
    preview(minWidth: 650)
    deletePreview: preview(minWidth: 648)
    boards(first: 100) { edges { node { id } } }
  }
}`;

export function usePinForm(id: string) {
  const { data, error } = useSWR<{ pin: PinForm | null }, Error, GqlKey>([PIN_FORM_QUERY, { id }], gqlFetcher, {
    revalidateOnMount: true,
  });
  return { pin: data?.pin ?? null, error, isLoading: isPending(data, error) };
}

/** The fields of a pin a form saves. `title: ''` clears the title. */
export interface PinText {
  title: string;
  caption: string;
  rating: number;
  unsafe: boolean;
  tags: string[];
}

export async function updatePin(id: string, text: PinText): Promise<string> {
  const data = await gql<{ updatePin: { id: string } }>(
    `mutation UpdatePin($id: ID!, $title: String, $caption: String, $rating: Int, $unsafe: Boolean, $tags: [String!]) {
      updatePin(id: $id, title: $title, caption: $caption, rating: $rating, unsafe: $unsafe, tags: $tags) { id }
    }`,
    { id, ...text },
  );
  return data.updatePin.id;
}

/** A copy of `pin` for the viewer, on each of `boards`; resolves to the copy's id. */
export async function duplicatePin(pin: string, text: PinText, boards: readonly string[]): Promise<string> {
  const data = await gql<{ duplicatePin: { id: string } }>(
    `mutation DuplicatePin($pin: ID!, $title: String, $caption: String!, $rating: Int, $unsafe: Boolean, $tags: [String!], $boards: [ID!]) {
      duplicatePin(pin: $pin, title: $title, caption: $caption, rating: $rating, unsafe: $unsafe, tags: $tags, boards: $boards) { id }
    }`,
    { pin, ...text, title: text.title || null, boards },
  );
  return data.duplicatePin.id;
}

/** Resolves to the owner's id (never undefined: useMutation reads undefined as a failure). */
export async function deletePin(id: string): Promise<string> {
  const data = await gql<{ deletePin: { user: { id: string } } }>(
    `mutation DeletePin($id: ID!) { deletePin(id: $id) { user { id username } boards { id slug } } }`,
    { id },
  );
  return data.deletePin.user.id;
}

export async function ratePin(id: string, rating: number): Promise<number> {
  const data = await gql<{ ratePin: { rating: number } }>(
    `mutation RatePin($id: ID!, $rating: Int!) { ratePin(id: $id, rating: $rating) { id rating } }`,
    { id, rating },
  );
  return data.ratePin.rating;
}

/** The id of the viewer's own pin of the same picture, if any ('Pin it', spec section 4). */
export async function findClone(pin: string): Promise<string | null> {
  const data = await gql<{ me: { clones: { id: string }[] } | null }>(
    `query PinClone($pin: ID!) { me { id clones(pin: $pin) { id } } }`,
    { pin },
  );
  return data.me?.clones[0]?.id ?? null;
}

/** Makes `pin` the board's first cover. */
export async function setBoardCover(board: string, pin: string): Promise<string> {
  const data = await gql<{ updateBoard: { id: string } }>(
    `mutation SetBoardCover($id: ID!, $cover1: ID) { updateBoard(id: $id, cover1: $cover1) { id } }`,
    { id: board, cover1: pin },
  );
  return data.updateBoard.id;
}

/** Moves a pin to `order` on a board (the highest shows first). Failures are only logged. */
export async function orderPinInBoard(pin: string, board: string, order: number): Promise<void> {
  await logFailure(
    gql(
      `mutation OrderPinInBoard($pin: ID!, $board: ID!, $order: Int!) {
        orderPinInBoard(pin: $pin, board: $board, order: $order) { id order }
      }`,
      { pin, board, order },
    ),
  );
}

/** Puts `pin` on the boards in `chosen` but not in `current`, and off those no longer chosen. */
export async function relinkBoards(pin: string, current: readonly string[], chosen: readonly string[]): Promise<void> {
  for (const board of chosen.filter((id) => !current.includes(id))) {
    await logFailure(
      gql(`mutation AddPinToBoard($pin: ID!, $board: ID!) { addPinToBoard(pin: $pin, board: $board) { id } }`, { pin, board }),
    );
  }
  for (const board of current.filter((id) => !chosen.includes(id))) {
    await logFailure(
      gql(`mutation RemovePinFromBoard($pin: ID!, $board: ID!) { removePinFromBoard(pin: $pin, board: $board) { id } }`, {
        pin,
        board,
      }),
    );
  }
}

async function logFailure(call: Promise<unknown>): Promise<void> {
  try {
    await call;
  } catch (error) {
    console.error(error);
  }
}
