// The top bar: the app name, the search form, and the visitor links or the signed-in user's
// menu button.

import { Link } from 'react-router';
import { useMe } from '../api/me';
import { HOME_PATH, LOGIN_PATH, SIGNUP_PATH } from '../lib/paths';
import { useHideOnScroll } from '../lib/useHideOnScroll';
import { BrandMark } from './Brand';
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
        <nav className="header__nav" aria-label="Account">
          {isLoading ? null : me ? (
            <UserMenu me={me} />
          ) : (
            <>
              <Link to={LOGIN_PATH} className="button button--ghost">
                Login
              </Link>
              <Link to={SIGNUP_PATH} className="button button--primary">
                Sign up
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
