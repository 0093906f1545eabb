//! The `Board` and `Folder` GraphQL types.

use async_graphql::connection::Connection;
use async_graphql::{Context, ID, Object, Result};
use chrono::{DateTime, Utc};

use super::user::User;
use crate::domain::board::{BoardRecord, FolderRecord};
use crate::graphql::context::ContextExt;
use crate::graphql::pagination::{Total, page};
use crate::service::{boards, folders, users};

pub struct Board(pub BoardRecord);

#[Object]
impl Board {
    async fn id(&self) -> ID {
        self.0.id.into()
    }

    async fn slug(&self) -> &str {
        &self.0.slug
    }

    async fn created_at(&self) -> DateTime<Utc> {
        self.0.created_at
    }

    async fn title(&self) -> &str {
        &self.0.title
    }

    async fn caption(&self) -> Option<&str> {
        self.0.caption.as_deref()
    }

    async fn pin_default_description(&self) -> Option<&str> {
        self.0.pin_default_description.as_deref()
    }

    async fn pin_default_tags(&self) -> &[String] {
        &self.0.pin_default_tags
    }

    /// True when the board is private.
    async fn secret(&self) -> bool {
        self.0.secret
    }

    async fn user(&self, ctx: &Context<'_>) -> Result<User> {
        Ok(User(users::by_id(ctx.state(), self.0.user).await?))
    }

    /// The folder holding the board, when the viewer may see it.
    async fn folder(&self, ctx: &Context<'_>) -> Result<Option<Folder>> {
        let Some(folder) = self.0.folder else {
            return Ok(None);
        };
        Ok(folders::visible(ctx.state(), ctx.viewer().user, folder)
            .await?
            .map(Folder))
    }

    /// Usernames the private board is shared with; only the owner sees them.
    async fn shared_with(&self, ctx: &Context<'_>) -> Result<Vec<String>> {
        if !ctx.viewer().is(self.0.user) {
            return Ok(Vec::new());
        }
        let mut names = Vec::with_capacity(self.0.shared_with.len());
        for user in &self.0.shared_with {
            names.push(users::by_id(ctx.state(), *user).await?.username);
        }
        Ok(names)
    }
}

pub struct Folder(pub FolderRecord);

#[Object]
impl Folder {
    async fn id(&self) -> ID {
        self.0.id.into()
    }

    async fn slug(&self) -> &str {
        &self.0.slug
    }

    async fn created_at(&self) -> DateTime<Utc> {
        self.0.created_at
    }

    async fn name(&self) -> &str {
        &self.0.name
    }

    /// True when the folder is private.
    async fn secret(&self) -> bool {
        self.0.secret
    }

    async fn user(&self, ctx: &Context<'_>) -> Result<User> {
        Ok(User(users::by_id(ctx.state(), self.0.user).await?))
    }

    /// The boards in the folder that the viewer may see, newest first.
    async fn boards(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
    ) -> Result<Connection<String, Board, Total>> {
        let found = boards::in_folder(ctx.state(), ctx.viewer().user, self.0.id).await?;
        Ok(page(
            found,
            first,
            after,
            |board| board.id.to_string(),
            Board,
        )?)
    }
}
