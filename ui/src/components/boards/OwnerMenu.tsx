// The actions menu of a board, folder or pin page: a button opening a small menu (arrows, Home,
// End, Escape; a click elsewhere closes it). An action is a button, or a link opening a new tab.

import { useMenu } from '../../lib/useMenu';
import './boards.css';

export type OwnerAction =
  | { label: string; onSelect: () => void; danger?: boolean }
  | { label: string; href: string };

/** `primary` draws the button as the page's main action (the header's 'Create'). */
export function OwnerMenu({ label, actions, primary = false }: { label: string; actions: readonly OwnerAction[]; primary?: boolean }) {
  const { open, close, rootRef, buttonProps, menuProps } = useMenu();

  return (
    <div className="owner-menu" ref={rootRef}>
      <button type="button" className={`button ${primary ? 'button--primary' : 'button--ghost'} owner-menu__button`} {...buttonProps}>
        {label}
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open ? (
        <div className="menu-list owner-menu__list" {...menuProps}>
          {actions.map((action) =>
            'href' in action ? (
              <a
                key={action.label}
                href={action.href}
                target="_blank"
                rel="noopener"
                role="menuitem"
                tabIndex={-1}
                className="menu-item owner-menu__item"
                onClick={() => close(false)}
              >
                {action.label}
              </a>
            ) : (
              <button
                key={action.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={`menu-item owner-menu__item${action.danger ? ' owner-menu__item--danger' : ''}`}
                onClick={() => {
                  close(false);
                  action.onSelect();
                }}
              >
                {action.label}
              </button>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}
