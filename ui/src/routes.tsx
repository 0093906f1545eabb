// The route table (spec, section 2). A data router, so that errorElement catches what pages throw.
// Static segments ('login', 'profile') rank above ':username', whatever the order here. Only the
// home page comes with the first script; every other page is its own chunk, loaded when opened.

import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './components/Layout';
import { ErrorPage } from './pages/ErrorPage';
import { Home } from './pages/Home';
import { NotFound } from './pages/NotFound';

/**
 * Each page's chunk, loaded when a route shows it. A new object for each route: react-router
 * clears a lazy object's fields once it has loaded them.
 */
const login = () => ({ Component: async () => (await import('./pages/Login')).Login });
const signup = () => ({ Component: async () => (await import('./pages/Signup')).Signup });
const startPasswordReset = () => ({ Component: async () => (await import('./pages/StartPasswordReset')).StartPasswordReset });
const passwordReset = () => ({ Component: async () => (await import('./pages/PasswordReset')).PasswordReset });
const verifyEmail = () => ({ Component: async () => (await import('./pages/VerifyEmail')).VerifyEmail });
const profile = () => ({ Component: async () => (await import('./pages/Profile')).Profile });
const adminPage = () => ({ Component: async () => (await import('./pages/admin/AdminPage')).AdminPage });
const scanPage = () => ({ Component: async () => (await import('./pages/pins/ScanPage')).ScanPage });
const pinItPage = () => ({ Component: async () => (await import('./pages/pins/PinItPage')).PinItPage });
const browserButton = () => ({ Component: async () => (await import('./pages/BrowserButton')).BrowserButton });
const pinPage = () => ({ Component: async () => (await import('./pages/pins/PinPage')).PinPage });
const lightboxPage = () => ({ Component: async () => (await import('./pages/pins/LightboxPage')).LightboxPage });
const searchPage = () => ({ Component: async () => (await import('./pages/pins/SearchPage')).SearchPage });
const userPage = () => ({ Component: async () => (await import('./pages/UserPage')).UserPage });
const userBoards = () => ({ Component: async () => (await import('./pages/boards/UserBoards')).UserBoards });
const boardPage = () => ({ Component: async () => (await import('./pages/boards/BoardPage')).BoardPage });
const userFolders = () => ({ Component: async () => (await import('./pages/boards/UserFolders')).UserFolders });
const folderPage = () => ({ Component: async () => (await import('./pages/boards/FolderPage')).FolderPage });

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    // Only when the layout itself fails; page errors are caught below, under the header.
    errorElement: <ErrorPage />,
    // While the first page's chunk loads (a few milliseconds): nothing yet.
    hydrateFallbackElement: null,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <Home /> },
          { path: 'login', lazy: login() },
          { path: 'signup', lazy: signup() },
          { path: 'start_password_reset', lazy: startPasswordReset() },
          { path: 'password_reset', lazy: passwordReset() },
          { path: 'verifie_email', lazy: verifyEmail() },
          { path: 'profile', lazy: profile() },
          { path: 'admin', lazy: adminPage() },
          { path: 'scan', lazy: scanPage() },
          { path: 'pin-it', lazy: pinItPage() },
          { path: 'browser-button', lazy: browserButton() },
          { path: 'pins/:pinID', lazy: pinPage() },
          { path: 'pins/:pinID/lightbox', lazy: lightboxPage() },
          { path: 'search', lazy: searchPage() },
          { path: 'search/pins/:pinID', lazy: pinPage() },
          { path: 'search/pins/:pinID/lightbox', lazy: lightboxPage() },
          { path: ':username', lazy: userPage() },
          { path: ':username/pins', lazy: userPage() },
          { path: ':username/pins/:pinID', lazy: pinPage() },
          { path: ':username/pins/:pinID/lightbox', lazy: lightboxPage() },
          { path: ':username/boards', lazy: userBoards() },
          { path: ':username/boards/:boardSlug', lazy: boardPage() },
          { path: ':username/boards/:boardSlug/pins/:pinID', lazy: pinPage() },
          { path: ':username/boards/:boardSlug/pins/:pinID/lightbox', lazy: lightboxPage() },
          { path: ':username/folders', lazy: userFolders() },
          { path: ':username/folders/:folderSlug', lazy: folderPage() },
          { path: ':username/folders/:folderSlug/boards/:boardSlug', lazy: boardPage() },
          { path: ':username/folders/:folderSlug/boards/:boardSlug/pins/:pinID', lazy: pinPage() },
          { path: ':username/folders/:folderSlug/boards/:boardSlug/pins/:pinID/lightbox', lazy: lightboxPage() },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
