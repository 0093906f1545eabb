// The pin forms' fields (create, edit, 'Pin it', several files): the board choice (a checkbox per
// board, at least one needed, 'Find a board' when there are many, and 'Create a board'), and title,
// caption, tags (with suggestions), rating and NSFW with the draft's rules.

import { useId, type ReactNode } from 'react';
import type { BoardChoiceList } from '../../api/boardChoice';
import type { PinBoardChoice } from '../../api/generated/graphql';
import { t } from '../../i18n';
import { chooseBoard, dropBoard, editCaption, editTags, type PinDraft } from '../../lib/pinDraft';
import { uniqueById } from '../../lib/uniqueById';
import { SelectField, TextAreaField } from '../boards/Fields';
import { PrivateBadge } from '../boards/Tiles';
import { Field } from '../Form';
import { TagsField } from './TagsField';
import './pins.css';

/** A checkbox, or with `radio` a radio button, and its label. */
export function CheckField({
  label,
  checked,
  onChecked,
  radio = false,
  name,
}: {
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  radio?: boolean;
  /** The group of a radio button. */
  name?: string;
}) {
  return (
    <label className="check-field">
      <input type={radio ? 'radio' : 'checkbox'} name={name} checked={checked} onChange={(event) => onChecked(event.currentTarget.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** From how many boards the choice offers 'Find a board'. */
const FIND_FROM = 10;

/**
 * 'Boards', required: the boards `list` offers (recent ones first) with 'More boards' while
 * there are more, or the no-boards sentence, and 'Create a board' (see useBoardChoices). With
 * many boards, 'Find a board' shows those whose title has words starting with what is typed, and
 * the chosen ones. One checkbox per board, or with `single` one radio button (one board only).
 */
export function BoardChoice({
  list,
  chosen,
  onChoose,
  onDrop,
  onCreate,
  single = false,
}: {
  list: BoardChoiceList;
  chosen: readonly string[];
  onChoose: (board: PinBoardChoice) => void;
  onDrop: (boardId: string) => void;
  onCreate: () => void;
  single?: boolean;
}) {
  const typed = list.find.trim();
  const known = new Map([...list.offered, ...(list.found ?? [])].map((board) => [board.id, board]));
  const chosenShown = chosen.flatMap((id) => known.get(id) ?? []);
  const shown = typed ? uniqueById([...chosenShown, ...(list.found ?? [])]) : list.offered;
  const choose = (board: PinBoardChoice) => {
    if (!list.offered.some((other) => other.id === board.id)) list.keep(board);
    onChoose(board);
  };
  const hasBoards = list.total > 0 || list.offered.length > 0;
  const group = useId();
  return (
    <fieldset className="field board-choice">
      <legend className="field__label-row board-choice__legend">
        <span className="field__label">{single ? t('pinFields.board', 'Board') : t('pinFields.boards', 'Boards')}</span>
        <span className="field__required" aria-hidden="true">
          *
        </span>
      </legend>
      {list.total > FIND_FROM ? (
        <Field
          label={t('pinFields.findBoard', 'Find a board')}
          type="search"
          className="board-choice__find"
          value={list.find}
          onValue={list.setFind}
          // Enter here must not save the pin.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
      ) : null}
      {typed && list.found?.length === 0 ? (
        <p className="board-choice__empty">{t('pinFields.noMatch', 'No board matches "{typed}".', { typed })}</p>
      ) : null}
      {shown.length > 0 ? (
        <ul className="board-choice__list">
          {shown.map((board) => (
            <li key={board.id} className="board-choice__item">
              <CheckField
                label={board.title}
                radio={single}
                name={single ? group : undefined}
                checked={chosen.includes(board.id)}
                onChecked={(checked) => (checked ? choose(board) : onDrop(board.id))}
              />
              {board.secret ? <PrivateBadge /> : null}
            </li>
          ))}
          {!typed && list.hasMore ? (
            <li className="board-choice__item">
              <button type="button" className="button button--ghost button--small" disabled={list.loadingMore} onClick={list.loadMore}>
                {t('pinFields.moreBoards', 'More boards')}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
      {/* What the board choice says to a user without boards (spec, section 5). */}
      {hasBoards ? null : (
        <p className="board-choice__empty">{t('pinFields.noBoards', 'It seems you have no boards, you must create one before adding pins.')}</p>
      )}
      <button
        type="button"
        className={`button button--small board-choice__create ${hasBoards ? 'button--ghost' : 'button--primary'}`}
        onClick={onCreate}
      >
        {t('pinFields.createBoard', 'Create a board')}
      </button>
    </fieldset>
  );
}

/** Title, Caption (required), Tags, Rating and NSFW, editing `draft`. */
export function PinTextFields({ draft, onDraft }: { draft: PinDraft; onDraft: (update: (draft: PinDraft) => PinDraft) => void }) {
  return (
    <>
      <Field label={t('pinFields.title', 'Title')} maxLength={255} value={draft.title} onValue={(title) => onDraft((d) => ({ ...d, title }))} />
      <TextAreaField label={t('pinFields.caption', 'Caption')} required value={draft.caption} onValue={(caption) => onDraft((d) => editCaption(d, caption))} />
      <TagsField value={draft.tags} onValue={(tags) => onDraft((d) => editTags(d, tags))} />
      <SelectField label={t('pinFields.rating', 'Rating')} value={String(draft.rating)} onValue={(rating) => onDraft((d) => ({ ...d, rating: Number(rating) }))}>
        <option value="0">{t('pinFields.noRating', 'No rating')}</option>
        {[1, 2, 3, 4, 5].map((stars) => (
          <option key={stars} value={stars}>
            {t('pinFields.stars', '{count, plural, one {# star} other {# stars}}', { count: stars })}
          </option>
        ))}
      </SelectField>
      <CheckField label={t('pinFields.nsfw', 'NSFW')} checked={draft.unsafe} onChecked={(unsafe) => onDraft((d) => ({ ...d, unsafe }))} />
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
  boards: BoardChoiceList;
  draft: PinDraft;
  onDraft: (update: (draft: PinDraft) => PinDraft) => void;
  onCreateBoard: () => void;
}) {
  return (
    <>
      <BoardChoice
        list={boards}
        chosen={draft.boards}
        onChoose={(board) => onDraft((d) => chooseBoard(d, board))}
        onDrop={(id) => onDraft((d) => dropBoard(d, id))}
        onCreate={onCreateBoard}
      />
      <PinTextFields draft={draft} onDraft={onDraft} />
    </>
  );
}
