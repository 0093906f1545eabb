// '/admin/': for admins, the instance's accounts (search, paging, enable and disable, admin
// rights, delete after typing the username) and its invite links. Others see the server's
// refusal; visitors are sent to log in.

import { Navigate } from 'react-router';
import { useMe } from '../../api/me';
import { t } from '../../i18n';
import { ADMIN_PATH, loginPath } from '../../lib/paths';
import { AccountList } from './AccountList';
import { InviteLinks } from './InviteLinks';
import './AdminPage.css';

export function AdminPage() {
  const { me, isLoading } = useMe();
  if (isLoading) return <p aria-busy="true">{t('adminPage.loading', 'Loading...')}</p>;
  if (!me) return <Navigate to={loginPath(ADMIN_PATH)} replace />;
  if (!me.isAdmin) return <p role="alert">{t('adminPage.adminsOnly', 'Only an admin of this instance may do this.')}</p>;
  return (
    <section className="admin" aria-labelledby="admin-title">
      <div className="page-heading">
        <h1 id="admin-title">{t('adminPage.title', 'Admin')}</h1>
      </div>
      <AccountList myId={me.id} />
      <InviteLinks />
    </section>
  );
}
