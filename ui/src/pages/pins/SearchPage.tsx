// /search/ (spec, section 2): the pins found for ?query= (by relevance) or ?tag= (newest first),
// 50 a page with infinite scroll, each linking to /search/pins/{id}/ with the query string;
// with neither, the prompt to type a query. A query's results narrow (issue 77) to one person
// (?user=), one board (?board=, also from the board page's 'Search this board') or pictures of
// one colour (?colour=). Beyond 10,000 matches the server stops counting, and the heading says
// "10,000+".

import { Link, useSearchParams } from 'react-router';
import { useSearchPins, type Narrowing } from '../../api/pinLists';
import { EmptyState } from '../../components/EmptyState';
import { PinList } from '../../components/pins/PinList';
import { formatNumber, t } from '../../i18n';
import { SEARCH_PATH, searchPath } from '../../lib/paths';
import { SearchFilters } from './SearchFilters';

const NARROWING_KEYS = ['board', 'user', 'colour'] as const;

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('query')?.trim() || null;
  const tag = params.get('tag')?.trim().replace(/^#+/, '') || null;
  const narrowing: Narrowing = { board: null, user: null, colour: null };
  for (const key of NARROWING_KEYS) narrowing[key] = params.get(key) || null;

  if (!search && !tag) {
    return (
      <section aria-labelledby="search-title">
        <h1 id="search-title" className="visually-hidden">
          {t('searchPage.title', 'Search')}
        </h1>
        <EmptyState>{t('searchPage.prompt', 'Please type a query in search bar...')}</EmptyState>
      </section>
    );
  }
  const narrow = (change: Partial<Narrowing>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  return <SearchResults search={search} tag={tag} narrowing={narrowing} onNarrow={narrow} />;
}

interface ResultsProps {
  search: string | null;
  tag: string | null;
  narrowing: Narrowing;
  onNarrow: (change: Partial<Narrowing>) => void;
}

/** A tag wins over the query, as on the server; only a query's results narrow. */
function SearchResults({ search, tag, narrowing, onNarrow }: ResultsProps) {
  const narrowed = tag ? { board: null, user: null, colour: null } : narrowing;
  const list = useSearchPins(search, tag, narrowed);
  const onBoard = narrowed.board !== null;
  const wanted = tag ? `#${tag}` : search;
  const count = list.totalCount ?? 0;
  const found = list.totalCountCapped ? `${formatNumber(count)}+` : formatNumber(count);
  return (
    <section aria-label={t('searchPage.results', 'Search results')}>
      {list.totalCount !== null ? (
        <div className="page-heading">
          <h1>
            {t('searchPage.found', 'Found {count, plural, other {{found} pin(s)}} for "{wanted}"{onBoard, select, yes { on this board} other {}}', {
              count,
              found,
              wanted: wanted ?? '',
              onBoard: onBoard ? 'yes' : 'no',
            })}
          </h1>
          {onBoard && search ? <Link to={searchPath(search)}>{t('searchPage.searchAll', 'Search all pins')}</Link> : null}
        </div>
      ) : null}
      {tag ? null : <SearchFilters narrowing={narrowing} people={list.people} boards={list.boards} onNarrow={onNarrow} />}
      <PinList list={list} base={SEARCH_PATH} />
    </section>
  );
}
