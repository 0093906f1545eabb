//! The values of the GraphQL object types that name each other (a pin's board, a board's
//! owner): plain structs over records, whose fields are resolved in the modules above them.

use std::ops::Deref;
use std::sync::Arc;

use async_graphql::Context;

use crate::graphql::context::ContextExt;
use corkboard_core::service::follows::{self, FollowState};
use corkboard_core::service::pin_lists::PinList;
use corkboard_domain::board::{BoardRecord, FolderRecord};
use corkboard_domain::error::AppError;
use corkboard_domain::ids::{BoardId, UserId};
use corkboard_domain::pin::PinRecord;
use corkboard_domain::user::UserRecord;
use corkboard_i18n::msg;
use corkboard_store::follows::Followed;

pub struct User(pub Arc<UserRecord>);

impl From<UserRecord> for User {
    fn from(record: UserRecord) -> User {
        User(Arc::new(record))
    }
}

impl User {
    /// A user by id, loaded together with the other users the request asks for.
    pub async fn load(ctx: &Context<'_>, id: UserId) -> async_graphql::Result<User> {
        let found = ctx.loaders().user(id).await?;
        let missing = || AppError::not_found(msg!("error-user-not-found"));
        Ok(User(found.ok_or_else(missing)?))
    }
}

/// A pin, seen in a list that gives it its neighbours.
pub struct Pin {
    /// Shared: a board's covers are kept once for a page's three cover fields.
    pub record: Arc<PinRecord>,
    pub list: PinList,
}

impl From<PinRecord> for Pin {
    /// A pin seen among Last pins.
    fn from(record: PinRecord) -> Self {
        Pin::from(Arc::new(record))
    }
}

impl From<Arc<PinRecord>> for Pin {
    /// A pin seen among Last pins.
    fn from(record: Arc<PinRecord>) -> Self {
        Pin {
            record,
            list: PinList::Last,
        }
    }
}

impl Pin {
    /// A pin seen on a board.
    pub fn on_board(board: BoardId, record: impl Into<Arc<PinRecord>>) -> Pin {
        Pin {
            record: record.into(),
            list: PinList::OnBoard(board),
        }
    }
}

pub struct Board(pub BoardRecord);

impl Deref for Board {
    type Target = BoardRecord;

    fn deref(&self) -> &BoardRecord {
        &self.0
    }
}

pub struct Folder(pub FolderRecord);

impl Deref for Folder {
    type Target = FolderRecord;

    fn deref(&self) -> &FolderRecord {
        &self.0
    }
}

/// How many follow a user or board the viewer sees, and whether the viewer does.
pub(crate) async fn follow_state(
    ctx: &Context<'_>,
    followed: Followed,
) -> Result<FollowState, AppError> {
    follows::state(ctx.services(), ctx.viewer().user, followed).await
}
