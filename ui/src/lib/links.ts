// Turning what users typed in their profile into links that are safe to follow.

/**
 * An http(s) URL for `value`: kept when it has that scheme, given `https://` when it has none,
 * null for any other scheme (javascript:, data:, ...) or an empty value.
 */
export function safeHref(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/+/, '')}`;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The link as a person reads it: no scheme, no trailing slash. */
export function displayUrl(href: string): string {
  return href.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}
