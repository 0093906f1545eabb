// Why the identity provider's round trip failed, said in words: the server sends the browser back
// to the login page (or, when linking, the profile) with `?failure=CODE`, and writes the cause in
// its log.

import { useSearchParams } from 'react-router';
import { GENERIC_ERROR } from '../api/errors';
import { t } from '../i18n';
import { ErrorList } from './Form';

/** The sentence of a failure code (an unknown one, e.g. a mistyped address, reads as a generic failure). */
function failureSentence(code: string): string {
  switch (code) {
    case 'provider-down':
      return t('login.failure.provider-down', 'Your identity provider did not answer: try again later or sign in with a passkey.');
    case 'refused':
      return t('login.failure.refused', 'Your identity provider did not sign you in.');
    case 'expired':
      return t('login.failure.expired', 'That sign-in took too long or was already used: try again.');
    case 'invalid-token':
      return t('login.failure.invalid-token', "Your identity provider's answer could not be verified: try again, or ask the administrator.");
    case 'sign-up-closed':
      return t('login.failure.sign-up-closed', 'There is no account for you here, and sign-up is closed.');
    case 'invite-needed':
      return t('login.failure.invite-needed', 'There is no account for you here: ask for an invite link.');
    case 'disabled':
      return t('login.failure.disabled', 'This account is disabled: ask the admin of this Corkboard.');
    case 'already-linked':
      return t('login.failure.already-linked', 'That account of your identity provider is already linked to another Corkboard account.');
    case 'email-taken':
      return t('login.failure.email-taken', 'An account already uses that email: sign in with it, then link your identity provider from your profile.');
    case 'too-many-identities':
      return t('login.failure.too-many-identities', 'Your account has the most linked accounts it may hold (10): unlink one first.');
    default:
      return GENERIC_ERROR;
  }
}

/** The alert for the address's `?failure=` (empty without one). */
export function ProviderFailure() {
  const [params] = useSearchParams();
  const code = params.get('failure');
  return <ErrorList errors={code ? [failureSentence(code)] : []} />;
}
