// The results page's narrowing of a text search (issue 77): to one person, one board, or
// pictures of one colour, each a labelled control whose choice is kept in the URL's query.

import type { Choice, Narrowing } from '../../api/pinLists';
import { useSearchColours } from '../../api/suggestions';
import { t } from '../../i18n';
import './SearchFilters.css';

interface Props {
  narrowing: Narrowing;
  /** The people and boards of the results, to choose from. */
  people: Choice[];
  boards: Choice[];
  onNarrow: (change: Partial<Narrowing>) => void;
}

/** `choices`, with the one chosen among them even when the results no longer show it. */
function withChosen(choices: Choice[], chosen: string | null, label: string): Choice[] {
  if (chosen === null || choices.some((choice) => choice.value === chosen)) return choices;
  return [{ value: chosen, label }, ...choices];
}

const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** A palette colour's name in words (the server's name, which the URL keeps, is English). */
function colourLabel(name: string): string {
  switch (name) {
    case 'red':
      return t('searchFilters.red', 'Red');
    case 'orange':
      return t('searchFilters.orange', 'Orange');
    case 'yellow':
      return t('searchFilters.yellow', 'Yellow');
    case 'green':
      return t('searchFilters.green', 'Green');
    case 'blue':
      return t('searchFilters.blue', 'Blue');
    case 'purple':
      return t('searchFilters.purple', 'Purple');
    case 'pink':
      return t('searchFilters.pink', 'Pink');
    case 'brown':
      return t('searchFilters.brown', 'Brown');
    case 'black':
      return t('searchFilters.black', 'Black');
    case 'grey':
      return t('searchFilters.grey', 'Grey');
    case 'white':
      return t('searchFilters.white', 'White');
    default:
      return capitalised(name);
  }
}

export function SearchFilters({ narrowing, people, boards, onNarrow }: Props) {
  const colours = useSearchColours();
  return (
    <div className="search-filters" role="group" aria-label={t('searchFilters.label', 'Narrow the results')}>
      <label className="search-filters__choice">
        {t('searchFilters.person', 'Person')}
        <select value={narrowing.user ?? ''} onChange={(event) => onNarrow({ user: event.currentTarget.value || null })}>
          <option value="">{t('searchFilters.everyone', 'Everyone')}</option>
          {withChosen(people, narrowing.user, narrowing.user ?? '').map((person) => (
            <option key={person.value} value={person.value}>
              {person.label}
            </option>
          ))}
        </select>
      </label>
      <label className="search-filters__choice">
        {t('searchFilters.board', 'Board')}
        <select value={narrowing.board ?? ''} onChange={(event) => onNarrow({ board: event.currentTarget.value || null })}>
          <option value="">{t('searchFilters.allBoards', 'All boards')}</option>
          {withChosen(boards, narrowing.board, t('searchFilters.thisBoard', 'This board')).map((board) => (
            <option key={board.value} value={board.value}>
              {board.label}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="search-filters__colours">
        <legend>{t('searchFilters.colour', 'Colour')}</legend>
        <label className="search-filters__colour">
          <input type="radio" name="colour" checked={narrowing.colour === null} onChange={() => onNarrow({ colour: null })} />
          {t('searchFilters.anyColour', 'Any colour')}
        </label>
        {colours.map((colour) => (
          <label key={colour.name} className="search-filters__colour">
            <input
              type="radio"
              name="colour"
              value={colour.name}
              checked={narrowing.colour === colour.name}
              onChange={() => onNarrow({ colour: colour.name })}
            />
            <span className="search-filters__swatch" style={{ background: colour.hex }} aria-hidden="true" />
            {colourLabel(colour.name)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
