// The ways in: what this Corkboard offers visitors (passwords, passkeys, an identity provider),
// the signed-in user's sign-in methods, and the address that starts the provider's round trip.

import { gql } from './client';
import { ChangeUsernameDocument, MySignInMethodsDocument, SignInOptionsDocument, UnlinkIdentityDocument, type SignInOptions } from './generated/graphql';
import { useQuery } from './query';

/** What the pages offer when the server could not say: the password form alone. */
const PASSWORDS_ONLY: SignInOptions['signInOptions'] = { passwords: true, passkeys: false, provider: null };

/** The instance's ways in; null while loading. */
export function useSignInOptions() {
  const { data, ...state } = useQuery(SignInOptionsDocument, {});
  return { options: data?.signInOptions ?? (state.error ? PASSWORDS_ONLY : null), ...state };
}

/** The signed-in user's password, linked identities and passkeys; null for a visitor. */
export function useMySignInMethods() {
  const { data, ...state } = useQuery(MySignInMethodsDocument, {});
  return { methods: data?.me?.signInMethods ?? null, ...state };
}

/** Resolves to the user's id (never undefined: useMutation reads undefined as a failure). */
export async function unlinkIdentity(id: string): Promise<string> {
  return (await gql(UnlinkIdentityDocument, { id })).unlinkIdentity.id;
}

/** Resolves to the new username. */
export async function changeUsername(username: string): Promise<string> {
  return (await gql(ChangeUsernameDocument, { username })).changeUsername.username;
}

/**
 * The server's start of the identity provider's round trip: to sign in (or up, with an invite
 * link's secret `invite`) or to link the provider to the signed-in account; `next` is the path
 * to come back to.
 */
export function providerStartUrl(intent: 'sign-in' | 'link', { invite, next }: { invite?: string | null; next?: string | null } = {}): string {
  const query = new URLSearchParams({ intent });
  if (invite) query.set('invite', invite);
  if (next) query.set('next', next);
  return `/api/auth/oidc/start?${query}`;
}
