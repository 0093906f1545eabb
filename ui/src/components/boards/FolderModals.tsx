// The folder dialogs (spec, sections 2 and 4): create, edit and delete. Deleting a folder keeps
// its boards, outside any folder.

import { useState } from 'react';
import { useRevalidateAll } from '../../api/cache';
import { addFolder, deleteFolder, updateFolder } from '../../api/boards';
import type { FolderLink } from '../../api/generated/graphql';
import { useMutation } from '../../api/mutation';
import { t, tx } from '../../i18n';
import { Field } from '../Form';
import { DeleteDialog } from './DeleteDialog';
import { DialogForm } from './DialogForm';
import { PolicieField } from './Fields';

export function CreateFolderModal({
  secret: initialSecret,
  onClose,
  onCreated,
}: {
  secret: boolean;
  onClose: () => void;
  onCreated: (folder: FolderLink) => Promise<void> | void;
}) {
  const [name, setName] = useState('');
  const [secret, setSecret] = useState(initialSecret);
  const [privateTitle] = useState(initialSecret);
  const dialogTitle = privateTitle
    ? t('folderModals.createPrivateTitle', 'Create a private folder')
    : t('folderModals.createTitle', 'Create a folder');
  const revalidateAll = useRevalidateAll();
  const create = useMutation(addFolder);

  const submit = async () => {
    const folder = await create.run({ name: name.trim(), secret });
    if (!folder) return;
    onClose();
    await onCreated(folder);
    await revalidateAll();
  };

  return (
    <DialogForm
      title={dialogTitle}
      onClose={onClose}
      onSubmit={submit}
      errors={create.errors}
      pending={create.pending}
      submitLabel={t('folderModals.create', 'Create')}
    >
      <Field label={t('folderModals.name', 'Name')} required maxLength={255} value={name} onValue={setName} autoFocus />
      <PolicieField secret={secret} onSecret={setSecret} />
    </DialogForm>
  );
}

export function EditFolderModal({
  folder,
  onClose,
  onSaved,
}: {
  folder: { id: string; name: string; secret: boolean };
  onClose: () => void;
  onSaved: (folder: FolderLink) => Promise<void> | void;
}) {
  const [name, setName] = useState(folder.name);
  const [secret, setSecret] = useState(folder.secret);
  const revalidateAll = useRevalidateAll();
  const save = useMutation(updateFolder);

  const submit = async () => {
    const saved = await save.run({ id: folder.id, name: name.trim(), secret });
    if (!saved) return;
    onClose();
    await onSaved(saved);
    await revalidateAll();
  };

  return (
    <DialogForm
      title={t('folderModals.editTitle', 'Edit folder')}
      onClose={onClose}
      onSubmit={submit}
      errors={save.errors}
      pending={save.pending}
      submitLabel={t('folderModals.save', 'Save')}
    >
      <Field label={t('folderModals.name', 'Name')} required maxLength={255} value={name} onValue={setName} />
      <PolicieField secret={secret} onSecret={setSecret} />
    </DialogForm>
  );
}

export function DeleteFolderModal({
  folder,
  onClose,
  onDeleted,
}: {
  folder: { id: string; name: string };
  onClose: () => void;
  onDeleted: () => Promise<void> | void;
}) {
  return (
    <DeleteDialog title={t('folderModals.deleteTitle', 'Delete folder')} remove={() => deleteFolder(folder.id)} onClose={onClose} onDeleted={onDeleted}>
      {tx('folderModals.deleteConfirm', 'Are you sure you want to delete the folder <strong>{name}</strong>? Its boards will stay, outside any folder.', {
        name: folder.name,
        strong: (chunks) => <strong>{chunks}</strong>,
      })}
    </DeleteDialog>
  );
}
