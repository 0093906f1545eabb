// The header's search form (spec, section 2): what is typed goes to /search/?query=..., a lone
// '#tag' to /search/?tag=...; the input clears on submit. Its placeholder is shortened where
// the header leaves it little room (a phone). As it is typed, the box suggests (issue 77) tags,
// boards and people from two letters and the viewer's recent searches, as a WAI-ARIA 1.2
// combobox: focus stays in the field, the highlighted option is its active descendant; Up and
// Down move, Enter or a click chooses, Escape closes.

import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { onComboboxKey } from '../lib/comboboxKeys';
import { useNavigate } from 'react-router';
import { useSuggestions } from '../api/suggestions';
import { t } from '../i18n';
import { searchPath } from '../lib/paths';
import { useFittingText } from '../lib/useFittingText';
import { optionGroups, type SearchOption } from './searchOptions';
import './HeaderSearch.css';

const PLACEHOLDERS = [
  t('headerSearch.placeholderLong', 'Search pins or #tag'),
  t('headerSearch.placeholderShort', 'Search pins'),
  t('headerSearch.placeholderShortest', 'Search'),
] as const;

export function HeaderSearch() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<string | null>(null);
  const navigate = useNavigate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const placeholder = useFittingText(input, PLACEHOLDERS);
  const suggestions = useSuggestions(text.trim(), open);
  const groups = optionGroups(suggestions.list);
  const options = groups.flatMap((group) => group.options);
  const expanded = open && options.length > 0;
  const index = expanded ? options.findIndex((option) => option.key === active) : -1;
  const listId = `${id}-suggestions`;
  const optionId = (option: SearchOption) => `${id}-${options.indexOf(option)}`;

  const go = (path: string) => {
    setText('');
    setOpen(false);
    setActive(null);
    void navigate(path);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) =>
    onComboboxKey(event, {
      options,
      index,
      expanded,
      keyOf: (option) => option.key,
      setActive,
      open: () => setOpen(true),
      close: () => {
        setOpen(false);
        setActive(null);
      },
      // Without a highlighted option, Enter searches what is typed.
      choose: (option) => go(option.path),
    });

  return (
    <form
      role="search"
      className="header-search"
      onSubmit={(event) => {
        event.preventDefault();
        go(searchPath(text));
      }}
      onBlur={(event) => {
        // Focus going to 'Clear recent searches' keeps the list open.
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('headerSearch.label', 'Search')}
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        className="header-search__input"
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={index >= 0 ? optionId(options[index]!) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setOpen(true);
          setActive(null);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="header-search__button" aria-label={t('headerSearch.submit', 'Search')}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      <div className="header-search__popup" hidden={!expanded}>
        <div id={listId} role="listbox" aria-label={t('headerSearch.suggestions', 'Search suggestions')}>
          {expanded
            ? groups.map((group, at) => (
                <div key={group.name} role="group" aria-labelledby={`${listId}-group-${at}`}>
                  <div id={`${listId}-group-${at}`} role="presentation" className="header-search__group">
                    {group.label}
                  </div>
                  {group.options.map((option) => (
                    <div
                      key={option.key}
                      id={optionId(option)}
                      role="option"
                      aria-selected={option.key === active}
                      className="header-search__option"
                      // The field keeps the focus: a click chooses without leaving it.
                      onMouseDown={(event) => event.preventDefault()}
                      onMouseEnter={() => setActive(option.key)}
                      onClick={() => go(option.path)}
                    >
                      <span className="header-search__label">{option.label}</span>
                      {option.detail ? <span className="header-search__detail">{option.detail}</span> : null}
                    </div>
                  ))}
                </div>
              ))
            : null}
        </div>
        {expanded && groups.some((group) => group.name === 'Recent searches') ? (
          <button
            type="button"
            className="header-search__clear"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setActive(null);
              void suggestions.clearRecentSearches();
            }}
          >
            {t('headerSearch.clearRecent', 'Clear recent searches')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
