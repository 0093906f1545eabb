// The dialogs on an existing pin (spec, sections 2 and 4): 'Edit a pin' (the create form's
// fields and boards), 'Pin it' as a copy on the viewer's boards, 'Pin it' as the choice of the
// pin's boards, and the deletion. Each shows the pin's preview (650 px; 648 to delete) and,
// on success, closes and refreshes what is on screen; the copy then shows the 'Saved to {board}'
// toast, with 'Undo' and a link to the board. The board choices offer 'Create a board'.

import { useState, type ReactNode } from 'react';
import { useBoardChoiceList, type BoardChoiceList } from '../../api/boardChoice';
import { parseTags } from '../../api/boards';
import { useRevalidateAll } from '../../api/cache';
import type { PinForm } from '../../api/generated/graphql';
import { useMe } from '../../api/me';
import { usePinBoards } from '../../api/pinDetail';
import { deletePin, duplicatePin, relinkBoards, updatePin, usePinForm, type PinText } from '../../api/pinEdits';
import { useMutation } from '../../api/mutation';
import { t } from '../../i18n';
import { EMPTY_DRAFT, chooseBoard, type PinDraft } from '../../lib/pinDraft';
import { readRecentBoards, rememberLastBoard } from '../../lib/pinMemory';
import { boardPath, pinPath } from '../../lib/paths';
import { NO_BOARD_CHOSEN } from '../../lib/validation';
import { DeleteDialog } from '../boards/DeleteDialog';
import { DialogForm, DialogLoading } from '../boards/DialogForm';
import { showSaved } from '../SavedToast';
import { useBoardChoices } from './NewBoard';
import { BoardChoice, PinDraftFields } from './PinFields';
import './pins.css';

interface PinDialogProps {
  pinId: string;
  onClose: () => void;
  /** After saving, before the refresh: the boards the pin is now on (edit and manage only). */
  onSaved?: (boards: readonly string[]) => Promise<void> | void;
}

type FormProps = Omit<PinDialogProps, 'pinId'> & {
  pin: PinForm;
  boards: BoardChoiceList;
  /** The viewer's boards the pin is on (edit and manage only; empty to duplicate). */
  linked: readonly string[];
};

/**
 * Loads the pin, the viewer's boards to offer and, unless `copy`, every board the pin is on (the
 * viewer's own ones offered first), then shows `Form`.
 */
function withPinAndBoards(title: () => string, Form: (props: FormProps) => ReactNode, { copy = false } = {}) {
  return function PinDialog({ pinId, ...props }: PinDialogProps) {
    const { pin, error, isLoading } = usePinForm(pinId);
    const links = usePinBoards(copy ? null : pinId, { revalidateOnMount: true });
    const pinBoards = copy ? [] : links.boards;
    const boards = useBoardChoiceList(readRecentBoards(), pinBoards ?? []);
    if (!pin || !pinBoards || !boards.ready) {
      const missing = (!isLoading && !pin) || (!copy && !links.isLoading && !links.boards);
      const failed = Boolean(error || boards.failed || (!copy && links.error)) || missing;
      return <DialogLoading title={title()} failed={failed} onClose={props.onClose} />;
    }
    const linked = pinBoards.filter((board) => board.user.id === boards.meId).map((board) => board.id);
    return <Form {...props} pin={pin} boards={boards} linked={linked} />;
  };
}

function Preview({ src }: { src: string }) {
  return <img className="pin-form__preview pin-form__preview--existing" src={src} alt={t('pinModals.preview', "The pin's picture")} />;
}

const textOf = (draft: PinDraft): PinText => ({
  title: draft.title.trim(),
  caption: draft.caption.trim(),
  rating: draft.rating,
  unsafe: draft.unsafe,
  tags: parseTags(draft.tags),
});

function EditPinForm({ pin, boards, linked, onClose, onSaved }: FormProps) {
  const [current] = useState(() => [...linked]);
  const [draft, setDraft] = useState<PinDraft>({
    ...EMPTY_DRAFT,
    title: pin.title ?? '',
    caption: pin.caption,
    tags: pin.tags.join(' '),
    boards: current,
    unsafe: pin.unsafe,
    rating: pin.rating,
  });
  const revalidateAll = useRevalidateAll();
  const save = useMutation(async (text: PinText, chosen: string[]) => {
    await updatePin(pin.id, text);
    await relinkBoards(pin.id, current, chosen);
    return pin.id;
  });

  const submit = async () => {
    if (draft.boards.length === 0) {
      save.setErrors([NO_BOARD_CHOSEN]);
      return;
    }
    if (!(await save.run(textOf(draft), draft.boards))) return;
    onClose();
    await onSaved?.(draft.boards);
    await revalidateAll();
  };

  const choices = useBoardChoices(boards, (board) => setDraft((d) => chooseBoard(d, board)));

  return (
    <>
      <DialogForm
        title={t('pinModals.editTitle', 'Edit a pin')}
        onClose={onClose}
        onSubmit={submit}
        errors={save.errors}
        pending={save.pending}
        submitLabel={t('pinModals.save', 'Save')}
      >
        <Preview src={pin.preview} />
        <PinDraftFields boards={boards} draft={draft} onDraft={setDraft} onCreateBoard={choices.create} />
      </DialogForm>
      {choices.element}
    </>
  );
}

