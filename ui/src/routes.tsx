// The route table (spec, section 2). A data router, so that errorElement catches what pages throw.
// Static segments ('login', 'profile') rank above ':username', whatever the order here.

import { createBrowserRouter, type RouteObject } from 'react-router';
import { Layout } from './components/Layout';
import { AdminPage } from './pages/admin/AdminPage';
import { BrowserButton } from './pages/BrowserButton';
import { ErrorPage } from './pages/ErrorPage';
import { Home } from './pages/Home';
import { Login } from './pages/Login';
import { NotFound } from './pages/NotFound';
import { PasswordReset } from './pages/PasswordReset';
import { Profile } from './pages/Profile';
import { Signup } from './pages/Signup';
import { StartPasswordReset } from './pages/StartPasswordReset';
import { UserPage } from './pages/UserPage';
import { BoardPage } from './pages/boards/BoardPage';
import { FolderPage } from './pages/boards/FolderPage';
import { UserBoards } from './pages/boards/UserBoards';
import { UserFolders } from './pages/boards/UserFolders';
import { LightboxPage } from './pages/pins/LightboxPage';
import { PinItPage } from './pages/pins/PinItPage';
import { PinPage } from './pages/pins/PinPage';
import { ScanPage } from './pages/pins/ScanPage';
import { SearchPage } from './pages/pins/SearchPage';
import { VerifyEmail } from './pages/VerifyEmail';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    // Only when the layout itself fails; page errors are caught below, under the header.
    errorElement: <ErrorPage />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <Home /> },
          { path: 'login', element: <Login /> },
          { path: 'signup', element: <Signup /> },
          { path: 'start_password_reset', element: <StartPasswordReset /> },
          { path: 'password_reset', element: <PasswordReset /> },
          { path: 'verifie_email', element: <VerifyEmail /> },
          { path: 'profile', element: <Profile /> },
          { path: 'admin', element: <AdminPage /> },
          { path: 'scan', element: <ScanPage /> },
          { path: 'pin-it', element: <PinItPage /> },
          { path: 'browser-button', element: <BrowserButton /> },
          { path: 'pins/:pinID', element: <PinPage /> },
          { path: 'pins/:pinID/lightbox', element: <LightboxPage /> },
          { path: 'search', element: <SearchPage /> },
          { path: 'search/pins/:pinID', element: <PinPage /> },
          { path: 'search/pins/:pinID/lightbox', element: <LightboxPage /> },
          { path: ':username', element: <UserPage /> },
          { path: ':username/pins', element: <UserPage /> },
          { path: ':username/pins/:pinID', element: <PinPage /> },
          { path: ':username/pins/:pinID/lightbox', element: <LightboxPage /> },
          { path: ':username/boards', element: <UserBoards /> },
          { path: ':username/boards/:boardSlug', element: <BoardPage /> },
          { path: ':username/boards/:boardSlug/pins/:pinID', element: <PinPage /> },
          { path: ':username/boards/:boardSlug/pins/:pinID/lightbox', element: <LightboxPage /> },
          { path: ':username/folders', element: <UserFolders /> },
          { path: ':username/folders/:folderSlug', element: <FolderPage /> },
          { path: ':username/folders/:folderSlug/boards/:boardSlug', element: <BoardPage /> },
          { path: ':username/folders/:folderSlug/boards/:boardSlug/pins/:pinID', element: <PinPage /> },
          { path: ':username/folders/:folderSlug/boards/:boardSlug/pins/:pinID/lightbox', element: <LightboxPage /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
