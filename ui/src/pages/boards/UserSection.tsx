// The frame of '/{username}/boards/' and '/{username}/folders/': the user's header, the tabs,
// and the section itself, given the user and whether the viewer owns the page; and the public
// and private lists those pages show.

import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { TilePages } from '../../api/boards';
import { useMe } from '../../api/me';
import type { PublicUser } from '../../api/generated/graphql';
import { displayName, useUser } from '../../api/users';
import { useCreateDialogs, type CreateKind } from '../../components/boards/CreateDialogs';
import { PagedTileGrid } from '../../components/boards/Tiles';
import { UserTabs } from '../../components/boards/UserTabs';
import { t } from '../../i18n';
import { usePageTitle } from '../../lib/pageTitle';
import { NotFound } from '../NotFound';
import { QueryError } from '../QueryError';
import { UserHeader } from '../UserPage';

export function UserSection({ children }: { children: (user: PublicUser, isOwner: boolean) => ReactNode }) {
  const { username = '' } = useParams();
  const { user, error, isLoading } = useUser(username);
  const { me, isLoading: meLoading } = useMe();
  usePageTitle(user ? displayName(user) : null);

  if (error) return <QueryError error={error} />;
  if (isLoading || meLoading) {
    return (
      <p className="user-page__loading" aria-busy="true">
        {t('userSection.loading', 'Loading...')}
      </p>
    );
  }
  if (!user) return <NotFound />;

  return (
    <>
      <UserHeader user={user} />
      <UserTabs username={user.username} />
      {children(user, me?.id === user.id)}
    </>
  );
}

/** A titled part of a list page ('Private boards'), with an optional action beside its title. */
export function ListSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="list-section" aria-labelledby={id}>
      <div className="list-section__heading">
        <h2 id={id} className="list-section__title">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Which of a user's lists: all of them (for a viewer who sees only public ones), the public or the private. */
type Which = 'all' | 'public' | 'private';

/** The words of a list of boards or folders: its name, its 'More' button and its empty state. */
function listWords(kind: CreateKind, which: Which): { label: string; more: string; empty: string } {
  if (kind === 'board') {
    if (which === 'public') {
      return {
        label: t('userSection.publicBoards', 'Public boards'),
        more: t('userSection.morePublicBoards', 'More public boards'),
        empty: t('userSection.noPublicBoards', 'No public boards...'),
      };
    }
    if (which === 'private') {
      return {
        label: t('userSection.privateBoards', 'Private boards'),
        more: t('userSection.morePrivateBoards', 'More private boards'),
        empty: t('userSection.noPrivateBoards', 'No private boards...'),
      };
    }
    return {
      label: t('userSection.boards', 'Boards'),
      more: t('userSection.moreBoards', 'More boards'),
      empty: t('userSection.noBoards', 'No boards...'),
    };
  }
  if (which === 'public') {
    return {
      label: t('userSection.publicFolders', 'Public folders'),
      more: t('userSection.morePublicFolders', 'More public folders'),
      empty: t('userSection.noPublicFolders', 'No public folders...'),
    };
  }
  if (which === 'private') {
    return {
      label: t('userSection.privateFolders', 'Private folders'),
      more: t('userSection.morePrivateFolders', 'More private folders'),
      empty: t('userSection.noPrivateFolders', 'No private folders...'),
    };
  }
  return {
    label: t('userSection.folders', 'Folders'),
    more: t('userSection.moreFolders', 'More folders'),
    empty: t('userSection.noFolders', 'No folders...'),
  };
}

/** The owner's button beside a section's title: a new board or folder, public or private. */
function newLabel(kind: CreateKind, secret: boolean): string {
  if (kind === 'board') {
    return secret ? t('userSection.newPrivateBoard', 'New private board') : t('userSection.newBoard', 'New board');
  }
  return secret ? t('userSection.newPrivateFolder', 'New private folder') : t('userSection.newFolder', 'New folder');
}

/**
 * A user's public and private boards or folders (`kind`), 50 a page with a button for more: in
 * two sections for the owner (with 'New board' and 'New private board' beside their titles) and
 * for a viewer who may see private ones, else in one list.
 */
export function PublicAndPrivate<N>({
  kind,
  publicList,
  privateList,
  isOwner,
  tile,
}: {
  kind: CreateKind;
  publicList: TilePages<N>;
  privateList: TilePages<N>;
  isOwner: boolean;
  tile: (node: N) => ReactNode;
}) {
  const create = useCreateDialogs();

  const failed = [publicList, privateList].find((list) => list.error && list.nodes.length === 0)?.error;
  if (failed) return <QueryError error={failed} />;
  if (publicList.isLoading || privateList.isLoading) {
    return (
      <p className="user-page__loading" aria-busy="true">
        {t('userSection.loading', 'Loading...')}
      </p>
    );
  }

  const plural = `${kind}s`;
  const grid = (list: TilePages<N>, which: Which) => {
    const words = listWords(kind, which);
    return <PagedTileGrid list={list} label={words.label} more={words.more} empty={words.empty} tile={tile} />;
  };

  if (!isOwner && privateList.nodes.length === 0) return grid(publicList, 'all');

  const newButton = (secret: boolean) =>
    isOwner ? (
      <button type="button" className="button button--ghost" onClick={() => create.open(kind, secret)}>
        {newLabel(kind, secret)}
      </button>
    ) : null;

  return (
    <>
      <ListSection id={`public-${plural}`} title={listWords(kind, 'public').label} action={newButton(false)}>
        {grid(publicList, 'public')}
      </ListSection>
      <ListSection id={`private-${plural}`} title={listWords(kind, 'private').label} action={newButton(true)}>
        {grid(privateList, 'private')}
      </ListSection>
      {create.element}
    </>
  );
}
