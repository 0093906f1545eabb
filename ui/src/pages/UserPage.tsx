// '/{username}/' and '/{username}/pins/': the user's header (avatar, name, website and social
// links, 'Subscribe' to the Atom feed of their public pins, 'Follow' with the follower count), the tabs, and the user's pins, 50 a page. A bare '/{username}' goes to
// '/{username}/pins/' (spec, section 2). Its owner meets an empty page with the next step.

import { Navigate, useLocation, useMatch, useParams } from 'react-router';
import type { PublicUser } from '../api/generated/graphql';
import { useUserCounts } from '../api/boards';
import { useMe } from '../api/me';
import { useUserPins } from '../api/pinLists';
import { SOCIAL_LINKS, displayName, useUser } from '../api/users';
import { Avatar } from '../components/Avatar';
import { FollowButton } from '../components/FollowButton';
import { useCreateDialogs } from '../components/boards/CreateDialogs';
import { FirstBoard } from '../components/boards/FirstBoard';
import { UserTabs } from '../components/boards/UserTabs';
import { AddPinHere } from '../components/pins/AddPinHere';
import { PinList } from '../components/pins/PinList';
import { t } from '../i18n';
import { displayUrl, safeHref } from '../lib/links';
import { usePageTitle } from '../lib/pageTitle';
import { userFeedPath, userPath, userPinsPath } from '../lib/paths';
import { NotFound } from './NotFound';
import { QueryError } from './QueryError';
import './UserPage.css';

export function UserPage() {
  const { username = '' } = useParams();
  const location = useLocation();
  const { user, error, isLoading } = useUser(username);
  const { me } = useMe();
  const bare = useMatch('/:username') !== null && !location.pathname.endsWith('/');
  usePageTitle(user ? displayName(user) : null);

  if (bare) {
    return <Navigate to={userPinsPath(username) + location.search} replace />;
  }
  if (error) return <QueryError error={error} />;
  if (isLoading) {
    return (
      <p className="user-page__loading" aria-busy="true">
        {t('userPage.loading', 'Loading...')}
      </p>
    );
  }
  if (!user) return <NotFound />;

  return (
    <>
      <UserHeader user={user} />
      <UserTabs username={user.username} />
      <UserPins username={user.username} isOwner={me?.id === user.id} />
    </>
  );
}

/** Its owner meets an empty page with the next step: a first board, else 'Add a pin'. */
function UserPins({ username, isOwner }: { username: string; isOwner: boolean }) {
  const list = useUserPins(username);
  const counts = useUserCounts(username);
  const create = useCreateDialogs();
  if (!isOwner) return <PinList list={list} base={userPath(username)} />;
  if (counts?.pins.totalCount === 0 && counts.boards.totalCount === 0) return <FirstBoard />;
  return (
    <>
      <PinList list={list} base={userPath(username)} empty={<AddPinHere boardId={null} onCreateBoard={() => create.open('board', false)} />} />
      {create.element}
    </>
  );
}

export function UserHeader({ user }: { user: PublicUser }) {
  const { me } = useMe();
  const name = displayName(user);
  const website = safeHref(user.websiteLink);
  const socials = SOCIAL_LINKS.flatMap((link) => {
    const href = safeHref(user[link.field]);
    return href ? [{ ...link, href }] : [];
  });

  return (
    <header className="user-header">
      <Avatar
        username={user.username}
        firstName={user.firstName}
        lastName={user.lastName}
        src1x={user.avatar1x}
        src2x={user.avatar2x}
        size={60}
        className="user-header__avatar"
      />
      <div className="user-header__text">
        <h1 className="user-header__name">{name}</h1>
        {name !== user.username ? <p className="user-header__username">@{user.username}</p> : null}
        {website ? (
          <a className="user-header__website" href={website} rel="noopener noreferrer nofollow" target="_blank">
            {displayUrl(website)}
          </a>
        ) : null}
        <a className="user-header__feed" href={userFeedPath(user.username)} type="application/atom+xml">
          {t('userPage.subscribe', 'Subscribe')}
        </a>
        <FollowButton followed={{ username: user.username }} canFollow={me !== null && me.id !== user.id} />
        {socials.length > 0 ? (
          <ul className="user-header__socials" aria-label={t('userPage.socialLinks', 'Social links')}>
            {socials.map((link) => (
              <li key={link.field}>
                <a href={link.href} rel="noopener noreferrer nofollow" target="_blank">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </header>
  );
}
