// The dialog when the viewer already pinned the picture just downloaded, uploaded or shared, at
// every door of the pin adding flow: 'Existing pin found with same image' (spec, sections 2 and
// 4) for clones, 'Existing pin found with a similar image' for near-duplicates only (a cropped
// copy). Both say "You already pinned this picture on {board}", list the viewer's pins linking
// to /{username}/pins/{id}, and offer 'Pin it anyway', 'Add to board' (the board being pinned to,
// else a choice of boards) and 'Open it'.

import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useRevalidateAll } from '../../api/cache';
import { errorMessages } from '../../api/errors';
import type { PinCopy, TempPin } from '../../api/generated/graphql';
import { useMe } from '../../api/me';
import { addPinToBoard } from '../../api/pinEdits';
import { useClonePreview } from '../../api/pins';
import { t } from '../../i18n';
import { pinPath, userPinPath } from '../../lib/paths';
import { ErrorList, FormActions } from '../Form';
import { Modal } from '../Modal';
import { ManageBoardsModal } from './PinModals';
import './pins.css';

export function ClonesModal({
  temp,
  targetBoardID,
  onClose,
  onContinue,
}: {
  temp: Pick<TempPin, 'clones' | 'nearDuplicates'>;
  targetBoardID: string | null;
  onClose: () => void;
  onContinue: () => void;
}) {
  const { me } = useMe();
  const navigate = useNavigate();
  const revalidateAll = useRevalidateAll();
  const [choosing, setChoosing] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const copies = [...temp.clones, ...temp.nearDuplicates];
  const first = copies[0];
  const { clone: firstPin } = useClonePreview(first?.id ?? null);
  const href = (id: string) => (me ? userPinPath(me.username, id) : pinPath(id));
  const title =
    temp.clones.length > 0
      ? t('clonesModal.titleSame', 'Existing pin found with same image')
      : t('clonesModal.titleSimilar', 'Existing pin found with a similar image');

  if (!first) return null;
  if (choosing) return <ManageBoardsModal pinId={first.id} onClose={onClose} onSaved={() => navigate(href(first.id))} />;

  const open = () => {
    onClose();
    void navigate(href(first.id));
  };
  const addToBoard = async () => {
    if (!targetBoardID) {
      setChoosing(true);
      return;
    }
    try {
      await addPinToBoard(first.id, targetBoardID);
      open();
      await revalidateAll();
    } catch (failure) {
      setErrors(errorMessages(failure));
    }
  };

  return (
    <Modal title={title} onClose={onClose}>
      {firstPin ? <p className="pin-clones__where">{alreadyPinned(firstPin.boards)}</p> : null}
      <ul className="pin-clones" aria-label={t('clonesModal.existingPins', 'Existing pins')}>
        {copies.map((copy) => (
          <li key={copy.id} className="pin-clones__item">
            <Clone clone={copy} href={href(copy.id)} onOpen={onClose} />
          </li>
        ))}
      </ul>
      <ErrorList errors={errors} />
      <FormActions>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('clonesModal.cancel', 'Cancel')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => void addToBoard()}>
          {t('clonesModal.addToBoard', 'Add to board')}
        </button>
        <button type="button" className="button button--ghost" onClick={open}>
          {t('clonesModal.open', 'Open it')}
        </button>
        <button type="button" className="button button--primary" onClick={onContinue}>
          {t('clonesModal.pinAnyway', 'Pin it anyway')}
        </button>
      </FormActions>
    </Modal>
  );
}

/** "You already pinned this picture on {board}", and how many more boards. */
export function alreadyPinned(boards: { totalCount: number; edges: readonly { node: { title: string } }[] }): string {
  const board = boards.edges[0]?.node.title;
  if (!board) return t('clonesModal.alreadyPinned', 'You already pinned this picture.');
  return t(
    'clonesModal.alreadyPinnedOn',
    '{more, plural, =0 {You already pinned this picture on {board}} other {You already pinned this picture on {board} and # more}}',
    { board, more: Math.max(0, boards.totalCount - 1) },
  );
}

/** One existing pin: its thumbnail and title (or caption) linking to it, and its caption under a title. */
function Clone({ clone, href, onOpen }: { clone: PinCopy; href: string; onOpen: () => void }) {
  // What the upload answered, completed by the pin itself (a share brings only its id).
  const { clone: pin } = useClonePreview(clone.id);
  const title = pin?.title ?? clone.title;
  const caption = pin?.caption ?? clone.caption;
  return (
    <>
      {pin ? <img className="pin-clones__thumbnail" src={pin.thumbnail} alt="" /> : <span className="pin-clones__thumbnail" />}
      <div>
        <Link to={href} onClick={onOpen} className="pin-clones__link">
          {title || caption || t('clonesModal.anExistingPin', 'An existing pin')}
        </Link>
        {title && caption ? <p className="pin-clones__caption">{caption}</p> : null}
      </div>
    </>
  );
}
