// The profile page's dialogs (spec, section 2): 'Change my avatar', 'Change password' (or 'Set a
// password' for an account made through an identity provider), 'Change my email' and, once,
// 'Change username'. Each closes on success (spec, section 4) and tells the page what changed;
// the avatar and username ones also refresh every cached answer that shows them.

import { useState, type FormEvent, type ReactNode } from 'react';
import { useRevalidateAll } from '../api/cache';
import { useMutation } from '../api/mutation';
import { changeUsername } from '../api/signIn';
import { updateUserEmail, updateUserPassword, uploadAvatar } from '../api/users';
import type { ChangedEmail } from '../api/generated/graphql';
import { t } from '../i18n';
import { NOT_AN_IMAGE, SECRET_MAX_LENGTH, USERNAME_MAX_LENGTH, isImageFile, newPasswordErrors } from '../lib/validation';
import { ErrorList, Field, FormActions } from './Form';
import { Modal } from './Modal';

interface DialogProps {
  onClose: () => void;
}

export function AvatarModal({ onClose }: DialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const revalidateAll = useRevalidateAll();
  const upload = useMutation(uploadAvatar);

  const submit = async () => {
    if (!file) return;
    if (!isImageFile(file)) {
      upload.setErrors([NOT_AN_IMAGE]);
      return;
    }
    if ((await upload.run(file)) === undefined) return;
    await revalidateAll();
    onClose();
  };

  return (
    <DialogForm
      title={t('avatarModal.title', 'Change my avatar')}
      onClose={onClose}
      onSubmit={submit}
      errors={upload.errors}
      pending={upload.pending}
      submitLabel={t('avatarModal.upload', 'Upload')}
    >
      <Field
        label={t('avatarModal.avatar', 'Avatar')}
        type="file"
        accept="image/*"
        required
        onFiles={(files) => {
          setFile(files?.[0] ?? null);
          upload.setErrors([]);
        }}
        hint={t('avatarModal.hint', 'One image file: JPEG, PNG, WebP or GIF.')}
      />
    </DialogForm>
  );
}

/**
 * `onChanged` runs once the password is changed, after the dialog closed. Without `hasPassword`
 * the account has none yet: the dialog sets the first, without asking for a current one.
 */
export function PasswordModal({ hasPassword, onClose, onChanged }: DialogProps & { hasPassword: boolean; onChanged: () => void }) {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const change = useMutation(updateUserPassword);

  const submit = async () => {
    const local = newPasswordErrors(password, confirmation);
    if (local.length > 0) {
      change.setErrors(local);
      return;
    }
    if ((await change.run(current, password)) === undefined) return;
    onClose();
    onChanged();
  };

  return (
    <DialogForm
      title={hasPassword ? t('passwordModal.title', 'Change password') : t('passwordModal.setTitle', 'Set a password')}
      onClose={onClose}
      onSubmit={submit}
      errors={change.errors}
      pending={change.pending}
      submitLabel={t('passwordModal.save', 'Save')}
    >
      {hasPassword ? (
        <Field
          label={t('passwordModal.current', 'Current password')}
          type="password"
          autoComplete="current-password"
          required
          maxLength={SECRET_MAX_LENGTH}
          value={current}
          onValue={setCurrent}
        />
      ) : null}
      <Field
        label={t('passwordModal.new', 'New password')}
        type="password"
        autoComplete="new-password"
        required
        maxLength={SECRET_MAX_LENGTH}
        value={password}
        onValue={setPassword}
      />
      <Field
        label={t('passwordModal.confirmation', 'New password confirmation')}
        type="password"
        autoComplete="new-password"
        required
        maxLength={SECRET_MAX_LENGTH}
        value={confirmation}
        onValue={setConfirmation}
      />
    </DialogForm>
  );
}

/** `onChanged` gets the new address and its verification state, after the dialog closed. */
export function EmailModal({ onClose, onChanged }: DialogProps & { onChanged: (changed: ChangedEmail) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const change = useMutation(updateUserEmail);

  const submit = async () => {
    const changed = await change.run(email.trim(), password);
    if (changed === undefined) return;
    onClose();
    onChanged(changed);
  };

  return (
    <DialogForm
      title={t('emailModal.title', 'Change my email')}
      onClose={onClose}
      onSubmit={submit}
      errors={change.errors}
      pending={change.pending}
      submitLabel={t('emailModal.save', 'Save')}
    >
      <Field label={t('emailModal.email', 'New email')} type="email" autoComplete="email" required value={email} onValue={setEmail} />
      <Field
        label={t('emailModal.password', 'Password')}
        type="password"
        autoComplete="current-password"
        required
        maxLength={SECRET_MAX_LENGTH}
        value={password}
        onValue={setPassword}
      />
    </DialogForm>
  );
}

/** `onChanged` gets the new username, after the dialog closed; the server allows it once. */
export function UsernameModal({ onClose, onChanged }: DialogProps & { onChanged: (username: string) => void }) {
  const [username, setUsername] = useState('');
  const revalidateAll = useRevalidateAll();
  const change = useMutation(changeUsername);

  const submit = async () => {
    const changed = await change.run(username.trim());
    if (changed === undefined) return;
    await revalidateAll();
    onClose();
    onChanged(changed);
  };

  return (
    <DialogForm
      title={t('usernameModal.title', 'Change username')}
      onClose={onClose}
      onSubmit={submit}
      errors={change.errors}
      pending={change.pending}
      submitLabel={t('usernameModal.save', 'Save')}
    >
      <Field
        label={t('usernameModal.username', 'New username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={USERNAME_MAX_LENGTH}
        value={username}
        onValue={setUsername}
        hint={t('usernameModal.hint', 'You can change it once. Letters, digits and hyphens, {max} at most.', { max: USERNAME_MAX_LENGTH })}
      />
    </DialogForm>
  );
}

/** A modal holding one form: fields, the error list, Cancel and the submit button. */
function DialogForm({
  title,
  onClose,
  onSubmit,
  errors,
  pending,
  submitLabel,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => Promise<void>;
  errors: readonly string[];
  pending: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Modal title={title} onClose={onClose}>
      <form
        className="form"
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        {children}
        <ErrorList errors={errors} />
        <FormActions>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('accountModals.cancel', 'Cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={pending}>
            {submitLabel}
          </button>
        </FormActions>
      </form>
    </Modal>
  );
}
