// '/shared/{token}/': a board opened through a share link (title, 'by' its owner, caption, pin
// count, 'Subscribe' to its private feed, its pins 50 a page with infinite scroll), with no
// owner's action and no link to any other board, user list or search. A link that does not work
// shows the server's sentence.

import { useParams } from 'react-router';
import { isGraphQLError } from '../../api/client';
import { errorMessages } from '../../api/errors';
import { useSharedBoard } from '../../api/shareLinks';
import { displayName } from '../../api/users';
import { PinList } from '../../components/pins/PinList';
import { t } from '../../i18n';
import { ownedTitle, usePageTitle } from '../../lib/pageTitle';
import { sharedFeedPath, sharedPath } from '../../lib/paths';
import { QueryError } from '../QueryError';
import '../MessagePage.css';

export function SharedBoardPage() {
  const { token = '' } = useParams();
  const { board, list } = useSharedBoard(token);
  usePageTitle(board ? ownedTitle(board.title, board.owner.username) : null);

  if (list.error && !board) return <SharedLinkError error={list.error} />;
  if (list.isLoading || !board) {
    return (
      <p className="user-page__loading" aria-busy="true">
        {t('sharedBoardPage.loading', 'Loading...')}
      </p>
    );
  }

  return (
    <article className="detail" aria-labelledby="board-title">
      <header className="detail__header">
        <div className="detail__text">
          <p className="detail__kind">{t('sharedBoardPage.kind', 'Shared board')}</p>
          <h1 id="board-title" className="detail__title">
            {board.title}
          </h1>
          <p className="detail__meta">
            <span>{t('sharedBoardPage.by', 'by {name}', { name: displayName(board.owner) })}</span>
            <span className="detail__separator" aria-hidden="true">·</span>
            <span>{t('sharedBoardPage.pinCount', '{count, plural, one {# pin} other {# pins}}', { count: board.pins.totalCount })}</span>
            <span className="detail__separator" aria-hidden="true">·</span>
            <a href={sharedFeedPath(token)} type="application/atom+xml">
              {t('sharedBoardPage.subscribe', 'Subscribe')}
            </a>
          </p>
          {board.caption ? <p className="detail__caption">{board.caption}</p> : null}
        </div>
      </header>
      <PinList list={list} base={sharedPath(token)} />
    </article>
  );
}

/** A link revoked, expired or mistyped: the server's sentence; any other failure as any page's. */
export function SharedLinkError({ error }: { error: Error }) {
  if (!isGraphQLError(error) || error.code !== 'NOT_FOUND_ERROR') return <QueryError error={error} />;
  return (
    <section className="message-page" role="alert">
      <p className="message-page__text">{errorMessages(error)[0]}</p>
    </section>
  );
}
