// The spec's error sentences (section 8) and the mapping from errors to what a user reads.
// The English spellings are the product's own and are kept exactly.

import { t } from '../i18n';
import { failureSentences } from './client';

export const NETWORK_ERROR = t('errors.network', 'A network error occured');
export const LOAD_ERROR = t('errors.load', 'Sorry, an error occured loading initial data...');
export const DELETE_ERROR = t('errors.delete', 'Sorry, an error occured deleting...');
export const SIGN_OUT_ERROR = t('errors.signOut', 'Sorry, an error occured signing out...');
export const GENERIC_ERROR = t('errors.generic', 'Sorry, an error occured.');
export const PERMISSION_DENIED_MESSAGE = t('errors.permissionDenied', "Sorry, it seems you don't have access to this.");

// The failures api/client.ts makes (it stays free of the catalogs, for src/early.ts) read so too.
failureSentences.network = NETWORK_ERROR;
failureSentences.generic = GENERIC_ERROR;

/** The messages an error list shows for a failed call: the server's own, or a generic one. */
export function errorMessages(error: unknown): string[] {
  if (error instanceof Error) {
    // A GraphQLError (api/client.ts) carries every message the server sent.
    const messages = (error as { messages?: unknown }).messages;
    if (Array.isArray(messages) && messages.length > 0) return messages.map(String);
    if (error.message) return [error.message];
  }
  return [GENERIC_ERROR];
}
