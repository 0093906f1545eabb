// The edit-board form's 'Share links' section, for the board's owner: make a view-only link (with
// an optional expiry), shown once to copy, and the board's links with when they were made, last
// used and expire, each revocable. The server's refusal (no public address) is shown as it says.

import { useState } from 'react';
import { addShareLink, revokeShareLink, useShareLinks } from '../../api/shareLinks';
import { useMutation } from '../../api/mutation';
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
        Share links
      </h3>
      <p className="board-sharing__none">Whoever has a link sees this board and its pins, and nothing else.</p>
      <form
        className="board-sharing__row"
        onSubmit={(event) => {
          event.preventDefault();
          void make();
        }}
      >
        <Field
          className="board-sharing__input"
          label="Expires after (days)"
          type="number"
          min={1}
          max={365}
          value={days}
          onValue={setDays}
          hint="Empty: the link works until it is revoked."
        />
        <button type="submit" className="button button--ghost" disabled={creation.pending}>
          Make a share link
        </button>
      </form>
      <ErrorList errors={[...creation.errors, ...revocation.errors]} />
      {made ? (
        <div className="board-sharing__row">
          <Field
            className="board-sharing__input"
            label="New share link"
            readOnly
            value={made}
            onValue={() => undefined}
            onFocus={(event) => event.currentTarget.select()}
            hint="Copy it now: it is not shown again."
          />
          <button type="button" className="button button--ghost" onClick={() => void copy(made)}>
            Copy link
          </button>
          {copied ? <span role="status">Copied</span> : null}
        </div>
      ) : null}
      {links === null ? (
        <p aria-busy="true">Loading...</p>
      ) : links.length === 0 ? (
        <p className="board-sharing__none">No share links yet.</p>
      ) : (
        <ul className="board-sharing__list" aria-label="Share links">
          {links.map((link) => {
            const madeAt = formatDateTime(link.createdAt);
            return (
              <li key={link.id} className="board-sharing__user">
                <span>
                  Made {madeAt} · {link.lastUsedAt ? `Last used ${formatDateTime(link.lastUsedAt)}` : 'Never used'}
                  {link.expiresAt ? ` · Expires ${formatDateTime(link.expiresAt)}` : ''}
                </span>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Revoke link made ${madeAt}`}
                  disabled={revocation.pending}
                  onClick={() => void revocation.run(link.id).then(() => mutate())}
                >
                  Revoke
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
