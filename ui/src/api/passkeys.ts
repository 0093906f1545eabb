// Passkeys: whether this server and browser offer them, the signed-in user's, and each ceremony
// whole: the server's options, the browser's passkey (lib/webauthn.ts), the server's check.

import { gql } from './client';
import {
  FinishPasskeyRegistrationDocument,
  FinishPasskeySignInDocument,
  RemovePasskeyDocument,
  RenamePasskeyDocument,
  StartPasskeyRegistrationDocument,
  StartPasskeySignInDocument,
  type CeremonyOptions,
  type PasskeyFields,
  type SignedInUser,
} from './generated/graphql';
import { useSignInOptions } from './signIn';
import { askForPasskey, browserHasPasskeys, createPasskey } from '../lib/webauthn';

/** Whether passkeys can be used here: the server offers them and the browser has them. */
export function usePasskeysOffered(): boolean {
  const { options } = useSignInOptions();
  return (options?.passkeys ?? false) && browserHasPasskeys();
}

/** Makes a passkey on this device and adds it to the account, named `name`. */
export async function addPasskey(name: string): Promise<PasskeyFields> {
  const ceremony = (await gql(StartPasskeyRegistrationDocument, {})).startPasskeyRegistration;
  const credential = await createPasskey(ceremony.options);
  return (await gql(FinishPasskeyRegistrationDocument, { ceremony: ceremony.id, name, credential })).finishPasskeyRegistration;
}

export async function renamePasskey(id: string, name: string): Promise<PasskeyFields> {
  return (await gql(RenamePasskeyDocument, { id, name })).renamePasskey;
}

/** Resolves to the user's id (never undefined: useMutation reads undefined as a failure). */
export async function removePasskey(id: string): Promise<string> {
  return (await gql(RemovePasskeyDocument, { id })).removePasskey.id;
}

/** Signs in with a passkey the browser offers in its dialog. */
export async function signInWithPasskey(): Promise<SignedInUser> {
  const ceremony = await beginPasskeySignIn();
  return finishPasskeySignIn(ceremony.id, await askForPasskey(ceremony.options));
}

/** A sign-in begun: its id, and the options for the browser (lib/webauthn.ts askForPasskey). */
export async function beginPasskeySignIn(): Promise<CeremonyOptions> {
  return (await gql(StartPasskeySignInDocument, {})).startPasskeySignIn;
}

export async function finishPasskeySignIn(ceremony: string, credential: string): Promise<SignedInUser> {
  return (await gql(FinishPasskeySignInDocument, { ceremony, credential })).finishPasskeySignIn;
}
