// '/{username}/folders/{folderSlug}/': the folder's name, owner, board count and privacy, its
// boards (50 a page, with a button for more), and the owner's menu (new board in the folder, edit folder, delete folder).

import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { GENERIC_ERROR } from '../../api/errors';
import { useFolderBoards, useFolderDetail } from '../../api/boards';
import { useMe } from '../../api/me';
import { displayName } from '../../api/users';
import { useCreateDialogs } from '../../components/boards/CreateDialogs';
import { DeleteFolderModal, EditFolderModal } from '../../components/boards/FolderModals';
import { OwnerMenu } from '../../components/boards/OwnerMenu';
import { BoardTile, PagedTileGrid, PrivateBadge } from '../../components/boards/Tiles';
import { ErrorList } from '../../components/Form';
import { t, tx } from '../../i18n';
import { ownedTitle, usePageTitle } from '../../lib/pageTitle';
import { boardPath, folderPath, foldersPath, userPath } from '../../lib/paths';
import { QueryError } from '../QueryError';
import { BackLink } from './BackLink';

type Dialog = 'edit' | 'delete' | null;

export function FolderPage() {
  const { username = '', folderSlug = '' } = useParams();
  const { folder, error, isLoading } = useFolderDetail(username, folderSlug);
  const boards = useFolderBoards(username, folderSlug);
  const { me } = useMe();
  const navigate = useNavigate();
  const create = useCreateDialogs();
  const [dialog, setDialog] = useState<Dialog>(null);
  usePageTitle(folder ? ownedTitle(folder.name, folder.user.username) : null);

  if (error) return <QueryError error={error} />;
  if (isLoading || !folder) {
    return (
      <p className="user-page__loading" aria-busy="true">
        {t('folderPage.loading', 'Loading...')}
      </p>
    );
  }

  const owner = folder.user;
  const isOwner = me?.id === owner.id;
  const close = () => setDialog(null);

  return (
    <article className="detail" aria-labelledby="folder-title">
      <BackLink to={foldersPath(owner.username)}>{t('folderPage.backToFolders', 'Folders')}</BackLink>
      <header className="detail__header">
        <div className="detail__text">
          <p className="detail__kind">{t('folderPage.kind', 'Folder')}</p>
          <h1 id="folder-title" className="detail__title">
            {folder.name}
          </h1>
          <p className="detail__meta">
            <span>
              {tx('folderPage.by', 'by <link>{name}</link>', {
                name: displayName(owner),
                link: (chunks) => <Link to={userPath(owner.username)}>{chunks}</Link>,
              })}
            </span>
            <span className="detail__separator" aria-hidden="true">·</span>
            <span>{t('folderPage.boardCount', '{count, plural, one {# board} other {# boards}}', { count: folder.boards.totalCount })}</span>
            {folder.secret ? <PrivateBadge /> : null}
          </p>
          {folder.secret ? <p className="detail__private">{t('folderPage.private', 'This folder is private')}</p> : null}
        </div>
        {isOwner ? (
          <OwnerMenu
            label={t('folderPage.menu', 'Folder menu')}
            actions={[
              { label: t('folderPage.newBoard', 'New board'), onSelect: () => create.open('board', folder.secret, folder.id) },
              { label: t('folderPage.edit', 'Edit folder'), onSelect: () => setDialog('edit') },
              { label: t('folderPage.delete', 'Delete folder'), onSelect: () => setDialog('delete'), danger: true },
            ]}
          />
        ) : null}
      </header>

      {boards.error && boards.nodes.length === 0 ? (
        <ErrorList errors={[GENERIC_ERROR]} />
      ) : boards.isLoading ? (
        <p className="user-page__loading" aria-busy="true">
          {t('folderPage.loading', 'Loading...')}
        </p>
      ) : (
        <PagedTileGrid
          list={boards}
          label={t('folderPage.boards', 'Boards')}
          more={t('folderPage.moreBoards', 'More boards')}
          empty={t('folderPage.noBoards', 'No boards...')}
          tile={(board) => <BoardTile key={board.id} board={board} href={boardPath(owner.username, board.slug, folder.slug)} />}
        />
      )}

      {create.element}
      {dialog === 'edit' ? (
        <EditFolderModal
          folder={folder}
          onClose={close}
          onSaved={(saved) => navigate(folderPath(saved.user.username, saved.slug), { replace: true })}
        />
      ) : null}
      {dialog === 'delete' ? (
        <DeleteFolderModal folder={folder} onClose={close} onDeleted={() => navigate(foldersPath(owner.username))} />
      ) : null}
    </article>
  );
}
