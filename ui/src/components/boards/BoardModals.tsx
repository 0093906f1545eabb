// The board dialogs (spec, sections 2, 4 and 5): create, edit (with the sharing controls while
// the board is private, and its share links) and delete. Each closes with Cancel or Escape; on
// success the lists are refreshed and, where the board's address changed, the app follows it.

import { useState } from 'react';
import { Link } from 'react-router';
import { useRevalidateAll } from '../../api/cache';
import {
  addBoard,
  cleanUsername,
  deleteBoard,
  parseTags,
  shareBoard,
  unshareBoard,
  updateBoard,
  useBoardForEdit,
  useFolderForEdit,
  useMyFolders,
} from '../../api/boards';
import type { BoardForm, BoardLink, FolderRef } from '../../api/generated/graphql';
import { useMutation } from '../../api/mutation';
import { userPath } from '../../lib/paths';
import { uniqueById } from '../../lib/uniqueById';
import { t, tx } from '../../i18n';
import { ErrorList, Field } from '../Form';
import { DeleteDialog } from './DeleteDialog';
import { DialogForm, DialogLoading } from './DialogForm';
import { PolicieField, SelectField, TextAreaField } from './Fields';
import { ShareLinks } from './ShareLinks';

const NO_FOLDER = '';

/**
 * 'Folder': no folder, `current` (the board's folder, or the one the dialog was opened from) and
 * the viewer's folders, newest first, 50 at a time with 'More folders'.
 */
function FolderSelect({ current, value, onValue }: { current: FolderRef | null; value: string; onValue: (value: string) => void }) {
  const folders = useMyFolders();
  const options = uniqueById([...(current ? [current] : []), ...folders.nodes]);
  return (
    <>
      {/* The current folder stays selectable while the list loads. */}
      <SelectField label={t('boardModals.folder', 'Folder')} value={value} onValue={onValue} disabled={folders.isLoading && !current}>
        <option value={NO_FOLDER}>{t('boardModals.noFolder', 'No folder')}</option>
        {options.map((folder) => (
          <option key={folder.id} value={folder.id}>
            {folder.name}
          </option>
        ))}
      </SelectField>
      {folders.hasMore ? (
        <button type="button" className="button button--ghost button--small" disabled={folders.loadingMore} onClick={folders.loadMore}>
          {t('boardModals.moreFolders', 'More folders')}
        </button>
      ) : null}
    </>
  );
}

export function CreateBoardModal({
  secret: initialSecret,
  folderId = null,
  onClose,
  onCreated,
}: {
  secret: boolean;
  folderId?: string | null;
  onClose: () => void;
  /** Where to go with the new board; the caller navigates. */
  onCreated: (board: BoardLink) => Promise<void> | void;
}) {
  const [title, setTitle] = useState('');
  const [folder, setFolder] = useState(folderId ?? NO_FOLDER);
  const [caption, setCaption] = useState('');
  const [secret, setSecret] = useState(initialSecret);
  const preset = useFolderForEdit(folderId ?? null).folder;
  // Named after what the menu asked for; the Policie select may still change it.
  const [privateTitle] = useState(initialSecret);
  const dialogTitle = privateTitle
    ? t('boardModals.createPrivateTitle', 'Create a private board')
    : t('boardModals.createTitle', 'Create a board');
  const revalidateAll = useRevalidateAll();
  const create = useMutation(addBoard);

  const submit = async () => {
    const board = await create.run({
      title: title.trim(),
      folder: folder || null,
      caption: caption.trim() || null,
      secret,
    });
    if (!board) return;
    onClose();
    await onCreated(board);
    await revalidateAll();
  };

  return (
    <DialogForm
      title={dialogTitle}
      onClose={onClose}
      onSubmit={submit}
      errors={create.errors}
      pending={create.pending}
      submitLabel={t('boardModals.create', 'Create')}
    >
      <Field label={t('boardModals.title', 'Title')} required maxLength={255} value={title} onValue={setTitle} autoFocus />
      <FolderSelect current={preset} value={folder} onValue={setFolder} />
      <TextAreaField label={t('boardModals.caption', 'Caption')} value={caption} onValue={setCaption} />
      <PolicieField secret={secret} onSecret={setSecret} />
    </DialogForm>
  );
}

export function EditBoardModal({
  boardId,
  onClose,
  onSaved,
}: {
  boardId: string;
  onClose: () => void;
  onSaved: (board: BoardLink) => Promise<void> | void;
}) {
  const { board, error, isLoading, mutate } = useBoardForEdit(boardId);

  if (isLoading || error || !board) return <DialogLoading title={t('boardModals.editTitle', 'Edit board')} failed={!isLoading} onClose={onClose} />;

  return (
    <EditBoardForm
      key={board.id}
      board={board}
      onClose={onClose}
      onSaved={onSaved}
      onSharesChanged={() => void mutate()}
    />
  );
}

