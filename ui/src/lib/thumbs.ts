// Pins' tiles in a grid: their boxes (sized from the pins' own proportions, a title line below
// when they have a title), which of them the first screen shows, and their pictures (the 236 px
// previews and their 2x, picked from previewsSizes as the server picks them, WebP when the pin has
// it). The URLs are built here from the pin's sha1, on the route the spec gives previews.
// PinGrid shows them; src/early.ts preloads the first screen's pictures.

import type { PinThumb } from '../api/generated/graphql';
import { masonry, THUMB_WIDTH, type Layout } from './masonry';

/** A tile's pin; one seen through a share link carries its token, which its pictures' addresses
 * carry too (`?share=`), so that the server serves them to the link's holder. */
export type Thumb = PinThumb & { share?: string };

/** The title line's height, as PinGrid.css gives it. */
const TITLE_HEIGHT = 32;
/** Very tall pictures are cropped to three times their width. */
const MAX_RATIO = 3;

/** A tile's picture box height for a width of 1. */
export const ratioOf = (pin: Thumb) => Math.min(MAX_RATIO, pin.height / Math.max(1, pin.width));

/** The tiles of `pins` laid out in a grid `width` pixels wide. */
export function tileLayout(width: number, pins: readonly Thumb[]): Layout {
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

/** Where the server serves previews (spec, section 3): .../{sha1[0..2]}/{sha1[2..4]}/{sha1}/{sha1}_{width}.{format}. */
const PREVIEWS = '/media/previews';

/** The smallest stored preview width at least `min`, else the largest (as the server's `preview(minWidth)`). */
function previewWidth(pin: Thumb, min: number): number {
  return pin.previewsSizes.find((size) => size >= min) ?? pin.previewsSizes.at(-1) ?? pin.width;
}

/** The URL of the pin's stored preview `width` pixels wide. */
function urlOf({ sha1, share }: Thumb, width: number, format: 'jpeg' | 'webp'): string {
  const shared = share ? `?share=${encodeURIComponent(share)}` : '';
  return `${PREVIEWS}/${sha1.slice(0, 2)}/${sha1.slice(2, 4)}/${sha1}/${sha1}_${width}.${format}${shared}`;
}

/** The URL of the pin's smallest preview at least `minWidth` wide, else its largest. */
export function previewUrl(pin: Thumb, minWidth: number, format: 'jpeg' | 'webp' = 'jpeg'): string {
  return urlOf(pin, previewWidth(pin, minWidth), format);
}

/** `url1 236w, url2 474w`: the tile's preview for 1x and for 2x screens, in `format`. */
export function srcSet(pin: Thumb, format: 'jpeg' | 'webp'): string {
  const [w1, w2] = [previewWidth(pin, THUMB_WIDTH), previewWidth(pin, THUMB_WIDTH * 2)];
  const oneX = `${urlOf(pin, w1, format)} ${w1}w`;
  return w1 === w2 ? oneX : `${oneX}, ${urlOf(pin, w2, format)} ${w2}w`;
}

/** The srcset and type the browser picks a tile's picture from (the first `<source>` it takes). */
export function tileSource(pin: Thumb): { srcSet: string; type: string } {
  return hasWebp(pin.previewsFormats)
    ? { srcSet: srcSet(pin, 'webp'), type: 'image/webp' }
    : { srcSet: srcSet(pin, 'jpeg'), type: 'image/jpeg' };
}
