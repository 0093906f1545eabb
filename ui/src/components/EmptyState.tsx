// The quiet box shown when a list has nothing in it ('No pins...', 'No boards...'), with the next
// step below the text when the viewer has one (the owner's 'Add a pin').

import type { ReactNode } from 'react';
import './EmptyState.css';

export function EmptyState({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state__text">{children}</p>
      {actions ? <div className="empty-state__actions">{actions}</div> : null}
    </div>
  );
}
