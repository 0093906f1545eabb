// The masonry grid's width (lib/masonry.ts lays the boxes out in it), followed as it changes.

import { useLayoutEffect, useState, type RefObject } from 'react';

/** The width a grid had last: a grid shown again starts with it, at its full height at once. */
let lastGridWidth = 0;

/**
 * The grid element's content width, followed as it changes. Starting from the last grid's width
 * lets the page be as tall as before on the first render, for the scroll going back to it.
 */
export function useGridWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(lastGridWidth);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      lastGridWidth = element.clientWidth;
      setWidth(lastGridWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
