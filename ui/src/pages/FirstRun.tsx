// The home page of an instance without accounts (issue 79): the first account is its admin, how
// to make it (the setup code from the server's log on a server that serves the public), and how
// to keep sign-up closed afterwards; the server's reason when it cannot be made from the web.

import { Link } from 'react-router';
import type { SignUpState } from '../api/generated/graphql';
import { SIGNUP_PATH } from '../lib/paths';
import './MessagePage.css';

type State = SignUpState['signUpState'];

export function FirstRun({ signUp }: { signUp: State }) {
  return (
    <section className="message-page first-run" aria-labelledby="first-run-title">
      <h1 id="first-run-title" className="message-page__title">
        Welcome to Corkboard
      </h1>
      <p className="message-page__text">
        This Corkboard has no account yet. The first account is its admin: it makes invite links and manages the
        accounts on the Admin page.
      </p>
      {signUp.refusal ? (
        <p className="message-page__text" role="status">
          {signUp.refusal}
        </p>
      ) : (
        <>
          {signUp.setupCodeNeeded ? (
            <p className="message-page__text">
              The sign-up page asks for the setup code printed in the server&apos;s log (<code>journalctl -u corkboard</code>
              ), so that only whoever runs the server can make it.
            </p>
          ) : null}
          <p className="message-page__text">{afterwards(signUp.mode)}</p>
          <Link to={SIGNUP_PATH} className="button button--primary">
            Create the admin account
          </Link>
        </>
      )}
    </section>
  );
}

/** Who may sign up once the admin exists, and the setting that changes it. */
function afterwards(mode: State['mode']): string {
  const setting = 'registration under [accounts] in config.toml (or CORKBOARD_ACCOUNTS__REGISTRATION), then restart';
  if (mode === 'OPEN') {
    return `After that, anyone who reaches this address may sign up. To keep sign-up closed, set ${setting}: "invite" (only with an invite link from the Admin page) or "closed".`;
  }
  return `After that, people join with the invite links you make on the Admin page. To close sign-up entirely, set ${setting}: "closed".`;
}
