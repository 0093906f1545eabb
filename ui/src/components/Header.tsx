// The top bar: the app name, the search form, and the visitor links ('Sign up' only where the
// server lets a visitor sign up without an invite link) or the signed-in user's 'Create' and menu
// buttons.

import { Link } from 'react-router';
import { useSignUpState } from '../api/admin';
import { useMe } from '../api/me';
import { t } from '../i18n';
import { HOME_PATH, LOGIN_PATH, SIGNUP_PATH } from '../lib/paths';
import { useHideOnScroll } from '../lib/useHideOnScroll';
import { BrandMark } from './Brand';
import { CreateMenu } from './CreateMenu';
import { HeaderSearch } from './HeaderSearch';
import { UserMenu } from './UserMenu';
import './Header.css';

export function Header() {
  const [hidden, reveal] = useHideOnScroll();
  const { me, isLoading } = useMe();

  return (
    // Hidden only by a transform, never aria-hidden: it stays reachable, and focusing it shows it.
    <header className="header" data-hidden={hidden} onFocus={reveal}>
      <div className="header__inner">
        <Link to={HOME_PATH} className="header__brand" aria-label="Corkboard">
          <BrandMark />
        </Link>
        <HeaderSearch />
        <nav className="header__nav" aria-label={t('header.account', 'Account')}>
          {isLoading ? null : me ? (
            <>
              <CreateMenu />
              <UserMenu me={me} />
            </>
          ) : (
            <VisitorLinks />
          )}
        </nav>
      </div>
    </header>
  );
}

/** 'Login', and 'Sign up' once the server says a visitor may (an invite link opens the page itself). */
function VisitorLinks() {
  const { signUp } = useSignUpState(null);
  return (
    <>
      <Link to={LOGIN_PATH} className="button button--ghost">
        {t('header.login', 'Login')}
      </Link>
      {signUp && !signUp.refusal ? (
        <Link to={SIGNUP_PATH} className="button button--primary">
          {t('header.signUp', 'Sign up')}
        </Link>
      ) : null}
    </>
  );
}
