// The frame of '/{username}/boards/' and '/{username}/folders/': the user's header, the tabs,
// and the section itself, given the user and whether the viewer owns the page.

import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useMe } from '../../api/me';
import type { PublicUser } from '../../api/generated/graphql';
import { useUser } from '../../api/users';
import { UserTabs } from '../../components/boards/UserTabs';
import { NotFound } from '../NotFound';
import { QueryError } from '../QueryError';
import { UserHeader } from '../UserPage';

export function UserSection({ children }: { children: (user: PublicUser, isOwner: boolean) => ReactNode }) {
  const { username = '' } = useParams();
  const { user, error, isLoading } = useUser(username);
  const { me, isLoading: meLoading } = useMe();

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
