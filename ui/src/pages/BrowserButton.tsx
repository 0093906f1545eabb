// '/browser-button/': the browser button (a bookmarklet made for this instance's public address)
// to drag to the bookmarks bar, and how to pin from a phone.

import { useEffect, useRef, useState } from 'react';
import { usePublicUrl } from '../api/me';
import { StatusMessage } from '../components/Form';
import { t } from '../i18n';
import { bookmarkletHref } from '../lib/bookmarklet';
import './BrowserButton.css';

export function BrowserButton() {
  const publicUrl = usePublicUrl();
  const link = useRef<HTMLAnchorElement>(null);
  const [clickedHere, setClickedHere] = useState(false);

  // React refuses javascript: addresses in JSX, so the link gets its address here.
  useEffect(() => {
    if (publicUrl) link.current?.setAttribute('href', bookmarkletHref(publicUrl));
  }, [publicUrl]);

  return (
    <section className="browser-button" aria-labelledby="browser-button-title">
      <h1 id="browser-button-title">{t('browserButton.title', 'Browser button')}</h1>
      <p>
        {t(
          'browserButton.intro',
          "Drag this button to your browser's bookmarks bar. Then, on any page you are reading, click it: a Corkboard window opens with the page's pictures. Pick one, and it becomes a pin with the page as its source, the page's title as its title and the text you selected as its caption.",
        )}
      </p>
      <p className="browser-button__drag">
        <a
          ref={link}
          className="button button--primary browser-button__link"
          onClick={(event) => {
            event.preventDefault();
            setClickedHere(true);
          }}
        >
          {t('browserButton.button', 'Pin it to Corkboard')}
        </a>
      </p>
      {clickedHere ? (
        <StatusMessage>
          {t('browserButton.dragHint', 'Drag the button to your bookmarks bar, then click it there, on the page you want to pin from.')}
        </StatusMessage>
      ) : null}
      <p>
        {t(
          'browserButton.howItWorks',
          'The button collects the pictures inside the page itself and loads nothing from Corkboard there, so it also works on sites that forbid outside scripts. Pictures smaller than 200 × 200 pixels (icons, avatars) are left out.',
        )}
      </p>
      <h2>{t('browserButton.phoneTitle', 'On a phone')}</h2>
      <p>
        {t(
          'browserButton.phone',
          "Open Corkboard in your phone's browser and choose 'Install app' or 'Add to Home screen'. Corkboard then appears in the phone's share menu: share a picture from the gallery, or a page from the browser, and pick what to pin.",
        )}
      </p>
    </section>
  );
}
