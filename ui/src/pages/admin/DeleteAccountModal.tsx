// Deleting an account, after its username is typed: its boards, folders and pins go with it.

import { useState } from 'react';
import { deleteAccount } from '../../api/admin';
import type { AdminAccount } from '../../api/generated/graphql';
import { useMutation } from '../../api/mutation';
import { ErrorList, Field, FormActions } from '../../components/Form';
import { Modal } from '../../components/Modal';

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
    <Modal title={`Delete ${account.username}`} onClose={onClose}>
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
          This deletes the account with all its boards, folders and pins ({account.holdings.pins} pins). It cannot be
          undone.
        </p>
        <Field
          label={`Type ${account.username} to confirm`}
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
            Cancel
          </button>
          <button
            type="submit"
            className="button button--danger"
            disabled={deletion.pending || typed.trim() !== account.username}
          >
            Delete account
          </button>
        </FormActions>
      </form>
    </Modal>
  );
}
