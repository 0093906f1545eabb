// Users: the profile queries and the account mutations (spec, section 7), plus the avatar upload.

import useSWR from 'swr';
import { gql, gqlFetcher, type GqlKey } from './client';
import { isPending } from './me';
import { uploadFile } from './upload';

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
] as const;

export type SocialLinkField = (typeof SOCIAL_LINKS)[number]['field'];
export type ProfileField = 'firstName' | 'lastName' | 'websiteLink' | SocialLinkField;
export const PROFILE_FIELDS: readonly ProfileField[] = [
  'firstName',
  'lastName',
  'websiteLink',
  ...SOCIAL_LINKS.map((link) => link.field),
];

export type ProfileFields = Record<ProfileField, string | null>;

export interface PublicUser extends ProfileFields {
  id: string;
  username: string;
  avatar1x: string | null;
  avatar2x: string | null;
}

export interface MyProfile extends PublicUser {
  email: string | null;
  emailVerified: boolean | null;
}

const PROFILE_FIELDS_SELECTION = PROFILE_FIELDS.join('\n    ');

/** The user page's header: profile fields and the 60 px avatar (and its 2x). */
const USER_QUERY = `query UserProfile($username: String!) {
  user(username: $username) {
    id
    username
    ${PROFILE_FIELDS_SELECTION}
    avatar1x: avatar(minSize: 60, format: "jpeg")
    avatar2x: avatar(minSize: 120, format: "jpeg")
  }
}`;

/** The profile page: the same, the email and the 80 px avatar. */
const MY_PROFILE_QUERY = `query MyProfile {
  me {
    id
    username
    email
    emailVerified
    ${PROFILE_FIELDS_SELECTION}
    avatar1x: avatar(minSize: 80, format: "jpeg")
    avatar2x: avatar(minSize: 160, format: "jpeg")
  }
}`;

export function useUser(username: string) {
  const { data, error } = useSWR<{ user: PublicUser | null }, Error, GqlKey>([USER_QUERY, { username }], gqlFetcher);
  return { user: data?.user ?? null, error, isLoading: isPending(data, error) };
}

export function useMyProfile() {
  const { data, error, mutate } = useSWR<{ me: MyProfile | null }, Error, GqlKey>([MY_PROFILE_QUERY, {}], gqlFetcher);
  return { profile: data?.me ?? null, error, isLoading: isPending(data, error), mutate };
}

/** What the sign-in mutations answer: enough to know where to go next. */
export interface SignedInUser {
  id: string;
  username: string;
}

export async function login(email: string, password: string): Promise<SignedInUser> {
  const data = await gql<{ login: SignedInUser }>(
    `mutation Login($email: String!, $password: String!) {
      login(email: $email, password: $password) { id username }
    }`,
    { email, password },
  );
  return data.login;
}

export async function addUser(email: string, username: string, password: string): Promise<SignedInUser> {
  const data = await gql<{ addUser: SignedInUser }>(
    `mutation AddUser($email: String!, $password: String!, $username: String!) {
      addUser(email: $email, password: $password, username: $username) { id username }
    }`,
    { email, password, username },
  );
  return data.addUser;
}

export async function logout(): Promise<string> {
  const data = await gql<{ logout: { message: string } }>('mutation Logout { logout { message } }');
  return data.logout.message;
}

export async function updateUser(fields: ProfileFields): Promise<SignedInUser> {
  const params = PROFILE_FIELDS.map((field) => `$${field}: String`).join(', ');
  const args = PROFILE_FIELDS.map((field) => `${field}: $${field}`).join(', ');
  const data = await gql<{ updateUser: SignedInUser }>(
    `mutation UpdateUser(${params}) { updateUser(${args}) { id username } }`,
    { ...fields },
  );
  return data.updateUser;
}

export async function startUserPasswordReset(email: string): Promise<string> {
  const data = await gql<{ startUserPasswordReset: { message: string } }>(
    `mutation StartUserPasswordReset($email: String!) {
      startUserPasswordReset(email: $email) { message }
    }`,
    { email },
  );
  return data.startUserPasswordReset.message;
}

export async function resetUserPassword(token: string, newPassword: string): Promise<SignedInUser> {
  const data = await gql<{ resetUserPassword: SignedInUser }>(
    `mutation ResetUserPassword($token: String!, $newPassword: String!) {
      resetUserPassword(token: $token, newPassword: $newPassword) { id username }
    }`,
    { token, newPassword },
  );
  return data.resetUserPassword;
}

export async function verifieUserEmail(token: string): Promise<{ id: string; username: string; email: string | null }> {
  const data = await gql<{ verifieUserEmail: { id: string; username: string; email: string | null } }>(
    `mutation VerifieUserEmail($token: String!) {
      verifieUserEmail(token: $token) { id username email emailVerified }
    }`,
    { token },
  );
  return data.verifieUserEmail;
}

export async function updateUserPassword(currentPassword: string, newPassword: string): Promise<void> {
  await gql(
    `mutation UpdateUserPassword($currentPassword: String!, $newPassword: String!) {
      updateUserPassword(currentPassword: $currentPassword, newPassword: $newPassword) { id }
    }`,
    { currentPassword, newPassword },
  );
}

export async function updateUserEmail(newEmail: string, password: string): Promise<void> {
  await gql(
    `mutation UpdateUserEmail($newEmail: String!, $password: String!) {
      updateUserEmail(newEmail: $newEmail, password: $password) { id email emailVerified }
    }`,
    { newEmail, password },
  );
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
