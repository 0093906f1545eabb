//! Following a person (all they let the follower see) or one board, and no longer following
//! them; how many follow each, and whether the viewer does.

use crate::service::access::{visible_board, visible_only};
use crate::service::data::Data;
use crate::service::users::named;
use corkboard_domain::board::BoardRecord;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::{BoardId, UserId};
use corkboard_domain::policy::Visible;
use corkboard_domain::user::UserRecord;
use corkboard_i18n::msg;
use corkboard_store::follow_writes;
use corkboard_store::follows::{self, Followed};
use corkboard_store::{Source, boards};

/// How many follow something, and whether the viewer does.
#[derive(Debug, Clone, Copy, Default)]
pub struct FollowState {
    pub followers: u64,
    pub viewer_follows: bool,
}

/// Makes the viewer follow the user named `username`, or stop (`follow` false); returns them.
pub async fn set_user(
    data: &Data,
    viewer: UserId,
    username: String,
    follow: bool,
) -> AppResult<UserRecord> {
    data.write(move |write| {
        let user = named(write, &username)?;
        if user.id == viewer {
            return Err(AppError::invalid("username", msg!("error-follow-yourself")));
        }
        if follow {
            follow_writes::follow(write, viewer, Followed::User(user.id))?;
        } else {
            follow_writes::unfollow(write, viewer, Followed::User(user.id))?;
        }
        Ok(user)
    })
    .await
}

/// Makes the viewer follow a board they may see; returns it.
pub async fn follow_board(data: &Data, viewer: UserId, board: BoardId) -> AppResult<BoardRecord> {
    data.write(move |write| {
        let record = visible_board(write, Some(viewer), board)?;
        if record.user == viewer {
            return Err(AppError::invalid("board", msg!("error-follow-own-board")));
        }
        follow_writes::follow(write, viewer, Followed::Board(board))?;
        Ok(record)
    })
    .await
}

/// Makes the viewer stop following a board, even one they may no longer see; returns it when
/// they may.
pub async fn unfollow_board(
    data: &Data,
    viewer: UserId,
    board: BoardId,
) -> AppResult<Option<BoardRecord>> {
    data.write(move |write| {
        let record = boards::get(write, board)?
            .ok_or_else(|| AppError::not_found(<BoardRecord as Visible>::not_found()))?;
        follow_writes::unfollow(write, viewer, Followed::Board(board))?;
        Ok(visible_only(write, vec![record], Some(viewer))?.pop())
    })
    .await
}

/// How many follow `followed` (a user or board the viewer already sees), and whether the viewer
/// does.
pub async fn state(
    data: &Data,
    viewer: Option<UserId>,
    followed: Followed,
) -> AppResult<FollowState> {
    data.read(move |read| state_in(read, viewer, followed))
        .await
}

fn state_in(
    tx: &impl Source,
    viewer: Option<UserId>,
    followed: Followed,
) -> AppResult<FollowState> {
    Ok(FollowState {
        followers: follows::follower_count(tx, followed)?,
        viewer_follows: match viewer {
            Some(viewer) => follows::follows(tx, viewer, followed)?,
            None => false,
        },
    })
}

/// How many users and boards the viewer follows.
pub async fn following_count(data: &Data, viewer: UserId) -> AppResult<usize> {
    data.read(move |read| Ok(follows::followed_by(read, viewer)?.len()))
        .await
}
