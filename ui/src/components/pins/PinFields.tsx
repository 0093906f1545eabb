// Fields of the create-pin form beside the shared text fields: the board choice (one checkbox
// per board, at least one needed) and a labelled checkbox.

import type { ReactNode } from 'react';
import type { PinBoardChoice } from '../../api/boards';
import { PrivateBadge } from '../boards/Tiles';
import './pins.css';

export function CheckField({ label, checked, onChecked }: { label: ReactNode; checked: boolean; onChecked: (checked: boolean) => void }) {
  return (
    <label className="check-field">
      <input type="checkbox" checked={checked} onChange={(event) => onChecked(event.currentTarget.checked)} />
      <span>{label}</span>
    </label>
  );
}

/** 'Boards', required: the viewer's boards in the order given (recent ones first). */
export function BoardChoice({
  boards,
  chosen,
  onChoose,
  onDrop,
}: {
  boards: readonly PinBoardChoice[];
  chosen: readonly string[];
  onChoose: (board: PinBoardChoice) => void;
  onDrop: (boardId: string) => void;
}) {
  return (
    <fieldset className="field board-choice">
      <legend className="field__label-row board-choice__legend">
        <span className="field__label">Boards</span>
        <span className="field__required" aria-hidden="true">
          *
        </span>
      </legend>
      <ul className="board-choice__list">
        {boards.map((board) => (
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
    </fieldset>
  );
}
