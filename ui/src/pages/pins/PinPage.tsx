// The pin detail screen (spec, section 2), the same on /pins/{id}/, /search/pins/{id}/,
// /{username}/pins/{id}/ and under a board: the picture, rating, title (or a divider), caption,
// tags, source, 'Visit site' and 'Image', and the users, boards and Image Metadata cards.

import { Link, useParams } from 'react-router';
import { isGraphQLError } from '../../api/client';
import { usePin } from '../../api/pins';
import { BoardsCard, MetadataCard, UsersCard } from '../../components/pins/PinCards';
import { PinImage } from '../../components/pins/PinImage';
import { Rating } from '../../components/pins/Rating';
import { displayUrl, safeHref } from '../../lib/links';
import { NotFound } from '../NotFound';
import './PinPage.css';

export function PinPage() {
  const { pinID = '' } = useParams();
  const { pin, error, isLoading } = usePin(pinID);

  if (error) {
    if (isGraphQLError(error) && error.code === 'NOT_FOUND_ERROR') return <NotFound />;
    throw error;
  }
  if (isLoading) return <p className="user-page__loading" aria-busy="true">Loading...</p>;
  if (!pin) return <NotFound />;

  const source = safeHref(pin.sourceFileUrl);

  return (
    <article className="pin-page">
      <div className="pin-page__main">
        <PinImage pin={pin} />
        <div className="pin-page__actions">
          {source ? (
            <a className="button button--ghost" href={source} target="_blank" rel="noopener">
              Visit site
            </a>
          ) : null}
          <a className="button button--ghost" href={pin.original} target="_blank" rel="noopener">
            Image
          </a>
        </div>
        <Rating value={pin.rating} />
        {pin.title ? <h1 className="pin-page__title">{pin.title}</h1> : <hr className="pin-page__divider" />}
        <p className="pin-page__caption">{pin.caption}</p>
        {pin.tags.length > 0 ? (
          <ul className="pin-page__tags" aria-label="Tags">
            {pin.tags.map((tag) => (
              <li key={tag}>
                <Link to={`/search/?tag=${encodeURIComponent(tag)}`}>#{tag}</Link>
              </li>
            ))}
          </ul>
        ) : null}
        {source ? (
          <p className="pin-page__source">
            <a href={source} target="_blank" rel="noopener noreferrer nofollow">
              {displayUrl(source)}
            </a>
          </p>
        ) : null}
        <footer className="pin-page__footer">{pin.sourceDomain ? `Found on ${pin.sourceDomain}` : 'Uploaded to Corkboard'}</footer>
      </div>
      <aside className="pin-page__side" aria-label="About this pin">
        <UsersCard pin={pin} />
        <BoardsCard pin={pin} />
        <MetadataCard pin={pin} />
      </aside>
    </article>
  );
}
