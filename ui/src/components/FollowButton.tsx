// 'Follow' / 'Unfollow' with the follower count, on a user's page and a board's page: the count
// for everyone, the button for a signed-in viewer who is not the owner; a failure is told below it.

import { countLabel } from '../api/boards';
import { setFollowing, useFollowState, type Followed } from '../api/follows';
import { useMutation } from '../api/mutation';
import { t } from '../i18n';
import './FollowButton.css';

export function FollowButton({ followed, canFollow }: { followed: Followed; canFollow: boolean }) {
  const { state, revalidate } = useFollowState(followed);
  const toggle = useMutation(async (follow: boolean) => {
    await setFollowing(followed, follow);
    await revalidate();
  });
  if (!state) return null;
  const following = state.viewerFollows;
  return (
    <div className="follow">
      {canFollow ? (
        <button
          type="button"
          className={`button button--small ${following ? 'button--ghost' : 'button--primary'}`}
          aria-pressed={following}
          disabled={toggle.pending}
          onClick={() => void toggle.run(!following)}
        >
          {following ? t('followButton.unfollow', 'Unfollow') : t('followButton.follow', 'Follow')}
        </button>
      ) : null}
      <span className="follow__count">{countLabel(state.followerCount, 'follower')}</span>
      {toggle.errors.length > 0 ? (
        <p className="follow__error" role="alert">
          {toggle.errors.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
