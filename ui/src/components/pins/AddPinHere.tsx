// An owner's empty board or pin page (issue 79): 'No pins...' and the next step: 'Add a pin' (the
// pin adding flow, the board preselected), a picture dropped on the box (uploaded, then the
// create-pin form), 'Create a board' when the page offers it, and the browser button.

import { useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { useMutation } from '../../api/mutation';
import { uploadPin } from '../../api/pins';
import { t, tx } from '../../i18n';
import { BROWSER_BUTTON_PATH } from '../../lib/paths';
import { NOT_AN_IMAGE, isImageFile } from '../../lib/validation';
import { EmptyState } from '../EmptyState';
import { ErrorList } from '../Form';
import { usePinFlow } from './PinFlow';
import './AddPinHere.css';

export function AddPinHere({ boardId, onCreateBoard }: { boardId: string | null; onCreateBoard?: () => void }) {
  const flow = usePinFlow();
  const upload = useMutation(uploadPin);
  const [over, setOver] = useState(false);

  const drop = async (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = Array.from(event.dataTransfer.files).find(isImageFile);
    if (!file) {
      upload.setErrors([NOT_AN_IMAGE]);
      return;
    }
    const temp = await upload.run(file, () => undefined);
    if (temp) flow.proceed(temp, boardId);
  };

  return (
    <div
      className="add-pin-here"
      data-over={over}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => void drop(event)}
    >
      <EmptyState
        actions={
          <>
            <button type="button" className="button button--primary" onClick={() => flow.start(boardId)}>
              {t('addPinHere.addPin', 'Add a pin')}
            </button>
            {onCreateBoard ? (
              <button type="button" className="button button--ghost" onClick={onCreateBoard}>
                {t('addPinHere.createBoard', 'Create a board')}
              </button>
            ) : null}
            <p className="add-pin-here__hint">
              {upload.pending
                ? t('addPinHere.uploading', 'Uploading...')
                : tx('addPinHere.hint', 'or drop a picture here, or pin from any page with the <link>browser button</link>', {
                    link: (chunks) => <Link to={BROWSER_BUTTON_PATH}>{chunks}</Link>,
                  })}
            </p>
          </>
        }
      >
        {t('addPinHere.noPins', 'No pins...')}
      </EmptyState>
      <ErrorList errors={upload.errors} />
      {flow.element}
    </div>
  );
}
