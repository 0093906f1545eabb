// The browser button: a bookmarklet that collects a page's pictures inline (it loads no script
// from the instance, so pages with a strict Content-Security-Policy work too) and opens the
// instance's 'Pin it from the web' screen with them in the address's fragment, which never
// reaches a server.

import { PIN_IT_PATH } from './paths';

/** A picture found on a page; its size when the page knows it (a loaded <img>). */
export interface FoundPicture {
  src: string;
  alt?: string;
  width?: number;
  height?: number;
}

/** What the browser button sends to '/pin-it/'. */
export interface PagePictures {
  url: string;
  title: string;
  text: string;
  pictures: FoundPicture[];
}

/** Pictures smaller than this on either side (icons, spacers, avatars) are left out. */
export const MIN_PICTURE_SIDE = 200;

/**
 * Runs in the page (as `javascript:(collect)(...)`), so it must not use anything outside
 * itself: the bundler's helpers included (no classes, no async, no object spread).
 */
function collect(pinItAddress: string, minSide: number): void {
  const seen: Record<string, boolean> = {};
  const pictures: { src: string; alt?: string; width?: number; height?: number }[] = [];
  const absolute = (address: string | null | undefined) => {
    try {
      return address ? new URL(address.trim(), document.baseURI).href : null;
    } catch {
      return null;
    }
  };
  const add = (address: string | null | undefined, alt?: string, width?: number, height?: number) => {
    const src = absolute(address);
    if (!src || !/^https?:/.test(src) || seen[src]) return;
    if (width && height && (width < minSide || height < minSide)) return;
    seen[src] = true;
    const picture: { src: string; alt?: string; width?: number; height?: number } = { src: src };
    if (alt) picture.alt = alt.trim().slice(0, 200);
    if (width && height) {
      picture.width = Math.round(width);
      picture.height = Math.round(height);
    }
    pictures.push(picture);
  };
  /** The largest candidate of a srcset ('a.jpg 400w, b.jpg 800w' or 'a.jpg, b.jpg 2x'). */
  const largest = (srcset: string | null) => {
    let best: { src: string; rank: number } | null = null;
    for (const part of (srcset || '').split(/,\s+/)) {
      const words = part.trim().split(/\s+/);
      const rank = parseFloat(words[1] || '1') || 0;
      if (words[0] && (!best || rank > best.rank)) best = { src: words[0], rank: rank };
    }
    return best ? best.src : null;
  };

  const metas = document.querySelectorAll<HTMLMetaElement>(
    'meta[property="og:image"], meta[property="og:image:url"], meta[property="og:image:secure_url"], ' +
      'meta[name="twitter:image"], meta[name="twitter:image:src"], meta[property="twitter:image"]',
  );
  for (const meta of Array.from(metas)) add(meta.content);

  // An <img>: its largest candidate (measured later, on the instance's screen, when it is not
  // the one the page loaded), else the loaded picture with its size.
  for (const img of Array.from(document.images)) {
    const shown = img.currentSrc || img.src;
    const candidates = [img.getAttribute('srcset')];
    const parent = img.parentElement;
    if (parent && parent.tagName === 'PICTURE') {
      for (const source of Array.from(parent.querySelectorAll('source'))) candidates.push(source.getAttribute('srcset'));
    }
    const best = largest(candidates.filter(Boolean).join(', '));
    const bestAddress = absolute(best);
    if (bestAddress && bestAddress !== shown) add(bestAddress, img.alt);
    else add(shown, img.alt, img.naturalWidth, img.naturalHeight);
  }

  // CSS background pictures (of the first 20,000 elements: a page's own size, not a log's).
  for (const element of Array.from(document.querySelectorAll('body *')).slice(0, 20000)) {
    const background = getComputedStyle(element).backgroundImage;
    if (!background || background === 'none') continue;
    const urls = background.match(/url\((['"]?)(.*?)\1\)/g) || [];
    for (const match of urls) add(match.replace(/^url\((['"]?)(.*?)\1\)$/, '$2'));
  }

  const found = {
    url: location.href,
    title: document.title,
    text: String(window.getSelection() || '').trim(),
    pictures: pictures,
  };
  const address = pinItAddress + '#' + encodeURIComponent(JSON.stringify(found));
  const opened = window.open(address, 'corkboard-pin-it', 'width=960,height=800');
  if (!opened) location.href = address;
}

/** The bookmarklet for the instance at `instanceUrl` (its public address, without a trailing slash). */
export function bookmarkletHref(instanceUrl: string): string {
  const pinIt = `${instanceUrl.replace(/\/+$/, '')}${PIN_IT_PATH}`;
  const code = `(${collect.toString()})(${JSON.stringify(pinIt)},${MIN_PICTURE_SIDE});void 0`;
  // A browser percent-decodes a javascript: address before running it.
  return `javascript:${encodeURIComponent(code)}`;
}
