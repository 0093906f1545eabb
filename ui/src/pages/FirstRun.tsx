// The home page of an instance without accounts (issue 79): the first account is its admin, how
// to make it (the setup code from the server's log on a server that serves the public), and how
// to keep sign-up closed afterwards; the server's reason when it cannot be made from the web.

import { Link } from 'react-router';
import type { SignUpState } from '../api/generated/graphql';
import { t, tx } from '../i18n';
import { SIGNUP_PATH } from '../lib/paths';
import './MessagePage.css';

type State = SignUpState['signUpState'];

export function FirstRun({ signUp }: { signUp: State }) {
  return (
    <section className="message-page first-run" aria-labelledby="first-run-title">
      <h1 id="first-run-title" className="message-page__title">
        {t('firstRun.title', 'Welcome to Corkboard')}
      </h1>
      <p className="message-page__text">
        {t(
          'firstRun.intro',
          'This Corkboard has no account yet. The first account is its admin: it makes invite links and manages the accounts on the Admin page.',
        )}
      </p>
      {signUp.refusal ? (
        <p className="message-page__text" role="status">
          {signUp.refusal}
        </p>
      ) : (
        <>
          {signUp.setupCodeNeeded ? (
            <p className="message-page__text">
              {tx(
                'firstRun.setupCode',
                "The sign-up page asks for the setup code printed in the server's log (<code>journalctl -u corkboard</code>), so that only whoever runs the server can make it.",
                { code: (chunks) => <code>{chunks}</code> },
              )}
            </p>
          ) : null}
          <p className="message-page__text">{afterwards(signUp.mode)}</p>
          <Link to={SIGNUP_PATH} className="button button--primary">
            {t('firstRun.create', 'Create the admin account')}
          </Link>
        </>
      )}
    </section>
  );
}

/** Who may sign up once the admin exists, and the setting that changes it. */
function afterwards(mode: State['mode']): string {
  if (mode === 'OPEN') {
    return t(
      'firstRun.afterwardsOpen',
      'After that, anyone who reaches this address may sign up. To keep sign-up closed, set registration under [accounts] in config.toml (or CORKBOARD_ACCOUNTS__REGISTRATION), then restart: "invite" (only with an invite link from the Admin page) or "closed".',
    );
  }
  return t(
    'firstRun.afterwardsInvite',
    'After that, people join with the invite links you make on the Admin page. To close sign-up entirely, set registration under [accounts] in config.toml (or CORKBOARD_ACCOUNTS__REGISTRATION), then restart: "closed".',
  );
}
