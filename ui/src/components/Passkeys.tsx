// 'Passkeys' on the profile page: the account's passkeys with when each was added and last
// signed in, 'Add a passkey' (named, by default after this device's system), and each renamed or
// removed after a confirmation. Shown where this server and browser offer passkeys, or where the
// account has some.

import { useState } from 'react';
import type { PasskeyFields } from '../api/generated/graphql';
import { useMutation } from '../api/mutation';
import { addPasskey, removePasskey, renamePasskey, usePasskeysOffered } from '../api/passkeys';
import { useMySignInMethods } from '../api/signIn';
import { t } from '../i18n';
import { formatDateTime, timeAgo } from '../lib/format';
import { defaultPasskeyName } from '../lib/webauthn';
import { DialogForm } from './boards/DialogForm';
import { Field, StatusMessage } from './Form';
import './Passkeys.css';

type Dialog = { kind: 'add' } | { kind: 'rename' | 'remove'; passkey: PasskeyFields } | null;

export function Passkeys() {
  const offered = usePasskeysOffered();
  const { methods, mutate } = useMySignInMethods();
  const [dialog, setDialog] = useState<Dialog>(null);
  /** What the last dialog did. */
  const [notice, setNotice] = useState<string | null>(null);

  if (!methods || (!offered && methods.passkeys.length === 0)) return null;

  const open = (next: Dialog) => {
    setNotice(null);
    setDialog(next);
  };
  const done = async (said: string) => {
    setDialog(null);
    setNotice(said);
    await mutate();
  };

  return (
    <section className="profile__card passkeys" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className="profile__section-title">
        {t('passkeys.title', 'Passkeys')}
      </h2>
      <p className="passkeys__intro">
        {t('passkeys.intro', 'Sign in without a password: this device, a phone or a security key unlocks Corkboard with your fingerprint, face or screen lock.')}
      </p>
      {methods.passkeys.length > 0 ? (
        <ul className="passkeys__list" aria-label={t('passkeys.list', 'Your passkeys')}>
          {methods.passkeys.map((passkey) => (
            <li key={passkey.id} className="passkeys__item">
              <span className="passkeys__name">{passkey.name}</span>
              <span className="passkeys__dates">
                {t('passkeys.added', 'Added {date}', { date: formatDateTime(passkey.createdAt) })}
                {' · '}
                {passkey.lastUsedAt
                  ? t('passkeys.lastUsed', 'last used {when}', { when: timeAgo(passkey.lastUsedAt) })
                  : t('passkeys.neverUsed', 'not used yet')}
              </span>
              <span className="passkeys__actions">
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={t('passkeys.renameLabel', 'Rename {name}', { name: passkey.name })}
                  onClick={() => open({ kind: 'rename', passkey })}
                >
                  {t('passkeys.rename', 'Rename')}
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={t('passkeys.removeLabel', 'Remove {name}', { name: passkey.name })}
                  onClick={() => open({ kind: 'remove', passkey })}
                >
                  {t('passkeys.remove', 'Remove')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="passkeys__none">{t('passkeys.none', 'You have no passkey yet.')}</p>
      )}
      {offered ? (
        <button type="button" className="button button--primary" onClick={() => open({ kind: 'add' })}>
          {t('passkeys.add', 'Add a passkey')}
        </button>
      ) : null}
      {notice ? <StatusMessage>{notice}</StatusMessage> : null}

      {dialog?.kind === 'add' ? (
        <NameDialog
          title={t('passkeys.addTitle', 'Add a passkey')}
          submitLabel={t('passkeys.addSubmit', 'Add')}
          initial={defaultPasskeyName()}
          save={addPasskey}
          onClose={() => setDialog(null)}
          onSaved={(passkey) => done(t('passkeys.addedNotice', 'The passkey {name} is added.', { name: passkey.name }))}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <NameDialog
          title={t('passkeys.renameTitle', 'Rename the passkey')}
          submitLabel={t('passkeys.renameSubmit', 'Save')}
          initial={dialog.passkey.name}
          save={(name) => renamePasskey(dialog.passkey.id, name)}
          onClose={() => setDialog(null)}
          onSaved={(passkey) => done(t('passkeys.renamedNotice', 'The passkey is now called {name}.', { name: passkey.name }))}
        />
      ) : null}
      {dialog?.kind === 'remove' ? (
        <RemoveDialog
          passkey={dialog.passkey}
          onClose={() => setDialog(null)}
          onRemoved={() => done(t('passkeys.removedNotice', 'The passkey {name} is removed.', { name: dialog.passkey.name }))}
        />
      ) : null}
    </section>
  );
}

/** A passkey's name asked for, to add one or rename it. */
function NameDialog({
  title,
  submitLabel,
  initial,
  save,
  onClose,
  onSaved,
}: {
  title: string;
  submitLabel: string;
  initial: string;
  save: (name: string) => Promise<PasskeyFields>;
  onClose: () => void;
  onSaved: (passkey: PasskeyFields) => Promise<void>;
}) {
  const [name, setName] = useState(initial);
  const saving = useMutation(save);

  const submit = async () => {
    const saved = await saving.run(name.trim());
    if (saved) await onSaved(saved);
  };

  return (
    <DialogForm title={title} onClose={onClose} onSubmit={submit} errors={saving.errors} pending={saving.pending} submitLabel={submitLabel}>
      <Field label={t('passkeys.name', 'Name')} required maxLength={60} value={name} onValue={setName} autoFocus />
    </DialogForm>
  );
}

function RemoveDialog({ passkey, onClose, onRemoved }: { passkey: PasskeyFields; onClose: () => void; onRemoved: () => Promise<void> }) {
  const removal = useMutation(removePasskey);

  const submit = async () => {
    if (await removal.run(passkey.id)) await onRemoved();
  };

  return (
    <DialogForm
      title={t('passkeys.removeTitle', 'Remove the passkey')}
      onClose={onClose}
      onSubmit={submit}
      errors={removal.errors}
      pending={removal.pending}
      submitLabel={t('passkeys.removeSubmit', 'Remove')}
      danger
    >
      <p className="modal__text">
        {t('passkeys.removeQuestion', 'Remove the passkey {name}? It will no longer sign you in here.', { name: passkey.name })}
      </p>
    </DialogForm>
  );
}
