// A pin of a board opened through a share link: its detail at '/shared/{token}/pins/{id}/' (the
// picture, opening the lightbox, between the board's previous and next pins; title, caption,
// tags, source) and its lightbox at '.../lightbox/'. No owner's action, no 'Pin it', no link to
// another board: the holder of the link sees this board alone.

import { Link, useNavigate, useParams } from 'react-router';
import { useSharedPin } from '../../api/shareLinks';
import { displayName } from '../../api/users';
import { PinImage } from '../../components/pins/PinImage';
import { PinSource } from '../../components/pins/PinSource';
import { t, tx } from '../../i18n';
import { pinTitle, usePageTitle } from '../../lib/pageTitle';
import { lightboxPathUnder, pinPathUnder, sharedPath } from '../../lib/paths';
import { useSwipe, useViewerKeys } from '../../lib/viewerInput';
import { Lightbox } from '../pins/LightboxPage';
import { SharedLinkError } from './SharedBoardPage';
import '../pins/PinPage.css';

/** The route's pin, and going to its neighbours on the board by key, swipe or link. */
function useSharedViewer(pathOf: (base: string, id: string) => string, closePath: (base: string, id: string) => string, lightbox: boolean) {
  const { token = '', pinID = '' } = useParams();
  const shared = useSharedPin(token, pinID);
  const navigate = useNavigate();
  const base = sharedPath(token);
  const owner = shared.board?.owner.username;
  usePageTitle(shared.pin && owner ? pinTitle(shared.pin, owner) : null);
  const go = (id: string | null | undefined) => {
    if (id) void navigate(pathOf(base, id), { replace: lightbox });
  };
  const actions = {
    next: () => go(shared.pin?.nextID),
    previous: () => go(shared.pin?.prevID),
    close: () => void navigate(closePath(base, pinID), { replace: lightbox }),
  };
  useViewerKeys(actions);
  const swipe = useSwipe({ left: actions.next, right: actions.previous, down: lightbox ? actions.close : undefined });
  return { ...shared, ...actions, base, swipe };
}

export function SharedPinPage() {
  const { board, pin, error, isLoading, base, swipe } = useSharedViewer(pinPathUnder, (base) => base, false);

  if (error) return <SharedLinkError error={error} />;
  if (isLoading || !pin || !board) {
    return (
      <p className="user-page__loading" aria-busy="true">
        {t('sharedPinPage.loading', 'Loading...')}
      </p>
    );
  }

  return (
    <article className="pin-page">
      <div className="pin-page__main">
        <p>
          {tx('sharedPinPage.boardBy', '<link>{board}</link> by {name}', {
            board: board.title,
            name: displayName(board.owner),
            link: (chunks) => <Link to={base}>{chunks}</Link>,
          })}
        </p>
        <div className="pin-page__stage" {...swipe}>
          <PinImage pin={pin} zoomTo={lightboxPathUnder(base, pin.id)} />
          <nav aria-label={t('sharedPinPage.neighbours', 'Previous and next pins')}>
            {pin.prevID ? (
              <Link to={pinPathUnder(base, pin.prevID)} className="pin-page__neighbour pin-page__neighbour--previous" aria-label={t('sharedPinPage.previous', 'Previous pin')}>
                ‹
              </Link>
            ) : null}
            {pin.nextID ? (
              <Link to={pinPathUnder(base, pin.nextID)} className="pin-page__neighbour pin-page__neighbour--next" aria-label={t('sharedPinPage.next', 'Next pin')}>
                ›
              </Link>
            ) : null}
          </nav>
        </div>
        {pin.title ? <h1 className="pin-page__title">{pin.title}</h1> : <hr className="pin-page__divider" />}
        <p className="pin-page__caption">{pin.caption}</p>
        {pin.tags.length > 0 ? (
          <ul className="pin-page__tags" aria-label={t('sharedPinPage.tags', 'Tags')}>
            {pin.tags.map((tag) => (
              <li key={tag}>#{tag}</li>
            ))}
          </ul>
        ) : null}
        <PinSource pin={pin} />
      </div>
    </article>
  );
}

export function SharedLightboxPage() {
  const { pin, error, isLoading, swipe, next, previous, close } = useSharedViewer(lightboxPathUnder, pinPathUnder, true);
  if (error) return <SharedLinkError error={error} />;
  return <Lightbox pin={pin} isLoading={isLoading} swipe={swipe} next={next} previous={previous} close={close} />;
}
