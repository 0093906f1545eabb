// The admin page's data (accounts with search and paging, invite links) and its mutations, and
// whether the sign-up form is offered. The server checks every right; the UI only hides links.

import { gql } from './client';
import {
  AccountsDocument,
  CreateInviteDocument,
  DeleteAccountDocument,
  InvitesDocument,
  RevokeInviteDocument,
  SetAccountAdminDocument,
  SetAccountDisabledDocument,
  SignUpStateDocument,
} from './generated/graphql';
import { useQuery } from './query';

/** Whether a visitor may sign up (with the invite link's secret `invite`); not asked unless `asked`. */
export function useSignUpState(invite: string | null, asked = true) {
  const { data, ...state } = useQuery(SignUpStateDocument, asked ? { invite } : null);
  return { signUp: data?.signUpState ?? null, ...state };
}

/** One page of the accounts matching `query`, after the cursor `after`. */
export function useAccounts(query: string, after: string | null) {
  const { data, ...state } = useQuery(AccountsDocument, { query: query || null, after });
  return { accounts: data?.accounts ?? null, ...state };
}

export function useInvites() {
  const { data, ...state } = useQuery(InvitesDocument, {});
  return { invites: data?.invites ?? null, ...state };
}

export async function setAccountAdmin(userId: string, admin: boolean) {
  return (await gql(SetAccountAdminDocument, { userId, admin })).setAccountAdmin;
}

export async function setAccountDisabled(userId: string, disabled: boolean) {
  return (await gql(SetAccountDisabledDocument, { userId, disabled })).setAccountDisabled;
}

export async function deleteAccount(userId: string, confirmation: string) {
  return (await gql(DeleteAccountDocument, { userId, confirmation })).deleteAccount.message;
}

export async function createInvite(days: number) {
  return (await gql(CreateInviteDocument, { days })).createInvite.url;
}

export async function revokeInvite(id: string) {
  return (await gql(RevokeInviteDocument, { id })).revokeInvite.message;
}
