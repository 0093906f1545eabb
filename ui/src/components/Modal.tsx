// An accessible modal dialog on the native <dialog> element: role dialog, aria-modal, labelled
// by its title, focus kept inside while open and given back on close. Escape and the cancel
// button close it (spec, section 2: Modals).

import { useEffect, useId, useRef, type ReactNode } from 'react';
import './Modal.css';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** Render it only while open: it opens itself on mount and closes on unmount. */
export function Modal({ title, onClose, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      // Back to what opened it, when that is still on the page (a menu item may be gone).
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-modal="true"
      aria-labelledby={titleId}
      // Escape: the parent decides (it unmounts us), the browser must not close on its own.
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
    >
      <div className="modal__panel">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}
