// The footer of a visitor's pages: the language switch (issue 79). Choosing a language puts it in
// the `locale` cookie, which the server reads too, and reloads the page in it. A signed-in user
// chooses in their profile instead (components/LanguageChoice.tsx), where the choice is stored
// with the account and follows them to every browser.

import { useId } from 'react';
import { useMe } from '../api/me';
import { languages, locale, t } from '../i18n';
import { setLocaleCookie } from '../i18n/pick';
import './Footer.css';

export function Footer() {
  const id = useId();
  const { me, isLoading } = useMe();
  if (isLoading || me) return null;
  return (
    <footer className="footer">
      <label htmlFor={id} className="footer__label">
        {t('footer.language', 'Language')}
      </label>
      <select
        id={id}
        className="footer__select"
        value={locale}
        onChange={(event) => {
          setLocaleCookie(event.currentTarget.value);
          window.location.reload();
        }}
      >
        {languages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </footer>
  );
}
