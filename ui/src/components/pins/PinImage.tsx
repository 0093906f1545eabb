// The detail picture: a box with the pin's aspect ratio and dominant colour that holds its place
// while the preview (WebP when stored, else JPEG) loads, with the Private and NSFW badges.
// Unsafe pins stay a blank box unless 'Show NSFW' is on (spec, section 4), or 'Show this one' is
// pressed for this pin (the owner looking at their own, above all). With `zoomTo`, the picture
// links there (the lightbox), the button beside the link. It is at most 738 px
// wide, or the picture's own width; PinPage.css also keeps it within the screen's height.

import { useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PinDetail } from '../../api/generated/graphql';
import { DETAIL_PREVIEW_WIDTH } from '../../api/pinDetail';
import { t } from '../../i18n';
import { useShowNsfw } from '../../lib/nsfw';
import { hasWebp } from '../../lib/thumbs';
import { PrivateBadge } from '../boards/Tiles';
import './pins.css';

/** What the picture needs of a pin (one seen through a share link has no privacy to show). */
type ShownPicture = Pick<
  PinDetail,
  'width' | 'height' | 'dominantColor' | 'unsafe' | 'previewsFormats' | 'preview' | 'previewWebp' | 'title' | 'caption'
> & { secret?: boolean };

export function PinImage({ pin, zoomTo }: { pin: ShownPicture; zoomTo?: string }) {
  const [showNsfw] = useShowNsfw();
  // The picture shown by 'Show this one': the next pin opened here is hidden again.
  const [shownOnce, setShownOnce] = useState<string | null>(null);
  const hidden = pin.unsafe && !showNsfw && shownOnce !== pin.preview;

  const picture: ReactNode = hidden ? (
    <div className="pin-image__blank" role="img" aria-label={t('pinImage.nsfwHidden', 'NSFW picture hidden')} />
  ) : (
    <picture>
      {hasWebp(pin.previewsFormats) ? <source srcSet={pin.previewWebp} type="image/webp" /> : null}
      <img className="pin-image__img" src={pin.preview} alt={pin.title || pin.caption} width={pin.width} height={pin.height} />
    </picture>
  );

  return (
    <div
      className="pin-image"
      style={
        {
          aspectRatio: `${pin.width} / ${pin.height}`,
          // Custom properties, set through the CSSOM as any style: no inline style for CSP.
          '--pin-max-width': `${Math.min(pin.width, DETAIL_PREVIEW_WIDTH)}px`,
          '--pin-ratio': pin.width / Math.max(1, pin.height),
          backgroundColor: hidden ? undefined : pin.dominantColor,
        } as CSSProperties
      }
    >
      {zoomTo ? (
        <Link to={zoomTo} className="pin-image__zoom" aria-label={t('pinImage.openLightbox', 'Open lightbox')}>
          {picture}
        </Link>
      ) : (
        picture
      )}
      {hidden ? (
        <button type="button" className="button button--small pin-image__reveal" onClick={() => setShownOnce(pin.preview)}>
          {t('pinImage.showThisOne', 'Show this one')}
        </button>
      ) : null}
      {pin.secret || pin.unsafe ? (
        <div className="pin-image__badges">
          {pin.secret ? <PrivateBadge /> : null}
          {pin.unsafe ? <span className="nsfw-badge">{t('pinImage.nsfw', 'NSFW')}</span> : null}
        </div>
      ) : null}
    </div>
  );
}
