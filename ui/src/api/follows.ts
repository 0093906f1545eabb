// Follows: a person's or a board's follower count and whether the viewer follows them, the
// follow and unfollow mutations, and the signed-in viewer's 'Following' feed, 50 a page.

import { gql } from './client';
import {
  BoardFollowStateDocument,
  FollowBoardDocument,
  FollowUserDocument,
  FollowingCountDocument,
  FollowingPinsDocument,
  UnfollowBoardDocument,
  UnfollowUserDocument,
  UserFollowStateDocument,
} from './generated/graphql';
import { usePinPages, type PinListState } from './pinLists';
import { useQuery } from './query';

/** What is followed: a person (by username) or a board (by id). */
export type Followed = { username: string } | { board: string };

export interface FollowState {
  followerCount: number;
  viewerFollows: boolean;
}

/** How many follow `followed`, and whether the viewer does; null until known. */
export function useFollowState(followed: Followed) {
  const user = useQuery(UserFollowStateDocument, 'username' in followed ? { username: followed.username } : null);
  const board = useQuery(BoardFollowStateDocument, 'board' in followed ? { id: followed.board } : null);
  const state: FollowState | null = user.data?.user ?? board.data?.board ?? null;
  const revalidate = async () => {
    await Promise.all([user.mutate(), board.mutate()]);
  };
  return { state, revalidate };
}

/** Follows `followed`, or stops following it. */
export async function setFollowing(followed: Followed, follow: boolean): Promise<void> {
  if ('username' in followed) {
    const variables = { username: followed.username };
    await (follow ? gql(FollowUserDocument, variables) : gql(UnfollowUserDocument, variables));
  } else {
    const variables = { board: followed.board };
    await (follow ? gql(FollowBoardDocument, variables) : gql(UnfollowBoardDocument, variables));
  }
}

/** How many people and boards the signed-in viewer follows; null for visitors and until known. */
export function useFollowingCount(signedIn: boolean): number | null {
  const { data } = useQuery(FollowingCountDocument, signedIn ? {} : null, { revalidateOnMount: true });
  return data?.me?.followingCount ?? null;
}

/** The viewer's 'Following' feed, newest first. */
export function useFollowingPins(): PinListState {
  return usePinPages(FollowingPinsDocument, {}, (data) => ({ ...data.following, totalCount: null }));
}
