// The one way forms run a mutation: it tracks the pending state and turns failures into the
// lines of the form's error list (server messages, 'A network error occured', or the spec's
// own sentence for the action, e.g. 'Sorry, an error occured signing out...').

import { useCallback, useRef, useState } from 'react';
import { isGraphQLError } from './client';
import { GENERIC_ERROR, errorMessages } from './errors';

export interface MutationState<A extends unknown[], R> {
  /** Runs the action; resolves to its result, or to undefined when it failed (see `errors`). */
  run: (...args: A) => Promise<R | undefined>;
  pending: boolean;
  errors: string[];
  /** Shows local validation messages in the same list. */
  setErrors: (errors: string[]) => void;
}

/**
 * @param action   the call to make (a GraphQL mutation, an upload)
 * @param failure  a fixed sentence to show for any failure instead of the server's message or
 *                 the network one (spec, section 8: 'Sorry, an error occured signing out...')
 */
export function useMutation<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
  failure?: string,
): MutationState<A, R> {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const running = useRef(false);

  const run = useCallback(
    async (...args: A) => {
      if (running.current) return undefined;
      running.current = true;
      setPending(true);
      setErrors([]);
      try {
        return await action(...args);
      } catch (error) {
        setErrors(messagesFor(error, failure));
        if (!isGraphQLError(error)) console.error(error);
        return undefined;
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [action, failure],
  );

  return { run, pending, errors, setErrors };
}

function messagesFor(error: unknown, failure: string | undefined): string[] {
  if (failure) return [failure];
  const messages = errorMessages(error);
  return messages.length > 0 ? messages : [GENERIC_ERROR];
}
