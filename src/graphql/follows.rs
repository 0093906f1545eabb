//! Follows: the signed-in viewer's 'Following' feed, and following or no longer following a
//! person or a board; thin resolvers over `service::follows` and `service::following`.

use async_graphql::{Context, ID, Object, Result};

use super::context::ContextExt;
use super::ids::board_id;
use super::pagination::{items_to_read, page_cost};
use super::pin_lists::{PinConnection, PinCursor, connection_of};
use super::types::objects::{Board, User};
use corkboard_core::service::pin_lists::{PinList, parse_cursor};
use corkboard_core::service::{following, follows};

#[derive(Default)]
pub(crate) struct FollowQuery;

#[Object]
impl FollowQuery {
    /// For the signed-in viewer: the newest pins of the people and boards they follow that they
    /// may see (a person's public boards and those shared with the viewer). `totalCount` is
    /// counted only when asked for, up to 10,000 (then `totalCountCapped`).
    #[graphql(complexity = "page_cost(first, child_complexity)")]
    async fn following(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
    ) -> Result<PinConnection> {
        let viewer = ctx.viewer().require_user()?;
        let first = items_to_read(ctx, first)?;
        let after = after.as_deref().map(parse_cursor).transpose()?;
        let counted = ctx.look_ahead().field("totalCount").exists();
        let feed = following::page(ctx.services(), viewer, first, after, counted).await?;
        // Opened from the feed, a pin's neighbours are those of Last pins.
        let mut connection = connection_of(feed.page, PinList::Last);
        if let Some(end) = feed.end {
            connection.end_at(PinCursor(end));
        }
        Ok(connection)
    }
}

#[derive(Default)]
pub(crate) struct FollowMutation;

#[Object]
impl FollowMutation {
    /// Follows a person: their public boards' pins, and those of their boards shared with the
    /// viewer, come in the viewer's 'Following'.
    async fn follow_user(&self, ctx: &Context<'_>, username: String) -> Result<User> {
        let viewer = ctx.viewer().require_user()?;
        let user = follows::set_user(ctx.services(), viewer, username, true).await?;
        Ok(User::from(user))
    }

    async fn unfollow_user(&self, ctx: &Context<'_>, username: String) -> Result<User> {
        let viewer = ctx.viewer().require_user()?;
        let user = follows::set_user(ctx.services(), viewer, username, false).await?;
        Ok(User::from(user))
    }

    /// Follows a board the viewer may see: its pins come in the viewer's 'Following'.
    async fn follow_board(&self, ctx: &Context<'_>, board: ID) -> Result<Board> {
        let viewer = ctx.viewer().require_user()?;
        let board = follows::follow_board(ctx.services(), viewer, board_id(&board)?).await?;
        Ok(Board(board))
    }

    /// Stops following a board, even one the viewer may no longer see: then it answers null.
    async fn unfollow_board(&self, ctx: &Context<'_>, board: ID) -> Result<Option<Board>> {
        let viewer = ctx.viewer().require_user()?;
        let board = follows::unfollow_board(ctx.services(), viewer, board_id(&board)?).await?;
        Ok(board.map(Board))
    }
}
