// The pin forms' Tags field with suggestions (spec, sections 5 and 7): while a tag is being
// typed, the known tags starting with it come in a list under the field, each with its pin
// count (the ARIA combobox pattern: focus stays in the field, the highlighted option is its
// active descendant). Up and down arrows move, Enter or a click picks, Escape closes. Picking
// replaces the tag being typed and adds a space for the next one.

import { useId, useState, type KeyboardEvent } from 'react';
import { parseTags } from '../../api/boards';
import { useTagSuggestions } from '../../api/tags';
import { t } from '../../i18n';
import { onComboboxKey } from '../../lib/comboboxKeys';
import { completeTag, currentTag } from '../../lib/tagToken';
import { useDebounced } from '../../lib/useDebounced';
import { Field } from '../Form';
import './TagsField.css';

/** How long typing pauses before the suggestions are asked for. */
const SUGGEST_DELAY_MS = 200;

export function TagsField({ value, onValue }: { value: string; onValue: (value: string) => void }) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<string | null>(null);
  const { token, before } = currentTag(value);
  const settled = useDebounced(token, SUGGEST_DELAY_MS);
  // Asked only while the list is open; until typing pauses, the last ones stay if they still
  // fit what is typed.
  const suggestions = useTagSuggestions(open && token.startsWith(settled) ? settled : '', parseTags(before));
  const expanded = open && token !== '' && suggestions.length > 0;
  const index = expanded ? suggestions.findIndex((suggestion) => suggestion.name === active) : -1;
  const optionId = (at: number) => `${listId}-${at}`;

  const pick = (tag: string) => {
    onValue(completeTag(value, tag));
    setOpen(false);
    setActive(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) =>
    onComboboxKey(event, {
      options: suggestions,
      index,
      expanded,
      keyOf: (suggestion) => suggestion.name,
      setActive,
      canOpen: Boolean(token),
      open: () => setOpen(true),
      // Escape only closes the list (not the dialog around it).
      close: () => {
        setOpen(false);
        setActive(null);
      },
      // Without a highlighted suggestion, Enter submits the form as usual.
      choose: (suggestion) => pick(suggestion.name),
    });

  return (
    <Field
      label={t('tagsField.label', 'Tags')}
      value={value}
      onValue={(tags) => {
        onValue(tags);
        setOpen(true);
        setActive(null);
      }}
      role="combobox"
      aria-autocomplete="list"
      aria-expanded={expanded}
      aria-controls={listId}
      aria-activedescendant={index >= 0 ? optionId(index) : undefined}
      onKeyDown={onKeyDown}
      onBlur={() => setOpen(false)}
      autoComplete="off"
      spellCheck={false}
      autoCapitalize="none"
      hint={t('tagsField.hint', 'Separated by spaces or #, e.g. travel sea sunset')}
    >
      <ul id={listId} role="listbox" aria-label={t('tagsField.suggestions', 'Tag suggestions')} className="tag-suggestions" hidden={!expanded}>
        {expanded
          ? suggestions.map((suggestion, at) => (
              <li
                key={suggestion.name}
                id={optionId(at)}
                role="option"
                aria-selected={at === index}
                className="tag-suggestions__option"
                // The field keeps the focus: a click picks without leaving it.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(suggestion.name)}
              >
                <span className="tag-suggestions__name">#{suggestion.name}</span>{' '}
                <span className="tag-suggestions__count">
                  {t('tagsField.pinCount', '{count, plural, one {# pin} other {# pins}}', { count: suggestion.count })}
                </span>
              </li>
            ))
          : null}
      </ul>
    </Field>
  );
}
