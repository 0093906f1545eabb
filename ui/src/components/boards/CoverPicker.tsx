// 'Change cover' (spec, section 4): the board's pins one at a time (20000 at most), from the
// current cover; Previous and Next go round; 'Select' makes the shown pin the board's cover.

import { useState } from 'react';
import { useRevalidateAll } from '../../api/cache';
import { useMutation } from '../../api/mutation';
import { setBoardCover } from '../../api/pinEdits';
import type { PinThumb } from '../../api/generated/graphql';
import { useCoverChoices } from '../../api/pinLists';
import { useShowNsfw } from '../../lib/nsfw';
import { EmptyState } from '../EmptyState';
import { DialogForm, DialogLoading } from './DialogForm';

const TITLE = 'Change cover';

export function CoverPickerModal({ board, onClose }: { board: { id: string; cover1: { id: string } | null }; onClose: () => void }) {
  const { pins, error, isLoading } = useCoverChoices(board.id);
  if (!pins) return <DialogLoading title={TITLE} failed={Boolean(error) || !isLoading} onClose={onClose} />;
  return <CoverPicker boardId={board.id} pins={pins} currentId={board.cover1?.id ?? null} onClose={onClose} />;
}

function CoverPicker({
  boardId,
  pins,
  currentId,
  onClose,
}: {
  boardId: string;
  pins: readonly PinThumb[];
  currentId: string | null;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(() => Math.max(0, pins.findIndex((pin) => pin.id === currentId)));
  const [showNsfw] = useShowNsfw();
  const revalidateAll = useRevalidateAll();
  const save = useMutation(setBoardCover);
  const pin = pins[index];
  const step = (by: number) => setIndex((at) => (at + by + pins.length) % pins.length);

  const submit = async () => {
    if (!pin || !(await save.run(boardId, pin.id))) return;
    onClose();
    await revalidateAll();
  };

  return (
    <DialogForm
      title={TITLE}
      onClose={onClose}
      onSubmit={submit}
      errors={save.errors}
      pending={save.pending}
      submitLabel="Select"
      disabled={!pin}
    >
      {pin ? (
        <figure className="cover-picker">
          <div className="cover-picker__picture" style={{ backgroundColor: pin.dominantColor }}>
            {pin.unsafe && !showNsfw ? (
              <div className="pin-image__blank" role="img" aria-label="NSFW picture hidden" />
            ) : (
              <img className="cover-picker__img" src={pin.preview2x} alt={pin.title || pin.caption} />
            )}
          </div>
          <figcaption className="cover-picker__nav">
            <button type="button" className="button button--ghost button--small" onClick={() => step(-1)}>
              Previous
            </button>
            <span>{`${index + 1} / ${pins.length}`}</span>
            <button type="button" className="button button--ghost button--small" onClick={() => step(1)}>
              Next
            </button>
          </figcaption>
        </figure>
      ) : (
        <EmptyState>No pins...</EmptyState>
      )}
    </DialogForm>
  );
}
