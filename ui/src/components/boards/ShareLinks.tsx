// The edit-board form's 'Share links' section, for the board's owner: make a view-only link (with
// an optional expiry), shown once to copy, and the board's links with when they were made, last
// used and expire, each revocable. The server's refusal (no public address) is shown as it says.

import { useState } from 'react';
import { addShareLink, revokeShareLink, useShareLinks } from '../../api/shareLinks';
import { useMutation } from '../../api/mutation';
import { t } from '../../i18n';
import { formatDateTime } from '../../lib/format';
import { ErrorList, Field } from '../Form';

export function ShareLinks({ boardId }: { boardId: string }) {
  const { links, mutate } = useShareLinks(boardId);
  const [days, setDays] = useState('');
  const [made, setMade] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const creation = useMutation(addShareLink);
  const revocation = useMutation(revokeShareLink);
  const titleId = `share-links-${boardId}`;

  const make = async () => {
    const url = await creation.run(boardId, days.trim() ? Number(days) : null);
    if (url === undefined) return;
    setMade(url);
    setCopied(false);
    setDays('');
    await mutate();
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard for this page (an insecure origin, a refusal): the field stays to copy from.
      setCopied(false);
    }
  };

  return (
    <section className="board-sharing" aria-labelledby={titleId}>
      <h3 id={titleId} className="board-sharing__title">
        {t('shareLinks.title', 'Share links')}
      </h3>
      <p className="board-sharing__none">{t('shareLinks.intro', 'Whoever has a link sees this board and its pins, and nothing else.')}</p>
      <form
        className="board-sharing__row"
        onSubmit={(event) => {
          event.preventDefault();
          void make();
        }}
      >
        <Field
          className="board-sharing__input"
          label={t('shareLinks.expiresAfter', 'Expires after (days)')}
          type="number"
          min={1}
          max={365}
          value={days}
          onValue={setDays}
          hint={t('shareLinks.expiresAfterHint', 'Empty: the link works until it is revoked.')}
        />
        <button type="submit" className="button button--ghost" disabled={creation.pending}>
          {t('shareLinks.make', 'Make a share link')}
        </button>
      </form>
      <ErrorList errors={[...creation.errors, ...revocation.errors]} />
      {made ? (
        <div className="board-sharing__row">
          <Field
            className="board-sharing__input"
            label={t('shareLinks.newLink', 'New share link')}
            readOnly
            value={made}
            onValue={() => undefined}
            onFocus={(event) => event.currentTarget.select()}
            hint={t('shareLinks.newLinkHint', 'Copy it now: it is not shown again.')}
          />
          <button type="button" className="button button--ghost" onClick={() => void copy(made)}>
            {t('shareLinks.copy', 'Copy link')}
          </button>
          {copied ? <span role="status">{t('shareLinks.copied', 'Copied')}</span> : null}
        </div>
      ) : null}
      {links === null ? (
        <p aria-busy="true">{t('shareLinks.loading', 'Loading...')}</p>
      ) : links.length === 0 ? (
        <p className="board-sharing__none">{t('shareLinks.none', 'No share links yet.')}</p>
      ) : (
        <ul className="board-sharing__list" aria-label={t('shareLinks.list', 'Share links')}>
          {links.map((link) => {
            const madeAt = formatDateTime(link.createdAt);
            const facts = [
              t('shareLinks.made', 'Made {date}', { date: madeAt }),
              link.lastUsedAt
                ? t('shareLinks.lastUsed', 'Last used {date}', { date: formatDateTime(link.lastUsedAt) })
                : t('shareLinks.neverUsed', 'Never used'),
              ...(link.expiresAt ? [t('shareLinks.expires', 'Expires {date}', { date: formatDateTime(link.expiresAt) })] : []),
            ];
            return (
              <li key={link.id} className="board-sharing__user">
                <span>{facts.join(' · ')}</span>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={t('shareLinks.revokeLink', 'Revoke link made {date}', { date: madeAt })}
                  disabled={revocation.pending}
                  onClick={() => void revocation.run(link.id).then(() => mutate())}
                >
                  {t('shareLinks.revoke', 'Revoke')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
