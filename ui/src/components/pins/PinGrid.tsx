// The masonry grid of pins (spec, sections 2 and 9): boxes sized from the pins' own proportions
// and coloured with their dominant colour before the pictures load, 236 px previews (472 px on
// dense screens, as srcset widths picked from previewsSizes), an unsafe pin blank unless
// 'Show NSFW' is on, and the title, if any, on one line below. The pictures of the first screen
// (the largest paint of a page) load at once with a high priority; the others when scrolled near.
// The first screen's tiles render at once; each other tile renders in a task of its own after it,
// so that showing a page of 50 pins never blocks the browser for long.

import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PinThumb } from '../../api/generated/graphql';
import { t } from '../../i18n';
import { useShowNsfw } from '../../lib/nsfw';
import { THUMB_WIDTH } from '../../lib/masonry';
import { hasWebp, onFirstScreen, previewUrl, ratioOf, srcSet, tileLayout, type Thumb } from '../../lib/thumbs';
import { useGridWidth } from '../../lib/useGridWidth';
import { Soon } from '../Soon';
import { SaveFromGrid } from './SaveFromGrid';
import './PinGrid.css';

/** The picture box and the title line of a pin's tile; `firstScreen` loads its picture at once, first. */
export function PinFace({ pin, columnWidth, firstScreen = false }: { pin: Thumb; columnWidth: number; firstScreen?: boolean }) {
  const [showNsfw] = useShowNsfw();
  const hidden = pin.unsafe && !showNsfw;
  const sizes = `${Math.round(columnWidth)}px`;
  return (
    <>
      <span
        className="pin-face__picture"
        style={{ aspectRatio: `1 / ${ratioOf(pin)}`, backgroundColor: hidden ? undefined : pin.dominantColor }}
      >
        {hidden ? (
          <span className="pin-image__blank pin-face__blank" role="img" aria-label={t('pinGrid.nsfwHidden', 'NSFW picture hidden')} />
        ) : (
          <picture>
            {hasWebp(pin.previewsFormats) ? <source type="image/webp" srcSet={srcSet(pin, 'webp')} sizes={sizes} /> : null}
            <img
              className="pin-face__img"
              src={previewUrl(pin, THUMB_WIDTH)}
              srcSet={srcSet(pin, 'jpeg')}
              sizes={sizes}
              alt={pin.title ? '' : pin.caption}
              loading={firstScreen ? 'eager' : 'lazy'}
              fetchPriority={firstScreen ? 'high' : 'auto'}
              decoding="async"
            />
          </picture>
        )}
      </span>
      {pin.title ? <span className="pin-face__title">{pin.title}</span> : null}
    </>
  );
}

export function PinGrid<P extends PinThumb>({
  pins,
  label,
  renderTile,
}: {
  pins: readonly P[];
  label: string;
  /** A tile's content, given the column width and whether it shows on the first screen; it should hold a PinFace. */
  renderTile: (pin: P, index: number, columnWidth: number, firstScreen: boolean) => ReactNode;
}) {
  const ref = useRef<HTMLUListElement>(null);
  const width = useGridWidth(ref);
  const layout = tileLayout(width, pins);

  return (
    <ul ref={ref} className="pin-grid" aria-label={label} style={{ height: layout.height }}>
      {/* Not before the grid's width is known: tiles placed in a grid of no width would then
          glide to their places (PinGrid.css), through the first screen, where the browser would
          count them as painted and take one far below for the page's largest paint. */}
      {(width > 0 ? pins : []).map((pin, index) => {
        const box = layout.boxes[index];
        const firstScreen = box !== undefined && onFirstScreen(box.y);
        return (
          <li
            key={pin.id}
            className="pin-grid__item"
            style={box ? { width: box.width, transform: `translate(${box.x}px, ${box.y}px)` } : undefined}
          >
            <Soon now={firstScreen}>{renderTile(pin, index, layout.columnWidth, firstScreen)}</Soon>
          </li>
        );
      })}
    </ul>
  );
}

/** A pin's tile linking to its detail, with 'Save' for a signed-in viewer. */
export function PinTile({ pin, href, columnWidth, firstScreen }: { pin: Thumb; href: string; columnWidth: number; firstScreen: boolean }) {
  return (
    <SaveFromGrid pinId={pin.id}>
      <Link to={href} className="pin-tile">
        <PinFace pin={pin} columnWidth={columnWidth} firstScreen={firstScreen} />
      </Link>
    </SaveFromGrid>
  );
}
