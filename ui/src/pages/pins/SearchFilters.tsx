// The results page's narrowing of a text search (issue 77): to one person, one board, or
// pictures of one colour, each a labelled control whose choice is kept in the URL's query.

import type { Choice, Narrowing } from '../../api/pinLists';
import { useSearchColours } from '../../api/suggestions';
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

export function SearchFilters({ narrowing, people, boards, onNarrow }: Props) {
  const colours = useSearchColours();
  return (
    <div className="search-filters" role="group" aria-label="Narrow the results">
      <label className="search-filters__choice">
        Person
        <select value={narrowing.user ?? ''} onChange={(event) => onNarrow({ user: event.currentTarget.value || null })}>
          <option value="">Everyone</option>
          {withChosen(people, narrowing.user, narrowing.user ?? '').map((person) => (
            <option key={person.value} value={person.value}>
              {person.label}
            </option>
          ))}
        </select>
      </label>
      <label className="search-filters__choice">
        Board
        <select value={narrowing.board ?? ''} onChange={(event) => onNarrow({ board: event.currentTarget.value || null })}>
          <option value="">All boards</option>
          {withChosen(boards, narrowing.board, 'This board').map((board) => (
            <option key={board.value} value={board.value}>
              {board.label}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="search-filters__colours">
        <legend>Colour</legend>
        <label className="search-filters__colour">
          <input type="radio" name="colour" checked={narrowing.colour === null} onChange={() => onNarrow({ colour: null })} />
          Any colour
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
            {capitalised(colour.name)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
