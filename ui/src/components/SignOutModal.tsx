// The 'Sign out' confirmation (spec, sections 2 and 4): on success the local data cache is
// reset, the dialog closes and the app goes home (or to the identity provider, to end its
// session too); a failure says so in the error list.

import { useNavigate } from 'react-router';
import { useResetCache } from '../api/cache';
import { SIGN_OUT_ERROR } from '../api/errors';
import { useMutation } from '../api/mutation';
import { logout } from '../api/users';
import { t } from '../i18n';
import { HOME_PATH } from '../lib/paths';
import { ErrorList, FormActions } from './Form';
import { Modal } from './Modal';

export function SignOutModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const resetCache = useResetCache();
  const signOut = useMutation(logout, SIGN_OUT_ERROR);

  const confirm = async () => {
    const signedOut = await signOut.run();
    if (signedOut === undefined) return;
    if (signedOut.providerLogoutUrl) {
      // The identity provider ends its session too, then sends the browser to the login page.
      window.location.assign(signedOut.providerLogoutUrl);
      return;
    }
    onClose();
    await navigate(HOME_PATH);
    await resetCache();
  };

  return (
    <Modal title={t('signOutModal.title', 'Sign out')} onClose={onClose}>
      <p className="modal__text">{t('signOutModal.question', 'Are you sure you want to sign out?')}</p>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <ErrorList errors={signOut.errors} />
        <FormActions>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('signOutModal.cancel', 'Cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={signOut.pending} autoFocus>
            {t('signOutModal.signOut', 'Sign out')}
          </button>
        </FormActions>
      </form>
    </Modal>
  );
}
