// Text carried in a query parameter as base64 of its UTF-8 bytes (the scan route's `url`).

export function encodeBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The text back, or null when `value` is not base64 of UTF-8. */
export function decodeBase64(value: string): string | null {
  try {
    // A '+' typed by hand in a query string arrives as a space.
    const binary = atob(value.replace(/ /g, '+'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}
