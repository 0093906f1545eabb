// index.html's first script, bundled on its own and small: while the app's script still loads,
// it asks the queries the page opens with (api/firstQueries.ts) and fetches the page's chunk; as
// soon as an answer comes it preloads the pictures the page shows first (a grid's first screen, a
// pin's picture), so that the page's largest paint waits neither for the app nor for its requests.
// It also fetches the catalog of the reader's language, when not English.

import { post, requestBody } from './api/client';
import { firstLoad, type AnyDocument, type FirstPage } from './api/firstQueries';
import {
  BoardPinsDocument,
  LastPinsDocument,
  SinglePinDocument,
  type BoardPins,
  type LastPins,
  type PinThumb,
  type SinglePin,
} from './api/generated/graphql';
import { browserLanguages, pickLocale } from './i18n/pick';
import { hasWebp, onFirstScreen, tileLayout, tileSource } from './lib/thumbs';

interface Picture {
  srcSet: string;
  type: string;
  sizes?: string;
}

/** A grid's width before the stylesheet applies: the page's gutters as global.css sets them. */
function gridWidth(): number {
  const screen = document.documentElement.clientWidth;
  const gutter = Math.min(32, Math.max(16, 0.03 * window.innerWidth));
  return Math.min(screen, 1320) - 2 * gutter;
}

/** The pictures of a grid's first screen, as PinGrid shows them (unsafe pins show none). */
function firstScreen(pins: readonly PinThumb[]): Picture[] {
  const layout = tileLayout(gridWidth(), pins);
  const sizes = `${Math.round(layout.columnWidth)}px`;
  return pins
    .filter((pin, index) => onFirstScreen(layout.boxes[index]?.y ?? Infinity) && !pin.unsafe)
    .map((pin) => ({ ...tileSource(pin), sizes }));
}

/** The pictures the page shows first, from the answer to `document`. */
function picturesIn(document: AnyDocument, data: unknown): Picture[] {
  if (document === LastPinsDocument) return firstScreen((data as LastPins).pins.edges.map((edge) => edge.node));
  if (document === BoardPinsDocument) return firstScreen((data as BoardPins).user.board.pins.edges.map((edge) => edge.node));
  if (document === SinglePinDocument) {
    const pin = (data as SinglePin).pin;
    if (!pin || pin.unsafe) return [];
    return [hasWebp(pin.previewsFormats) ? { srcSet: pin.previewWebp, type: 'image/webp' } : { srcSet: pin.preview, type: 'image/jpeg' }];
  }
  return [];
}

/** Fetches `picture` ahead, as the page's `<img>` will ask for it. */
function preload(picture: Picture): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.type = picture.type;
  link.imageSrcset = picture.srcSet;
  if (picture.sizes) link.imageSizes = picture.sizes;
  link.fetchPriority = 'high';
  document.head.append(link);
}

/** The scripts of `page`'s chunk, as build.mjs lists them in index.html. */
function chunksOf(page: FirstPage | null): string[] {
  const listed = document.getElementById('page-chunks')?.textContent;
  const chunks = (listed ? JSON.parse(listed) : {}) as Partial<Record<FirstPage, string[]>>;
  return page ? (chunks[page] ?? []) : [];
}

/** Fetches the script `chunk` ahead, as the app will import it. */
function preloadScript(chunk: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = chunk;
  document.head.append(link);
}

/**
 * The catalog of the reader's language (src/i18n/index.ts picks it the same way), which the app
 * loads before it renders; none for English. build.mjs lists each language's chunk.
 */
function catalogChunk(): string | null {
  const listed = document.getElementById('catalog-chunks')?.textContent;
  const chunks = (listed ? JSON.parse(listed) : {}) as Record<string, string>;
  const code = pickLocale(['en', ...Object.keys(chunks)], document.cookie, browserLanguages());
  document.documentElement.lang = code;
  return chunks[code] ?? null;
}

const catalog = catalogChunk();
if (catalog) preloadScript(catalog);
const { page, queries } = firstLoad(window.location.pathname);
for (const chunk of chunksOf(page)) preloadScript(chunk);
const answers = new Map<string, Promise<Response>>();
for (const [query, variables] of queries) {
  const body = requestBody(query, variables);
  const answer = post(body);
  answers.set(body, answer);
  answer
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((json: { data?: unknown } | null) => {
      if (json?.data) picturesIn(query, json.data).forEach(preload);
    })
    .catch(() => undefined);
}
window.corkboardEarlyAnswers = answers;
// For the page's first requests only: a page opened later asks afresh.
setTimeout(() => answers.clear(), 10_000);
