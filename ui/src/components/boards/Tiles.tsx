// Board and folder tiles for the grids: a cover mosaic (pin previews at 236 px, an unsafe pin
// blank as in the pin grid unless 'Show NSFW' is on, or a neutral tile with the initial while
// the board has no pins), the name, a count and a Private badge; and the grids, 50 tiles a page
// with a button for the next.

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TilePages } from '../../api/boards';
import { GENERIC_ERROR } from '../../api/errors';
import type { BoardSummary, Cover, FolderSummary } from '../../api/generated/graphql';
import { t } from '../../i18n';
import { useShowNsfw } from '../../lib/nsfw';
import { EmptyState } from '../EmptyState';
import './boards.css';

/** A soft background for a placeholder tile, stable for a given name. */
function tint(name: string): string {
  let hash = 0;
  for (const char of name.toLowerCase()) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) | 0;
  return `hsl(${Math.abs(hash) % 360} 28% 88%)`;
}

function initial(name: string): string {
  return (name.trim().codePointAt(0) !== undefined ? String.fromCodePoint(name.trim().codePointAt(0) ?? 63) : '?').toUpperCase();
}

function CoverImage({ cover, className }: { cover: Cover | null; className: string }) {
  const [showNsfw] = useShowNsfw();
  if (!cover) return <span className={`${className} tile-cover__blank`} aria-hidden="true" />;
  if (cover.unsafe && !showNsfw) return <span className={`${className} pin-image__blank`} aria-hidden="true" />;
  return <img className={`${className} tile-cover__img`} src={cover.preview} alt="" loading="lazy" decoding="async" />;
}

/** The mosaic: `main` large on the left and `side` stacked on the right, or the initial. */
function Mosaic({ name, covers, layout }: { name: string; covers: (Cover | null)[]; layout: 'board' | 'folder' }) {
  if (covers.every((cover) => cover === null)) {
    return (
      <div className="tile-cover tile-cover--placeholder" style={{ background: tint(name) }} aria-hidden="true">
        <span className="tile-cover__initial">{initial(name)}</span>
      </div>
    );
  }
  return (
    <div className={`tile-cover tile-cover--${layout}`} aria-hidden="true">
      {covers.map((cover, index) => (
        <CoverImage key={index} cover={cover} className={`tile-cover__cell tile-cover__cell--${index + 1}`} />
      ))}
    </div>
  );
}

function LockIcon() {
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M8 1a3.5 3.5 0 0 0-3.5 3.5V6H4a1.5 1.5 0 0 0-1.5 1.5v6A1.5 1.5 0 0 0 4 15h8a1.5 1.5 0 0 0 1.5-1.5v-6A1.5 1.5 0 0 0 12 6h-.5V4.5A3.5 3.5 0 0 0 8 1Zm2 5H6V4.5a2 2 0 1 1 4 0V6Z"
      />
    </svg>
  );
}

export function PrivateBadge() {
  return (
    <span className="private-badge">
      <LockIcon />
      {t('tiles.private', 'Private')}
    </span>
  );
}

export function BoardTile({ board, href }: { board: BoardSummary; href: string }) {
  return (
    <li className="tile">
      <Mosaic name={board.title} covers={[board.cover1, board.cover2, board.cover3]} layout="board" />
      <div className="tile__body">
        <h3 className="tile__title">
          <Link to={href} className="tile__link">
            {board.title}
          </Link>
        </h3>
        <p className="tile__meta">
          <span>{t('tiles.pinCount', '{count, plural, one {# pin} other {# pins}}', { count: board.pins.totalCount })}</span>
          {board.secret ? <PrivateBadge /> : null}
        </p>
      </div>
    </li>
  );
}

export function FolderTile({ folder, href }: { folder: FolderSummary; href: string }) {
  return (
    <li className="tile tile--folder">
      <Mosaic name={folder.name} covers={[folder.cover1, folder.cover2, folder.cover3, folder.cover4]} layout="folder" />
      <div className="tile__body">
        <h3 className="tile__title">
          <Link to={href} className="tile__link">
            {folder.name}
          </Link>
        </h3>
        <p className="tile__meta">
          <span>{t('tiles.boardCount', '{count, plural, one {# board} other {# boards}}', { count: folder.boards.totalCount })}</span>
          {folder.secret ? <PrivateBadge /> : null}
        </p>
      </div>
    </li>
  );
}

/**
 * The tiles of a list read a page at a time, with a button (`more`: 'More public boards') asking
 * for the next page while more follow, or `empty` when the list has none. The first tile of a
 * page asked for takes the focus, so that the keyboard goes on where the new tiles begin.
 */
export function PagedTileGrid<N>({
  list,
  label,
  more,
  empty,
  tile,
}: {
  list: TilePages<N>;
  label: string;
  more: string;
  empty: string;
  tile: (node: N) => ReactNode;
}) {
  const grid = useRef<HTMLUListElement>(null);
  /** How many tiles there were when more were asked for; null when none are awaited. */
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const shown = list.nodes.length;

  useEffect(() => {
    if (focusFrom === null || shown <= focusFrom) return;
    grid.current?.querySelectorAll(':scope > li')[focusFrom]?.querySelector('a')?.focus();
    setFocusFrom(null);
  }, [focusFrom, shown]);

  if (shown === 0) return <EmptyState>{empty}</EmptyState>;
  const askMore = () => {
    setFocusFrom(shown);
    list.loadMore();
  };
  return (
    <>
      <ul ref={grid} className="tile-grid" aria-label={label}>
        {list.nodes.map(tile)}
      </ul>
      {list.hasMore ? (
        <div className="tile-more">
          <button type="button" className="button button--ghost" onClick={askMore} disabled={list.loadingMore} aria-busy={list.loadingMore}>
            {more}
          </button>
        </div>
      ) : null}
      {list.error ? (
        <p className="tile-more" role="alert">
          {GENERIC_ERROR}
        </p>
      ) : null}
    </>
  );
}
