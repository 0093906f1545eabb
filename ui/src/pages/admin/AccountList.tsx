// The admin page's accounts: a search box, a table of one page of 20 at a time, and each
// account's actions (disabling and deleting once confirmed), with its use beside its quotas.
// Every change goes to the server, which checks it, then the page reloads.

import { useState, type ReactNode } from 'react';
import { setAccountAdmin, setAccountDisabled, useAccounts } from '../../api/admin';
import type { AdminAccount } from '../../api/generated/graphql';
import { useMutation } from '../../api/mutation';
import { ErrorList, Field } from '../../components/Form';
import { formatNumber, t } from '../../i18n';
import { formatBytes, formatDateTime, timeAgo } from '../../lib/format';
import { useDebounced } from '../../lib/useDebounced';
import { DeleteAccountModal } from './DeleteAccountModal';
import { DisableAccountModal } from './DisableAccountModal';

export function AccountList({ myId }: { myId: string }) {
  const [typed, setTyped] = useState('');
  const query = useDebounced(typed.trim(), 250);
  // The cursors of the pages before this one, to go back.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors[cursors.length - 1] ?? null;
  const { accounts, mutate } = useAccounts(query, after);
  const [deleting, setDeleting] = useState<AdminAccount | null>(null);
  const [disabling, setDisabling] = useState<AdminAccount | null>(null);
  const change = useMutation(async (action: () => Promise<unknown>) => {
    await action();
    await mutate();
  });

  const pageNumber = cursors.length;
  return (
    <section className="admin__section" aria-labelledby="accounts-title">
      <h2 id="accounts-title">{t('accountList.title', 'Accounts')}</h2>
      <Field
        label={t('accountList.search', 'Search accounts')}
        type="search"
        value={typed}
        onValue={(value) => {
          setTyped(value);
          setCursors([null]);
        }}
        hint={t('accountList.searchHint', 'By username or email.')}
      />
      <ErrorList errors={change.errors} />
      {accounts === null ? (
        <p aria-busy="true">{t('accountList.loading', 'Loading...')}</p>
      ) : (
        <>
          <p className="admin__count">
            {t('accountList.count', '{count, plural, one {# account} other {# accounts}}', { count: accounts.totalCount })}
          </p>
          <div className="admin__table-wrap">
            <table className="admin__table">
              <thead>
                <tr>
                  <th scope="col">{t('accountList.username', 'Username')}</th>
                  <th scope="col">{t('accountList.email', 'Email')}</th>
                  <th scope="col">{t('accountList.verified', 'Verified')}</th>
                  <th scope="col">{t('accountList.pins', 'Pins')}</th>
                  <th scope="col">{t('accountList.boards', 'Boards')}</th>
                  <th scope="col">{t('accountList.storage', 'Storage')}</th>
                  <th scope="col">{t('accountList.waiting', 'Uploads waiting')}</th>
                  <th scope="col">{t('accountList.created', 'Created')}</th>
                  <th scope="col">{t('accountList.lastSeen', 'Last seen')}</th>
                  <th scope="col">{t('accountList.actions', 'Actions')}</th>
                </tr>
              </thead>
              <tbody>
                {accounts.edges.map(({ node }) => (
                  <tr key={node.id} aria-label={node.username}>
                    <th scope="row">
                      {node.username}
                      {node.isAdmin ? <span className="admin__badge">{t('accountList.adminBadge', 'admin')}</span> : null}
                      {node.disabled ? (
                        <span className="admin__badge admin__badge--off">{t('accountList.disabledBadge', 'disabled')}</span>
                      ) : null}
                    </th>
                    <td className="admin__email">{breakableEmail(node.email)}</td>
                    <td>{node.emailVerified ? t('accountList.yes', 'Yes') : t('accountList.no', 'No')}</td>
                    <td>{withLimit(node.holdings.pins, node.holdings.maxPins, formatCount)}</td>
                    <td>{formatNumber(node.holdings.boards)}</td>
                    <td>{withLimit(node.holdings.storageBytes, node.holdings.maxStorageBytes, formatBytes)}</td>
                    <td>{withLimit(node.holdings.waitingBytes, node.holdings.maxWaitingBytes, formatBytes)}</td>
                    <td>{formatDateTime(node.createdAt)}</td>
                    <td>{node.lastSeenAt ? timeAgo(node.lastSeenAt) : t('accountList.never', 'Never')}</td>
                    <td>
                      {node.id === myId ? (
                        <span className="admin__yourself">{t('accountList.yourself', 'Your own account')}</span>
                      ) : (
                        <div className="admin__actions">
                          <button
                            type="button"
                            className="button button--small"
                            disabled={change.pending}
                            aria-label={
                              node.disabled
                                ? t('accountList.enableLabel', 'Enable {username}', { username: node.username })
                                : t('accountList.disableLabel', 'Disable {username}', { username: node.username })
                            }
                            onClick={() =>
                              node.disabled ? void change.run(() => setAccountDisabled(node.id, false)) : setDisabling(node)
                            }
                          >
                            {node.disabled ? t('accountList.enable', 'Enable') : t('accountList.disable', 'Disable')}
                          </button>
                          <button
                            type="button"
                            className="button button--small"
                            disabled={change.pending}
                            aria-label={
                              node.isAdmin
                                ? t('accountList.removeAdminLabel', 'Remove admin rights of {username}', { username: node.username })
                                : t('accountList.makeAdminLabel', 'Make admin {username}', { username: node.username })
                            }
                            onClick={() => void change.run(() => setAccountAdmin(node.id, !node.isAdmin))}
                          >
                            {node.isAdmin ? t('accountList.removeAdmin', 'Remove admin') : t('accountList.makeAdmin', 'Make admin')}
                          </button>
                          <button
                            type="button"
                            className="button button--small button--danger"
                            aria-label={t('accountList.deleteLabel', 'Delete {username}', { username: node.username })}
                            onClick={() => setDeleting(node)}
                          >
                            {t('accountList.delete', 'Delete')}
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="admin__paging" aria-label={t('accountList.pages', 'Account pages')}>
            <button
              type="button"
              className="button"
              disabled={pageNumber === 1}
              onClick={() => setCursors(cursors.slice(0, -1))}
            >
              {t('accountList.previousPage', 'Previous page')}
            </button>
            <span className="admin__page-number">{t('accountList.pageNumber', 'Page {page}', { page: pageNumber })}</span>
            <button
              type="button"
              className="button"
              disabled={!accounts.pageInfo.hasNextPage}
              onClick={() => setCursors([...cursors, accounts.pageInfo.endCursor])}
            >
              {t('accountList.nextPage', 'Next page')}
            </button>
          </nav>
        </>
      )}
      {deleting ? (
        <DeleteAccountModal
          account={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            void mutate();
          }}
        />
      ) : null}
      {disabling ? (
        <DisableAccountModal
          account={disabling}
          onClose={() => setDisabling(null)}
          onDisabled={() => {
            setDisabling(null);
            void mutate();
          }}
        />
      ) : null}
    </section>
  );
}

/** An address that may wrap after its '@' (and, when a part is still too long, anywhere). */
function breakableEmail(email: string): ReactNode {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** `12 of 50,000`: an account's use beside its quota (none: no limit). */
function withLimit(used: number, limit: number | null | undefined, format: (value: number) => string): string {
  return limit == null ? format(used) : t('accountList.withLimit', '{used} of {limit}', { used: format(used), limit: format(limit) });
}

function formatCount(count: number): string {
  return formatNumber(count);
}
