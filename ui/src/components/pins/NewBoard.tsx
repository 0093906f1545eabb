// 'Create a board' from a pin form (create, edit, 'Pin it', several files): the board dialog
// opens over the form, and the new board comes first in the form's board choice, chosen. The
// form keeps what was typed meanwhile.

import { useState, type ReactNode } from 'react';
import type { BoardChoiceList } from '../../api/boardChoice';
import type { BoardLink, PinBoardChoice } from '../../api/generated/graphql';
import { CreateBoardModal } from '../boards/BoardModals';

export interface BoardChoices {
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

/** A new board is kept first in `list`; `onCreated` chooses it in the form. */
export function useBoardChoices(list: BoardChoiceList, onCreated: (board: PinBoardChoice) => void): BoardChoices {
  const [open, setOpen] = useState(false);
  return {
    create: () => setOpen(true),
    element: open ? (
      <CreateBoardModal
        secret={false}
        onClose={() => setOpen(false)}
        onCreated={(board) => {
          const choice = asChoice(board);
          list.keep(choice);
          onCreated(choice);
        }}
      />
    ) : null,
  };
}
