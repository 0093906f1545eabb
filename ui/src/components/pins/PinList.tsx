// A pin list as the pages show it (spec, section 2): the masonry grid of tiles linking to
// '{base}pins/{id}/' with the page's query string, the next page loaded when the bottom of the
// page comes near, and 'No pins...' when there are none (or what the page offers instead: the
// owner's next step).

import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { GENERIC_ERROR } from '../../api/errors';
import type { PinListState } from '../../api/pinLists';
import { t } from '../../i18n';
import { pinPathUnder } from '../../lib/paths';
import { QueryError } from '../../pages/QueryError';
import { EmptyState } from '../EmptyState';
import { PinGrid, PinTile } from './PinGrid';
import './PinGrid.css';

/** How far below the screen the next page starts loading. */
const LOAD_AHEAD = '800px';

export function PinList({ list, base, empty }: { list: PinListState; base: string; empty?: ReactNode }) {
  const { search } = useLocation();

  if (list.error && list.pins.length === 0) return <QueryError error={list.error} />;
  if (list.isLoading) {
    return (
      <p className="user-page__loading" aria-busy="true">
        {t('pinList.loading', 'Loading...')}
      </p>
    );
  }
  // A list that read pins it may not show (the 'Following' feed) may have none yet and more.
  const none = list.pins.length === 0 && !list.hasMore;
  if (none) return empty ?? <EmptyState>{t('pinList.noPins', 'No pins...')}</EmptyState>;

  return (
    <>
      <PinGrid
        pins={list.pins}
        label={t('pinList.pins', 'Pins')}
        renderTile={(pin, _index, columnWidth, firstScreen) => (
          <PinTile pin={pin} href={pinPathUnder(base, pin.id, search)} columnWidth={columnWidth} firstScreen={firstScreen} />
        )}
      />
      {list.hasMore ? (
        <MoreSentinel key={`${list.pins.length} ${list.loadingMore}`} onVisible={list.loadMore} />
      ) : null}
      {list.loadingMore ? (
        <p className="pin-list__status" aria-busy="true">
          {t('pinList.loading', 'Loading...')}
        </p>
      ) : null}
      {list.error ? (
        <p className="pin-list__status" role="alert">
          {GENERIC_ERROR}
        </p>
      ) : null}
    </>
  );
}

/**
 * Calls `onVisible` when it comes within LOAD_AHEAD of the screen. Keyed by the list's length and
 * whether a page is loading, it is made anew after each page, even one that brought no pins: a
 * sentinel still in view asks for the next one at once.
 */
function MoreSentinel({ onVisible }: { onVisible: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const onVisibleRef = useRef(onVisible);
  onVisibleRef.current = onVisible;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisibleRef.current();
      },
      { rootMargin: `0px 0px ${LOAD_AHEAD} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return <div ref={ref} className="pin-list__sentinel" aria-hidden="true" />;
}
