// Users: the profile queries and the account mutations (spec, section 7), plus the avatar upload.

import { gql } from './client';
import {
  AddUserDocument,
  LoginDocument,
  LogoutDocument,
  MyProfileDocument,
  ResetUserPasswordDocument,
  StartUserPasswordResetDocument,
  UpdateUserDocument,
  UpdateUserEmailDocument,
  UpdateUserPasswordDocument,
  UserProfileDocument,
  VerifieUserEmailDocument,
  type ChangedEmail,
  type ProfileFields,
  type SignedInUser,
} from './generated/graphql';
import { useQuery } from './query';
import { uploadFile } from './upload';

export type ProfileField = keyof ProfileFields;

/** The link fields of a user, in the order the profile form shows them. */
export const SOCIAL_LINKS = [
  { field: 'facebookLink', label: 'Facebook' },
  { field: 'flickrLink', label: 'Flickr' },
  { field: 'twitterLink', label: 'Twitter' },
  { field: 'px500Link', label: '500px' },
  { field: 'googleplusLink', label: 'Google+' },
  { field: 'pinterestLink', label: 'Pinterest' },
  { field: 'vkontakteLink', label: 'VKontakte' },
  { field: 'instagramLink', label: 'Instagram' },
] as const satisfies readonly { field: ProfileField; label: string }[];

export const PROFILE_FIELDS: readonly ProfileField[] = [
  'firstName',
  'lastName',
  'websiteLink',
  ...SOCIAL_LINKS.map((link) => link.field),
];

/** The user page's header. */
export function useUser(username: string) {
  const { data, ...state } = useQuery(UserProfileDocument, { username });
  return { user: data?.user ?? null, ...state };
}

/** The profile page's user: the signed-in one, or null for a visitor. */
export function useMyProfile() {
  const { data, ...state } = useQuery(MyProfileDocument, {});
  return { profile: data?.me ?? null, ...state };
}

export async function login(email: string, password: string): Promise<SignedInUser> {
  return (await gql(LoginDocument, { email, password })).login;
}

export async function addUser(
  email: string,
  username: string,
  password: string,
  invite: string | null,
  setupCode: string | null,
): Promise<SignedInUser> {
  return (await gql(AddUserDocument, { email, password, username, invite, setupCode })).addUser;
}

/** Signs out; `providerLogoutUrl` is where the browser goes to end the identity provider's
 * session too, when the session was signed in through it. */
export async function logout(): Promise<{ message: string; providerLogoutUrl?: string | null }> {
  return (await gql(LogoutDocument, {})).logout;
}

export async function updateUser(fields: ProfileFields): Promise<SignedInUser> {
  return (await gql(UpdateUserDocument, fields)).updateUser;
}

export async function startUserPasswordReset(email: string): Promise<string> {
  return (await gql(StartUserPasswordResetDocument, { email })).startUserPasswordReset.message;
}

export async function resetUserPassword(token: string, newPassword: string): Promise<SignedInUser> {
  return (await gql(ResetUserPasswordDocument, { token, newPassword })).resetUserPassword;
}

export async function verifieUserEmail(token: string) {
  return (await gql(VerifieUserEmailDocument, { token })).verifieUserEmail;
}

/** Resolves to the user's id (never undefined: useMutation reads undefined as a failure). */
export async function updateUserPassword(currentPassword: string, newPassword: string): Promise<string> {
  return (await gql(UpdateUserPasswordDocument, { currentPassword, newPassword })).updateUserPassword.id;
}

/** Resolves to the new address and whether it is verified (it is not, until the mailed link). */
export async function updateUserEmail(newEmail: string, password: string): Promise<ChangedEmail> {
  return (await gql(UpdateUserEmailDocument, { newEmail, password })).updateUserEmail;
}

export const AVATAR_UPLOAD_ENDPOINT = '/api/upload/avatar';

/**
 * Upload the file as the multipart field `avatar`. Resolves to the new avatar's URL; a failure
 * throws a GraphQLError carrying the server's message (or 'A network error occured').
 */
export async function uploadAvatar(file: File): Promise<string | null> {
  const { avatar } = await uploadFile<{ avatar?: unknown }>(AVATAR_UPLOAD_ENDPOINT, 'avatar', file);
  return typeof avatar === 'string' ? avatar : null;
}

/** The name a person reads: 'firstName lastName', else the username. */
export function displayName(user: { username: string; firstName?: string | null; lastName?: string | null }): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || user.username;
}
