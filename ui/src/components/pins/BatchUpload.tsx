// Many files at once (issue 17, item 3): the files picked, dropped or pasted on the upload dialog
// share a board, a caption and tags, each (shown by its thumbnail, drawn from the local file) may
// get its own title, and each has its own progress bar. Uploads run three at a time. A file that
// is not a picture is refused as it is listed, never sent; a file whose picture (or a
// near-duplicate of it) the viewer already pinned is not pinned at once: its line says "You
// already pinned this picture on {board}" with 'Pin it anyway', 'Add to board' and 'Open it'; a
// file the server refuses is listed with the server's reason. The batch ends on the board, with
// the summary left open over it.

import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useBoardChoiceList, type BoardChoiceList } from '../../api/boardChoice';
import { parseTags } from '../../api/boards';
import { useRevalidateAll } from '../../api/cache';
import { errorMessages } from '../../api/errors';
import type { PinBoardChoice } from '../../api/generated/graphql';
import { useMe } from '../../api/me';
import { addPinToBoard } from '../../api/pinEdits';
import { addPin, uploadPin, useClonePreview } from '../../api/pins';
import { t } from '../../i18n';
import { boardPath, userPinPath } from '../../lib/paths';
import { isImageFile } from '../../lib/validation';
import { DialogForm, DialogLoading } from '../boards/DialogForm';
import { ErrorList, Field, FormActions } from '../Form';
import { Modal } from '../Modal';
import { useBoardChoices } from './NewBoard';
import { alreadyPinned } from './ClonesModal';
import { BoardChoice } from './PinFields';
import { readRecentBoards } from '../../lib/pinMemory';
import './pins.css';

/** How many files upload at the same time. */
export const BATCH_CONCURRENCY = 3;

type Outcome =
  | { kind: 'waiting' }
  | { kind: 'sending'; sent: number }
  | { kind: 'created'; id: string }
  /** The viewer pinned it (or a near-duplicate) already as pin `id`: `anyway` pins it all the same. */
  | { kind: 'clone'; id: string; anyway: () => Promise<string> }
  | { kind: 'added'; id: string }
  | { kind: 'refused'; reason: string };

interface Item {
  file: File;
  title: string;
  outcome: Outcome;
}

const title = () => t('batchUpload.title', 'Upload several pins');

/** A file's name without its extension: the caption when nothing else is given. */
const stem = (name: string) => name.replace(/\.[^.]+$/, '') || name;

export function BatchUploadModal(props: { files: readonly File[]; targetBoardID: string | null; onClose: () => void }) {
  const boards = useBoardChoiceList([...(props.targetBoardID ? [props.targetBoardID] : []), ...readRecentBoards()]);
  const { me, error } = useMe();
  if (!boards.ready || !me) return <DialogLoading title={title()} failed={boards.failed || !!error} onClose={props.onClose} />;
  return <BatchForm {...props} boards={boards} username={me.username} />;
}

