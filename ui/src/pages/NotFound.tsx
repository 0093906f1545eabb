// Any unknown path, and any NOT_FOUND_ERROR a page meets (spec, sections 2 and 8).

import { Link } from 'react-router';
import { HOME_PATH } from '../lib/paths';
import { usePageTitle } from '../lib/pageTitle';
import './MessagePage.css';

export function NotFound() {
  usePageTitle('Oups...');
  return (
    <section className="message-page">
      <h1 className="message-page__title">Oups...</h1>
      <p className="message-page__text">Sorry, the page you resquested for doesn&apos;t seem to exist.</p>
      <Link to={HOME_PATH} className="button button--ghost">
        Back to the last pins
      </Link>
    </section>
  );
}
