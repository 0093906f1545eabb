// Every path of the app's pages (spec, section 2), for links and navigation alike. Usernames,
// slugs, ids and query values are URI-encoded here, and nowhere else.

import { encodeBase64 } from './base64';

const seg = encodeURIComponent;

export const HOME_PATH = '/';
export const LOGIN_PATH = '/login/';
export const SIGNUP_PATH = '/signup/';
export const START_PASSWORD_RESET_PATH = '/start_password_reset';
export const PASSWORD_RESET_PATH = '/password_reset';
export const VERIFY_EMAIL_PATH = '/verifie_email';
export const PROFILE_PATH = '/profile/';
export const ADMIN_PATH = '/admin/';
export const SEARCH_PATH = '/search/';
export const PIN_IT_PATH = '/pin-it/';
export const BROWSER_BUTTON_PATH = '/browser-button/';

/** The login page that brings the user back to `next` afterwards. */
export function loginPath(next: string): string {
  return `${LOGIN_PATH}?next=${seg(next)}`;
}

/** The search page for what was typed: a lone '#tag' searches the tag, nothing gives the prompt. */
export function searchPath(typed: string): string {
  const text = typed.trim();
  const tag = /^#+([^\s#]+)$/.exec(text)?.[1];
  if (tag) return tagPath(tag);
  return text ? `${SEARCH_PATH}?query=${seg(text)}` : SEARCH_PATH;
}

/** The search page for `typed` among the pins of the board `boardId`. */
export function boardSearchPath(typed: string, boardId: string): string {
  return `${SEARCH_PATH}?${new URLSearchParams({ query: typed.trim(), board: boardId })}`;
}

/** The search page listing the pins of `tag`. */
export function tagPath(tag: string): string {
  return `${SEARCH_PATH}?tag=${seg(tag)}`;
}

/** The scan page for the web page at `url`, keeping the board to preselect. */
export function scanPath(url: string, targetBoardID: string | null): string {
  return `/scan/?${new URLSearchParams({ url: encodeBase64(url), targetBoardID: targetBoardID ?? '' })}`;
}

/** The user page of `username`. */
export function userPath(username: string): string {
  return `/${seg(username)}/`;
}

export function userPinsPath(username: string): string {
  return `${userPath(username)}pins/`;
}

export function boardsPath(username: string): string {
  return `${userPath(username)}boards/`;
}

export function foldersPath(username: string): string {
  return `${userPath(username)}folders/`;
}

export function folderPath(username: string, folderSlug: string): string {
  return `${foldersPath(username)}${seg(folderSlug)}/`;
}

/** A board's page: under its folder when `folderSlug` is given, else under the user's boards. */
export function boardPath(username: string, boardSlug: string, folderSlug?: string | null): string {
  return `${folderSlug ? `${folderPath(username, folderSlug)}boards/` : boardsPath(username)}${seg(boardSlug)}/`;
}

/** A board opened through a share link; its pins are at '{sharedPath}pins/{id}/'. */
export function sharedPath(token: string): string {
  return `/shared/${seg(token)}/`;
}

/** A pin's detail in the list whose base is `base` ('{base}pins/{id}/'), with the list's query string. */
export function pinPathUnder(base: string, id: string, search = ''): string {
  return `${base}pins/${seg(id)}/${search}`;
}

/** The same pin's lightbox. */
export function lightboxPathUnder(base: string, id: string, search = ''): string {
  return `${base}pins/${seg(id)}/lightbox/${search}`;
}

/** The pin detail screen reached from anywhere but a list: its neighbours are the Last pins. */
export function pinPath(id: string): string {
  return pinPathUnder(HOME_PATH, id);
}

/** One of the user's pins as the clones dialog links it (spec: /{username}/pins/{id}). */
export function userPinPath(username: string, id: string): string {
  return `${userPinsPath(username)}${seg(id)}`;
}

/** The Atom feed of the pins of `username` that anyone may see. */
export function userFeedPath(username: string): string {
  return `/feeds/users/${seg(username)}.atom`;
}

/** The Atom feed of a public board's pins. */
export function boardFeedPath(username: string, boardSlug: string): string {
  return `/feeds/users/${seg(username)}/boards/${seg(boardSlug)}.atom`;
}

/** The Atom feed of a share link's board, as secret as the link. */
export function sharedFeedPath(token: string): string {
  return `/feeds/shared/${seg(token)}.atom`;
}
