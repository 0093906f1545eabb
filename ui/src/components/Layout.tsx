// The root layout: the header above whatever page the route renders.

import { Outlet } from 'react-router';
import { Header } from './Header';

export function Layout() {
  return (
    <>
      <Header />
      <main className="page">
        <Outlet />
      </main>
    </>
  );
}
