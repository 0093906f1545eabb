//! What the holder of a share link sees: `SharedBoard` and its `SharedPin`s, narrow types of their
//! own that lead to no other board, no user's lists and no search. Their pictures' addresses carry
//! the link's token (`?share=`), by which `/media/` serves them while the link works.

use std::sync::Arc;

use async_graphql::{Context, ID, Object, Result, SimpleObject};
use chrono::{DateTime, Utc};

use super::objects::User;
use crate::graphql::connection::Connection;
use crate::graphql::context::ContextExt;
use crate::graphql::ids::pin_id;
use crate::graphql::pagination::{Total, items_to_read, page_cost};
use crate::graphql::pin_lists::{PinCursor, page_connection};
use corkboard_core::media::encode::FORMATS;
use corkboard_core::media::urls;
use corkboard_core::service::pin_lists::{Neighbours, parse_cursor};
use corkboard_core::service::share_links::{self, SharedBoard as Opened};
use corkboard_domain::pin::PinRecord;

/// A board opened through a share link, and the link's token for its pictures' addresses.
pub struct SharedBoard {
    pub opened: Arc<Opened>,
    pub token: Arc<str>,
}

/// Who made the shared board: their name, nothing that leads to their pages' lists.
#[derive(SimpleObject)]
pub struct SharedOwner {
    username: String,
    first_name: Option<String>,
    last_name: Option<String>,
}

#[Object]
impl SharedBoard {
    async fn title(&self) -> &str {
        &self.opened.board().title
    }

    async fn caption(&self) -> Option<&str> {
        self.opened.board().caption.as_deref()
    }

    async fn owner(&self, ctx: &Context<'_>) -> Result<SharedOwner> {
        let User(owner) = User::load(ctx, self.opened.board().user).await?;
        Ok(SharedOwner {
            username: owner.username.clone(),
            first_name: owner.profile.first_name.clone(),
            last_name: owner.profile.last_name.clone(),
        })
    }

    /// The board's pins in board order (highest `order` first).
    #[graphql(complexity = "page_cost(first, child_complexity)")]
    async fn pins(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
    ) -> Result<Connection<PinCursor, SharedPin, Total>> {
        let after = after.as_deref().map(parse_cursor).transpose()?;
        let first = items_to_read(ctx, first)?;
        let page = share_links::pins(ctx.services(), &self.opened, first, after).await?;
        let total = Total {
            total_count: page.total,
        };
        Ok(page_connection(page, total, |record| self.pin_of(record)))
    }

    /// One of the board's pins; NOT_FOUND_ERROR for any other.
    async fn pin(&self, ctx: &Context<'_>, id: ID) -> Result<SharedPin> {
        let record = share_links::pin(ctx.services(), &self.opened, pin_id(&id)?).await?;
        Ok(self.pin_of(Arc::new(record)))
    }
}

impl SharedBoard {
    fn pin_of(&self, record: Arc<PinRecord>) -> SharedPin {
        SharedPin {
            record,
            opened: self.opened.clone(),
            token: self.token.clone(),
        }
    }
}

/// A pin of a shared board: what its tile, its detail and the lightbox show.
pub struct SharedPin {
    record: Arc<PinRecord>,
    opened: Arc<Opened>,
    token: Arc<str>,
}

#[Object]
impl SharedPin {
    async fn id(&self) -> ID {
        self.record.id.into()
    }

    /// Names the picture's files (as `Pin.sha1`).
    async fn sha1(&self) -> &str {
        &self.record.picture.sha1
    }

    async fn title(&self) -> Option<&str> {
        self.record.title.as_deref()
    }

    async fn caption(&self) -> &str {
        &self.record.caption
    }

    async fn tags(&self) -> &[String] {
        &self.record.tags
    }

    async fn source_file_url(&self) -> Option<&str> {
        self.record.source_file_url.as_deref()
    }

    async fn source_domain(&self) -> Option<String> {
        self.record.source_domain()
    }

    async fn width(&self) -> u32 {
        self.record.picture.width
    }

    async fn height(&self) -> u32 {
        self.record.picture.height
    }

    /// Size of the original file in bytes.
    async fn weight(&self) -> u64 {
        self.record.picture.weight
    }

    /// `#rrggbb`.
    async fn dominant_color(&self) -> &str {
        &self.record.picture.dominant_color
    }

    /// Not safe for work.
    #[graphql(name = "unsafe")]
    async fn unsafe_content(&self) -> bool {
        self.record.unsafe_content
    }

    async fn created_at(&self) -> DateTime<Utc> {
        self.record.created_at
    }

    /// Widths of the stored previews, smallest first.
    async fn previews_sizes(&self) -> &[u32] {
        &self.record.picture.preview_widths
    }

    async fn previews_formats(&self) -> Vec<&str> {
        FORMATS.to_vec()
    }

    /// URL of the smallest preview at least `minWidth` wide, else the largest, with the link's
    /// token.
    async fn preview(&self, min_width: i32, #[graphql(default = "jpeg")] format: String) -> String {
        self.with_token(urls::preview(&self.record.picture, min_width, &format))
    }

    /// URL of the original file, with the link's token.
    async fn original(&self) -> String {
        self.with_token(urls::original(&self.record.picture))
    }

    /// The pin before this one on the board.
    #[graphql(name = "prevID")]
    async fn prev_id(&self, ctx: &Context<'_>) -> Result<Option<ID>> {
        Ok(self.neighbours(ctx).await?.prev.map(ID::from))
    }

    /// The pin after this one on the board.
    #[graphql(name = "nextID")]
    async fn next_id(&self, ctx: &Context<'_>) -> Result<Option<ID>> {
        Ok(self.neighbours(ctx).await?.next.map(ID::from))
    }
}

impl SharedPin {
    fn with_token(&self, url: String) -> String {
        format!("{url}?share={}", self.token)
    }

    async fn neighbours(&self, ctx: &Context<'_>) -> Result<Neighbours> {
        let id = self.record.id;
        Ok(share_links::neighbours(ctx.services(), &self.opened, id).await?)
    }
}
