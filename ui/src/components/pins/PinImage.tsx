// The detail picture: a box with the pin's aspect ratio and dominant colour that holds its place
// while the preview (WebP when stored, else JPEG) loads, with the Private and NSFW badges.
// Unsafe pins stay a blank box unless 'Show NSFW' is on (spec, section 4). It is at most 738 px
// wide, or the picture's own width; PinPage.css also keeps it within the screen's height.

import type { CSSProperties } from 'react';
import type { PinDetail } from '../../api/generated/graphql';
import { DETAIL_PREVIEW_WIDTH } from '../../api/pinDetail';
import { useShowNsfw } from '../../lib/nsfw';
import { hasWebp } from '../../lib/thumbs';
import { PrivateBadge } from '../boards/Tiles';
import './pins.css';

/** What the picture needs of a pin (one seen through a share link has no privacy to show). */
type ShownPicture = Pick<
  PinDetail,
  'width' | 'height' | 'dominantColor' | 'unsafe' | 'previewsFormats' | 'preview' | 'previewWebp' | 'title' | 'caption'
> & { secret?: boolean };

export function PinImage({ pin }: { pin: ShownPicture }) {
  const [showNsfw] = useShowNsfw();
  const hidden = pin.unsafe && !showNsfw;

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
      {hidden ? (
        <div className="pin-image__blank" role="img" aria-label="NSFW picture hidden" />
      ) : (
        <picture>
          {hasWebp(pin.previewsFormats) ? <source srcSet={pin.previewWebp} type="image/webp" /> : null}
          <img className="pin-image__img" src={pin.preview} alt={pin.title || pin.caption} width={pin.width} height={pin.height} />
        </picture>
      )}
      {pin.secret || pin.unsafe ? (
        <div className="pin-image__badges">
          {pin.secret ? <PrivateBadge /> : null}
          {pin.unsafe ? <span className="nsfw-badge">NSFW</span> : null}
        </div>
      ) : null}
    </div>
  );
}
