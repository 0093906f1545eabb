// The keyboard help: '?' (outside a field, no dialog open) shows the keys of the page in a
// dialog: the pin viewers' where one shows (lib/pageKeys.ts), and those of every page. Escape or
// 'Close' closes it, and focus goes back where it was (Modal).

import { useEffect, useState } from 'react';
import { t } from '../i18n';
import { usePageKeyGroups, type KeyGroup } from '../lib/pageKeys';
import { typingIn } from '../lib/viewerInput';
import { FormActions } from './Form';
import { Modal } from './Modal';
import './KeyboardHelp.css';

const EVERY_PAGE: KeyGroup = {
  title: t('keyboardHelp.everyPage', 'Every page'),
  keys: [
    { keys: '?', action: t('keyboardHelp.showShortcuts', 'Show the keyboard shortcuts') },
    { keys: t('keyboardHelp.menuKeys', '↑ ↓ Home End'), action: t('keyboardHelp.moveInMenu', 'Move in an open menu') },
    { keys: t('keyboardHelp.escape', 'Escape'), action: t('keyboardHelp.closeMenu', 'Close a menu or a dialog') },
  ],
};

export function KeyboardHelp() {
  const [open, setOpen] = useState(false);
  const groups = usePageKeyGroups();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingIn(event) || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!open) return null;
  const close = () => setOpen(false);
  return (
    <Modal title={t('keyboardHelp.title', 'Keyboard shortcuts')} onClose={close}>
      {[...groups, EVERY_PAGE].map((group) => (
        <section key={group.title} className="keyboard-help__group">
          <h3 className="keyboard-help__title">{group.title}</h3>
          <dl className="keyboard-help__keys">
            {group.keys.map((key) => (
              <div key={key.keys} className="keyboard-help__row">
                <dt>
                  <kbd>{key.keys}</kbd>
                </dt>
                <dd>{key.action}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <FormActions>
        <button type="button" className="button button--ghost" onClick={close} autoFocus>
          {t('keyboardHelp.close', 'Close')}
        </button>
      </FormActions>
    </Modal>
  );
}
