// Pins' tiles in a grid: their boxes (sized from the pins' own proportions, a title line below
// when they have a title), which of them the first screen shows, and their pictures (the 236 px
// previews and their 2x as srcset widths taken from previewsSizes, WebP when the pin has it).
// PinGrid shows them; src/early.ts preloads the first screen's pictures.

import type { PinThumb } from '../api/generated/graphql';
import { masonry, THUMB_WIDTH, type Layout } from './masonry';

/** The title line's height, as PinGrid.css gives it. */
const TITLE_HEIGHT = 32;
/** Very tall pictures are cropped to three times their width. */
const MAX_RATIO = 3;

/** A tile's picture box height for a width of 1. */
export const ratioOf = (pin: PinThumb) => Math.min(MAX_RATIO, pin.height / Math.max(1, pin.width));

/** The tiles of `pins` laid out in a grid `width` pixels wide. */
export function tileLayout(width: number, pins: readonly PinThumb[]): Layout {
  return masonry(
    width,
    pins.map(ratioOf),
    pins.map((pin) => (pin.title ? TITLE_HEIGHT : 0)),
  );
}

/** Whether a box `y` pixels down a grid shows on the first screen (the grid starts below the top). */
export function onFirstScreen(y: number): boolean {
  return y < window.innerHeight;
}

/** Whether WebP previews are stored beside the JPEG ones. */
export function hasWebp(previewsFormats: readonly string[]): boolean {
  return previewsFormats.some((format) => format.toLowerCase().includes('webp'));
}

/** `url1 236w, url2 472w`: the widths of the previews the server picked for 1x and 2x. */
export function srcSet(pin: PinThumb, oneX: string, twoX: string): string {
  const widthFor = (min: number) => pin.previewsSizes.find((size) => size >= min) ?? pin.previewsSizes.at(-1) ?? min;
  const [w1, w2] = [widthFor(THUMB_WIDTH), widthFor(THUMB_WIDTH * 2)];
  return w1 === w2 ? `${oneX} ${w1}w` : `${oneX} ${w1}w, ${twoX} ${w2}w`;
}

/** The srcset and type the browser picks a tile's picture from (the first `<source>` it takes). */
export function tileSource(pin: PinThumb): { srcSet: string; type: string } {
  return hasWebp(pin.previewsFormats)
    ? { srcSet: srcSet(pin, pin.webp, pin.webp2x), type: 'image/webp' }
    : { srcSet: srcSet(pin, pin.preview, pin.preview2x), type: 'image/jpeg' };
}
