// '/{username}/boards/{boardSlug}/' and '/{username}/folders/{folderSlug}/boards/{boardSlug}/':
// the board's title, owner, folder, caption, pin count, privacy and followers ('Follow'), its pins (50 a page, in
// board order), and its menu: the owner's actions (new pin on the board, order pins, change
// cover, edit board, delete board) and, on a public board, 'Subscribe' (its Atom feed) for all.

import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useBoardDetail } from '../../api/boards';
import { useMe } from '../../api/me';
import { useBoardPins } from '../../api/pinLists';
import { displayName } from '../../api/users';
import { DeleteBoardModal, EditBoardModal } from '../../components/boards/BoardModals';
import { CoverPickerModal } from '../../components/boards/CoverPicker';
import { OwnerMenu } from '../../components/boards/OwnerMenu';
import { FollowButton } from '../../components/FollowButton';
import { PrivateBadge } from '../../components/boards/Tiles';
import { AddPinHere } from '../../components/pins/AddPinHere';
import { OrderPins } from '../../components/pins/OrderPins';
import { usePinFlow } from '../../components/pins/PinFlow';
import { PinList } from '../../components/pins/PinList';
import { t, tx } from '../../i18n';
import { ownedTitle, usePageTitle } from '../../lib/pageTitle';
import { boardFeedPath, boardPath, boardSearchPath, boardsPath, folderPath, userPath } from '../../lib/paths';
import { QueryError } from '../QueryError';
import { BackLink } from './BackLink';

type Dialog = 'edit' | 'delete' | 'cover' | null;

export function BoardPage() {
  const { username = '', boardSlug = '', folderSlug } = useParams();
  const { board, error, isLoading } = useBoardDetail(username, boardSlug);
  const { me } = useMe();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [ordering, setOrdering] = useState(false);
  const pinFlow = usePinFlow();
  const list = useBoardPins(username, boardSlug);
  usePageTitle(board ? ownedTitle(board.title, board.user.username) : null);

  if (error) return <QueryError error={error} />;
  if (isLoading || !board) {
    return (
      <p className="user-page__loading" aria-busy="true">
        {t('boardPage.loading', 'Loading...')}
      </p>
    );
  }

  const owner = board.user;
  const isOwner = me?.id === owner.id;
  const inFolder = folderSlug !== undefined && board.folder !== null;
  const back = inFolder && board.folder ? folderPath(owner.username, board.folder.slug) : boardsPath(owner.username);
  const close = () => setDialog(null);
  const folder = board.folder;

  return (
    <article className="detail" aria-labelledby="board-title">
      <BackLink to={back}>{inFolder && board.folder ? board.folder.name : t('boardPage.backToBoards', 'Boards')}</BackLink>
      <header className="detail__header">
        <div className="detail__text">
          <p className="detail__kind">{t('boardPage.kind', 'Board')}</p>
          <h1 id="board-title" className="detail__title">
            {board.title}
          </h1>
          <p className="detail__meta">
            <span>
              {tx('boardPage.by', 'by <link>{name}</link>', {
                name: displayName(owner),
                link: (chunks) => <Link to={userPath(owner.username)}>{chunks}</Link>,
              })}
            </span>
            {folder ? (
              <>
                <span className="detail__separator" aria-hidden="true">·</span>
                <span>
                  {tx('boardPage.inFolder', 'in <link>{folder}</link>', {
                    folder: folder.name,
                    link: (chunks) => <Link to={folderPath(owner.username, folder.slug)}>{chunks}</Link>,
                  })}
                </span>
              </>
            ) : null}
            <span className="detail__separator" aria-hidden="true">·</span>
            <span>{t('boardPage.pinCount', '{count, plural, one {# pin} other {# pins}}', { count: board.pins.totalCount })}</span>
            {board.secret ? <PrivateBadge /> : null}
          </p>
          {board.caption ? <p className="detail__caption">{board.caption}</p> : null}
          {board.secret ? <p className="detail__private">{t('boardPage.private', 'This board is private')}</p> : null}
          <FollowButton followed={{ board: board.id }} canFollow={me !== null && !isOwner} />
          <BoardSearch boardId={board.id} />
        </div>
        {isOwner || !board.secret ? (
          <OwnerMenu
            label={t('boardPage.menu', 'Board menu')}
            actions={[
              ...(isOwner
                ? [
                    { label: t('boardPage.newPin', 'New pin'), onSelect: () => pinFlow.start(board.id) },
                    { label: t('boardPage.orderPins', 'Order pins'), onSelect: () => setOrdering(true) },
                    { label: t('boardPage.changeCover', 'Change cover'), onSelect: () => setDialog('cover') },
                    { label: t('boardPage.edit', 'Edit board'), onSelect: () => setDialog('edit') },
                    { label: t('boardPage.delete', 'Delete board'), onSelect: () => setDialog('delete'), danger: true },
                  ]
                : []),
              // A public board's feed, for everyone who sees it.
              ...(board.secret ? [] : [{ label: t('boardPage.subscribe', 'Subscribe'), href: boardFeedPath(owner.username, board.slug) }]),
            ]}
          />
        ) : null}
      </header>

      {ordering && isOwner ? (
        <OrderPins
          boardId={board.id}
          pins={list.pins}
          onCancel={() => setOrdering(false)}
          onDone={() => {
            setOrdering(false);
            void list.refresh();
          }}
        />
      ) : (
        <PinList
          list={list}
          base={boardPath(owner.username, board.slug, inFolder ? board.folder?.slug : null)}
          empty={isOwner ? <AddPinHere boardId={board.id} /> : undefined}
        />
      )}

      {pinFlow.element}
      {dialog === 'edit' ? (
        <EditBoardModal
          boardId={board.id}
          onClose={close}
          onSaved={(saved) =>
            navigate(boardPath(saved.user.username, saved.slug, folderSlug !== undefined ? saved.folder?.slug : null), {
              replace: true,
            })
          }
        />
      ) : null}
      {dialog === 'cover' ? <CoverPickerModal board={board} onClose={close} /> : null}
      {dialog === 'delete' ? (
        <DeleteBoardModal board={board} onClose={close} onDeleted={() => navigate(back)} />
      ) : null}
    </article>
  );
}

/** 'Search this board': the search page for the words typed, among this board's pins. */
function BoardSearch({ boardId }: { boardId: string }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  return (
    <form
      className="detail__search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        if (typed.trim()) navigate(boardSearchPath(typed, boardId));
      }}
    >
      <label htmlFor="board-search">{t('boardPage.searchLabel', 'Search this board')}</label>
      <input id="board-search" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
      <button type="submit">{t('boardPage.search', 'Search')}</button>
    </form>
  );
}
