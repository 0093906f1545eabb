// 'Saved to {board}': the toast after a pin is saved from a grid or with 'Pin it' on the pin
// page, with a link to the board and 'Undo' (deletes the pin just made). It is a polite status
// that never takes the focus, and goes after 6 seconds (while neither hovered nor focused).

import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useRevalidateAll } from '../api/cache';
import { errorMessages } from '../api/errors';
import { deletePin } from '../api/pinEdits';
import { t, tx } from '../i18n';
import './SavedToast.css';

const SHOWN_MS = 6000;

export interface Saved {
  /** The pin just made. */
  pinId: string;
  board: string;
  boardHref: string;
}

let current: (Saved & { key: number }) | null = null;
let nextKey = 0;
const listeners = new Set<() => void>();

function set(saved: (Saved & { key: number }) | null): void {
  current = saved;
  for (const listener of listeners) listener();
}

/** Shows the toast for a pin just saved (replacing any other). */
export function showSaved(saved: Saved): void {
  set({ ...saved, key: nextKey++ });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where the toast shows: render it once, in the layout. */
export function SavedToast() {
  const saved = useSyncExternalStore(subscribe, () => current);
  return (
    // The live region is always there, so that the toast put in it is announced; the toast alone
    // is the status, so that no empty status stands on every page.
    <div className="saved-toast__region" aria-live="polite">
      {saved ? <Toast key={saved.key} saved={saved} /> : null}
    </div>
  );
}

function Toast({ saved }: { saved: Saved }) {
  const [held, setHeld] = useState(false);
  const [state, setState] = useState<'saved' | 'undoing' | 'undone'>('saved');
  const [error, setError] = useState<string | null>(null);
  const revalidateAll = useRevalidateAll();

  useEffect(() => {
    if (held || state === 'undoing') return;
    const timer = window.setTimeout(() => set(null), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [held, state]);

  const undo = async () => {
    setState('undoing');
    try {
      await deletePin(saved.pinId);
      setState('undone');
      await revalidateAll();
    } catch (failure) {
      setError(errorMessages(failure).join(' '));
      setState('saved');
    }
  };

  return (
    <div
      className="saved-toast"
      role="status"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {state === 'undone' ? (
        <span>{t('savedToast.removed', 'Removed from {board}', { board: saved.board })}</span>
      ) : (
        <>
          <span>
            {tx('savedToast.saved', 'Saved to <link>{board}</link>', {
              board: saved.board,
              link: (chunks) => <Link to={saved.boardHref}>{chunks}</Link>,
            })}
          </span>
          <button type="button" className="button button--ghost button--small" onClick={() => void undo()} disabled={state === 'undoing'}>
            {t('savedToast.undo', 'Undo')}
          </button>
        </>
      )}
      {error ? <span className="saved-toast__error">{error}</span> : null}
    </div>
  );
}
