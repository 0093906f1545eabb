// The spec's error sentences (section 8) and the mapping from errors to what a user reads.
// Spellings are the product's own and are kept exactly.

export const NETWORK_ERROR = 'A network error occured';
export const LOAD_ERROR = 'Sorry, an error occured loading initial data...';
export const DELETE_ERROR = 'Sorry, an error occured deleting...';
export const SIGN_OUT_ERROR = 'Sorry, an error occured signing out...';
export const GENERIC_ERROR = 'Sorry, an error occured.';
export const PERMISSION_DENIED_MESSAGE = "Sorry, it seems you don't have access to this.";

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
