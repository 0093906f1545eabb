// The frame of the board, folder and pin dialogs: a Modal holding one form, its error list,
// Cancel and the submit button. `aside` goes between the fields and the errors, outside the
// form (the edit-board sharing controls have their own buttons and Enter key). DialogLoading
// stands in while the form's data loads.

import { useId, type ReactNode } from 'react';
import { LOAD_ERROR } from '../../api/errors';
import { t } from '../../i18n';
import { ErrorList, FormActions } from '../Form';
import { Modal } from '../Modal';

export function DialogForm({
  title,
  onClose,
  onSubmit,
  errors,
  pending,
  submitLabel,
  danger = false,
  disabled = false,
  aside,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => Promise<void>;
  errors: readonly string[];
  pending: boolean;
  submitLabel: string;
  danger?: boolean;
  disabled?: boolean;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const formId = useId();
  return (
    <Modal title={title} onClose={onClose}>
      <form
        id={formId}
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        {children}
      </form>
      {aside}
      <div className="form board-dialog__footer">
        <ErrorList errors={errors} />
        <FormActions>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('dialogForm.cancel', 'Cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className={`button ${danger ? 'button--danger' : 'button--primary'}`}
            disabled={pending || disabled}
          >
            {submitLabel}
          </button>
        </FormActions>
      </div>
    </Modal>
  );
}

/** A dialog whose data is loading, or failed to load ('Sorry, an error occured loading initial data...'). */
export function DialogLoading({ title, failed, onClose }: { title: string; failed: boolean; onClose: () => void }) {
  return (
    <Modal title={title} onClose={onClose}>
      {failed ? (
        <ErrorList errors={[LOAD_ERROR]} />
      ) : (
        <p className="modal__text" aria-busy="true">
          {t('dialogForm.loading', 'Loading...')}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('dialogForm.cancel', 'Cancel')}
        </button>
      </div>
    </Modal>
  );
}
