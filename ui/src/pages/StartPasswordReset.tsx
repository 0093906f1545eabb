// '/start_password_reset': ask for a password reset mail. The server answers the same
// sentence whether or not the address is known; we show it.

import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '../api/mutation';
import { startUserPasswordReset } from '../api/users';
import { ErrorList, Field, StatusMessage } from '../components/Form';
import { t } from '../i18n';
import { LOGIN_PATH, PASSWORD_RESET_PATH } from '../lib/paths';
import './AuthPage.css';

export function StartPasswordReset() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const mutation = useMutation(startUserPasswordReset);

  const submit = async () => {
    setSent(null);
    const message = await mutation.run(email.trim());
    if (message !== undefined) setSent(message || t('startPasswordReset.sent', 'A password reset mail is on its way.'));
  };

  return (
    <section className="auth-page" aria-labelledby="start-reset-title">
      <h1 id="start-reset-title" className="auth-page__title">
        {t('startPasswordReset.title', 'Forgot your password?')}
      </h1>
      <p className="auth-page__intro">
        {t('startPasswordReset.intro', 'Type your email address: we will send you a link to choose a new password.')}
      </p>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field label={t('startPasswordReset.email', 'Email')} type="email" autoComplete="email" required value={email} onValue={setEmail} />
        <ErrorList errors={mutation.errors} />
        {sent ? <StatusMessage>{sent}</StatusMessage> : null}
        <button type="submit" className="button button--primary auth-page__submit" disabled={mutation.pending}>
          {t('startPasswordReset.submit', 'Send me a reset link')}
        </button>
      </form>
      <p className="auth-page__links">
        <Link to={PASSWORD_RESET_PATH}>{t('startPasswordReset.haveToken', 'I already have a token')}</Link>
        <Link to={LOGIN_PATH}>{t('startPasswordReset.backToLogin', 'Back to login')}</Link>
      </p>
    </section>
  );
}
