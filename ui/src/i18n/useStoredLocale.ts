// A signed-in user's chosen language (their profile's, `User.locale`) follows them to every
// browser they sign in on: when it differs from this browser's `locale` cookie, the cookie takes
// it and the page reloads once, in that language.

import { useEffect } from 'react';
import { languages, locale } from './index';
import { LOCALE_COOKIE, cookieValue, setLocaleCookie } from './pick';

/** Makes this browser follow `stored`, the viewer's chosen language (null or undefined: none chosen). */
export function useStoredLocale(stored: string | null | undefined): void {
  useEffect(() => {
    if (!stored || !languages.some((language) => language.code === stored)) return;
    if (cookieValue(document.cookie, LOCALE_COOKIE) === stored) return;
    setLocaleCookie(stored);
    // Only when the cookie took (never a reload after reload with cookies refused).
    if (stored !== locale && cookieValue(document.cookie, LOCALE_COOKIE) === stored) window.location.reload();
  }, [stored]);
}
