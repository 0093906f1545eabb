//! The `Board` and `Folder` GraphQL types' fields, over `objects::Board` and `Folder`.

use async_graphql::{Context, ID, Object, Result};
use chrono::{DateTime, Utc};

use super::objects::{Board, Folder, Pin, User, follow_state};
use super::share_link::ShareLink;
use crate::graphql::board_lists::board_connection;
use crate::graphql::connection::Connection;
use crate::graphql::context::ContextExt;
use crate::graphql::ids::pin_id;
use crate::graphql::in_turn;
use crate::graphql::pagination::{Total, bounded_cost, page_cost};
use crate::graphql::pin_lists::{BoardPinConnection, board_pin_connection};
use corkboard_core::service::share_links::{self, MOST_LINKS_PER_BOARD};
use corkboard_core::service::{boards, pins};
use corkboard_store::board_lists::BoardList;
use corkboard_store::follows::Followed;

in_turn::answered_in_turn!(Board by BoardFields,
    plain: {
        "id" => id,
        "slug" => slug,
        "createdAt" => created_at,
        "title" => title,
        "caption" => caption,
        "pinDefaultDescription" => pin_default_description,
        "pinDefaultTags" => pin_default_tags,
        "secret" => secret,
    }
);

#[Object(name = "Board")]
impl BoardFields<'_> {
    async fn id(&self) -> ID {
        self.id.into()
    }

    async fn slug(&self) -> &str {
        &self.slug
    }

    async fn created_at(&self) -> DateTime<Utc> {
        self.created_at
    }

    async fn title(&self) -> &str {
        &self.title
    }

    async fn caption(&self) -> Option<&str> {
        self.caption.as_deref()
    }

    async fn pin_default_description(&self) -> Option<&str> {
        self.pin_default_description.as_deref()
    }

    async fn pin_default_tags(&self) -> &[String] {
        &self.pin_default_tags
    }

    /// True when the board is private.
    async fn secret(&self) -> bool {
        self.secret
    }

    async fn user(&self, ctx: &Context<'_>) -> Result<User> {
        User::load(ctx, self.user).await
    }

    /// How many users follow the board.
    async fn follower_count(&self, ctx: &Context<'_>) -> Result<u64> {
        Ok(follow_state(ctx, Followed::Board(self.id)).await?.followers)
    }

    /// Whether the signed-in viewer follows the board (false for a visitor).
    async fn viewer_follows(&self, ctx: &Context<'_>) -> Result<bool> {
        Ok(follow_state(ctx, Followed::Board(self.id))
            .await?
            .viewer_follows)
    }

    /// The folder holding the board, when the viewer may see it.
    async fn folder(&self, ctx: &Context<'_>) -> Result<Option<Folder>> {
        let Some(folder) = self.folder else {
            return Ok(None);
        };
        Ok(ctx.loaders().folder(folder).await?.map(Folder))
    }

    /// The board's pins in board order (highest `order` first).
    #[graphql(complexity = "page_cost(first, child_complexity)")]
    async fn pins(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
    ) -> Result<BoardPinConnection> {
        board_pin_connection(ctx, self.id, first, after).await
    }

    /// One of the board's pins, with its neighbours in board order.
    async fn pin(&self, ctx: &Context<'_>, id: ID) -> Result<Pin> {
        let viewer = ctx.viewer().user;
        let record = pins::on_board(ctx.services(), viewer, self.id, pin_id(&id)?).await?;
        Ok(Pin::on_board(self.id, record))
    }

    /// The chosen cover, else the newest pin.
    async fn cover1(&self, ctx: &Context<'_>) -> Result<Option<Pin>> {
        self.cover(ctx, 0).await
    }

    async fn cover2(&self, ctx: &Context<'_>) -> Result<Option<Pin>> {
        self.cover(ctx, 1).await
    }

    async fn cover3(&self, ctx: &Context<'_>) -> Result<Option<Pin>> {
        self.cover(ctx, 2).await
    }

    async fn cover4(&self, ctx: &Context<'_>) -> Result<Option<Pin>> {
        self.cover(ctx, 3).await
    }

    async fn cover5(&self, ctx: &Context<'_>) -> Result<Option<Pin>> {
        self.cover(ctx, 4).await
    }

    /// Usernames the private board is shared with; only the owner sees them.
    async fn shared_with(&self, ctx: &Context<'_>) -> Result<Vec<String>> {
        let readers = boards::shared_with(ctx.viewer().user, self);
        let mut found = ctx.loaders().users(readers).await?;
        Ok(readers
            .iter()
            .filter_map(|user| found.remove(user))
            .map(|user| user.username.clone())
            .collect())
    }

    /// The board's view-only share links, oldest first (their tokens are never shown again);
    /// only the owner sees them.
    #[graphql(complexity = "bounded_cost(MOST_LINKS_PER_BOARD, child_complexity)")]
    async fn share_links(&self, ctx: &Context<'_>) -> Result<Vec<ShareLink>> {
        let links = share_links::list(ctx.services(), ctx.viewer().user, self).await?;
        Ok(links.into_iter().map(ShareLink).collect())
    }
}

impl Board {
    async fn cover(&self, ctx: &Context<'_>, index: usize) -> Result<Option<Pin>> {
        let covers = ctx.loaders().board_covers(self.0.id, index + 1).await?;
        Ok(covers.get(index).cloned().map(Pin::from))
    }
}

in_turn::answered_in_turn!(Folder by FolderFields,
    plain: {
        "id" => id,
        "slug" => slug,
        "createdAt" => created_at,
        "name" => name,
        "secret" => secret,
    }
);

impl Folder {
    async fn cover(&self, ctx: &Context<'_>, index: usize) -> Result<Option<Pin>> {
        let covers = ctx.loaders().folder_covers(self.0.id).await?;
        Ok(covers.get(index).cloned().map(Pin::from))
    }
}

#[Object(name = "Folder")]
impl FolderFields<'_> {
    async fn id(&self) -> ID {
        self.id.into()
    }

    async fn slug(&self) -> &str {
        &self.slug
    }

    async fn created_at(&self) -> DateTime<Utc> {
        self.created_at
    }

    async fn name(&self) -> &str {
        &self.name
    }

    /// True when the folder is private.
    async fn secret(&self) -> bool {
        self.secret
    }

    async fn user(&self, ctx: &Context<'_>) -> Result<User> {
        User::load(ctx, self.user).await
    }

    async fn cover1(&self, ctx: &Context<'_>) -> Result<Option<Pin>> {
        self.cover(ctx, 0).await
    }

    async fn cover2(&self, ctx: &Context<'_>) -> Result<Option<Pin>> {
        self.cover(ctx, 1).await
    }

    async fn cover3(&self, ctx: &Context<'_>) -> Result<Option<Pin>> {
        self.cover(ctx, 2).await
    }

    async fn cover4(&self, ctx: &Context<'_>) -> Result<Option<Pin>> {
        self.cover(ctx, 3).await
    }

    /// The boards in the folder that the viewer may see, newest first.
    #[graphql(complexity = "page_cost(first, child_complexity)")]
    async fn boards(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
    ) -> Result<Connection<String, Board, Total>> {
        board_connection(ctx, BoardList::InFolder(self.id), None, first, after).await
    }
}
