// Changing pins (spec, sections 4 and 7): the pin dialogs' data, updatePin, duplicatePin,
// deletePin, ratePin, the viewer's clones of a pin, and the pin's places on boards (links,
// order, cover). Board-link failures are only logged (spec, section 8).

import { t } from '../i18n';
import { gql } from './client';
import {
  AddPinToBoardDocument,
  DeletePinDocument,
  DuplicatePinDocument,
  EditPinDocument,
  OrderPinInBoardDocument,
  PinCloneDocument,
  RatePinDocument,
  RemovePinFromBoardDocument,
  SetBoardCoverDocument,
  UpdatePinDocument,
} from './generated/graphql';
import { useQuery } from './query';

/** What the edit, 'Pin it' and delete dialogs show and start from. */
export function usePinForm(id: string) {
  const { data, ...state } = useQuery(EditPinDocument, { id }, { revalidateOnMount: true });
  return { pin: data?.pin ?? null, ...state };
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
  return (await gql(UpdatePinDocument, { id, ...text })).updatePin.id;
}

/** A copy of `pin` for the viewer, on each of `boards`; resolves to the copy's id. */
export async function duplicatePin(pin: string, text: PinText, boards: string[]): Promise<string> {
  return (await gql(DuplicatePinDocument, { pin, ...text, title: text.title || null, boards })).duplicatePin.id;
}

/** A copy of `pin`, with its words, for the viewer on `board` ('Save' on a grid); resolves to the copy's id. */
export async function saveCopy(pin: string, board: string): Promise<string> {
  const original = (await gql(EditPinDocument, { id: pin })).pin;
  if (!original) throw new Error(t('pinEdits.pinGone', 'This pin is gone.'));
  const { title, caption, unsafe, tags } = original;
  return duplicatePin(pin, { title: title ?? '', caption, rating: 0, unsafe, tags }, [board]);
}

/** Resolves to the owner's id (never undefined: useMutation reads undefined as a failure). */
export async function deletePin(id: string): Promise<string> {
  return (await gql(DeletePinDocument, { id })).deletePin.user.id;
}

export async function ratePin(id: string, rating: number): Promise<number> {
  return (await gql(RatePinDocument, { id, rating })).ratePin.rating;
}

/** The id of the viewer's own pin of the same picture, if any ('Pin it', spec section 4). */
export async function findClone(pin: string): Promise<string | null> {
  return (await gql(PinCloneDocument, { pin })).me?.clones[0]?.id ?? null;
}

/** Makes `pin` the board's first cover. */
export async function setBoardCover(board: string, pin: string): Promise<string> {
  return (await gql(SetBoardCoverDocument, { id: board, cover1: pin })).updateBoard.id;
}

/** Moves a pin to `order` on a board (the highest shows first). Failures are only logged. */
export async function orderPinInBoard(pin: string, board: string, order: number): Promise<void> {
  await logFailure(gql(OrderPinInBoardDocument, { pin, board, order }));
}

/** Puts `pin` on top of `board` (where it already is, it keeps its place). */
export async function addPinToBoard(pin: string, board: string): Promise<void> {
  await gql(AddPinToBoardDocument, { pin, board });
}

/** Puts `pin` on the boards in `chosen` but not in `current`, and off those no longer chosen. */
export async function relinkBoards(pin: string, current: readonly string[], chosen: readonly string[]): Promise<void> {
  for (const board of chosen.filter((id) => !current.includes(id))) {
    await logFailure(addPinToBoard(pin, board));
  }
  for (const board of current.filter((id) => !chosen.includes(id))) {
    await logFailure(gql(RemovePinFromBoardDocument, { pin, board }));
  }
}

async function logFailure(call: Promise<unknown>): Promise<void> {
  try {
    await call;
  } catch (error) {
    console.error(error);
  }
}
