// The boards the pin forms offer (spec, sections 4 and 5), read so that opening a form costs the
// same whatever the number of boards: the viewer's first 50 boards (more when asked), the boards
// the form starts from read by id (recent ones, the preselected one, the last pin's), and 'Find a
// board' asked of the server. A board chosen from what was found stays offered.

import { useState } from 'react';
import { BoardsByIdsDocument, MyBoardsDocument, MyBoardsMatchingDocument, type PinBoardChoice } from './generated/graphql';
import { usePages, useQuery, type PageControls } from './query';
import { byRecentUse } from '../lib/pinMemory';
import { uniqueById } from '../lib/uniqueById';
import { useDebounced } from '../lib/useDebounced';

/** The most boards the server reads by id at once (`MOST_BOARDS_BY_ID` in src/graphql/boards.rs). */
const BY_ID_MAX = 100;
/** How long typing must pause before 'Find a board' asks the server. */
const FIND_DELAY_MS = 150;

/** What `me.boards` stands for without a signed-in viewer. */
const EMPTY_PAGE = { totalCount: 0, pageInfo: { hasNextPage: false, endCursor: null }, edges: [] };

export interface BoardChoiceList extends Pick<PageControls, 'hasMore' | 'loadingMore' | 'loadMore'> {
  /** Both the first page and the boards asked by id have come. */
  ready: boolean;
  failed: boolean;
  /** The signed-in viewer's id, once known. */
  meId: string | null;
  /** How many boards the viewer has. */
  total: number;
  /** The viewer's own boards among those asked by id, by id. */
  byId: ReadonlyMap<string, PinBoardChoice>;
  /** With nothing typed: those kept, then those the form starts from (recent ones first), then the pages loaded. */
  offered: PinBoardChoice[];
  /** What 'Find a board' holds. */
  find: string;
  setFind: (find: string) => void;
  /** The boards matching `find`, or null while nothing is typed or the answer has not come. */
  found: PinBoardChoice[] | null;
  /** Keeps a board offered first (one made from the form, or chosen from those found). */
  keep: (board: PinBoardChoice) => void;
}

/** A board and its owner. */
type Owned = PinBoardChoice & { user: { id: string } };

/**
 * The viewer's boards for a pin form that starts from the boards `ids` (read by id) and `start`
 * (already read, e.g. the pin's boards): of those, the viewer's own.
 */
export function useBoardChoiceList(ids: readonly string[], start: readonly Owned[] = []): BoardChoiceList {
  const [askedIds] = useState(() => [...new Set(ids)].slice(0, BY_ID_MAX));
  const [kept, setKept] = useState<PinBoardChoice[]>([]);
  const [find, setFind] = useState('');
  const pages = usePages(MyBoardsDocument, {}, (d) => d.me?.boards ?? EMPTY_PAGE);
  const asked = useQuery(BoardsByIdsDocument, { ids: askedIds }, { revalidateOnMount: true });
  const wanted = useDebounced(find.trim(), FIND_DELAY_MS);
  const matching = useQuery(MyBoardsMatchingDocument, wanted ? { search: wanted } : null);

  const meId = asked.data?.me?.id ?? null;
  const own = (asked.data?.boards ?? []).filter((board) => board.user.id === meId);
  const byId = new Map<string, PinBoardChoice>(own.map((board) => [board.id, board]));
  const ownStart = start.filter((board) => board.user.id === meId);
  const listed = pages.pages.flatMap((page) => page.edges.map((edge) => edge.node));
  const offered = uniqueById([...kept, ...byRecentUse(uniqueById([...ownStart, ...own])), ...listed]);
  const answered = find.trim() !== '' && wanted === find.trim();
  const found = answered ? (matching.data?.me?.boardsMatching ?? null) : null;

  return {
    ready: pages.pages.length > 0 && asked.data !== undefined,
    failed: Boolean(pages.error || asked.error),
    meId,
    total: pages.pages[0]?.totalCount ?? 0,
    byId,
    offered,
    hasMore: pages.hasMore,
    loadingMore: pages.loadingMore,
    loadMore: pages.loadMore,
    find,
    setFind,
    found,
    keep: (board) => setKept((was) => [board, ...was.filter((other) => other.id !== board.id)]),
  };
}
