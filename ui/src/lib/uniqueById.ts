// Lists gathered from several answers (a page, boards read by id, what a search found), each
// item once.

/** `items` with each id once, where it first comes. */
export function uniqueById<T extends { id: string }>(items: readonly T[]): T[] {
  return [...new Map(items.map((item) => [item.id, item])).values()];
}
