// Where to go after signing in: the `next` query parameter when it is a path of this app.

/**
 * `next` when it is a same-origin path ('/profile/'), else `fallback`. Anything that could leave
 * the app ('//evil.example', 'https://...', '/\\evil') is ignored.
 */
export function safeNext(next: string | null, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  try {
    const url = new URL(next, window.location.origin);
    if (url.origin !== window.location.origin) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
