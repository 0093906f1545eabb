// Deleting an account, after its username is typed: its boards, folders and pins go with it.

import { useState } from 'react';
import { deleteAccount } from '../../api/admin';
import type { AdminAccount } from '../../api/generated/graphql';
import { useMutation } from '../../api/mutation';
import { ErrorList, Field, FormActions } from '../../components/Form';
import { Modal } from '../../components/Modal';
import { t } from '../../i18n';

export function DeleteAccountModal({
  account,
  onClose,
  onDeleted,
}: {
  account: AdminAccount;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [typed, setTyped] = useState('');
  const deletion = useMutation(deleteAccount);
  return (
    <Modal title={t('deleteAccountModal.title', 'Delete {username}', { username: account.username })} onClose={onClose}>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void deletion.run(account.id, typed).then((message) => {
            if (message !== undefined) onDeleted();
          });
        }}
      >
        <p>
          {t(
            'deleteAccountModal.text',
            'This deletes the account with all its boards, folders and pins ({count, plural, one {# pin} other {# pins}}). It cannot be undone.',
            { count: account.holdings.pins },
          )}
        </p>
        <Field
          label={t('deleteAccountModal.confirmLabel', 'Type {username} to confirm', { username: account.username })}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={typed}
          onValue={setTyped}
        />
        <ErrorList errors={deletion.errors} />
        <FormActions>
          <button type="button" className="button" onClick={onClose}>
            {t('deleteAccountModal.cancel', 'Cancel')}
          </button>
          <button
            type="submit"
            className="button button--danger"
            disabled={deletion.pending || typed.trim() !== account.username}
          >
            {t('deleteAccountModal.submit', 'Delete account')}
          </button>
        </FormActions>
      </form>
    </Modal>
  );
}
