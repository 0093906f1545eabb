// Each page's document title, '{name} · Corkboard', in the words the server writes into
// index.html for the same address (src/http/titles.rs), so that the title does not change when
// the script starts. Pages whose route says their name give it in the route table (routes.tsx,
// `handle.title`); pages named by their data set it once the data is known (usePageTitle).

import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { t } from '../i18n';

/** The site's name, which ends every title. */
export const SITE_NAME = 'Corkboard';

/** How much of a caption names an untitled pin (as the server's CAPTION_START). */
const CAPTION_START = 60;

/** A route's name: a string ('' for the site's name alone), or one read from the query string. */
export type RouteTitle = string | ((params: URLSearchParams) => string);

/** The document title of a page called `name`; the site's name alone for ''. */
export function titleOf(name: string): string {
  return name ? `${name} · ${SITE_NAME}` : SITE_NAME;
}

/** Sets the document title while the page shows; `null` (not known yet) keeps the one there. */
export function usePageTitle(name: string | null): void {
  useEffect(() => {
    if (name !== null) document.title = titleOf(name);
  }, [name]);
}

/** Sets the title the deepest matching route names in its `handle.title`, if any. */
export function useRouteTitle(): void {
  const matches = useMatches();
  const { search } = useLocation();
  const handle = matches[matches.length - 1]?.handle as { title?: RouteTitle } | undefined;
  const title = handle?.title;
  const name = title === undefined ? null : typeof title === 'string' ? title : title(new URLSearchParams(search));
  usePageTitle(name);
}

/** The search page's name: '#{tag}', 'Search: {query}', or 'Search' for the prompt. */
export function searchTitle(params: URLSearchParams): string {
  const tag = params.get('tag');
  if (tag) return `#${tag}`;
  const query = params.get('query')?.trim();
  return query ? t('title.search', 'Search: {query}', { query }) : t('title.searchPrompt', 'Search');
}

/** '{pin title} · {username}': the title, else the caption's start, else 'Pin by {username}'. */
export function pinTitle(pin: { title?: string | null; caption?: string | null }, username: string): string {
  return `${pinName(pin, username)} · ${username}`;
}

function pinName(pin: { title?: string | null; caption?: string | null }, username: string): string {
  if (pin.title) return pin.title;
  const caption = (pin.caption ?? '').trim();
  if (!caption) return t('title.pinBy', 'Pin by {username}', { username });
  const chars = Array.from(caption);
  if (chars.length <= CAPTION_START) return caption;
  const start = chars.slice(0, CAPTION_START).join('');
  const space = Math.max(...[...start.matchAll(/\s/gu)].map((match) => match.index ?? -1), -1);
  return `${(space >= 0 ? start.slice(0, space) : start).trimEnd()}…`;
}

/** '{name} by {username}': a board's or a folder's title. */
export function ownedTitle(name: string, username: string): string {
  return t('title.owned', '{name} by {username}', { name, username });
}
