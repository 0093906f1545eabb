// The profile's 'Sign-in methods': the password (changed, or set for an account made through the
// identity provider; not offered where the operator turned passwords off), the provider's
// accounts linked to this one, each with 'Unlink' (the server refuses to remove the last way in,
// and its sentence shows), and 'Link {label}', a round trip through the provider that comes back
// here (with `?failure=CODE` when it failed).

import { useState } from 'react';
import { useMutation } from '../api/mutation';
import { providerStartUrl, unlinkIdentity, useMySignInMethods, useSignInOptions } from '../api/signIn';
import { t } from '../i18n';
import { formatDateTime } from '../lib/format';
import { PROFILE_PATH } from '../lib/paths';
import { PasswordModal } from './AccountModals';
import { ErrorList, StatusMessage } from './Form';
import { ProviderFailure } from './ProviderFailure';

export function SignInMethods() {
  const { methods, mutate } = useMySignInMethods();
  const { options } = useSignInOptions();
  const [settingPassword, setSettingPassword] = useState(false);
  /** What the last action changed. */
  const [notice, setNotice] = useState<string | null>(null);
  const unlink = useMutation(unlinkIdentity);

  if (!methods || !options) return null;
  const provider = options.provider;

  const remove = async (id: string, label: string) => {
    setNotice(null);
    if ((await unlink.run(id)) === undefined) return;
    await mutate();
    setNotice(t('signInMethods.unlinked', '{label} no longer signs you in here.', { label }));
  };

  return (
    <section className="profile__card profile__sign-in" aria-labelledby="sign-in-methods-title">
      <h2 id="sign-in-methods-title" className="profile__section-title">
        {t('signInMethods.title', 'Sign-in methods')}
      </h2>
      <ProviderFailure />
      <ul className="profile__methods">
        {options.passwords ? (
          <li className="profile__method">
            <span className="profile__method-name">{t('signInMethods.password', 'Password')}</span>
            <span className="profile__method-facts">
              {methods.password ? t('signInMethods.hasPassword', 'Your email and your password') : t('signInMethods.noPassword', 'No password yet')}
            </span>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => {
                setNotice(null);
                setSettingPassword(true);
              }}
            >
              {methods.password ? t('profile.changePassword', 'Change password') : t('signInMethods.setPassword', 'Set a password')}
            </button>
          </li>
        ) : null}
        {methods.identities.map((identity) => {
          const facts = [identity.email, t('signInMethods.linkedAt', 'Linked {date}', { date: formatDateTime(identity.linkedAt) })]
            .filter(Boolean)
            .join(' · ');
          return (
            <li key={identity.id} className="profile__method">
              <span className="profile__method-name">{identity.label}</span>
              <span className="profile__method-facts">{facts}</span>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={t('signInMethods.unlinkLabel', 'Unlink {label}: {facts}', { label: identity.label, facts })}
                disabled={unlink.pending}
                onClick={() => void remove(identity.id, identity.label)}
              >
                {t('signInMethods.unlink', 'Unlink')}
              </button>
            </li>
          );
        })}
      </ul>
      <ErrorList errors={unlink.errors} />
      {notice ? <StatusMessage>{notice}</StatusMessage> : null}
      {provider ? (
        <a className="button button--ghost" href={providerStartUrl('link', { next: PROFILE_PATH })}>
          {t('signInMethods.link', 'Link {label}', { label: provider.label })}
        </a>
      ) : null}
      {settingPassword ? (
        <PasswordModal
          hasPassword={methods.password}
          onClose={() => setSettingPassword(false)}
          onChanged={() => {
            setNotice(
              methods.password
                ? t('profile.passwordChanged', 'Your password has been changed. Your other sessions were signed out.')
                : t('signInMethods.passwordSet', 'Your password is set: you can now also sign in with your email and this password.'),
            );
            void mutate();
          }}
        />
      ) : null}
    </section>
  );
}
