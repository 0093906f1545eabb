// '/login/': sign in with email and password, a passkey, or through the instance's identity
// provider (at once when the operator asks for it, unless the address says `?local=1` or why the
// last attempt failed). Goes to the `next` query parameter when given, else to the user's page; a
// signed-in visitor is sent to their page straight away.

import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useResetCache } from '../api/cache';
import { useMe } from '../api/me';
import { useMutation } from '../api/mutation';
import { providerStartUrl, useSignInOptions } from '../api/signIn';
import { login } from '../api/users';
import type { SignedInUser } from '../api/generated/graphql';
import { ErrorList, Field } from '../components/Form';
import { PasskeySignIn } from '../components/PasskeySignIn';
import { ProviderFailure } from '../components/ProviderFailure';
import { ProviderSignIn } from '../components/ProviderSignIn';
import { t } from '../i18n';
import { safeNext } from '../lib/next';
import { SIGNUP_PATH, START_PASSWORD_RESET_PATH, userPath } from '../lib/paths';
import { SECRET_MAX_LENGTH } from '../lib/validation';
import './AuthPage.css';

export function Login() {
  const { me, isLoading } = useMe();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const resetCache = useResetCache();
  const signingIn = useRef(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const mutation = useMutation(login);
  const { options } = useSignInOptions();

  // Already signed in on arrival (not while this page signs in and refreshes `me`).
  if (!isLoading && me && !signingIn.current) return <Navigate to={userPath(me.username)} replace />;
  const provider = options?.provider;
  const straightToProvider = Boolean(provider?.autoRedirect) && !isLoading && params.get('local') !== '1' && !params.has('failure');

  const signedIn = async (user: SignedInUser) => {
    signingIn.current = true;
    await resetCache();
    await navigate(safeNext(params.get('next'), userPath(user.username)), { replace: true });
  };

  const submit = async () => {
    const user = await mutation.run(email.trim(), password);
    if (user) await signedIn(user);
  };

  return (
    <section className="auth-page" aria-labelledby="login-title">
      <h1 id="login-title" className="auth-page__title">
        {t('login.title', 'Login')}
      </h1>
      <ProviderFailure />
      {provider ? (
        <ProviderSignIn provider={provider} href={providerStartUrl('sign-in', { next: safeNext(params.get('next'), '') })} redirect={straightToProvider} />
      ) : null}
      {options?.passwords && !straightToProvider ? (
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {/* 'webauthn': the browser may offer passkeys among the field's suggestions. */}
          <Field label={t('login.email', 'Email')} type="email" autoComplete="username webauthn" required value={email} onValue={setEmail} />
          <Field
            label={t('login.password', 'Password')}
            type="password"
            autoComplete="current-password"
            required
            maxLength={SECRET_MAX_LENGTH}
            value={password}
            onValue={setPassword}
          />
          <ErrorList errors={mutation.errors} />
          <button type="submit" className="button button--primary auth-page__submit" disabled={mutation.pending}>
            {t('login.submit', 'Login')}
          </button>
        </form>
      ) : null}
      {straightToProvider ? null : <PasskeySignIn onSignedIn={signedIn} />}
      <p className="auth-page__links">
        {options?.passwords ? <Link to={START_PASSWORD_RESET_PATH}>{t('login.forgotPassword', 'Forgot your password?')}</Link> : null}
        <Link to={SIGNUP_PATH}>{t('login.createAccount', 'Create an account')}</Link>
      </p>
    </section>
  );
}
