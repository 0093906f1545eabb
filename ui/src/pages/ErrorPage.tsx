// The router's errorElement: whatever a route threw while loading or rendering.

import { Link, Navigate, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { isGraphQLError } from '../api/client';
import { PERMISSION_DENIED_MESSAGE } from '../api/errors';
import { useMe } from '../api/me';
import { HOME_PATH, loginPath } from '../lib/paths';
import { NotFound } from './NotFound';
import './MessagePage.css';

export function ErrorPage() {
  const error = useRouteError();

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isGraphQLError(error) && error.code === 'NOT_FOUND_ERROR') return <NotFound />;
  if (isGraphQLError(error) && error.code === 'PERMISSION_DENIED_ERROR') return <PermissionDenied />;

  return (
    <section className="message-page" role="alert">
      <h1 className="message-page__title">Unexpected Application Error!</h1>
      <p className="message-page__text message-page__detail">{describe(error)}</p>
      <a href={HOME_PATH} className="button button--ghost">
        Back to the last pins
      </a>
    </section>
  );
}

/** Visitors are sent to log in and come back; signed-in users are told they have no access. */
function PermissionDenied() {
  const { me, isLoading } = useMe();
  const location = useLocation();
  if (!isLoading && !me) {
    return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  }
  return (
    <section className="message-page" role="alert">
      <p className="message-page__text">{PERMISSION_DENIED_MESSAGE}</p>
      <Link to={HOME_PATH} className="button button--ghost">
        Back to the last pins
      </Link>
    </section>
  );
}

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}
