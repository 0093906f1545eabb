//! Board and folder queries and mutations: thin resolvers over `service::boards` and `folders`.

use async_graphql::{Context, ID, MaybeUndefined, Object, Result};

use super::context::ContextExt;
use super::ids::board_id;
use super::types::objects::User;
use super::types::objects::{Board, Folder};
use super::types::user::Message;
use corkboard_core::service::boards::{self, BoardPatch, NewBoard};
use corkboard_core::service::{folders, users};
use corkboard_domain::board::FolderRecord;
use corkboard_domain::error::AppError;
use corkboard_domain::ids::{BoardId, FolderId, PinId};
use corkboard_domain::policy::Visible;
use corkboard_i18n::msg;

/// A folder id given to open or change that folder.
fn existing_folder_id(id: &ID) -> Result<FolderId, AppError> {
    FolderId::parse(id).ok_or_else(|| AppError::not_found(FolderRecord::not_found()))
}

/// A folder id given as a board's new place.
fn folder_id(id: &ID) -> Result<FolderId, AppError> {
    FolderId::parse(id).ok_or_else(|| AppError::invalid("folder", msg!("error-folder-not-found")))
}

/// The most boards `boards(ids)` answers at once.
const MOST_BOARDS_BY_ID: usize = 100;

#[derive(Default)]
pub(crate) struct BoardQuery;

#[Object]
impl BoardQuery {
    async fn board(&self, ctx: &Context<'_>, id: ID) -> Result<Board> {
        Ok(Board(
            boards::get(ctx.services(), ctx.viewer().user, board_id(&id)?).await?,
        ))
    }

    /// The boards among `ids` that the viewer may see, in the order of `ids`, each once; ids
    /// that are not boards, or boards the viewer may not see, are left out. At most 100 ids.
    #[graphql(complexity = "1 + ids.len().min(MOST_BOARDS_BY_ID) * child_complexity")]
    async fn boards(&self, ctx: &Context<'_>, ids: Vec<ID>) -> Result<Vec<Board>> {
        if ids.len() > MOST_BOARDS_BY_ID {
            let message = msg!("error-boards-by-id-too-many", max = MOST_BOARDS_BY_ID);
            return Err(AppError::invalid("ids", message).into());
        }
        let ids = ids.iter().filter_map(|id| BoardId::parse(id)).collect();
        let found = boards::among(ctx.services(), ctx.viewer().user, ids).await?;
        Ok(found.into_iter().map(Board).collect())
    }

    async fn folder(&self, ctx: &Context<'_>, id: ID) -> Result<Folder> {
        let id = existing_folder_id(&id)?;
        Ok(Folder(
            folders::get(ctx.services(), ctx.viewer().user, id).await?,
        ))
    }
}

#[derive(Default)]
pub(crate) struct BoardMutation;

#[Object]
impl BoardMutation {
    async fn add_board(
        &self,
        ctx: &Context<'_>,
        title: String,
        folder: Option<ID>,
        caption: Option<String>,
        secret: bool,
    ) -> Result<Board> {
        let viewer = ctx.viewer().require_user()?;
        let folder = folder.as_ref().map(folder_id).transpose()?;
        let new = NewBoard {
            title,
            folder,
            caption,
            secret,
        };
        Ok(Board(boards::add(ctx.services(), viewer, new).await?))
    }

    /// Changes the fields given; `folder: null` takes the board out of its folder.
    #[allow(clippy::too_many_arguments)]
    async fn update_board(
        &self,
        ctx: &Context<'_>,
        id: ID,
        title: Option<String>,
        folder: MaybeUndefined<ID>,
        caption: Option<String>,
        pin_default_description: Option<String>,
        pin_default_tags: Option<Vec<String>>,
        secret: Option<bool>,
        cover1: MaybeUndefined<ID>,
    ) -> Result<Board> {
        let viewer = ctx.viewer().require_user()?;
        let folder = match folder {
            MaybeUndefined::Undefined => None,
            MaybeUndefined::Null => Some(None),
            MaybeUndefined::Value(id) => Some(Some(folder_id(&id)?)),
        };
        let cover = match cover1 {
            MaybeUndefined::Undefined => None,
            MaybeUndefined::Null => Some(None),
            MaybeUndefined::Value(id) => {
                Some(Some(PinId::parse(&id).ok_or_else(|| {
                    AppError::invalid("cover1", msg!("error-pin-not-found"))
                })?))
            }
        };
        let patch = BoardPatch {
            title,
            folder,
            caption,
            pin_default_description,
            pin_default_tags,
            secret,
            cover,
        };
        Ok(Board(
            boards::update(ctx.services(), viewer, board_id(&id)?, patch).await?,
        ))
    }

    /// Deletes the board and returns its owner.
    async fn delete_board(&self, ctx: &Context<'_>, id: ID) -> Result<User> {
        let viewer = ctx.viewer().require_user()?;
        boards::delete(ctx.services(), viewer, board_id(&id)?).await?;
        Ok(User::from(users::by_id(ctx.services(), viewer).await?))
    }

    async fn add_folder(&self, ctx: &Context<'_>, name: String, secret: bool) -> Result<Folder> {
        let viewer = ctx.viewer().require_user()?;
        Ok(Folder(
            folders::add(ctx.services(), viewer, name, secret).await?,
        ))
    }

    async fn update_folder(
        &self,
        ctx: &Context<'_>,
        id: ID,
        name: Option<String>,
        secret: Option<bool>,
    ) -> Result<Folder> {
        let viewer = ctx.viewer().require_user()?;
        let id = existing_folder_id(&id)?;
        Ok(Folder(
            folders::update(ctx.services(), viewer, id, name, secret).await?,
        ))
    }

    /// Deletes the folder (its boards stay, outside any folder) and returns its owner.
    async fn delete_folder(&self, ctx: &Context<'_>, id: ID) -> Result<User> {
        let viewer = ctx.viewer().require_user()?;
        let id = existing_folder_id(&id)?;
        folders::delete(ctx.services(), viewer, id).await?;
        Ok(User::from(users::by_id(ctx.services(), viewer).await?))
    }

    /// Lets a user see a private board; a leading `@` on the username is ignored.
    async fn share_board(&self, ctx: &Context<'_>, board: ID, username: String) -> Result<Message> {
        let viewer = ctx.viewer().require_user()?;
        let name = boards::share(ctx.services(), viewer, board_id(&board)?, username, true).await?;
        Ok(Message::new(
            msg!("done-board-shared", username = name).text(),
        ))
    }

    async fn unshare_board(
        &self,
        ctx: &Context<'_>,
        board: ID,
        username: String,
    ) -> Result<Message> {
        let viewer = ctx.viewer().require_user()?;
        let name =
            boards::share(ctx.services(), viewer, board_id(&board)?, username, false).await?;
        Ok(Message::new(
            msg!("done-board-unshared", username = name).text(),
        ))
    }
}
