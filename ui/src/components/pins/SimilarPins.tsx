// "More like this" under a pin's detail (issue 77): a strip of the first pins that look or read
// alike, and 'See more' opening them all in the grid, loaded page after page as it scrolls.
// Nothing shows while they load, when the request fails, or when there are none.

import { useId, useState } from 'react';
import { useSimilarPins } from '../../api/similarPins';
import { t } from '../../i18n';
import { HOME_PATH, pinPathUnder } from '../../lib/paths';
import { PinTile } from './PinGrid';
import { PinList } from './PinList';
import './SimilarPins.css';

/** How many pins the strip shows before 'See more', and how wide each (SimilarPins.css). */
const STRIP = 8;
const TILE_WIDTH = 180;

export function SimilarPins({ pinId }: { pinId: string }) {
  const list = useSimilarPins(pinId);
  const [expanded, setExpanded] = useState(false);
  const heading = useId();

  if (list.pins.length === 0) return null;

  return (
    <section className="similar-pins" aria-labelledby={heading}>
      <h2 id={heading} className="similar-pins__heading">
        {t('similarPins.title', 'More like this')}
      </h2>
      {expanded ? (
        <PinList list={list} base={HOME_PATH} />
      ) : (
        <>
          <ul className="similar-pins__strip" aria-label={t('similarPins.strip', 'Pins like this one')}>
            {list.pins.slice(0, STRIP).map((pin) => (
              <li key={pin.id} className="similar-pins__item">
                <PinTile pin={pin} href={pinPathUnder(HOME_PATH, pin.id)} columnWidth={TILE_WIDTH} firstScreen={false} />
              </li>
            ))}
          </ul>
          {list.pins.length > STRIP || list.hasMore ? (
            <button type="button" className="button button--ghost similar-pins__more" onClick={() => setExpanded(true)}>
              {t('similarPins.seeMore', 'See more')}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
