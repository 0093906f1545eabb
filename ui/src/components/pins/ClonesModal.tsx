// 'Existing pin found with same image' (spec, sections 2 and 4): the viewer's pins holding the
// picture just downloaded, uploaded or shared, each with its thumbnail and words, linking to
// /{username}/pins/{id}, and a way to create the new pin anyway.

import { Link } from 'react-router';
import { useMe } from '../../api/me';
import type { TempPin } from '../../api/generated/graphql';
import { useClonePreview } from '../../api/pins';
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
            <Clone clone={clone} href={href(clone.id)} onOpen={onClose} />
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

/** One existing pin: its thumbnail and title (or caption) linking to it, and its caption under a title. */
function Clone({ clone, href, onOpen }: { clone: TempPin['clones'][number]; href: string; onOpen: () => void }) {
  // What the upload answered, completed by the pin itself (a share brings only its id).
  const { clone: pin } = useClonePreview(clone.id);
  const title = pin?.title ?? clone.title;
  const caption = pin?.caption ?? clone.caption;
  return (
    <>
      {pin ? <img className="pin-clones__thumbnail" src={pin.thumbnail} alt="" /> : <span className="pin-clones__thumbnail" />}
      <div>
        <Link to={href} onClick={onOpen} className="pin-clones__link">
          {title || caption || 'An existing pin'}
        </Link>
        {title && caption ? <p className="pin-clones__caption">{caption}</p> : null}
      </div>
    </>
  );
}
