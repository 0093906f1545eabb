// The page shell in index.html, rendered at build time (build.mjs): the header bar with the app's
// mark, so that the page paints as soon as it and its stylesheet arrive, before the scripts have
// run. The app replaces it with the whole header (search, account links) when it starts.

import { renderToStaticMarkup } from 'react-dom/server';
import { BrandMark } from './components/Brand';

export const shell = renderToStaticMarkup(
  <header className="header">
    <div className="header__inner">
      <a href="/" className="header__brand" aria-label="Corkboard">
        <BrandMark />
      </a>
    </div>
  </header>,
);
