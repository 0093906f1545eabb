// The pin forms' fields (create, edit, 'Pin it'): the board choice (one checkbox per board, at
// least one needed, 'Find a board' when there are many, and 'Create a board'), and title,
// caption, tags (with suggestions), rating and NSFW with the draft's rules.

import { useState, type ReactNode } from 'react';
import type { PinBoardChoice } from '../../api/generated/graphql';
import { chooseBoard, dropBoard, editCaption, editTags, type PinDraft } from '../../lib/pinDraft';
import { SelectField, TextAreaField } from '../boards/Fields';
import { PrivateBadge } from '../boards/Tiles';
import { Field } from '../Form';
import { TagsField } from './TagsField';
import './pins.css';

export function CheckField({ label, checked, onChecked }: { label: ReactNode; checked: boolean; onChecked: (checked: boolean) => void }) {
  return (
    <label className="check-field">
      <input type="checkbox" checked={checked} onChange={(event) => onChecked(event.currentTarget.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** What the board choice says to a user without boards (spec, section 5). */
export const NO_BOARDS = 'It seems you have no boards, you must create one before adding pins.';

/** From how many boards the choice offers 'Find a board'. */
const FIND_FROM = 10;

/**
 * 'Boards', required: the viewer's boards in the order given (recent ones first), or the
 * no-boards sentence, and 'Create a board' (see useBoardChoices). With many boards, 'Find a
 * board' keeps those whose title holds what is typed, and the chosen ones.
 */
export function BoardChoice({
  boards,
  chosen,
  onChoose,
  onDrop,
  onCreate,
}: {
  boards: readonly PinBoardChoice[];
  chosen: readonly string[];
  onChoose: (board: PinBoardChoice) => void;
  onDrop: (boardId: string) => void;
  onCreate: () => void;
}) {
  const [find, setFind] = useState('');
  const wanted = find.trim().toLocaleLowerCase();
  const matches = (board: PinBoardChoice) => board.title.toLocaleLowerCase().includes(wanted);
  const shown = wanted ? boards.filter((board) => chosen.includes(board.id) || matches(board)) : boards;
  return (
    <fieldset className="field board-choice">
      <legend className="field__label-row board-choice__legend">
        <span className="field__label">Boards</span>
        <span className="field__required" aria-hidden="true">
          *
        </span>
      </legend>
      {boards.length > FIND_FROM ? (
        <Field
          label="Find a board"
          type="search"
          className="board-choice__find"
          value={find}
          onValue={setFind}
          // Enter here must not save the pin.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
      ) : null}
      {wanted && !boards.some(matches) ? <p className="board-choice__empty">No board matches "{find.trim()}".</p> : null}
      {shown.length > 0 ? (
        <ul className="board-choice__list">
          {shown.map((board) => (
            <li key={board.id} className="board-choice__item">
              <CheckField
                label={board.title}
                checked={chosen.includes(board.id)}
                onChecked={(checked) => (checked ? onChoose(board) : onDrop(board.id))}
              />
              {board.secret ? <PrivateBadge /> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {boards.length === 0 ? <p className="board-choice__empty">{NO_BOARDS}</p> : null}
      <button
        type="button"
        className={`button button--small board-choice__create ${boards.length > 0 ? 'button--ghost' : 'button--primary'}`}
        onClick={onCreate}
      >
        Create a board
      </button>
    </fieldset>
  );
}

/** Title, Caption (required), Tags, Rating and NSFW, editing `draft`. */
export function PinTextFields({ draft, onDraft }: { draft: PinDraft; onDraft: (update: (draft: PinDraft) => PinDraft) => void }) {
  return (
    <>
      <Field label="Title" maxLength={255} value={draft.title} onValue={(title) => onDraft((d) => ({ ...d, title }))} />
      <TextAreaField label="Caption" required value={draft.caption} onValue={(caption) => onDraft((d) => editCaption(d, caption))} />
      <TagsField value={draft.tags} onValue={(tags) => onDraft((d) => editTags(d, tags))} />
      <SelectField label="Rating" value={String(draft.rating)} onValue={(rating) => onDraft((d) => ({ ...d, rating: Number(rating) }))}>
        <option value="0">No rating</option>
        {[1, 2, 3, 4, 5].map((stars) => (
          <option key={stars} value={stars}>
            {stars === 1 ? '1 star' : `${stars} stars`}
          </option>
        ))}
      </SelectField>
      <CheckField label="NSFW" checked={draft.unsafe} onChecked={(unsafe) => onDraft((d) => ({ ...d, unsafe }))} />
    </>
  );
}

/** The boards and the text of a pin form, both editing one draft. */
export function PinDraftFields({
  boards,
  draft,
  onDraft,
  onCreateBoard,
}: {
  boards: readonly PinBoardChoice[];
  draft: PinDraft;
  onDraft: (update: (draft: PinDraft) => PinDraft) => void;
  onCreateBoard: () => void;
}) {
  return (
    <>
      <BoardChoice
        boards={boards}
        chosen={draft.boards}
        onChoose={(board) => onDraft((d) => chooseBoard(d, board))}
        onDrop={(id) => onDraft((d) => dropBoard(d, id))}
        onCreate={onCreateBoard}
      />
      <PinTextFields draft={draft} onDraft={onDraft} />
    </>
  );
}
