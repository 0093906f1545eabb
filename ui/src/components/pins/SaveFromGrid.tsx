// 'Save' on a pin's tile, for a signed-in viewer: shown while the tile is hovered or holds the
// focus, or after a long press on a phone. 'Save to {board}' pins a copy on the last board a pin
// was saved to; 'Choose board' lists the viewer's boards. Both end with the 'Saved to {board}'
// toast.

import { useRef, useState, type ReactNode } from 'react';
import { useBoardChoiceList } from '../../api/boardChoice';
import { useRevalidateAll } from '../../api/cache';
import { LOAD_ERROR, errorMessages } from '../../api/errors';
import type { PinBoardChoice } from '../../api/generated/graphql';
import { useMe } from '../../api/me';
import { saveCopy } from '../../api/pinEdits';
import { t } from '../../i18n';
import { boardPath } from '../../lib/paths';
import { readLastBoard, readRecentBoards, rememberLastBoard, type LastBoard } from '../../lib/pinMemory';
import { showSaved } from '../SavedToast';
import './SaveFromGrid.css';

const LONG_PRESS_MS = 500;

/** The tile's link and, for a signed-in viewer, its Save controls beside it. */
export function SaveFromGrid({ pinId, children }: { pinId: string; children: ReactNode }) {
  const { me } = useMe();
  const [pressed, setPressed] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  if (!me) return <>{children}</>;
  const press = () => {
    timer.current = window.setTimeout(() => setPressed(true), LONG_PRESS_MS);
  };
  const release = () => window.clearTimeout(timer.current);
  return (
    <div
      className={`pin-save${pressed ? ' pin-save--shown' : ''}`}
      onTouchStart={press}
      onTouchEnd={release}
      onTouchMove={release}
      onContextMenu={(event) => pressed && event.preventDefault()}
    >
      {children}
      <SaveControls pinId={pinId} username={me.username} />
    </div>
  );
}

function SaveControls({ pinId, username }: { pinId: string; username: string }) {
  const [last, setLast] = useState<LastBoard | null>(readLastBoard);
  const [choosing, setChoosing] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revalidateAll = useRevalidateAll();

  const save = async (board: LastBoard) => {
    setPending(true);
    setError(null);
    try {
      const copy = await saveCopy(pinId, board.id);
      rememberLastBoard(board);
      setLast(board);
      setChoosing(false);
      showSaved({ pinId: copy, board: board.title, boardHref: board.href });
      await revalidateAll();
    } catch (failure) {
      setError(errorMessages(failure).join(' '));
    } finally {
      setPending(false);
    }
  };
  const chosen = (board: PinBoardChoice) =>
    void save({ id: board.id, title: board.title, href: boardPath(username, board.slug, board.folder?.slug ?? null) });

  return (
    <div className="pin-save__controls">
      {last ? (
        <button type="button" className="button button--primary button--small" disabled={pending} onClick={() => void save(last)}>
          <span aria-hidden="true">{t('saveFromGrid.save', 'Save')}</span>
          <span className="visually-hidden">{t('saveFromGrid.saveTo', 'Save to {board}', { board: last.title })}</span>
        </button>
      ) : null}
      <button
        type="button"
        className="button button--ghost button--small pin-save__choose"
        aria-expanded={choosing}
        disabled={pending}
        onClick={() => setChoosing((open) => !open)}
      >
        {last ? t('saveFromGrid.chooseBoard', 'Choose board') : t('saveFromGrid.save', 'Save')}
      </button>
      {choosing ? <BoardPicker onChoose={chosen} onClose={() => setChoosing(false)} /> : null}
      {error ? (
        <p className="pin-save__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The viewer's boards, recent ones first, as buttons; Escape closes it. */
function BoardPicker({ onChoose, onClose }: { onChoose: (board: PinBoardChoice) => void; onClose: () => void }) {
  const boards = useBoardChoiceList(readRecentBoards());
  return (
    <div
      className="pin-save__picker"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      {!boards.ready ? (
        <p aria-busy="true">{boards.failed ? LOAD_ERROR : t('saveFromGrid.loading', 'Loading...')}</p>
      ) : boards.offered.length === 0 ? (
        <p>{t('saveFromGrid.noBoards', 'No boards...')}</p>
      ) : (
        <ul aria-label={t('saveFromGrid.yourBoards', 'Your boards')}>
          {boards.offered.map((board) => (
            <li key={board.id}>
              <button type="button" className="pin-save__board" onClick={() => onChoose(board)}>
                {board.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
