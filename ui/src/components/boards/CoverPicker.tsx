// 'Change cover' (spec, section 4): the board's pins one at a time, from the current cover;
// Previous and Next go round; 'Select' makes the shown pin the board's cover. The pins come 50
// at a time as the person steps (going back from the first asks every page up to the last).

import { useEffect, useState } from 'react';
import { useRevalidateAll } from '../../api/cache';
import { GENERIC_ERROR } from '../../api/errors';
import { useMutation } from '../../api/mutation';
import { setBoardCover } from '../../api/pinEdits';
import { useCoverChoices, type CoverChoices } from '../../api/pinLists';
import { THUMB_WIDTH } from '../../lib/masonry';
import { useShowNsfw } from '../../lib/nsfw';
import { formatNumber, t } from '../../i18n';
import { previewUrl } from '../../lib/thumbs';
import { EmptyState } from '../EmptyState';
import { DialogForm, DialogLoading } from './DialogForm';

const title = () => t('coverPicker.title', 'Change cover');

export function CoverPickerModal({ board, onClose }: { board: { id: string; cover1: { id: string } | null }; onClose: () => void }) {
  const choices = useCoverChoices(board.id);
  const start = useStart(choices, board.cover1?.id ?? null);
  if (start === null) return <DialogLoading title={title()} failed={Boolean(choices.error)} onClose={onClose} />;
  return <CoverPicker boardId={board.id} choices={choices} start={start} onClose={onClose} />;
}

/** Where the picker starts: the current cover's place, found page after page; null until known. */
function useStart(choices: CoverChoices, currentId: string | null): number | null {
  const found = currentId === null ? -1 : choices.pins.findIndex((pin) => pin.id === currentId);
  const known = !choices.isLoading && (found !== -1 || currentId === null || choices.complete);
  const { loadMore } = choices;
  useEffect(() => {
    if (!known && !choices.isLoading && !choices.error) loadMore();
  }, [known, choices.isLoading, choices.error, choices.pins.length, loadMore]);
  return known ? Math.max(0, found) : null;
}

function CoverPicker({
  boardId,
  choices,
  start,
  onClose,
}: {
  boardId: string;
  choices: CoverChoices;
  start: number;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(start);
  const [showNsfw] = useShowNsfw();
  const revalidateAll = useRevalidateAll();
  const save = useMutation(setBoardCover);
  const count = choices.count ?? 0;
  const pin = choices.pins[index];

  const step = (by: number) => {
    if (count === 0) return;
    const next = (index + by + count) % count;
    setIndex(next);
    choices.reach(next);
  };

  const submit = async () => {
    if (!pin || !(await save.run(boardId, pin.id))) return;
    onClose();
    await revalidateAll();
  };

  return (
    <DialogForm
      title={title()}
      onClose={onClose}
      onSubmit={submit}
      errors={save.errors}
      pending={save.pending}
      submitLabel={t('coverPicker.select', 'Select')}
      disabled={!pin}
    >
      {count > 0 ? (
        <figure className="cover-picker">
          <div className="cover-picker__picture" style={{ backgroundColor: pin?.dominantColor }}>
            {!pin ? (
              <p className="cover-picker__loading" aria-busy={!choices.error}>
                {choices.error ? GENERIC_ERROR : t('coverPicker.loading', 'Loading...')}
              </p>
            ) : pin.unsafe && !showNsfw ? (
              <div className="pin-image__blank" role="img" aria-label={t('coverPicker.nsfwHidden', 'NSFW picture hidden')} />
            ) : (
              <img className="cover-picker__img" src={previewUrl(pin, 2 * THUMB_WIDTH)} alt={pin.title || pin.caption} />
            )}
          </div>
          <figcaption className="cover-picker__nav">
            <button type="button" className="button button--ghost button--small" onClick={() => step(-1)}>
              {t('coverPicker.previous', 'Previous')}
            </button>
            <span>
              {t('coverPicker.position', '{position} / {count}', {
                position: formatNumber(Math.min(index, count - 1) + 1),
                count: formatNumber(count),
              })}
            </span>
            <button type="button" className="button button--ghost button--small" onClick={() => step(1)}>
              {t('coverPicker.next', 'Next')}
            </button>
          </figcaption>
        </figure>
      ) : (
        <EmptyState>{t('coverPicker.noPins', 'No pins...')}</EmptyState>
      )}
    </DialogForm>
  );
}
