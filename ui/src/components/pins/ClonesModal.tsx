// 'Existing pin found with same image' (spec, sections 2 and 4): the viewer's pins holding the
// picture just downloaded or uploaded, each linking to /{username}/pins/{id}, and a way to
// create the new pin anyway.

import { Link } from 'react-router';
import { useMe } from '../../api/me';
import type { TempPin } from '../../api/generated/graphql';
import { pinPath, userPinPath } from '../../lib/paths';
import { FormActions } from '../Form';
import { Modal } from '../Modal';
import './pins.css';

export function ClonesModal({ clones, onClose, onContinue }: { clones: TempPin['clones']; onClose: () => void; onContinue: () => void }) {
  const { me } = useMe();
  const href = (id: string) => (me ? userPinPath(me.username, id) : pinPath(id));

  return (
    <Modal title="Existing pin found with same image" onClose={onClose}>
      <ul className="pin-clones" aria-label="Existing pins">
        {clones.map((clone) => (
          <li key={clone.id} className="pin-clones__item">
            <Link to={href(clone.id)} onClick={onClose} className="pin-clones__link">
              {clone.title || clone.caption}
            </Link>
            {clone.title && clone.caption ? <p className="pin-clones__caption">{clone.caption}</p> : null}
          </li>
        ))}
      </ul>
      <FormActions>
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="button button--primary" onClick={onContinue}>
          Create the pin anyway
        </button>
      </FormActions>
    </Modal>
  );
}