function BatchForm({
  files,
  targetBoardID,
  onClose,
  boards,
  username,
}: {
  files: readonly File[];
  targetBoardID: string | null;
  onClose: () => void;
  boards: BoardChoiceList;
  username: string;
}) {
  const [items, setItems] = useState<Item[]>(() =>
    files.map((file) => ({
      file,
      title: '',
      outcome: isImageFile(file)
        ? { kind: 'waiting' }
        : { kind: 'refused', reason: t('batchUpload.notAPicture', 'Not a picture: it will not be uploaded.') },
    })),
  );
  const [board, setBoard] = useState<PinBoardChoice | null>(
    () => (targetBoardID ? boards.byId.get(targetBoardID) : undefined) ?? boards.offered[0] ?? null,
  );
  const [caption, setCaption] = useState(() => board?.pinDefaultDescription ?? '');
  const [tags, setTags] = useState(() => (board?.pinDefaultTags ?? []).join(' '));
  const { create: createBoard, element: boardDialog } = useBoardChoices(boards, setBoard);
  const [phase, setPhase] = useState<'form' | 'sending' | 'done'>('form');
  const [errors, setErrors] = useState<string[]>([]);
  const navigate = useNavigate();
  const revalidateAll = useRevalidateAll();
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const set = (index: number, change: Partial<Item>) =>
    setItems((current) => current.map((item, i) => (i === index ? { ...item, ...change } : item)));

  const one = async (index: number) => {
    const item = itemsRef.current[index];
    if (item?.outcome.kind !== 'waiting') return;
    const { file, title } = item;
    try {
      set(index, { outcome: { kind: 'sending', sent: 0 } });
      const temp = await uploadPin(file, (sent) => set(index, { outcome: { kind: 'sending', sent } }));
      const create = () =>
        addPin({
          tempFileName: temp.tempFileName,
          originalName: temp.originalName,
          url: null,
          title: title.trim() || null,
          caption: caption.trim() || title.trim() || stem(file.name),
          rating: 0,
          unsafe: false,
          tags: parseTags(tags),
          boards: [board?.id ?? ''],
        });
      const pinned = temp.clones[0] ?? temp.nearDuplicates[0];
      if (pinned) {
        set(index, { outcome: { kind: 'clone', id: pinned.id, anyway: create } });
        return;
      }
      const id = await create();
      set(index, { outcome: { kind: 'created', id } });
    } catch (failure) {
      set(index, { outcome: { kind: 'refused', reason: errorMessages(failure).join(' ') } });
    }
  };

  const submit = async () => {
    if (!board) {
      setErrors([t('batchUpload.chooseBoard', 'Please choose a board.')]);
      return;
    }
    setPhase('sending');
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const index = next++;
        await one(index);
      }
    };
    await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, files.length) }, worker));
    setPhase('done');
    await navigate(boardPath(username, board.slug, board.folder?.slug ?? null));
    await revalidateAll();
  };

  const list = (
    <ul className="batch-upload__files" aria-label={t('batchUpload.files', 'Files')}>
      {items.map((item, index) => (
        <li key={index}>
          <BatchFile
            item={item}
            username={username}
            board={board}
            onTitle={phase === 'form' ? (title) => set(index, { title }) : null}
            onOutcome={(outcome) => set(index, { outcome })}
          />
        </li>
      ))}
    </ul>
  );

  if (phase === 'done') {
    const count = (...kinds: Outcome['kind'][]) => items.filter((item) => kinds.includes(item.outcome.kind)).length;
    return (
      <Modal title={t('batchUpload.doneTitle', 'Pins added')} onClose={onClose}>
        <p role="status">
          {t('batchUpload.summary', '{created} created, {pinned} already pinned, {refused} refused.', {
            created: count('created'),
            pinned: count('clone', 'added'),
            refused: count('refused'),
          })}
        </p>
        {list}
        <FormActions>
          <button type="button" className="button" onClick={onClose} autoFocus>
            {t('batchUpload.done', 'Done')}
          </button>
        </FormActions>
      </Modal>
    );
  }

  return (
    <>
      <DialogForm
        title={title()}
        onClose={onClose}
        onSubmit={submit}
        errors={errors}
        pending={phase === 'sending'}
        submitLabel={t('batchUpload.uploadAll', 'Upload all')}
      >
        <BoardChoice
          list={boards}
          single
          chosen={board ? [board.id] : []}
          onChoose={(chosen) => {
            setBoard(chosen);
            if (!caption.trim()) setCaption(chosen.pinDefaultDescription ?? '');
            if (!tags.trim()) setTags(chosen.pinDefaultTags.join(' '));
          }}
          onDrop={() => setBoard(null)}
          onCreate={createBoard}
        />
        <Field
          label={t('batchUpload.caption', 'Caption')}
          value={caption}
          onValue={setCaption}
          hint={t('batchUpload.captionHint', "Shared by every file; a file's title or name when empty.")}
        />
        <Field label={t('batchUpload.tags', 'Tags')} value={tags} onValue={setTags} />
        {list}
      </DialogForm>
      {boardDialog}
    </>
  );
}