function EditBoardForm({
  board,
  onClose,
  onSaved,
  onSharesChanged,
}: {
  board: BoardForm;
  onClose: () => void;
  onSaved: (board: BoardLink) => Promise<void> | void;
  onSharesChanged: () => void;
}) {
  const [title, setTitle] = useState(board.title);
  const [folder, setFolder] = useState(board.folder?.id ?? NO_FOLDER);
  const [caption, setCaption] = useState(board.caption ?? '');
  const [description, setDescription] = useState(board.pinDefaultDescription ?? '');
  const [tags, setTags] = useState(board.pinDefaultTags.join(' '));
  const [secret, setSecret] = useState(board.secret);
  const revalidateAll = useRevalidateAll();
  const save = useMutation(updateBoard);

  const submit = async () => {
    const saved = await save.run({
      id: board.id,
      title: title.trim(),
      folder: folder || null,
      caption: caption.trim() || null,
      pinDefaultDescription: description.trim() || null,
      pinDefaultTags: parseTags(tags),
      secret,
    });
    if (!saved) return;
    onClose();
    await onSaved(saved);
    await revalidateAll();
  };

  return (
    <DialogForm
      title={t('boardModals.editTitle', 'Edit board')}
      onClose={onClose}
      onSubmit={submit}
      errors={save.errors}
      pending={save.pending}
      submitLabel={t('boardModals.save', 'Save')}
      aside={
        <>
          {secret ? <SharingControls board={board} onChanged={onSharesChanged} /> : null}
          <ShareLinks boardId={board.id} />
        </>
      }
    >
      <Field label={t('boardModals.title', 'Title')} required maxLength={255} value={title} onValue={setTitle} />
      <FolderSelect current={board.folder ?? null} value={folder} onValue={setFolder} />
      <TextAreaField label={t('boardModals.caption', 'Caption')} value={caption} onValue={setCaption} />
      <TextAreaField label={t('boardModals.pinDefaultDescription', 'Pin default description')} value={description} onValue={setDescription} rows={2} />
      <Field
        label={t('boardModals.pinDefaultTags', 'Pin default tags')}
        value={tags}
        onValue={setTags}
        spellCheck={false}
        hint={t('boardModals.pinDefaultTagsHint', 'Separated by spaces, e.g. travel sea sunset')}
      />
      <PolicieField secret={secret} onSecret={setSecret} />
    </DialogForm>
  );
}

/** 'Share with' a username, the list of users the private board is shared with, its GUID. */
function SharingControls({ board, onChanged }: { board: BoardForm; onChanged: () => void }) {
  const [username, setUsername] = useState('');
  const share = useMutation(shareBoard);
  const unshare = useMutation(unshareBoard);

  const submitShare = async () => {
    const name = cleanUsername(username);
    if (!name) return;
    if ((await share.run(board.id, name)) === undefined) return;
    setUsername('');
    onChanged();
  };

  const remove = async (name: string) => {
    if ((await unshare.run(board.id, name)) === undefined) return;
    onChanged();
  };

  return (
    <section className="board-sharing" aria-labelledby={`sharing-${board.id}`}>
      <h3 id={`sharing-${board.id}`} className="board-sharing__title">
        {t('boardModals.sharing', 'Sharing')}
      </h3>
      <form
        className="board-sharing__row"
        onSubmit={(event) => {
          event.preventDefault();
          void submitShare();
        }}
      >
        <Field
          className="board-sharing__input"
          label={t('boardModals.shareWith', 'Share with')}
          value={username}
          onValue={setUsername}
          placeholder={t('boardModals.shareWithPlaceholder', '@username')}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
        />
        <button type="submit" className="button button--ghost" disabled={share.pending || !cleanUsername(username)}>
          {t('boardModals.share', 'Share')}
        </button>
      </form>
      <ErrorList errors={[...share.errors, ...unshare.errors]} />
      {board.sharedWith.length > 0 ? (
        <ul className="board-sharing__list" aria-label={t('boardModals.sharedWith', 'Shared with')}>
          {board.sharedWith.map((name) => (
            <li key={name} className="board-sharing__user">
              <Link to={userPath(name)}>@{name}</Link>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={t('boardModals.unshareUser', 'Unshare {name}', { name })}
                disabled={unshare.pending}
                onClick={() => void remove(name)}
              >
                {t('boardModals.unshare', 'Unshare')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="board-sharing__none">{t('boardModals.notShared', 'Not shared with anyone yet.')}</p>
      )}
      <Field label={t('boardModals.guid', 'Board GUID')} value={board.id} readOnly className="board-sharing__guid" onFocus={(e) => e.currentTarget.select()} />
    </section>
  );
}

export function DeleteBoardModal({
  board,
  onClose,
  onDeleted,
}: {
  board: { id: string; title: string };
  onClose: () => void;
  onDeleted: () => Promise<void> | void;
}) {
  return (
    <DeleteDialog title={t('boardModals.deleteTitle', 'Delete board')} remove={() => deleteBoard(board.id)} onClose={onClose} onDeleted={onDeleted}>
      {tx('boardModals.deleteConfirm', 'Are you sure you want to delete the board <strong>{title}</strong>? (this operation is irreversible)', {
        title: board.title,
        strong: (chunks) => <strong>{chunks}</strong>,
      })}
    </DeleteDialog>
  );
}
