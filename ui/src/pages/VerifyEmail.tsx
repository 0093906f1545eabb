// '/verifie_email': confirm an email address with the mailed token (prefilled from ?token=).

import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useRevalidateAll } from '../api/cache';
import { useMe } from '../api/me';
import { useMutation } from '../api/mutation';
import { verifieUserEmail } from '../api/users';
import { ErrorList, Field, StatusMessage } from '../components/Form';
import { t } from '../i18n';
import { LOGIN_PATH, PROFILE_PATH, userPath } from '../lib/paths';
import { SECRET_MAX_LENGTH } from '../lib/validation';
import './AuthPage.css';

export function VerifyEmail() {
  const [params] = useSearchParams();
  const [token, setToken] = useState(() => params.get('token') ?? '');
  const [verified, setVerified] = useState<string | null>(null);
  const { me } = useMe();
  const revalidateAll = useRevalidateAll();
  const mutation = useMutation(verifieUserEmail);

  const submit = async () => {
    setVerified(null);
    const user = await mutation.run(token.trim());
    if (!user) return;
    setVerified(
      user.email
        ? t('verifyEmail.verifiedAddress', 'Your email address {email} is verified.', { email: user.email })
        : t('verifyEmail.verified', 'Your email address is verified.'),
    );
    await revalidateAll();
  };

  return (
    <section className="auth-page" aria-labelledby="verify-title">
      <h1 id="verify-title" className="auth-page__title">
        {t('verifyEmail.title', 'Verify your email')}
      </h1>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field label={t('verifyEmail.token', 'Token')} required maxLength={SECRET_MAX_LENGTH} autoComplete="off" spellCheck={false} value={token} onValue={setToken} />
        <ErrorList errors={mutation.errors} />
        {verified ? <StatusMessage>{verified}</StatusMessage> : null}
        <button type="submit" className="button button--primary auth-page__submit" disabled={mutation.pending}>
          {t('verifyEmail.submit', 'Verify my email')}
        </button>
      </form>
      <p className="auth-page__links">
        {me ? (
          <Link to={userPath(me.username)}>{t('verifyEmail.myPage', 'Go to my page')}</Link>
        ) : (
          <Link to={LOGIN_PATH}>{t('verifyEmail.login', 'Login')}</Link>
        )}
        {me ? <Link to={PROFILE_PATH}>{t('verifyEmail.profile', 'My profile')}</Link> : null}
      </p>
    </section>
  );
}