/** One file of the batch under its name: its thumbnail, its title field while the form shows, its progress or outcome. */
function BatchFile({
  item,
  username,
  board,
  onTitle,
  onOutcome,
}: {
  item: Item;
  username: string;
  board: PinBoardChoice | null;
  onTitle: ((title: string) => void) | null;
  onOutcome: (outcome: Outcome) => void;
}) {
  const { file, outcome } = item;
  const thumbnail = useObjectUrl(isImageFile(file) ? file : null);
  return (
    <fieldset className="batch-upload__file">
      <legend className="batch-upload__name">{file.name}</legend>
      <div className="batch-upload__body">
        {thumbnail ? <img className="batch-upload__thumbnail" src={thumbnail} alt="" /> : <span className="batch-upload__thumbnail" />}
        <div className="batch-upload__details">
        {onTitle && outcome.kind === 'waiting' ? <Field label={t('batchUpload.fileTitle', 'Title')} value={item.title} onValue={onTitle} /> : null}
        {outcome.kind === 'waiting' || outcome.kind === 'sending' ? (
          <progress
            aria-label={t('batchUpload.fileProgress', 'Upload of {name}', { name: file.name })}
            max={100}
            value={outcome.kind === 'sending' ? Math.round(outcome.sent * 100) : 0}
          />
        ) : null}
        {outcome.kind === 'created' ? <span>{t('batchUpload.created', 'Created')}</span> : null}
        {outcome.kind === 'clone' ? (
          <AlreadyPinned pinned={outcome} href={userPinPath(username, outcome.id)} board={board} onOutcome={onOutcome} />
        ) : null}
        {outcome.kind === 'added' ? <span>{t('batchUpload.added', 'Added to {board}', { board: board?.title ?? '' })}</span> : null}
        {outcome.kind === 'refused' ? <span>{t('batchUpload.refused', 'Refused: {reason}', { reason: outcome.reason })}</span> : null}
        </div>
      </div>
    </fieldset>
  );
}

/** An address of `file` in this page while it is shown (a thumbnail made without sending it). */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return undefined;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/**
 * "You already pinned this picture on {board}", with 'Pin it anyway', 'Add to board' (the
 * batch's board) and 'Open it'.
 */
function AlreadyPinned({
  pinned,
  href,
  board,
  onOutcome,
}: {
  pinned: Extract<Outcome, { kind: 'clone' }>;
  href: string;
  board: PinBoardChoice | null;
  onOutcome: (outcome: Outcome) => void;
}) {
  const { clone } = useClonePreview(pinned.id);
  const [errors, setErrors] = useState<string[]>([]);
  const act = async (action: () => Promise<Outcome>) => {
    try {
      onOutcome(await action());
    } catch (failure) {
      setErrors(errorMessages(failure));
    }
  };
  const addToBoard = async (to: PinBoardChoice): Promise<Outcome> => {
    await addPinToBoard(pinned.id, to.id);
    return { kind: 'added', id: pinned.id };
  };
  return (
    <div className="batch-upload__pinned">
      <span>{clone ? alreadyPinned(clone.boards) : t('batchUpload.alreadyPinned', 'Already pinned.')}</span>
      <button type="button" className="button button--ghost button--small" onClick={() => void act(async () => ({ kind: 'created', id: await pinned.anyway() }))}>
        {t('batchUpload.pinAnyway', 'Pin it anyway')}
      </button>
      {board ? (
        <button type="button" className="button button--ghost button--small" onClick={() => void act(() => addToBoard(board))}>
          {t('batchUpload.addToBoard', 'Add to board')}
        </button>
      ) : null}
      <a href={href}>{t('batchUpload.open', 'Open it')}</a>
      <ErrorList errors={errors} />
    </div>
  );
}
