// What the pin detail screen and the lightbox share: the pin of the route, asked in the shape
// of its list; going to its previous and next pins by key, swipe or link; its neighbours
// fetched ahead once it is shown (next, then previous).

import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { usePinDetail, usePrefetchPins } from '../../api/pinDetail';
import { pinTitle, usePageTitle } from '../../lib/pageTitle';
import { usePinRoute, type PinRoute } from '../../lib/pinContext';
import { useSwipe, useViewerKeys } from '../../lib/viewerInput';

interface ViewerOptions {
  /** The path a neighbour opens at (its detail, or its lightbox). */
  pathOf: (route: PinRoute, id: string) => string;
  /** Where Escape (and a swipe down, when given) goes. */
  closePath: (route: PinRoute) => string;
  swipeDownCloses?: boolean;
  /** Moves replace the history entry instead of adding one. */
  replace?: boolean;
}

export function usePinViewer({ pathOf, closePath, swipeDownCloses = false, replace = false }: ViewerOptions) {
  const route = usePinRoute();
  const detail = usePinDetail(route.context, route.pinID);
  const navigate = useNavigate();
  const prefetch = usePrefetchPins();
  const nextID = detail.pin?.nextID ?? null;
  const prevID = detail.pin?.prevID ?? null;
  usePageTitle(detail.pin ? pinTitle(detail.pin, detail.pin.user.username) : null);

  useEffect(() => {
    if (nextID || prevID) prefetch(route.context, [nextID, prevID]);
  }, [prefetch, route.context, nextID, prevID]);

  const go = (id: string | null) => {
    if (id) void navigate(pathOf(route, id), { replace });
  };
  const actions = {
    next: () => go(nextID),
    previous: () => go(prevID),
    close: () => void navigate(closePath(route), { replace }),
  };
  useViewerKeys(actions);
  const swipe = useSwipe({ left: actions.next, right: actions.previous, down: swipeDownCloses ? actions.close : undefined });

  return { route, ...detail, ...actions, swipe };
}
