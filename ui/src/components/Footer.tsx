// The page's footer, shown to everyone: the language switch (issue 79). Choosing a language puts
// it in the `locale` cookie, which the server reads too, and reloads the page in it; for a
// signed-in user who chose a language in their profile, the choice changes there too (else their
// stored one would bring the old language back, i18n/useStoredLocale.ts).

import { useId } from 'react';
import { useMe, updateUserLocale } from '../api/me';
import { languages, locale, t } from '../i18n';
import { setLocaleCookie } from '../i18n/pick';
import './Footer.css';

export function Footer() {
  const id = useId();
  const { me } = useMe();
  const choose = async (code: string) => {
    if (me?.locale) await updateUserLocale(code).catch((error: unknown) => console.warn('the language was not stored', error));
    setLocaleCookie(code);
    window.location.reload();
  };
  return (
    <footer className="footer">
      <label htmlFor={id} className="footer__label">
        {t('footer.language', 'Language')}
      </label>
      <select id={id} className="footer__select" value={locale} onChange={(event) => void choose(event.currentTarget.value)}>
        {languages.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </footer>
  );
}
