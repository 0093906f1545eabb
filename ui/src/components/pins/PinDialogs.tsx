// Which pin dialog is open on the pin screen, and the 'Pin it' rules (spec, section 4): a
// visitor goes to log in and comes back; the owner manages the pin's boards; anyone else
// manages the boards of their own copy of the picture when they have one, else pins a copy.
// A pin taken off the board it was opened on goes on showing at /pins/{id}/.

import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMe } from '../../api/me';
import { useMutation } from '../../api/mutation';
import { findClone } from '../../api/pinEdits';
import { loginPath, pinPath } from '../../lib/paths';
import { DeletePinModal, DuplicatePinModal, EditPinModal, ManageBoardsModal } from './PinModals';

export type PinDialogKind = 'edit' | 'delete' | 'duplicate' | 'manage';

export interface PinDialogs {
  open: (kind: PinDialogKind, pinId: string) => void;
  /** 'Pin it' on `pin`. */
  pinIt: (pin: { id: string; user: { id: string } }) => Promise<void>;
  /** Why looking for the viewer's copy failed, if it did. */
  errors: readonly string[];
  /** The open dialog, if any: render it once, anywhere. */
  element: ReactNode;
}

/**
 * @param backPath  where the app goes once the pin is deleted
 * @param shown     the pin on screen, and the board it was opened on, if any
 */
export function usePinDialogs(backPath: string, shown: { pinId: string; boardId: string | null }): PinDialogs {
  const [dialog, setDialog] = useState<{ kind: PinDialogKind; pinId: string } | null>(null);
  const { me, isLoading } = useMe();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const lookup = useMutation(findClone);
  const close = () => setDialog(null);
  const onSaved = async (boards: readonly string[]) => {
    if (dialog?.pinId === shown.pinId && shown.boardId && !boards.includes(shown.boardId)) {
      await navigate(pinPath(shown.pinId), { replace: true });
    }
  };

  const pinIt = async (pin: { id: string; user: { id: string } }) => {
    if (isLoading) return;
    if (!me) {
      await navigate(loginPath(pathname + search));
      return;
    }
    if (me.id === pin.user.id) {
      setDialog({ kind: 'manage', pinId: pin.id });
      return;
    }
    const clone = await lookup.run(pin.id);
    if (clone === undefined) return;
    setDialog(clone ? { kind: 'manage', pinId: clone } : { kind: 'duplicate', pinId: pin.id });
  };

  let element: ReactNode = null;
  if (dialog) {
    const key = `${dialog.kind}-${dialog.pinId}`;
    const props = { pinId: dialog.pinId, onClose: close };
    switch (dialog.kind) {
      case 'edit':
        element = <EditPinModal key={key} {...props} onSaved={onSaved} />;
        break;
      case 'duplicate':
        element = <DuplicatePinModal key={key} {...props} />;
        break;
      case 'manage':
        element = <ManageBoardsModal key={key} {...props} onSaved={onSaved} />;
        break;
      case 'delete':
        element = <DeletePinModal key={key} {...props} onDeleted={() => navigate(backPath)} />;
        break;
    }
  }

  return { open: (kind, pinId) => setDialog({ kind, pinId }), pinIt, errors: lookup.errors, element };
}
