//! Board lists as Relay connections: a user's boards and a folder's boards.

use std::sync::Arc;

use async_graphql::{Context, Result};

use super::connection::Connection;
use super::context::ContextExt;
use super::pagination::{Total, id_after, items_to_read, list_connection};
use super::tiles;
use super::types::objects::Board;
use corkboard_core::service::boards::BoardsRequest;
use corkboard_domain::ids::BoardId;
use corkboard_store::board_lists::BoardList;

/// One page of a list of boards, read with the other lists of the request.
pub(crate) async fn board_connection(
    ctx: &Context<'_>,
    list: BoardList,
    secret: Option<bool>,
    first: Option<i32>,
    after: Option<String>,
) -> Result<Connection<String, Board, Total>> {
    let request = BoardsRequest {
        list,
        secret,
        first: items_to_read(ctx, first)?,
        after: id_after(after.as_deref())?.map(BoardId),
    };
    let tiles = tiles::board_fields(&ctx.look_ahead())?;
    let found = Arc::unwrap_or_clone(ctx.loaders().boards(request, tiles).await?);
    let after = request.after.is_some();
    Ok(list_connection(found, after, |board| board.id.0, Board))
}
