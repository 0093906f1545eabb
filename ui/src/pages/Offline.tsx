// What a page shows when it could not reach the server: the connection is gone (offline), not
// the page. It comes back by itself when the connection does.

import { useEffect } from 'react';
import { t } from '../i18n';
import './MessagePage.css';

export function Offline() {
  useEffect(() => {
    const comeBack = () => window.location.reload();
    window.addEventListener('online', comeBack);
    return () => window.removeEventListener('online', comeBack);
  }, []);
  return (
    <section className="message-page" role="alert">
      <h1 className="message-page__title">{t('offline.title', 'Offline')}</h1>
      <p className="message-page__text">{t('offline.text', 'You are offline: Corkboard will come back when the connection does.')}</p>
      <button type="button" className="button button--ghost" onClick={() => window.location.reload()}>
        {t('offline.retry', 'Try again')}
      </button>
    </section>
  );
}
