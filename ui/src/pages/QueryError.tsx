// What a page shows when its query fails: the expected answers (not found, no access) are
// rendered as such, without throwing, so that nothing logs them as a crash; anything else goes
// up to the router's error page (spec, section 8).

import { Link, Navigate, useLocation } from 'react-router';
import { isGraphQLError } from '../api/client';
import { PERMISSION_DENIED_MESSAGE } from '../api/errors';
import { useMe } from '../api/me';
import { t } from '../i18n';
import { HOME_PATH, loginPath } from '../lib/paths';
import { NotFound } from './NotFound';
import './MessagePage.css';

/** Render it in place of the page: `if (error) return <QueryError error={error} />`. */
export function QueryError({ error }: { error: Error }) {
  if (isGraphQLError(error) && error.code === 'NOT_FOUND_ERROR') return <NotFound />;
  if (isGraphQLError(error) && error.code === 'PERMISSION_DENIED_ERROR') return <PermissionDenied />;
  throw error;
}

/** Visitors are sent to log in and come back; signed-in users are told they have no access. */
export function PermissionDenied() {
  const { me, isLoading } = useMe();
  const location = useLocation();
  if (!isLoading && !me) {
    return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  }
  return (
    <section className="message-page" role="alert">
      <p className="message-page__text">{PERMISSION_DENIED_MESSAGE}</p>
      <Link to={HOME_PATH} className="button button--ghost">
        {t('queryError.back', 'Back to the last pins')}
      </Link>
    </section>
  );
}
