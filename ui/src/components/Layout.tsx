// The root layout: the header above whatever page the route renders, the document title the
// route names, and the keyboard help ('?'). A new page starts at the top; going back returns to
// where the previous one was scrolled (a pin list, above all).

import { Outlet, ScrollRestoration } from 'react-router';
import { useRouteTitle } from '../lib/pageTitle';
import { Header } from './Header';
import { KeyboardHelp } from './KeyboardHelp';

export function Layout() {
  useRouteTitle();
  return (
    <>
      <Header />
      <main className="page">
        <Outlet />
      </main>
      <KeyboardHelp />
      <ScrollRestoration />
    </>
  );
}
