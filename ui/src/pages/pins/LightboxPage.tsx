// The lightbox (spec, section 2) on every pin path with 'lightbox/' appended: the picture at
// 2048 px over the whole screen. A tap shows or hides the controls (hidden at first): Previous
// pin, Next pin, Full screen / Exit full screen (following the browser), Close lightbox (back
// to the pin's detail). Keys and swipes as on the detail screen; a swipe down closes.

import { useEffect, useState, type MouseEvent } from 'react';
import type { PinDetail } from '../../api/generated/graphql';
import { t } from '../../i18n';
import { useShowNsfw } from '../../lib/nsfw';
import type { useSwipe } from '../../lib/viewerInput';
import { QueryError } from '../QueryError';
import { usePinViewer } from './usePinViewer';
import './LightboxPage.css';

/** Whether the page is shown full screen, following the browser's own state. */
function useFullScreen(): [on: boolean, toggle: () => void] {
  const [on, setOn] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const onChange = () => setOn(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      // Full screen is asked of the whole page (<html>): leaving the lightbox leaves it too.
      if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    };
  }, []);
  const toggle = () => {
    const change = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    // Refused (no user gesture, an iframe): nothing changes, and the label stays right.
    change.catch(() => undefined);
  };
  return [on, toggle];
}

export function LightboxPage() {
  const { pin, error, isLoading, swipe, next, previous, close } = usePinViewer({
    pathOf: (route, id) => route.lightboxPath(id),
    closePath: (route) => route.detailPath(route.pinID),
    swipeDownCloses: true,
    replace: true,
  });
  if (error) return <QueryError error={error} />;
  return <Lightbox pin={pin} isLoading={isLoading} swipe={swipe} next={next} previous={previous} close={close} />;
}

/** What the lightbox shows of a pin. */
type LightboxPin = Pick<
  PinDetail,
  'width' | 'height' | 'dominantColor' | 'unsafe' | 'fullPreview' | 'title' | 'caption' | 'prevID' | 'nextID'
>;

/** The lightbox of `pin` (null while it loads), with its controls; a shared board's lightbox shows it too. */
export function Lightbox({
  pin,
  isLoading,
  swipe,
  next,
  previous,
  close,
}: {
  pin: LightboxPin | null;
  isLoading: boolean;
  swipe: ReturnType<typeof useSwipe>;
  next: () => void;
  previous: () => void;
  close: () => void;
}) {
  const [controls, setControls] = useState(false);
  const [fullScreen, toggleFullScreen] = useFullScreen();
  const [showNsfw] = useShowNsfw();

  const hidden = pin ? pin.unsafe && !showNsfw : false;
  const ratio = pin ? pin.width / Math.max(1, pin.height) : 1;
  const keep = (event: MouseEvent) => event.stopPropagation();

  return (
    <section className="lightbox" aria-label={t('lightboxPage.label', 'Lightbox')} aria-busy={isLoading} onClick={() => setControls((shown) => !shown)} {...swipe}>
      {pin ? (
        <div
          className="lightbox__picture"
          style={{
            width: `min(100vw, calc(100vh * ${ratio}), ${pin.width}px)`,
            aspectRatio: `${pin.width} / ${pin.height}`,
            backgroundColor: hidden ? undefined : pin.dominantColor,
          }}
        >
          {hidden ? (
            <div className="pin-image__blank" role="img" aria-label={t('lightboxPage.nsfwHidden', 'NSFW picture hidden')} />
          ) : (
            <img className="lightbox__img" src={pin.fullPreview} alt={pin.title || pin.caption} />
          )}
        </div>
      ) : null}
      <div className="lightbox__controls" data-shown={controls} onClick={keep}>
        <div className="lightbox__bar">
          <button type="button" className="lightbox__button" onClick={toggleFullScreen}>
            {fullScreen ? t('lightboxPage.exitFullScreen', 'Exit full screen') : t('lightboxPage.fullScreen', 'Full screen')}
          </button>
          <button type="button" className="lightbox__button" onClick={close}>
            {t('lightboxPage.close', 'Close lightbox')}
          </button>
        </div>
        <button type="button" className="lightbox__button lightbox__side lightbox__side--previous" onClick={previous} disabled={!pin?.prevID}>
          {t('lightboxPage.previous', 'Previous pin')}
        </button>
        <button type="button" className="lightbox__button lightbox__side lightbox__side--next" onClick={next} disabled={!pin?.nextID}>
          {t('lightboxPage.next', 'Next pin')}
        </button>
        {pin ? <p className="lightbox__caption">{pin.title || pin.caption}</p> : null}
      </div>
    </section>
  );
}
