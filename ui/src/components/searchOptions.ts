// The header's suggestions as the options of its combobox, grouped as they show (Tags, Boards,
// People, Recent searches), each with where choosing it goes.

import { countLabel } from '../api/boards';
import type { SuggestionList } from '../api/suggestions';
import { t } from '../i18n';
import { boardPath, searchPath, tagPath, userPath } from '../lib/paths';

export interface SearchOption {
  /** Unique among the options: the kind and what it names. */
  key: string;
  label: string;
  /** A second, quieter line: a tag's pin count, a board's owner, a person's name. */
  detail: string | null;
  /** Where choosing it goes. */
  path: string;
}

export interface SearchOptionGroup {
  name: 'Tags' | 'Boards' | 'People' | 'Recent searches';
  /** The group's heading, in the reader's language. */
  label: string;
  options: SearchOption[];
}

/** The non-empty groups of `list`, in the order they show. */
export function optionGroups(list: SuggestionList | null): SearchOptionGroup[] {
  if (!list) return [];
  const groups: SearchOptionGroup[] = [
    {
      name: 'Tags',
      label: t('searchOptions.tags', 'Tags'),
      options: list.tags.map((tag) => ({
        key: `tag:${tag.name}`,
        label: `#${tag.name}`,
        detail: countLabel(tag.count, 'pin'),
        path: tagPath(tag.name),
      })),
    },
    {
      name: 'Boards',
      label: t('searchOptions.boards', 'Boards'),
      options: list.boards.map((board) => ({
        key: `board:${board.id}`,
        label: board.title,
        detail: t('searchOptions.boardOwner', 'by {username}', { username: board.user.username }),
        path: boardPath(board.user.username, board.slug, board.folder?.slug),
      })),
    },
    {
      name: 'People',
      label: t('searchOptions.people', 'People'),
      options: list.people.map((person) => ({
        key: `person:${person.username}`,
        label: person.username,
        detail: [person.firstName, person.lastName].filter(Boolean).join(' ') || null,
        path: userPath(person.username),
      })),
    },
    {
      name: 'Recent searches',
      label: t('searchOptions.recentSearches', 'Recent searches'),
      options: list.recentSearches.map((search) => ({
        key: `recent:${search}`,
        label: search,
        detail: null,
        path: searchPath(search),
      })),
    },
  ];
  return groups.filter((group) => group.options.length > 0);
}
