// The admin page's invite links: make one (shown once, to copy), see which were used, withdraw
// those not used yet.

import { useState } from 'react';
import { createInvite, revokeInvite, useInvites } from '../../api/admin';
import { useMutation } from '../../api/mutation';
import { ErrorList, Field, FormActions } from '../../components/Form';
import { t } from '../../i18n';
import { formatDateTime } from '../../lib/format';

export function InviteLinks() {
  const { invites, mutate } = useInvites();
  const [days, setDays] = useState('7');
  const [made, setMade] = useState<string | null>(null);
  const creation = useMutation(createInvite);
  const withdrawal = useMutation(revokeInvite);

  return (
    <section className="admin__section" aria-labelledby="invites-title">
      <h2 id="invites-title">{t('inviteLinks.title', 'Invite links')}</h2>
      <form
        className="form admin__invite-form"
        onSubmit={(event) => {
          event.preventDefault();
          void creation.run(Number(days)).then((url) => {
            if (url === undefined) return;
            setMade(url);
            void mutate();
          });
        }}
      >
        <Field label={t('inviteLinks.days', 'Days the link works')} type="number" min={1} max={90} required value={days} onValue={setDays} />
        <ErrorList errors={creation.errors} />
        <FormActions>
          <button type="submit" className="button button--primary" disabled={creation.pending}>
            {t('inviteLinks.make', 'Make an invite link')}
          </button>
        </FormActions>
      </form>
      {made ? (
        <Field
          label={t('inviteLinks.newLink', 'New invite link')}
          readOnly
          value={made}
          onValue={() => undefined}
          onFocus={(event) => event.currentTarget.select()}
          hint={t('inviteLinks.newLinkHint', 'It works once. Copy it now: it is not shown again.')}
        />
      ) : null}
      <ErrorList errors={withdrawal.errors} />
      {invites === null ? (
        <p aria-busy="true">{t('inviteLinks.loading', 'Loading...')}</p>
      ) : invites.length === 0 ? (
        <p>{t('inviteLinks.none', 'No invite links yet.')}</p>
      ) : (
        <ul className="admin__invites" aria-label={t('inviteLinks.title', 'Invite links')}>
          {invites.map((invite) => (
            <li key={invite.id}>
              <span>
                {invite.usedBy
                  ? t('inviteLinks.used', 'Made {made}, used by {username}', {
                      made: formatDateTime(invite.createdAt),
                      username: invite.usedBy.username,
                    })
                  : new Date(invite.expiresAt).getTime() < Date.now()
                    ? t('inviteLinks.expired', 'Made {made}, expired', { made: formatDateTime(invite.createdAt) })
                    : t('inviteLinks.open', 'Made {made}, works until {until}', {
                        made: formatDateTime(invite.createdAt),
                        until: formatDateTime(invite.expiresAt),
                      })}
              </span>
              {invite.usedBy ? null : (
                <button
                  type="button"
                  className="button"
                  disabled={withdrawal.pending}
                  onClick={() => void withdrawal.run(invite.id).then(() => mutate())}
                >
                  {t('inviteLinks.withdraw', 'Withdraw')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
