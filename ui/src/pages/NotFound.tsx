// Any unknown path, and any NOT_FOUND_ERROR a page meets (spec, sections 2 and 8). The viewer is
// asked again: a page of one's own not found may mean the account was disabled meanwhile (the
// layout then says so).

import { useEffect } from 'react';
import { Link } from 'react-router';
import { useMe } from '../api/me';
import { t } from '../i18n';
import { HOME_PATH } from '../lib/paths';
import { usePageTitle } from '../lib/pageTitle';
import './MessagePage.css';

export function NotFound() {
  const title = t('notFound.title', 'Oups...');
  usePageTitle(title);
  const { mutate: askViewerAgain } = useMe();
  useEffect(() => {
    void askViewerAgain();
  }, [askViewerAgain]);
  return (
    <section className="message-page">
      <h1 className="message-page__title">{title}</h1>
      <p className="message-page__text">{t('notFound.text', "Sorry, the page you resquested for doesn't seem to exist.")}</p>
      <Link to={HOME_PATH} className="button button--ghost">
        {t('notFound.back', 'Back to the last pins')}
      </Link>
    </section>
  );
}
