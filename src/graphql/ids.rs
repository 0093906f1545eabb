//! Pin and board ids given to the GraphQL API, read as the domain's ids.

use async_graphql::ID;

use corkboard_core::service::access::pin_not_found;
use corkboard_domain::board::BoardRecord;
use corkboard_domain::error::AppError;
use corkboard_domain::ids::{BoardId, PinId};
use corkboard_domain::policy::Visible;

/// A pin id, or the error a pin that does not exist gets.
pub(crate) fn pin_id(id: &ID) -> Result<PinId, AppError> {
    PinId::parse(id).ok_or_else(|| AppError::not_found(pin_not_found()))
}

/// A board id, or the error a board that does not exist gets.
pub(crate) fn board_id(id: &ID) -> Result<BoardId, AppError> {
    BoardId::parse(id).ok_or_else(|| AppError::not_found(BoardRecord::not_found()))
}

/// The boards a pin goes on (none when absent).
pub(crate) fn board_ids(ids: Option<Vec<ID>>) -> Result<Vec<BoardId>, AppError> {
    ids.unwrap_or_default().iter().map(board_id).collect()
}
