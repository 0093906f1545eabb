// The pin viewers' keyboard and touch (spec, section 2: Viewer keyboard and touch): Space or
// right arrow for the next pin, Backspace or left arrow for the previous one, Escape to close;
// none of them while typing in a field or while a dialog is open. Swipes need 50 px of travel.

import { useLayoutEffect, useRef, type TouchEvent } from 'react';
import { t } from '../i18n';
import { usePageKeys, type KeyGroup } from './pageKeys';

const SWIPE_THRESHOLD = 50;

export interface ViewerActions {
  next: () => void;
  previous: () => void;
  close: () => void;
}

/** How the keyboard help (components/KeyboardHelp.tsx) tells these keys. */
const VIEWER_KEYS: KeyGroup = {
  title: t('viewerKeys.title', 'Pin viewer'),
  keys: [
    { keys: t('viewerKeys.nextKeys', 'Space or →'), action: t('viewerKeys.next', 'Next pin') },
    { keys: t('viewerKeys.previousKeys', 'Backspace or ←'), action: t('viewerKeys.previous', 'Previous pin') },
    { keys: t('viewerKeys.closeKeys', 'Escape'), action: t('viewerKeys.close', 'Close: back to the list, or from the lightbox to the pin') },
  ],
};

/** Keys there are the field's, or the menu's. */
const TYPING = 'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="menu"]';
/** Space presses these; it must not also turn the page. */
const PRESSABLE = 'button, a, summary, [role="button"], [role="menuitem"]';

/** Whether the key belongs to the field (or the menu) it was pressed in. */
export function typingIn(event: KeyboardEvent): boolean {
  return event.target instanceof Element && event.target.closest(TYPING) !== null;
}

function actionFor(event: KeyboardEvent): keyof ViewerActions | null {
  const target = event.target instanceof Element ? event.target : null;
  if (typingIn(event)) return null;
  switch (event.key) {
    case ' ':
      return target?.closest(PRESSABLE) ? null : 'next';
    case 'ArrowRight':
      return 'next';
    case 'Backspace':
    case 'ArrowLeft':
      return 'previous';
    case 'Escape':
      return 'close';
    default:
      return null;
  }
}

/**
 * Listens to the keyboard on the whole page while mounted. A layout effect: the listener is in
 * place before the viewer is painted, and the one of the viewer it replaces is gone, so a key
 * pressed as soon as the pin shows is never taken by the pin shown before.
 */
export function useViewerKeys(actions: ViewerActions): void {
  usePageKeys(VIEWER_KEYS);
  const ref = useRef(actions);
  ref.current = actions;
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // A menu's Escape, a dialog's keys, shortcuts of the browser: not ours.
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (document.querySelector('dialog[open]')) return;
      const action = actionFor(event);
      if (!action) return;
      event.preventDefault();
      ref.current[action]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

export interface SwipeActions {
  left: () => void;
  right: () => void;
  down?: () => void;
}

/** Touch handlers to spread on the swiped element: one finger, mostly in one direction. */
export function useSwipe(actions: SwipeActions) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (event: TouchEvent) => {
      const touch = event.touches[0];
      start.current = touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (event: TouchEvent) => {
      const from = start.current;
      const touch = event.changedTouches[0];
      start.current = null;
      if (!from || !touch) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (Math.abs(dx) >= SWIPE_THRESHOLD && Math.abs(dx) > Math.abs(dy)) {
        if (dx < 0) actions.left();
        else actions.right();
      } else if (actions.down && dy >= SWIPE_THRESHOLD && dy > Math.abs(dx)) {
        actions.down();
      }
    },
  };
}
