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
  if (isLoading || meLoading) return <p className="user-page__loading" aria-busy="true">Loading...</p>;
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
  if (publicList.isLoading || privateList.isLoading) return <p className="user-page__loading" aria-busy="true">Loading...</p>;

  const plural = `${kind}s`;
  const grid = (list: TilePages<N>, which: string) => {
    const label = which ? `${which} ${plural}` : plural;
    return (
      <PagedTileGrid
        list={list}
        label={label.charAt(0).toUpperCase() + label.slice(1)}
        more={`More ${label}`}
        empty={`No ${label}...`}
        tile={tile}
      />
    );
  };

  if (!isOwner && privateList.nodes.length === 0) return grid(publicList, '');

  const newButton = (secret: boolean) =>
    isOwner ? (
      <button type="button" className="button button--ghost" onClick={() => create.open(kind, secret)}>
        {secret ? `New private ${kind}` : `New ${kind}`}
      </button>
    ) : null;

  return (
    <>
      <ListSection id={`public-${plural}`} title={`Public ${plural}`} action={newButton(false)}>
        {grid(publicList, 'public')}
      </ListSection>
      <ListSection id={`private-${plural}`} title={`Private ${plural}`} action={newButton(true)}>
        {grid(privateList, 'private')}
      </ListSection>
      {create.element}
    </>
  );
}
