// The router's errorElement: whatever a route threw while loading or rendering. Pages render
// their expected failures themselves (QueryError); these stay for anything else.

import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isGraphQLError, isNetworkError } from '../api/client';
import { t } from '../i18n';
import { HOME_PATH } from '../lib/paths';
import { NotFound } from './NotFound';
import { Offline } from './Offline';
import { PermissionDenied } from './QueryError';
import './MessagePage.css';

export function ErrorPage() {
  const error = useRouteError();

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isGraphQLError(error) && error.code === 'NOT_FOUND_ERROR') return <NotFound />;
  if (isGraphQLError(error) && error.code === 'PERMISSION_DENIED_ERROR') return <PermissionDenied />;
  if (isNetworkError(error) || !navigator.onLine) return <Offline />;

  return (
    <section className="message-page" role="alert">
      <h1 className="message-page__title">{t('errorPage.title', 'Unexpected Application Error!')}</h1>
      <p className="message-page__text message-page__detail">{describe(error)}</p>
      <a href={HOME_PATH} className="button button--ghost">
        {t('errorPage.back', 'Back to the last pins')}
      </a>
    </section>
  );
}

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return t('errorPage.unknown', 'Unknown error');
}
