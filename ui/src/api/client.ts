// The one way the UI talks to the server: POST /api/graphql with a JSON body
// {operationName, variables, query}. Failures surface as a GraphQLError.
// Also used by index.html's first script (src/early.ts), which must stay small: the sentences of
// the failures made here are English until api/errors.ts puts them in the reader's language.

import type { TypedDocumentString } from './generated/graphql';

export const GRAPHQL_ENDPOINT = '/api/graphql';

/** What the failures made here say: the server could not be reached, or answered nonsense. */
export const failureSentences = { network: 'A network error occured', generic: 'Sorry, an error occured.' };

/** The `extensions.code` values the server uses (see the API contract), plus our own network one. */
export type ErrorCode =
  | 'NOT_FOUND_ERROR'
  | 'PERMISSION_DENIED_ERROR'
  | 'VALIDATION_ERROR'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR'
  | 'NETWORK_ERROR';

/** One entry of a GraphQL response's `errors` list. */
export interface GraphQLErrorEntry {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: { code?: string; field?: string; [key: string]: unknown };
}

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: GraphQLErrorEntry[];
}

const KNOWN_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'NOT_FOUND_ERROR',
  'PERMISSION_DENIED_ERROR',
  'VALIDATION_ERROR',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'NETWORK_ERROR',
]);

function toCode(code: unknown): ErrorCode {
  return typeof code === 'string' && KNOWN_CODES.has(code) ? (code as ErrorCode) : 'INTERNAL_ERROR';
}

/**
 * A failed GraphQL call. `message`, `code` and `field` come from the first error;
 * `errors` keeps every entry so that error lists can show them all.
 */
export class GraphQLError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly errors: readonly GraphQLErrorEntry[];
  readonly extensions: { code: ErrorCode; field?: string };

  constructor(errors: readonly GraphQLErrorEntry[]) {
    const first = errors[0] ?? { message: failureSentences.generic };
    super(first.message || failureSentences.generic);
    this.name = 'GraphQLError';
    this.errors = errors;
    this.code = toCode(first.extensions?.code);
    this.field = typeof first.extensions?.field === 'string' ? first.extensions.field : undefined;
    this.extensions = this.field === undefined ? { code: this.code } : { code: this.code, field: this.field };
  }

  /** Every message the server sent, in order. */
  get messages(): string[] {
    return this.errors.map((e) => e.message || failureSentences.generic);
  }

  static network(): GraphQLError {
    return new GraphQLError([{ message: failureSentences.network, extensions: { code: 'NETWORK_ERROR' } }]);
  }
}

export function isGraphQLError(error: unknown): error is GraphQLError {
  return error instanceof GraphQLError;
}

/** Whether `error` is a call that never reached the server (offline, above all). */
export function isNetworkError(error: unknown): boolean {
  return isGraphQLError(error) && error.code === 'NETWORK_ERROR';
}

/** The name of the first operation in a document, e.g. `AuthenticatedQuery`. */
function operationNameOf(document: string): string | undefined {
  return /\b(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(document)?.[1];
}

/** The JSON body that asks `document` with `variables`. */
export function requestBody<R, V>(document: TypedDocumentString<R, V>, variables: V): string {
  const query = document.toString();
  return JSON.stringify({ operationName: operationNameOf(query) ?? null, variables, query });
}

/** Sends a GraphQL request. */
export function post(body: string): Promise<Response> {
  return fetch(GRAPHQL_ENDPOINT, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body,
  });
}

declare global {
  interface Window {
    /** The answers src/early.ts asked for before the app loaded, by request body. */
    corkboardEarlyAnswers?: Map<string, Promise<Response>>;
  }
}

/** The early answer to the request `body`, once: later requests go to the server. */
function takeEarlyAnswer(body: string): Promise<Response> | undefined {
  const answers = window.corkboardEarlyAnswers;
  const answer = answers?.get(body);
  answers?.delete(body);
  return answer;
}

/**
 * Run one GraphQL operation and return its `data`, typed by the operation (api/generated).
 * Throws a GraphQLError when the server reports errors, answers with something
 * other than GraphQL JSON, or cannot be reached ('A network error occured').
 */
export async function gql<R, V>(document: TypedDocumentString<R, V>, variables: V): Promise<R> {
  const request = requestBody(document, variables);
  let response: Response;
  try {
    response = await (takeEarlyAnswer(request) ?? post(request));
  } catch {
    throw GraphQLError.network();
  }

  let body: GraphQLResponse<R>;
  try {
    body = (await response.json()) as GraphQLResponse<R>;
  } catch {
    // A proxy error page, a truncated body: nothing the user can act on.
    throw new GraphQLError([{ message: failureSentences.generic, extensions: { code: 'INTERNAL_ERROR' } }]);
  }

  if (body.errors && body.errors.length > 0) throw new GraphQLError(body.errors);
  if (!response.ok || body.data == null) {
    throw new GraphQLError([{ message: failureSentences.generic, extensions: { code: 'INTERNAL_ERROR' } }]);
  }
  return body.data;
}
