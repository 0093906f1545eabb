// The root layout: the header above whatever page the route renders, and above it the word
// that an admin disabled the account this browser was signed in to; a visitor's footer with the
// language switch; the document title the route names, the keyboard help ('?') and the 'Saved to {board}'
// toast. A new page starts at the top; going back returns to where the previous one was scrolled
// (a pin list, above all). A signed-in user's chosen language becomes this browser's.

import { Outlet, ScrollRestoration } from 'react-router';
import { useMe } from '../api/me';
import { t } from '../i18n';
import { useStoredLocale } from '../i18n/useStoredLocale';
import { useRouteTitle } from '../lib/pageTitle';
import { Footer } from './Footer';
import { Header } from './Header';
import { KeyboardHelp } from './KeyboardHelp';
import { SavedToast } from './SavedToast';

export function Layout() {
  useRouteTitle();
  const { me, accountDisabled } = useMe();
  useStoredLocale(me?.locale);
  return (
    <>
      <Header />
      <main className="page">
        {accountDisabled ? (
          <p className="account-disabled" role="alert">
            {t('layout.accountDisabled', 'Your account was disabled by an admin.')}
          </p>
        ) : null}
        <Outlet />
      </main>
      <Footer />
      <KeyboardHelp />
      <SavedToast />
      <ScrollRestoration />
    </>
  );
}
