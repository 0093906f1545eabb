// Rendering in steps: a part of a page that the first screen does not show renders in a task of
// its own after the rest, so that showing a page never blocks the browser for long.

import { useEffect, useState, type ReactNode } from 'react';

/** Shows `children` at once when `now`, else from the task after its first render on. */
export function Soon({ now = false, children }: { now?: boolean; children: ReactNode }) {
  const [due, setDue] = useState(now);
  useEffect(() => {
    if (due) return;
    const timer = setTimeout(() => setDue(true));
    return () => clearTimeout(timer);
  }, [due]);
  return due ? children : null;
}
