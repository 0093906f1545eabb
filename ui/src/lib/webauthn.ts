// The browser's side of passkeys (WebAuthn): the server's options (webauthn-rs's JSON, its binary
// fields in base64url) made into navigator.credentials arguments, the credential the browser
// gives back made into the JSON the server reads, and the browser's refusals made into sentences.

import { GraphQLError } from '../api/client';
import { t } from '../i18n';

/** A credential descriptor as the server writes it: its id in base64url. */
interface DescriptorJson {
  type: 'public-key';
  id: string;
  transports?: AuthenticatorTransport[];
}

interface CreationOptionsJson {
  publicKey: Omit<PublicKeyCredentialCreationOptions, 'challenge' | 'user' | 'excludeCredentials'> & {
    challenge: string;
    user: { id: string; name: string; displayName: string };
    excludeCredentials?: DescriptorJson[];
  };
}

interface RequestOptionsJson {
  publicKey: Omit<PublicKeyCredentialRequestOptions, 'challenge' | 'allowCredentials'> & {
    challenge: string;
    allowCredentials?: DescriptorJson[];
  };
}

export function toBase64Url(buffer: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): ArrayBuffer {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer;
}

function descriptor(json: DescriptorJson): PublicKeyCredentialDescriptor {
  return { ...json, id: fromBase64Url(json.id) };
}

/** Whether this browser has passkeys (WebAuthn) at all. */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Whether the browser offers passkeys among a sign-in field's suggestions (conditional mediation). */
export async function suggestsPasskeys(): Promise<boolean> {
  if (!browserHasPasskeys() || atAnIpAddress() || typeof PublicKeyCredential.isConditionalMediationAvailable !== 'function') return false;
  return PublicKeyCredential.isConditionalMediationAvailable().catch(() => false);
}

/** Makes a passkey with the registration options the server sent; the JSON of its credential. */
export async function createPasskey(optionsJson: string): Promise<string> {
  const { publicKey } = JSON.parse(optionsJson) as CreationOptionsJson;
  const options: PublicKeyCredentialCreationOptions = {
    ...publicKey,
    challenge: fromBase64Url(publicKey.challenge),
    user: { ...publicKey.user, id: fromBase64Url(publicKey.user.id) },
    excludeCredentials: publicKey.excludeCredentials?.map(descriptor),
  };
  return credentialJson(await asked(() => navigator.credentials.create({ publicKey: options })));
}

/**
 * Asks the browser for a passkey with the sign-in options the server sent: at once (a dialog), or
 * `conditional`ly (among the suggestions of the field marked `autocomplete="username webauthn"`,
 * until `signal` aborts). The JSON of the credential.
 */
export async function askForPasskey(optionsJson: string, mediation?: 'conditional', signal?: AbortSignal): Promise<string> {
  const { publicKey } = JSON.parse(optionsJson) as RequestOptionsJson;
  const options: PublicKeyCredentialRequestOptions = {
    ...publicKey,
    challenge: fromBase64Url(publicKey.challenge),
    allowCredentials: publicKey.allowCredentials?.map(descriptor),
  };
  return credentialJson(await asked(() => navigator.credentials.get({ publicKey: options, mediation, signal })));
}

/** A credential as webauthn-rs reads it: binary fields in base64url. */
function credentialJson(credential: Credential | null): string {
  if (!(credential instanceof PublicKeyCredential)) throw refusal(refusalSentence('NotAllowedError'));
  const response = credential.response;
  const binary = (buffer: ArrayBuffer | null) => (buffer ? toBase64Url(buffer) : null);
  // Only the unsigned output the server reads: whether a discoverable credential was made.
  const { credProps } = credential.getClientExtensionResults();
  const common = { id: credential.id, rawId: toBase64Url(credential.rawId), type: credential.type, extensions: credProps ? { credProps } : {} };
  if (response instanceof AuthenticatorAttestationResponse) {
    return JSON.stringify({
      ...common,
      response: { attestationObject: binary(response.attestationObject), clientDataJSON: binary(response.clientDataJSON), transports: response.getTransports() },
    });
  }
  const assertion = response as AuthenticatorAssertionResponse;
  return JSON.stringify({
    ...common,
    response: {
      authenticatorData: binary(assertion.authenticatorData),
      clientDataJSON: binary(assertion.clientDataJSON),
      signature: binary(assertion.signature),
      userHandle: binary(assertion.userHandle),
    },
  });
}

/** The browser's call; its refusal becomes a sentence in the form's error list. */
async function asked(call: () => Promise<Credential | null>): Promise<Credential | null> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof DOMException ? refusal(refusalSentence(error.name)) : error;
  }
}

function refusalSentence(name: string): string {
  switch (name) {
    case 'NotAllowedError':
      return t('webauthn.notUsed', 'The passkey was not used: try again.');
    case 'InvalidStateError':
      return t('webauthn.alreadyOnDevice', 'This device already holds a passkey of your account.');
    case 'SecurityError':
      return t('webauthn.wrongAddress', 'This browser allows no passkey at this address: open Corkboard at its usual address (localhost rather than 127.0.0.1).');
    default:
      return t('webauthn.failed', 'The browser could not use a passkey.');
  }
}

function refusal(message: string): GraphQLError {
  return new GraphQLError([{ message, extensions: { code: 'VALIDATION_ERROR' } }]);
}

/** Whether the page was opened at an IP address, where browsers offer no passkey. */
export function atAnIpAddress(): boolean {
  const host = window.location.hostname;
  return host.startsWith('[') || /^\d+(\.\d+){3}$/.test(host);
}

/** What a new passkey is called unless its owner says: 'Passkey on Linux'. */
export function defaultPasskeyName(): string {
  const hinted = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform;
  const system = hinted || systemOf(navigator.userAgent);
  return system ? t('webauthn.defaultName', 'Passkey on {system}', { system }) : t('webauthn.defaultNameAlone', 'Passkey');
}

function systemOf(userAgent: string): string | null {
  const known: [RegExp, string][] = [
    [/iPhone|iPad/, 'iOS'],
    [/Android/, 'Android'],
    [/Mac OS X/, 'macOS'],
    [/Windows/, 'Windows'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ];
  return known.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
}
