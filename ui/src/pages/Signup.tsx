// '/signup/': create an account, which signs in, then go to the new user's page. A username
// past 30 characters is kept as typed and said to be too long, at once. On an instance where
// sign-up is closed or by invitation, the server's reason replaces the form; `?invite=` carries
// an invite link's secret. The first account of an instance that serves the public asks for the
// setup code from the server's log. 'Sign in with {label}' makes the account through the identity
// provider instead, when the operator lets it (the invite travels with it); with passwords turned
// off, that is the only way.

import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSignUpState } from '../api/admin';
import { useResetCache } from '../api/cache';
import { useMe } from '../api/me';
import { useMutation } from '../api/mutation';
import { providerStartUrl, useSignInOptions } from '../api/signIn';
import { addUser } from '../api/users';
import { ErrorList, Field } from '../components/Form';
import { ProviderSignIn } from '../components/ProviderSignIn';
import { t, tx } from '../i18n';
import { LOGIN_PATH, userPath } from '../lib/paths';
import { SECRET_MAX_LENGTH, USERNAME_MAX_LENGTH, USERNAME_TOO_LONG, signupErrors } from '../lib/validation';
import './AuthPage.css';

export function Signup() {
  const { me, isLoading } = useMe();
  const navigate = useNavigate();
  const resetCache = useResetCache();
  const signingUp = useRef(false);
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [setupCode, setSetupCode] = useState('');
  const mutation = useMutation(addUser);
  const [params] = useSearchParams();
  const invite = params.get('invite');
  const { signUp } = useSignUpState(invite);
  const { options } = useSignInOptions();
  // The setup code cannot travel through the provider: the first account of a public instance
  // is made here, with a password, or by `corkboard admin create-user`.
  const provider = options?.provider?.signUp && !signUp?.setupCodeNeeded ? options.provider : null;
  const offered = !signUp?.refusal;

  if (!isLoading && me && !signingUp.current) return <Navigate to={userPath(me.username)} replace />;

  // Said while typing, not cut by the input: nothing typed disappears unseen.
  const tooLong = username.trim().length > USERNAME_MAX_LENGTH;
  const errors = [...mutation.errors.filter((message) => message !== USERNAME_TOO_LONG), ...(tooLong ? [USERNAME_TOO_LONG] : [])];

  const submit = async () => {
    const name = username.trim();
    const local = signupErrors(name, password, confirmation);
    if (local.length > 0) {
      mutation.setErrors(local);
      return;
    }
    const code = signUp?.setupCodeNeeded ? setupCode.trim() : null;
    const user = await mutation.run(email.trim(), name, password, invite, code);
    if (!user) return;
    signingUp.current = true;
    await resetCache();
    await navigate(userPath(user.username), { replace: true });
  };

  return (
    <section className="auth-page" aria-labelledby="signup-title">
      <h1 id="signup-title" className="auth-page__title">
        {t('signup.title', 'Sign up')}
      </h1>
      {signUp?.refusal ? <p role="status">{signUp.refusal}</p> : null}
      {offered && provider ? <ProviderSignIn provider={provider} href={providerStartUrl('sign-in', { invite })} /> : null}
      {offered && options && !options.passwords && !provider ? (
        <p role="status">{t('signup.noWayIn', 'Accounts are not made here: ask the admin of this Corkboard.')}</p>
      ) : null}
      {offered && options?.passwords ? (
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {signUp?.setupCodeNeeded && (
            <Field
              label={t('signup.setupCode', 'Setup code')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              value={setupCode}
              onValue={setSetupCode}
              hint={tx(
                'signup.setupCodeHint',
                "The first account is this Corkboard's admin. Find the setup code in the server's log: <code>journalctl -u corkboard</code>",
                { code: (chunks) => <code>{chunks}</code> },
              )}
            />
          )}
          <Field label={t('signup.email', 'Email')} type="email" autoComplete="email" required value={email} onValue={setEmail} />
          <Field
            label={t('signup.username', 'Username')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            aria-invalid={tooLong}
            value={username}
            onValue={setUsername}
            hint={t('signup.usernameHint', 'Letters, digits and hyphens, {max} at most.', { max: USERNAME_MAX_LENGTH })}
          />
          <Field
            label={t('signup.password', 'Password')}
            type="password"
            autoComplete="new-password"
            required
            maxLength={SECRET_MAX_LENGTH}
            value={password}
            onValue={setPassword}
          />
          <Field
            label={t('signup.passwordConfirmation', 'Password confirmation')}
            type="password"
            autoComplete="new-password"
            required
            maxLength={SECRET_MAX_LENGTH}
            value={confirmation}
            onValue={setConfirmation}
          />
          <ErrorList errors={errors} />
          <button type="submit" className="button button--primary auth-page__submit" disabled={mutation.pending}>
            {t('signup.submit', 'Sign up')}
          </button>
        </form>
      ) : null}
      <p className="auth-page__links">
        <span>
          {tx('signup.haveAccount', 'Already have an account? <link>Login</link>', {
            link: (chunks) => <Link to={LOGIN_PATH}>{chunks}</Link>,
          })}
        </span>
      </p>
    </section>
  );
}

