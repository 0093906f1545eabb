// The route table (spec, section 2). A data router, so that errorElement catches what pages throw.
// Static segments ('login', 'profile') rank above ':username', whatever the order here. Only the
// home page comes with the first script; the other pages come in two chunks, loaded when one of
// their pages opens: pages/browsing.ts and pages/accountAndTools.ts. A route known by its address
// alone names its page's document title (lib/pageTitle.ts); the others' pages do, from their data.

import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './components/Layout';
import { t } from './i18n';
import { ErrorPage } from './pages/ErrorPage';
import { Home } from './pages/Home';
import { NotFound } from './pages/NotFound';
import { searchTitle, type RouteTitle } from './lib/pageTitle';

/**
 * A page of one of the two chunks, loaded when a route shows it. A new object for each route:
 * react-router clears a lazy object's fields once it has loaded them.
 */
const browsing = (page: keyof typeof import('./pages/browsing')) => ({
  Component: async () => (await import('./pages/browsing'))[page],
});
const accountAndTools = (page: keyof typeof import('./pages/accountAndTools')) => ({
  Component: async () => (await import('./pages/accountAndTools'))[page],
});

/** A route's `handle`: the page's name in its document title, known from the address alone. */
const titled = (title: RouteTitle) => ({ title });

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    // Only when the layout itself fails; page errors are caught below, under the header.
    errorElement: <ErrorPage />,
    // While the first page's chunk loads (a few milliseconds): nothing yet. A component, not a
    // null element: react-router takes a null element for none and warns on every load.
    HydrateFallback: NothingYet,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <Home />, handle: titled('') },
          { path: 'login', lazy: accountAndTools('Login'), handle: titled(t('routes.login', 'Login')) },
          { path: 'signup', lazy: accountAndTools('Signup'), handle: titled(t('routes.signUp', 'Sign up')) },
          { path: 'start_password_reset', lazy: accountAndTools('StartPasswordReset'), handle: titled(t('routes.startPasswordReset', 'Forgot your password?')) },
          { path: 'password_reset', lazy: accountAndTools('PasswordReset'), handle: titled(t('routes.passwordReset', 'Reset your password')) },
          { path: 'verifie_email', lazy: accountAndTools('VerifyEmail'), handle: titled(t('routes.verifyEmail', 'Verify your email')) },
          { path: 'profile', lazy: accountAndTools('Profile'), handle: titled(t('routes.profile', 'Profile')) },
          { path: 'admin', lazy: accountAndTools('AdminPage'), handle: titled(t('routes.admin', 'Admin')) },
          { path: 'scan', lazy: accountAndTools('ScanPage'), handle: titled(t('routes.scan', 'Pick an image')) },
          { path: 'pin-it', lazy: accountAndTools('PinItPage'), handle: titled(t('routes.pinIt', 'Pin it from the web')) },
          { path: 'browser-button', lazy: accountAndTools('BrowserButton'), handle: titled(t('routes.browserButton', 'Browser button')) },
          { path: 'pins/:pinID', lazy: browsing('PinPage') },
          { path: 'pins/:pinID/lightbox', lazy: browsing('LightboxPage') },
          { path: 'search', lazy: browsing('SearchPage'), handle: titled(searchTitle) },
          { path: 'search/pins/:pinID', lazy: browsing('PinPage') },
          { path: 'search/pins/:pinID/lightbox', lazy: browsing('LightboxPage') },
          { path: 'shared/:token', lazy: browsing('SharedBoardPage') },
          { path: 'shared/:token/pins/:pinID', lazy: browsing('SharedPinPage') },
          { path: 'shared/:token/pins/:pinID/lightbox', lazy: browsing('SharedLightboxPage') },
          { path: ':username', lazy: browsing('UserPage') },
          { path: ':username/pins', lazy: browsing('UserPage') },
          { path: ':username/pins/:pinID', lazy: browsing('PinPage') },
          { path: ':username/pins/:pinID/lightbox', lazy: browsing('LightboxPage') },
          { path: ':username/boards', lazy: browsing('UserBoards') },
          { path: ':username/boards/:boardSlug', lazy: browsing('BoardPage') },
          { path: ':username/boards/:boardSlug/pins/:pinID', lazy: browsing('PinPage') },
          { path: ':username/boards/:boardSlug/pins/:pinID/lightbox', lazy: browsing('LightboxPage') },
          { path: ':username/folders', lazy: browsing('UserFolders') },
          { path: ':username/folders/:folderSlug', lazy: browsing('FolderPage') },
          { path: ':username/folders/:folderSlug/boards/:boardSlug', lazy: browsing('BoardPage') },
          { path: ':username/folders/:folderSlug/boards/:boardSlug/pins/:pinID', lazy: browsing('PinPage') },
          { path: ':username/folders/:folderSlug/boards/:boardSlug/pins/:pinID/lightbox', lazy: browsing('LightboxPage') },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

/** What shows under the header before the first page's chunk has loaded. */
function NothingYet() {
  return null;
}

export function createRouter() {
  return createBrowserRouter(routes);
}
