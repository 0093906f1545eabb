// The header's search form (spec, section 2): what is typed goes to /search/?query=..., a lone
// '#tag' to /search/?tag=...; the input clears on submit. Its placeholder is shortened where
// the header leaves it little room (a phone).

import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { searchPath } from '../lib/paths';
import { useFittingText } from '../lib/useFittingText';
import './HeaderSearch.css';

const PLACEHOLDERS = ['Search pins or #tag', 'Search pins', 'Search'] as const;

export function HeaderSearch() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const placeholder = useFittingText(input, PLACEHOLDERS);

  return (
    <form
      role="search"
      className="header-search"
      onSubmit={(event) => {
        event.preventDefault();
        setText('');
        void navigate(searchPath(text));
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        className="header-search__input"
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <button type="submit" className="header-search__button" aria-label="Search">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
