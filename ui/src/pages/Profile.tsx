// '/profile/': the signed-in user edits their names and links, opens the avatar and email
// dialogs (and, for an account made through an identity provider, the one-time username change),
// then reads what changed, manages their sign-in methods and passkeys, and exports or imports
// their pins. Visitors are sent to log in and come back here.

import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useRevalidateAll } from '../api/cache';
import { useMutation } from '../api/mutation';
import {
  PROFILE_FIELDS,
  SOCIAL_LINKS,
  displayName,
  updateUser,
  useMyProfile,
  type ProfileField,
} from '../api/users';
import type { ChangedEmail, OwnProfile, ProfileFields } from '../api/generated/graphql';
import { AvatarModal, EmailModal, UsernameModal } from '../components/AccountModals';
import { Avatar } from '../components/Avatar';
import { Imports } from '../components/Imports';
import { LanguageChoice } from '../components/LanguageChoice';
import { Passkeys } from '../components/Passkeys';
import { ErrorList, Field, FormActions, StatusMessage } from '../components/Form';
import { SignInMethods } from '../components/SignInMethods';
import { t } from '../i18n';
import { PROFILE_PATH, VERIFY_EMAIL_PATH, loginPath, userPath } from '../lib/paths';
import { QueryError } from './QueryError';
import './Profile.css';

type Dialog = 'avatar' | 'email' | 'username' | null;

export function Profile() {
  const { profile, error, isLoading, mutate } = useMyProfile();
  const [dialog, setDialog] = useState<Dialog>(null);
  /** What the last account dialog changed. */
  const [notice, setNotice] = useState<string | null>(null);

  if (isLoading) {
    return (
      <p className="profile__loading" aria-busy="true">
        {t('profile.loading', 'Loading...')}
      </p>
    );
  }
  if (error) return <QueryError error={error} />;
  if (!profile) return <Navigate to={loginPath(PROFILE_PATH)} replace />;

  const close = () => setDialog(null);
  const open = (which: Dialog) => {
    setNotice(null);
    setDialog(which);
  };
  const emailChanged = (changed: ChangedEmail) => {
    // The new address shows at once; the server's answer follows.
    void mutate((data) => (data?.me ? { ...data, me: { ...data.me, ...changed } } : data), { revalidate: true });
    setNotice(t('profile.emailChanged', 'Your email is now {email}. We sent you a link to verify it.', { email: changed.email ?? '' }));
  };

  return (
    <section className="profile" aria-labelledby="profile-title">
      <div className="page-heading">
        <h1 id="profile-title">{t('profile.title', 'Profile')}</h1>
        <Link to={userPath(profile.username)}>{t('profile.myPage', 'See my page')}</Link>
      </div>

      <div className="profile__grid">
        <div className="profile__card profile__account">
          <Avatar
            username={profile.username}
            firstName={profile.firstName}
            lastName={profile.lastName}
            src1x={profile.avatar1x}
            src2x={profile.avatar2x}
            size={80}
            alt={t('profile.avatarAlt', 'Avatar of {username}', { username: profile.username })}
          />
          <p className="profile__name">{displayName(profile)}</p>
          <p className="profile__username">@{profile.username}</p>
          {profile.usernameEditable ? (
            <button type="button" className="button button--ghost" onClick={() => open('username')}>
              {t('profile.changeUsername', 'Change username')}
            </button>
          ) : null}
          <button type="button" className="button button--ghost" onClick={() => open('avatar')}>
            {t('profile.changeAvatar', 'Change my avatar')}
          </button>

          <dl className="profile__email">
            <dt>{t('profile.email', 'Email')}</dt>
            <dd>
              {profile.email}
              {profile.emailVerified === false ? (
                <>
                  {' '}
                  <span className="profile__badge">{t('profile.notVerified', 'not verified')}</span>{' '}
                  <Link to={VERIFY_EMAIL_PATH}>{t('profile.verifyEmail', 'Verify my email')}</Link>
                </>
              ) : null}
            </dd>
          </dl>
          <div className="profile__account-actions">
            <button type="button" className="button button--ghost" onClick={() => open('email')}>
              {t('profile.changeEmail', 'Change my email')}
            </button>
            {/* A plain link: the browser streams the archive to disk as it comes. */}
            <a className="button button--ghost" href="/api/export" download>
              {t('profile.export', 'Export my pins')}
            </a>
          </div>
          {notice ? <StatusMessage>{notice}</StatusMessage> : null}
          <LanguageChoice />
        </div>

        <ProfileForm key={profile.id} profile={profile} />
      </div>
      <SignInMethods />
      <Passkeys />
      <Imports />

      {dialog === 'avatar' ? <AvatarModal onClose={close} /> : null}
      {dialog === 'email' ? <EmailModal onClose={close} onChanged={emailChanged} /> : null}
      {dialog === 'username' ? (
        <UsernameModal onClose={close} onChanged={(username) => setNotice(t('profile.usernameChanged', 'Your username is now {username}.', { username }))} />
      ) : null}
    </section>
  );
}

/** A field's label: the names and website in words, each social link by its site's name. */
function fieldLabel(name: ProfileField): string {
  if (name === 'firstName') return t('profile.firstName', 'First name');
  if (name === 'lastName') return t('profile.lastName', 'Last name');
  if (name === 'websiteLink') return t('profile.website', 'Website');
  return SOCIAL_LINKS.find((link) => link.field === name)?.label ?? name;
}

function ProfileForm({ profile }: { profile: OwnProfile }) {
  const [values, setValues] = useState<Record<ProfileField, string>>(
    () => Object.fromEntries(PROFILE_FIELDS.map((field) => [field, profile[field] ?? ''])) as Record<ProfileField, string>,
  );
  const [saved, setSaved] = useState(false);
  const revalidateAll = useRevalidateAll();
  const save = useMutation(updateUser);

  const submit = async () => {
    setSaved(false);
    // Every field is sent; an emptied one as '' (the server clears it; null would leave it).
    const fields = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, values[field].trim()])) as ProfileFields;
    if ((await save.run(fields)) === undefined) return;
    setSaved(true);
    await revalidateAll();
  };

  const field = (name: ProfileField, extra: { inputMode?: 'url'; autoComplete?: string; placeholder?: string } = {}) => (
    <Field
      key={name}
      label={fieldLabel(name)}
      value={values[name]}
      onValue={(value) => {
        setSaved(false);
        setValues((was) => ({ ...was, [name]: value }));
      }}
      maxLength={255}
      spellCheck={false}
      {...extra}
    />
  );

  return (
    <form
      className="form profile__card profile__form"
      aria-labelledby="profile-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="profile-form-title" className="profile__section-title">
        {t('profile.aboutMe', 'About me')}
      </h2>
      <div className="profile__row">
        {field('firstName', { autoComplete: 'given-name' })}
        {field('lastName', { autoComplete: 'family-name' })}
      </div>
      {field('websiteLink', { inputMode: 'url', autoComplete: 'url', placeholder: 'https://' })}
      <h2 className="profile__section-title">{t('profile.socialLinks', 'Social links')}</h2>
      <div className="profile__links">{SOCIAL_LINKS.map((link) => field(link.field, { inputMode: 'url', placeholder: 'https://' }))}</div>
      <ErrorList errors={save.errors} />
      {saved ? <StatusMessage>{t('profile.saved', 'Your profile has been saved.')}</StatusMessage> : null}
      <FormActions>
        <button type="submit" className="button button--primary" disabled={save.pending}>
          {t('profile.save', 'Save')}
        </button>
      </FormActions>
    </form>
  );
}
