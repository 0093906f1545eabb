// What a page shows when it could not reach the server: the connection is gone (offline), not
// the page. It comes back by itself when the connection does.

import { useEffect } from 'react';
import './MessagePage.css';

const OFFLINE_MESSAGE = 'You are offline: Corkboard will come back when the connection does.';

export function Offline() {
  useEffect(() => {
    const comeBack = () => window.location.reload();
    window.addEventListener('online', comeBack);
    return () => window.removeEventListener('online', comeBack);
  }, []);
  return (
    <section className="message-page" role="alert">
      <h1 className="message-page__title">Offline</h1>
      <p className="message-page__text">{OFFLINE_MESSAGE}</p>
      <button type="button" className="button button--ghost" onClick={() => window.location.reload()}>
        Try again
      </button>
    </section>
  );
}
