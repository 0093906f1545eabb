// The pin detail screen (spec, section 2), the same on /pins/{id}/, /search/pins/{id}/,
// /{username}/pins/{id}/ and under a board, each following its own list: the picture (opening
// the lightbox) between the previous and next pins, rating (the owner's to change), title (or
// a divider), caption, tags, source, the actions and menu, and the users, boards and Image
// Metadata cards, then "More like this". Keys and swipes go to the neighbours; Escape goes back
// to the list.

import { Link } from 'react-router';
import { useRevalidateAll } from '../../api/cache';
import { useMe } from '../../api/me';
import { useMutation } from '../../api/mutation';
import { ratePin } from '../../api/pinEdits';
import { ErrorList } from '../../components/Form';
import { PinActions } from '../../components/pins/PinActions';
import { BoardsCard, MetadataCard, UsersCard } from '../../components/pins/PinCards';
import { usePinDialogs } from '../../components/pins/PinDialogs';
import { PinImage } from '../../components/pins/PinImage';
import { PinSource } from '../../components/pins/PinSource';
import { Rating } from '../../components/pins/Rating';
import { SimilarPins } from '../../components/pins/SimilarPins';
import { t } from '../../i18n';
import { tagPath } from '../../lib/paths';
import { NotFound } from '../NotFound';
import { QueryError } from '../QueryError';
import { usePinViewer } from './usePinViewer';
import './PinPage.css';

export function PinPage() {
  const { route, pin, board, error, isLoading, swipe } = usePinViewer({
    pathOf: (route, id) => route.detailPath(id),
    closePath: (route) => route.backPath,
  });
  const { me } = useMe();
  const dialogs = usePinDialogs(route.backPath, { pinId: route.pinID, boardId: board?.id ?? null });
  const revalidateAll = useRevalidateAll();
  const rating = useMutation(ratePin);

  if (error) return <QueryError error={error} />;
  if (isLoading) {
    return (
      <p className="user-page__loading" aria-busy="true">
        {t('pinPage.loading', 'Loading...')}
      </p>
    );
  }
  if (!pin) return <NotFound />;

  const isOwner = me?.id === pin.user.id;
  const rate = async (value: number) => {
    if ((await rating.run(pin.id, value)) !== undefined) await revalidateAll();
  };

  return (
    <>
      <article className="pin-page">
        <div className="pin-page__main">
          <div className="pin-page__stage" {...swipe}>
            <PinImage pin={pin} zoomTo={route.lightboxPath(pin.id)} />
            <nav aria-label={t('pinPage.neighbours', 'Previous and next pins')}>
              {pin.prevID ? (
                <Link to={route.detailPath(pin.prevID)} className="pin-page__neighbour pin-page__neighbour--previous" aria-label={t('pinPage.previous', 'Previous pin')}>
                  ‹
                </Link>
              ) : null}
              {pin.nextID ? (
                <Link to={route.detailPath(pin.nextID)} className="pin-page__neighbour pin-page__neighbour--next" aria-label={t('pinPage.next', 'Next pin')}>
                  ›
                </Link>
              ) : null}
            </nav>
          </div>
          <PinActions pin={pin} board={board} isOwner={isOwner} dialogs={dialogs} />
          <Rating value={pin.rating} onRate={isOwner ? (value) => void rate(value) : undefined} disabled={rating.pending} />
          <ErrorList errors={rating.errors} />
          {pin.title ? <h1 className="pin-page__title">{pin.title}</h1> : <hr className="pin-page__divider" />}
          <p className="pin-page__caption">{pin.caption}</p>
          {pin.tags.length > 0 ? (
            <ul className="pin-page__tags" aria-label={t('pinPage.tags', 'Tags')}>
              {pin.tags.map((tag) => (
                <li key={tag}>
                  <Link to={tagPath(tag)}>#{tag}</Link>
                </li>
              ))}
            </ul>
          ) : null}
          <PinSource pin={pin} />
        </div>
        <aside className="pin-page__side" aria-label={t('pinPage.about', 'About this pin')}>
          <UsersCard pin={pin} />
          <BoardsCard pin={pin} onManage={isOwner ? () => dialogs.open('manage', pin.id) : undefined} />
          <MetadataCard pin={pin} />
        </aside>
        {dialogs.element}
      </article>
      <SimilarPins key={pin.id} pinId={pin.id} />
    </>
  );
}
