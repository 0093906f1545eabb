// The quiet box shown when a list has nothing in it ('No pins...', 'No boards...').

import type { ReactNode } from 'react';
import './EmptyState.css';

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state__text">{children}</p>
    </div>
  );
}
