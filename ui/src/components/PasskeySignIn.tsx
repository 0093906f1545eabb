// 'Sign in with a passkey' under the login form, where this server and browser offer passkeys:
// the browser's dialog at a click; and, where the browser can, the passkeys among the email
// field's suggestions (conditional mediation) from the moment the page opens. Either way the
// passkey names its account: no email is typed.

import { useEffect, useRef, useState } from 'react';
import { errorMessages } from '../api/errors';
import type { SignedInUser } from '../api/generated/graphql';
import { useMutation } from '../api/mutation';
import { beginPasskeySignIn, finishPasskeySignIn, signInWithPasskey, usePasskeysOffered } from '../api/passkeys';
import { t } from '../i18n';
import { askForPasskey, suggestsPasskeys } from '../lib/webauthn';
import { ErrorList } from './Form';
import './PasskeySignIn.css';

export function PasskeySignIn({ onSignedIn }: { onSignedIn: (user: SignedInUser) => Promise<void> }) {
  const offered = usePasskeysOffered();
  const signIn = useMutation(signInWithPasskey);
  const { setErrors } = signIn;
  /** A new round of suggestions after each click: the dialog ended the waiting one. */
  const [round, setRound] = useState(0);
  const suggesting = useRef<AbortController | null>(null);
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;

  useEffect(() => {
    if (!offered) return;
    const waiting = new AbortController();
    suggesting.current = waiting;
    void (async () => {
      let answer: { ceremony: string; credential: string };
      try {
        if (!(await suggestsPasskeys())) return;
        const ceremony = await beginPasskeySignIn();
        const credential = await askForPasskey(ceremony.options, 'conditional', waiting.signal);
        answer = { ceremony: ceremony.id, credential };
      } catch {
        return; // Nobody asked for a passkey yet: what ends the suggestions goes unsaid.
      }
      try {
        await signedIn.current(await finishPasskeySignIn(answer.ceremony, answer.credential));
      } catch (error) {
        setErrors(errorMessages(error));
      }
    })();
    return () => waiting.abort();
  }, [offered, round, setErrors]);

  if (!offered) return null;

  const click = async () => {
    // The browser runs one request at a time: the suggestions' gives way to the dialog.
    suggesting.current?.abort();
    const user = await signIn.run();
    if (user) await signedIn.current(user);
    else setRound((previous) => previous + 1);
  };

  return (
    <div className="passkey-sign-in">
      <p className="passkey-sign-in__or">{t('passkeySignIn.or', 'or')}</p>
      <button type="button" className="button button--ghost passkey-sign-in__button" disabled={signIn.pending} onClick={() => void click()}>
        {t('passkeySignIn.button', 'Sign in with a passkey')}
      </button>
      <ErrorList errors={signIn.errors} />
    </div>
  );
}
