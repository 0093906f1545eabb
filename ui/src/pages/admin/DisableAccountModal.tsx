// Disabling an account, once confirmed: its owner is signed out at once and cannot sign in until
// an admin enables it again. Nothing of theirs is deleted.

import { setAccountDisabled } from '../../api/admin';
import type { AdminAccount } from '../../api/generated/graphql';
import { useMutation } from '../../api/mutation';
import { ErrorList, FormActions } from '../../components/Form';
import { Modal } from '../../components/Modal';
import { t } from '../../i18n';

export function DisableAccountModal({
  account,
  onClose,
  onDisabled,
}: {
  account: AdminAccount;
  onClose: () => void;
  onDisabled: () => void;
}) {
  const disabling = useMutation((id: string) => setAccountDisabled(id, true));
  return (
    <Modal title={t('disableAccountModal.title', 'Disable {username}', { username: account.username })} onClose={onClose}>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void disabling.run(account.id).then((done) => {
            if (done !== undefined) onDisabled();
          });
        }}
      >
        <p>
          {t(
            'disableAccountModal.text',
            '{username} is signed out at once and cannot sign in until an admin enables the account again. Their boards, folders and pins are kept.',
            { username: account.username },
          )}
        </p>
        <ErrorList errors={disabling.errors} />
        <FormActions>
          <button type="button" className="button" onClick={onClose}>
            {t('disableAccountModal.cancel', 'Cancel')}
          </button>
          <button type="submit" className="button button--danger" disabled={disabling.pending}>
            {t('disableAccountModal.submit', 'Disable account')}
          </button>
        </FormActions>
      </form>
    </Modal>
  );
}
