// 'Create a board' from a pin form (create, edit, 'Pin it'): the board dialog opens over the
// form, and the new board comes first in the form's board choice, chosen. The form keeps what
// was typed meanwhile.

import { useState, type ReactNode } from 'react';
import type { BoardLink, PinBoardChoice } from '../../api/generated/graphql';
import { CreateBoardModal } from '../boards/BoardModals';

export interface BoardChoices {
  /** The boards made from the form first (the server's version once it has come), then `boards`. */
  boards: readonly PinBoardChoice[];
  /** Opens 'Create a board'. */
  create: () => void;
  /** The board dialog while open: render it beside the form's dialog, not inside its form. */
  element: ReactNode;
}

const asChoice = (board: BoardLink): PinBoardChoice => ({
  id: board.id,
  slug: board.slug,
  title: board.title,
  folder: board.folder ? { id: board.folder.id, slug: board.folder.slug } : null,
  secret: board.secret,
  pinDefaultDescription: null,
  pinDefaultTags: [],
});

/** `onCreated` chooses the new board in the form. */
export function useBoardChoices(boards: readonly PinBoardChoice[], onCreated: (board: PinBoardChoice) => void): BoardChoices {
  const [created, setCreated] = useState<PinBoardChoice[]>([]);
  const [open, setOpen] = useState(false);
  const createdIds = new Set(created.map((board) => board.id));
  const shown = [
    ...created.map((board) => boards.find((other) => other.id === board.id) ?? board),
    ...boards.filter((board) => !createdIds.has(board.id)),
  ];

  return {
    boards: shown,
    create: () => setOpen(true),
    element: open ? (
      <CreateBoardModal
        secret={false}
        onClose={() => setOpen(false)}
        onCreated={(board) => {
          const choice = asChoice(board);
          setCreated((was) => [choice, ...was]);
          onCreated(choice);
        }}
      />
    ) : null,
  };
}
