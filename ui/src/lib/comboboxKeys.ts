// The keys of an ARIA 1.2 combobox over a list of options: arrows open the list or move the
// highlight (wrapping), Enter chooses the highlighted option, Escape closes the list.
import type { KeyboardEvent } from 'react';

export interface ComboboxKeys<T> {
  options: T[];
  /** The highlighted option's place in `options`, or -1. */
  index: number;
  expanded: boolean;
  keyOf: (option: T) => string;
  setActive: (key: string | null) => void;
  open: () => void;
  close: () => void;
  choose: (option: T) => void;
  /** False when an arrow should not open the list (nothing to suggest for). */
  canOpen?: boolean;
}

/** Handles the combobox's keys; any other key (or one with nothing to do) is left as it is. */
export function onComboboxKey<T>(event: KeyboardEvent<HTMLInputElement>, keys: ComboboxKeys<T>) {
  const { options, index, expanded } = keys;
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp': {
      // Closed, an arrow opens the list; open, it moves the highlight.
      if (keys.canOpen === false) return;
      if (!expanded) {
        keys.open();
        break;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const count = options.length;
      const from = index < 0 ? (step > 0 ? -1 : count) : index;
      const next = options[(from + step + count) % count];
      keys.setActive(next ? keys.keyOf(next) : null);
      break;
    }
    case 'Enter': {
      // Without a highlighted option, Enter does what it does in the form.
      const chosen = options[index];
      if (!chosen) return;
      keys.choose(chosen);
      break;
    }
    case 'Escape':
      // Open, Escape only closes the list (not a dialog around it).
      if (!expanded) return;
      keys.close();
      break;
    default:
      return;
  }
  event.preventDefault();
}
