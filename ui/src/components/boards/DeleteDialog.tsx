// The confirmation before deleting a board, a folder or a pin: on success it closes, lets the
// page move away (`onDeleted`), then refreshes every list; a failure shows 'Sorry, an error
// occured deleting...'.

import type { ReactNode } from 'react';
import { useRevalidateAll } from '../../api/cache';
import { DELETE_ERROR } from '../../api/errors';
import { useMutation } from '../../api/mutation';
import { t } from '../../i18n';
import { DialogForm } from './DialogForm';

export function DeleteDialog({
  title,
  remove,
  onClose,
  onDeleted,
  preview,
  children,
}: {
  title: string;
  /** The deleting call, already given what it deletes. */
  remove: () => Promise<unknown>;
  onClose: () => void;
  onDeleted: () => Promise<void> | void;
  /** A picture of what goes, above the question. */
  preview?: ReactNode;
  children: ReactNode;
}) {
  const revalidateAll = useRevalidateAll();
  const deletion = useMutation(remove, DELETE_ERROR);

  const submit = async () => {
    if ((await deletion.run()) === undefined) return;
    onClose();
    await onDeleted();
    await revalidateAll();
  };

  return (
    <DialogForm
      title={title}
      onClose={onClose}
      onSubmit={submit}
      errors={deletion.errors}
      pending={deletion.pending}
      submitLabel={t('deleteDialog.delete', 'Delete')}
      danger
    >
      {preview}
      <p className="modal__text board-dialog__confirm">{children}</p>
    </DialogForm>
  );
}
