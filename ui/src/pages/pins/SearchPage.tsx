// /search/ (spec, section 2): the pins found for ?query= (by relevance; ?board= narrows it to one
// board's pins, from the board page's 'Search this board') or ?tag= (newest first),
// 50 a page with infinite scroll, each linking to /search/pins/{id}/ with the query string;
// with neither, the prompt to type a query. Beyond 10,000 matches the server stops counting, and
// the heading says "10,000+".

import { Link, useSearchParams } from 'react-router';
import { useSearchPins } from '../../api/pinLists';
import { EmptyState } from '../../components/EmptyState';
import { PinList } from '../../components/pins/PinList';
import { SEARCH_PATH, searchPath } from '../../lib/paths';

export function SearchPage() {
  const [params] = useSearchParams();
  const search = params.get('query')?.trim() || null;
  const tag = params.get('tag')?.trim().replace(/^#+/, '') || null;
  const board = params.get('board') || null;

  if (!search && !tag) {
    return (
      <section aria-labelledby="search-title">
        <h1 id="search-title" className="visually-hidden">
          Search
        </h1>
        <EmptyState>Please type a query in search bar...</EmptyState>
      </section>
    );
  }
  return <SearchResults search={search} tag={tag} board={board} />;
}

/** A tag wins over the query, as on the server; `board` narrows the query to one board's pins. */
function SearchResults({ search, tag, board }: { search: string | null; tag: string | null; board: string | null }) {
  const onBoard = board !== null && !tag;
  const list = useSearchPins(search, tag, onBoard ? board : null);
  const wanted = tag ? `#${tag}` : search;
  const found = list.totalCountCapped ? `${list.totalCount?.toLocaleString('en')}+` : list.totalCount;
  return (
    <section aria-label="Search results">
      {list.totalCount !== null ? (
        <div className="page-heading">
          <h1>
            Found {found} pin(s) for &quot;{wanted}&quot;{onBoard ? ' on this board' : ''}
          </h1>
          {onBoard && search ? <Link to={searchPath(search)}>Search all pins</Link> : null}
        </div>
      ) : null}
      <PinList list={list} base={SEARCH_PATH} />
    </section>
  );
}
