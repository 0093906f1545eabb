// Hides a fixed bar while the page scrolls down past a threshold and shows it again on the
// way up (spec: the header hides past 55 px).

import { useCallback, useEffect, useState } from 'react';

export const HEADER_HIDE_THRESHOLD = 55;

/** Returns whether the bar should be hidden, and a function to show it again (e.g. on focus). */
export function useHideOnScroll(threshold = HEADER_HIDE_THRESHOLD): [hidden: boolean, reveal: () => void] {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    let lastY = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y <= threshold) setHidden(false);
      else if (y > lastY) setHidden(true);
      else if (y < lastY) setHidden(false);
      lastY = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);

  const reveal = useCallback(() => setHidden(false), []);
  return [hidden, reveal];
}
