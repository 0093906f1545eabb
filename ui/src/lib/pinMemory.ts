// What the create-pin form remembers in localStorage (spec, section 3): the last saved pin's
// title, caption, tags (space separated), board ids (';' separated) and NSFW flag, and the
// recently used board ids (';' separated, 20 at most); and the last board a pin was saved to, for
// 'Save' on a grid.

const KEYS = {
  title: 'corkboard.lastPin.title',
  caption: 'corkboard.lastPin.caption',
  tags: 'corkboard.lastPin.tags',
  boards: 'corkboard.lastPin.boards',
  unsafe: 'corkboard.lastPin.unsafe',
  recentBoards: 'corkboard.recentBoards',
  lastBoard: 'corkboard.lastBoard',
} as const;

const RECENT_BOARDS_MAX = 20;

export interface LastPin {
  title: string;
  caption: string;
  /** Space separated. */
  tags: string;
  boards: string[];
  unsafe: boolean;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled: nothing remembered
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembered, but nothing to tell the user.
  }
}

const ids = (text: string | null): string[] => (text ?? '').split(';').filter(Boolean);

/** The last saved pin, or null before the first one. */
export function readLastPin(): LastPin | null {
  const caption = read(KEYS.caption);
  if (caption === null) return null;
  return {
    title: read(KEYS.title) ?? '',
    caption,
    tags: read(KEYS.tags) ?? '',
    boards: ids(read(KEYS.boards)),
    unsafe: read(KEYS.unsafe) === 'true',
  };
}

/** Board ids, most recently used first. */
export function readRecentBoards(): string[] {
  return ids(read(KEYS.recentBoards));
}

/** The recently used boards first, most recent first; the others after, in their own order. */
export function byRecentUse<B extends { id: string }>(boards: readonly B[]): B[] {
  const recent = readRecentBoards();
  const rank = (board: B) => {
    const at = recent.indexOf(board.id);
    return at === -1 ? recent.length : at;
  };
  return [...boards].sort((a, b) => rank(a) - rank(b));
}

/** Remembers a saved pin, and puts its boards at the head of the recent ones. */
export function rememberPin(pin: LastPin): void {
  write(KEYS.title, pin.title);
  write(KEYS.caption, pin.caption);
  write(KEYS.tags, pin.tags);
  write(KEYS.boards, pin.boards.join(';'));
  write(KEYS.unsafe, String(pin.unsafe));
  const recent = [...pin.boards, ...readRecentBoards().filter((id) => !pin.boards.includes(id))];
  write(KEYS.recentBoards, recent.slice(0, RECENT_BOARDS_MAX).join(';'));
}

/** The last board a pin was saved to: what 'Save' on a grid offers. */
export interface LastBoard {
  id: string;
  title: string;
  href: string;
}

export function readLastBoard(): LastBoard | null {
  try {
    const board = JSON.parse(read(KEYS.lastBoard) ?? 'null') as LastBoard | null;
    return board && typeof board.id === 'string' && typeof board.title === 'string' && typeof board.href === 'string' ? board : null;
  } catch {
    return null;
  }
}

/** Remembers the board a pin was just saved to, and puts it at the head of the recent ones. */
export function rememberLastBoard(board: LastBoard): void {
  write(KEYS.lastBoard, JSON.stringify(board));
  const recent = [board.id, ...readRecentBoards().filter((id) => id !== board.id)];
  write(KEYS.recentBoards, recent.slice(0, RECENT_BOARDS_MAX).join(';'));
}
