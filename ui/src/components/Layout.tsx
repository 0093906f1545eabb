// The root layout: the header above whatever page the route renders, and above it the word
// that an admin disabled the account this browser was signed in to. A new page starts at the
// top; going back returns to where the previous one was scrolled (a pin list, above all).

import { Outlet, ScrollRestoration } from 'react-router';
import { useMe } from '../api/me';
import { Header } from './Header';

export function Layout() {
  const { accountDisabled } = useMe();
  return (
    <>
      <Header />
      <main className="page">
        {accountDisabled ? (
          <p className="account-disabled" role="alert">
            Your account was disabled by an admin.
          </p>
        ) : null}
        <Outlet />
      </main>
      <ScrollRestoration />
    </>
  );
}
