// A tile's picture: the 236 px previews and their 2x as srcset widths taken from previewsSizes,
// WebP when the pin has it. The grid shows them; src/early.ts preloads the first ones.

import type { PinThumb } from '../api/generated/graphql';

/** Grid column width (spec, section 9); the 2x previews are twice as wide. */
export const THUMB_WIDTH = 236;

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
