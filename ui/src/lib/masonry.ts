// The masonry grid's layout (spec, section 9): as many columns as come nearest to 236 px wide
// with 14 px gaps, never fewer than two, each box placed under the shortest column. Box heights
// come from the pins' own width and height, so the layout is known before any picture loads,
// and the boxes keep the list's order in the page (and for screen readers) whatever column
// they land in. Plain arithmetic, without React: src/early.ts lays out the first screen with it.

/** Grid column width (spec, section 9); the 2x previews are twice as wide. */
export const THUMB_WIDTH = 236;
const GAP = 14;
const MIN_COLUMNS = 2;

export interface Box {
  x: number;
  y: number;
  width: number;
}

export interface Layout {
  boxes: Box[];
  height: number;
  columnWidth: number;
}

/**
 * Places boxes of the given height ratios (height / width) in `width` pixels; `extra` is the
 * fixed height each box adds below its picture (e.g. a title line), per box.
 */
export function masonry(width: number, ratios: readonly number[], extra: readonly number[]): Layout {
  const columns = Math.max(MIN_COLUMNS, Math.round((width + GAP) / (THUMB_WIDTH + GAP)));
  const columnWidth = Math.max(0, (width - GAP * (columns - 1)) / columns);
  const heights = new Array<number>(columns).fill(0);
  const boxes = ratios.map((ratio, index) => {
    const column = heights.indexOf(Math.min(...heights));
    const y = heights[column] ?? 0;
    heights[column] = y + columnWidth * ratio + (extra[index] ?? 0) + GAP;
    return { x: column * (columnWidth + GAP), y, width: columnWidth };
  });
  return { boxes, height: Math.max(0, Math.max(...heights) - GAP), columnWidth };
}
