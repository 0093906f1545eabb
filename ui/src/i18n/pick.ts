// Which language the UI speaks, from what the browser says: the `locale` cookie when it names a
// language there is a catalog for (the footer's switch and the profile's choice set it; the
// server reads the same cookie), else the best match of the browser's languages, else English.
// No side effects: index.html's first script (early.ts) uses it to fetch the catalog ahead.

/** The cookie naming the reader's chosen language. */
export const LOCALE_COOKIE = 'locale';

/** The value of the cookie `name` in `cookies` (document.cookie's form), or null. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** `tag`'s spelling in `codes` ('fr' for 'FR'), or null. */
function known(codes: readonly string[], tag: string): string | null {
  const lower = tag.toLowerCase();
  return codes.find((code) => code.toLowerCase() === lower) ?? null;
}

/**
 * The language of `codes` to speak: the cookie's, else the first of `preferred` (the browser's
 * languages, most wanted first) that is one of them or whose base language is ('fr' for
 * 'fr-CA'), else 'en'.
 */
export function pickLocale(codes: readonly string[], cookies: string, preferred: readonly string[]): string {
  const chosen = cookieValue(cookies, LOCALE_COOKIE);
  const fromCookie = chosen ? known(codes, chosen) : null;
  if (fromCookie) return fromCookie;
  for (const tag of preferred) {
    const found = known(codes, tag) ?? known(codes, tag.split('-')[0] ?? '');
    if (found) return found;
  }
  return 'en';
}

/** The browser's languages, most wanted first. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/** Sets (or with null clears) the `locale` cookie for the whole site, for a year. */
export function setLocaleCookie(code: string | null): void {
  const value = code === null ? '; max-age=0' : `${encodeURIComponent(code)}; max-age=${365 * 24 * 60 * 60}`;
  document.cookie = `${LOCALE_COOKIE}=${value}; path=/; SameSite=Lax`;
}
