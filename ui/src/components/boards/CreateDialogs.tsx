// The header menu's 'New board', 'New private board', 'New folder' and 'New private folder':
// the create dialogs with the policie preset, going to the new board's or folder's page.

import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { boardPath, folderPath } from '../../lib/paths';
import { CreateBoardModal } from './BoardModals';
import { CreateFolderModal } from './FolderModals';
import './boards.css';

export type CreateKind = 'board' | 'folder';

interface Creating {
  kind: CreateKind;
  secret: boolean;
  folderId?: string | null;
}

/** `open('board', true)` shows the private board dialog; render `element` once, anywhere. */
export function useCreateDialogs(): { open: (kind: CreateKind, secret: boolean, folderId?: string | null) => void; element: ReactNode } {
  const [creating, setCreating] = useState<Creating | null>(null);
  const navigate = useNavigate();
  const close = () => setCreating(null);

  let element: ReactNode = null;
  if (creating?.kind === 'board') {
    element = (
      <CreateBoardModal
        secret={creating.secret}
        folderId={creating.folderId ?? null}
        onClose={close}
        onCreated={(board) => navigate(boardPath(board.user.username, board.slug, board.folder?.slug))}
      />
    );
  } else if (creating?.kind === 'folder') {
    element = (
      <CreateFolderModal
        secret={creating.secret}
        onClose={close}
        onCreated={(folder) => navigate(folderPath(folder.user.username, folder.slug))}
      />
    );
  }

  return { open: (kind, secret, folderId = null) => setCreating({ kind, secret, folderId }), element };
}