function DuplicatePinForm({ pin, boards, onClose }: FormProps) {
  const [draft, setDraft] = useState<PinDraft>({
    ...EMPTY_DRAFT,
    title: pin.title ?? '',
    caption: pin.caption,
    tags: pin.tags.join(' '),
    unsafe: pin.unsafe,
  });
  const revalidateAll = useRevalidateAll();
  const duplicate = useMutation(duplicatePin);
  const { me } = useMe();

  const submit = async () => {
    if (draft.boards.length === 0) {
      duplicate.setErrors([NO_BOARD_CHOSEN]);
      return;
    }
    const id = await duplicate.run(pin.id, textOf(draft), draft.boards);
    if (!id) return;
    const first = draft.boards[0] ?? '';
    const board = boards.byId.get(first) ?? [...boards.offered, ...(boards.found ?? [])].find((choice) => choice.id === first);
    const href = board && me ? boardPath(me.username, board.slug, board.folder?.slug ?? null) : pinPath(id);
    if (board) rememberLastBoard({ id: board.id, title: board.title, href });
    onClose();
    showSaved({ pinId: id, board: boardTitles(boards, draft.boards), boardHref: href });
    await revalidateAll();
  };

  const choices = useBoardChoices(boards, (board) => setDraft((d) => chooseBoard(d, board)));

  return (
    <>
      <DialogForm
        title={t('pinModals.pinItTitle', 'Pin it')}
        onClose={onClose}
        onSubmit={submit}
        errors={duplicate.errors}
        pending={duplicate.pending}
        submitLabel={t('pinModals.pinItSubmit', 'Pin it')}
      >
        <Preview src={pin.preview} />
        <PinDraftFields boards={boards} draft={draft} onDraft={setDraft} onCreateBoard={choices.create} />
      </DialogForm>
      {choices.element}
    </>
  );
}

/** The titles of the boards `ids` among those the form offered, one after the other. */
function boardTitles(boards: BoardChoiceList, ids: readonly string[]): string {
  const known = new Map([...boards.offered, ...(boards.found ?? []), ...boards.byId.values()].map((board) => [board.id, board.title]));
  return ids.map((id) => known.get(id) ?? t('pinModals.aBoard', 'a board')).join(', ');
}

function ManageBoardsForm({ pin, boards, linked, onClose, onSaved }: FormProps) {
  const [current] = useState(() => [...linked]);
  const [chosen, setChosen] = useState(current);
  const choose = (id: string) => setChosen((ids) => (ids.includes(id) ? ids : [...ids, id]));
  const choices = useBoardChoices(boards, (board) => choose(board.id));
  const revalidateAll = useRevalidateAll();
  const save = useMutation(async (boardIds: string[]) => {
    await relinkBoards(pin.id, current, boardIds);
    return pin.id;
  });

  const submit = async () => {
    if (chosen.length === 0) {
      save.setErrors([NO_BOARD_CHOSEN]);
      return;
    }
    if (!(await save.run(chosen))) return;
    onClose();
    await onSaved?.(chosen);
    await revalidateAll();
  };

  return (
    <>
      <DialogForm
        title={t('pinModals.pinItTitle', 'Pin it')}
        onClose={onClose}
        onSubmit={submit}
        errors={save.errors}
        pending={save.pending}
        submitLabel={t('pinModals.save', 'Save')}
      >
        <Preview src={pin.preview} />
        <BoardChoice
          list={boards}
          chosen={chosen}
          onChoose={(board) => choose(board.id)}
          onDrop={(id) => setChosen((ids) => ids.filter((other) => other !== id))}
          onCreate={choices.create}
        />
      </DialogForm>
      {choices.element}
    </>
  );
}

export const EditPinModal = withPinAndBoards(() => t('pinModals.editTitle', 'Edit a pin'), EditPinForm);
export const DuplicatePinModal = withPinAndBoards(() => t('pinModals.pinItTitle', 'Pin it'), DuplicatePinForm, { copy: true });
export const ManageBoardsModal = withPinAndBoards(() => t('pinModals.pinItTitle', 'Pin it'), ManageBoardsForm);

export function DeletePinModal({ pinId, onClose, onDeleted }: Omit<PinDialogProps, 'onSaved'> & { onDeleted: () => Promise<void> | void }) {
  const { pin } = usePinForm(pinId);
  return (
    <DeleteDialog
      title={t('pinModals.deleteTitle', 'Delete pin')}
      remove={() => deletePin(pinId)}
      onClose={onClose}
      onDeleted={onDeleted}
      preview={pin ? <Preview src={pin.deletePreview} /> : null}
    >
      <span className="pin-delete__line">{t('pinModals.deleteQuestion', 'Are you sure you want to delete this pin?')}</span>{' '}
      <span className="pin-delete__line">{t('pinModals.deleteIrreversible', '(this operation is irreversible)')}</span>
    </DeleteDialog>
  );
}
