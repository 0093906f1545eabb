// The root layout: the header above whatever page the route renders. A new page starts at the
// top; going back returns to where the previous one was scrolled (a pin list, above all).

import { Outlet, ScrollRestoration } from 'react-router';
import { Header } from './Header';

export function Layout() {
  return (
    <>
      <Header />
      <main className="page">
        <Outlet />
      </main>
      <ScrollRestoration />
    </>
  );
}
