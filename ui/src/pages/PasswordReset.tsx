// '/password_reset': the token (prefilled from ?token=, as in the mailed link) and a new
// password. Success signs in, resets the local data cache and goes to the user's page.

import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResetCache } from '../api/cache';
import { useMutation } from '../api/mutation';
import { resetUserPassword } from '../api/users';
import { ErrorList, Field } from '../components/Form';
import { t } from '../i18n';
import { LOGIN_PATH, START_PASSWORD_RESET_PATH, userPath } from '../lib/paths';
import { SECRET_MAX_LENGTH, newPasswordErrors } from '../lib/validation';
import './AuthPage.css';

export function PasswordReset() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const resetCache = useResetCache();
  const [token, setToken] = useState(() => params.get('token') ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const mutation = useMutation(resetUserPassword);
  const done = useRef(false);

  const submit = async () => {
    const local = newPasswordErrors(password, confirmation);
    if (local.length > 0) {
      mutation.setErrors(local);
      return;
    }
    const user = await mutation.run(token.trim(), password);
    if (!user || done.current) return;
    done.current = true;
    await resetCache();
    await navigate(userPath(user.username), { replace: true });
  };

  return (
    <section className="auth-page" aria-labelledby="reset-title">
      <h1 id="reset-title" className="auth-page__title">
        {t('passwordReset.title', 'Reset your password')}
      </h1>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field label={t('passwordReset.token', 'Token')} required maxLength={SECRET_MAX_LENGTH} autoComplete="off" spellCheck={false} value={token} onValue={setToken} />
        <Field
          label={t('passwordReset.newPassword', 'New password')}
          type="password"
          autoComplete="new-password"
          required
          maxLength={SECRET_MAX_LENGTH}
          value={password}
          onValue={setPassword}
        />
        <Field
          label={t('passwordReset.newPasswordConfirmation', 'New password confirmation')}
          type="password"
          autoComplete="new-password"
          required
          maxLength={SECRET_MAX_LENGTH}
          value={confirmation}
          onValue={setConfirmation}
        />
        <ErrorList errors={mutation.errors} />
        <button type="submit" className="button button--primary auth-page__submit" disabled={mutation.pending}>
          {t('passwordReset.submit', 'Reset my password')}
        </button>
      </form>
      <p className="auth-page__links">
        <Link to={START_PASSWORD_RESET_PATH}>{t('passwordReset.newLink', 'Send me a new link')}</Link>
        <Link to={LOGIN_PATH}>{t('passwordReset.backToLogin', 'Back to login')}</Link>
      </p>
    </section>
  );
}
