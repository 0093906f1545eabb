// The profile's language (issue 79): 'Same as the browser' or one of the languages the UI speaks.
// Saving stores it with the account (the server writes the mails to the user in it), sets this
// browser's `locale` cookie (or clears it, for the browser's own) and reloads the page in it.

import { useId, useState } from 'react';
import { updateUserLocale, useMe } from '../api/me';
import { useMutation } from '../api/mutation';
import { languages, t } from '../i18n';
import { setLocaleCookie } from '../i18n/pick';
import { ErrorList, FormActions } from './Form';
import './LanguageChoice.css';

export function LanguageChoice({ className }: { className?: string }) {
  const id = useId();
  const { me } = useMe();
  // What the select shows once changed; until then, the stored choice ('' for the browser's).
  const [chosen, setChosen] = useState<string | null>(null);
  const save = useMutation(updateUserLocale);
  if (!me) return null;
  const value = chosen ?? me.locale ?? '';

  const submit = async () => {
    const code = value || null;
    if ((await save.run(code)) === undefined) return;
    setLocaleCookie(code);
    window.location.reload();
  };

  return (
    <form
      className={['form', 'language-choice', className].filter(Boolean).join(' ')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {t('languageChoice.label', 'Language')}
        </label>
        <select id={id} className="field__input" value={value} onChange={(event) => setChosen(event.currentTarget.value)}>
          <option value="">{t('languageChoice.browser', 'Same as the browser')}</option>
          {languages.map((language) => (
            <option key={language.code} value={language.code} lang={language.code}>
              {language.name}
            </option>
          ))}
        </select>
      </div>
      <ErrorList errors={save.errors} />
      <FormActions>
        <button type="submit" className="button button--primary" disabled={save.pending}>
          {t('languageChoice.save', 'Save language')}
        </button>
      </FormActions>
    </form>
  );
}
