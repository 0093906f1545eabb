// The create-pin form's content and its rules (spec, section 4): choosing a board fills the
// caption and tags from the board's defaults while the caption is empty or was filled that
// way; typing in the caption or tags stops it; removing the last board clears what boards
// filled in; 'Like previous' copies the last saved pin.

import { parseTags } from '../api/boards';
import type { PinBoardChoice } from '../api/generated/graphql';
import type { LastPin } from './pinMemory';

export interface PinDraft {
  title: string;
  caption: string;
  /** As typed: split by parseTags on saving. */
  tags: string;
  boards: string[];
  unsafe: boolean;
  rating: number;
  /** The caption and tags hold what boards filled in. */
  autoFilled: boolean;
  /** The caption or tags were typed by hand: boards fill nothing any more. */
  handEdited: boolean;
}

export const EMPTY_DRAFT: PinDraft = {
  title: '',
  caption: '',
  tags: '',
  boards: [],
  unsafe: false,
  rating: 0,
  autoFilled: false,
  handEdited: false,
};

/** What the page a picture came from suggests: its title, the text selected on it, and itself as the source. */
export interface PinSuggestion {
  title?: string | null;
  caption?: string | null;
  source?: string | null;
}

/** The longest title and caption the server takes (src/domain/board.rs). */
const TITLE_MAX = 200;
const CAPTION_MAX = 5000;

/** An empty draft with the suggested title and caption, cut to what the server accepts. */
export function suggestedDraft(suggestion: PinSuggestion | null): PinDraft {
  const cut = (value: string | null | undefined, max: number) => [...(value ?? '').trim()].slice(0, max).join('');
  return { ...EMPTY_DRAFT, title: cut(suggestion?.title, TITLE_MAX), caption: cut(suggestion?.caption, CAPTION_MAX) };
}

export function chooseBoard(draft: PinDraft, board: PinBoardChoice): PinDraft {
  if (draft.boards.includes(board.id)) return draft;
  const next = { ...draft, boards: [...draft.boards, board.id] };
  const fills = !draft.handEdited && (draft.caption.trim() === '' || draft.autoFilled);
  const description = board.pinDefaultDescription?.trim() ?? '';
  if (!fills || (!description && board.pinDefaultTags.length === 0)) return next;
  return {
    ...next,
    caption: description || draft.caption,
    tags: [...new Set([...parseTags(draft.tags), ...board.pinDefaultTags])].join(' '),
    autoFilled: true,
  };
}

export function dropBoard(draft: PinDraft, boardId: string): PinDraft {
  const boards = draft.boards.filter((id) => id !== boardId);
  if (boards.length > 0 || !draft.autoFilled) return { ...draft, boards };
  return { ...draft, boards, caption: '', tags: '', autoFilled: false };
}

export function editCaption(draft: PinDraft, caption: string): PinDraft {
  return { ...draft, caption, autoFilled: false, handEdited: true };
}

export function editTags(draft: PinDraft, tags: string): PinDraft {
  return { ...draft, tags, autoFilled: false, handEdited: true };
}

/** The draft filled from the last saved pin, keeping only boards that still exist. */
export function likePrevious(draft: PinDraft, last: LastPin, boardIds: ReadonlySet<string>): PinDraft {
  return {
    ...draft,
    title: last.title,
    caption: last.caption,
    tags: last.tags,
    boards: last.boards.filter((id) => boardIds.has(id)),
    unsafe: last.unsafe,
    autoFilled: false,
  };
}

/** Whether the form holds exactly what 'Like previous' would put in it. */
export function matchesPrevious(draft: PinDraft, last: LastPin, boardIds: ReadonlySet<string>): boolean {
  const liked = likePrevious(draft, last, boardIds);
  const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item));
  return (
    draft.title === liked.title &&
    draft.caption === liked.caption &&
    draft.unsafe === liked.unsafe &&
    sameList(parseTags(draft.tags), parseTags(liked.tags)) &&
    sameList(draft.boards, liked.boards)
  );
}
