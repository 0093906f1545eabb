// Entry point: global styles, the SWR cache settings and the router. The reader's language is
// ready before any of it runs: src/i18n/index.ts loads its catalog first (a top-level await).

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
// The base look first: each component's CSS comes after it in the bundle and refines it.
import './styles/global.css';
import { isGraphQLError } from './api/client';
// The sentences of the failures api/client.ts makes, in the reader's language.
import './api/errors';
import { createRouter } from './routes';

const swrConfig: SWRConfiguration = {
  revalidateOnFocus: false,
  // Retrying cannot turn a missing or forbidden thing into a found one.
  onErrorRetry(error, _key, config, revalidate, { retryCount }) {
    if (isGraphQLError(error) && error.code !== 'NETWORK_ERROR' && error.code !== 'INTERNAL_ERROR') return;
    if (retryCount >= 3) return;
    setTimeout(() => void revalidate({ retryCount }), (config.errorRetryInterval ?? 5000) * 2 ** retryCount);
  },
};

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <SWRConfig value={swrConfig}>
      <RouterProvider router={createRouter()} />
    </SWRConfig>
  </StrictMode>,
);

// The installable app's service worker (built by build.mjs): the shell offline, never the API.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.warn('service worker not registered', error));
  });
}
