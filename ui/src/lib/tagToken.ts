// The tag being typed in a tags field: the text after the last space or '#' (spec, section 5:
// tags are split on spaces and #), and the field with that tag completed.

/** The tag being typed ('' after a separator) and the text before it. */
export function currentTag(text: string): { token: string; before: string } {
  const at = text.search(/[^\s#]*$/);
  return { token: text.slice(at), before: text.slice(0, at) };
}

/** `text` with the tag being typed replaced by `tag`, and a space to start the next one. */
export function completeTag(text: string, tag: string): string {
  return `${currentTag(text).before}${tag} `;
}
