//! Following written whole: a follow made or undone with what it brings into the follower's
//! feed or takes out of it (`feed`), and the follows of a board or a person going.

use super::follows::{self, Followed};
use super::writing::Writing;
use super::{boards, feed};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;

/// Makes `follower` follow `followed`, bringing its newest pins into their feed; false when they
/// already did.
pub fn follow(write: &Writing, follower: UserId, followed: Followed) -> AppResult<bool> {
    if !follows::follow(write, follower, followed)? {
        return Ok(false);
    }
    feed::followed(write, follower, followed)?;
    Ok(true)
}

/// Makes `follower` stop following `followed`, taking out of their feed the pins they reach no
/// more; false when they did not.
pub fn unfollow(write: &Writing, follower: UserId, followed: Followed) -> AppResult<bool> {
    if !follows::unfollow(write, follower, followed)? {
        return Ok(false);
    }
    let owner = match followed {
        Followed::User(user) => Some(user),
        Followed::Board(board) => boards::get(write, board)?.map(|board| board.user),
    };
    if let Some(owner) = owner {
        feed::unfollowed(write, follower, owner)?;
    }
    Ok(true)
}

/// Removes every follow of and by a user (whose account is going), and their feed.
pub fn forget_user(write: &Writing, user: UserId) -> AppResult<()> {
    feed::forget(write, user)?;
    for followed in follows::followed_by(write, user)? {
        unfollow(write, user, followed)?;
    }
    forget(write, Followed::User(user))
}

/// Removes every follow of `followed` (a board or a user going).
pub fn forget(write: &Writing, followed: Followed) -> AppResult<()> {
    for follower in follows::followers_of(write, followed)? {
        unfollow(write, follower, followed)?;
    }
    Ok(())
}
