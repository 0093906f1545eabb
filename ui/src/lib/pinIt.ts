// What the browser button brought to '/pin-it/': read once from the address's fragment, then
// kept in the tab's session storage, so that it survives signing in and reloading.

import type { FoundPicture, PagePictures } from './bookmarklet';

const STORAGE_KEY = 'corkboard.pinIt';
/** More pictures than any page worth pinning from shows; the rest are left out. */
const MAX_PICTURES = 500;

const isWebAddress = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\//i.test(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const side = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined);

/** The page's pictures from untrusted JSON (anyone can link to '/pin-it/#...'), or null. */
function parsePagePictures(json: string): PagePictures | null {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const found = raw as Record<string, unknown>;
  if (!isWebAddress(found.url) || !Array.isArray(found.pictures)) return null;
  const pictures: FoundPicture[] = found.pictures
    .filter((picture): picture is Record<string, unknown> => typeof picture === 'object' && picture !== null)
    .filter((picture) => isWebAddress(picture.src))
    .slice(0, MAX_PICTURES)
    .map((picture) => ({
      src: picture.src as string,
      alt: text(picture.alt) || undefined,
      width: side(picture.width),
      height: side(picture.height),
    }));
  return { url: found.url, title: text(found.title), text: text(found.text), pictures };
}

/**
 * The page's pictures: from `hash` when the browser button just sent them (then remembered for
 * this tab), else the ones remembered.
 */
export function takePagePictures(hash: string): PagePictures | null {
  const sent = hash.replace(/^#/, '');
  if (sent) {
    let json: string;
    try {
      json = decodeURIComponent(sent);
    } catch {
      return null;
    }
    const found = parsePagePictures(json);
    if (found) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(found));
    return found;
  }
  const kept = sessionStorage.getItem(STORAGE_KEY);
  return kept ? parsePagePictures(kept) : null;
}
