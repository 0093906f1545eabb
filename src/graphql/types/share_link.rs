//! The `ShareLink` GraphQL type (a board's view-only link, listed for its owner without its token)
//! and `NewShareLink`, whose address is shown once.

use async_graphql::{ID, Object, SimpleObject};
use chrono::{DateTime, Utc};

use corkboard_store::share_links::ShareLinkRecord;

pub struct ShareLink(pub ShareLinkRecord);

#[Object]
impl ShareLink {
    async fn id(&self) -> ID {
        self.0.id.into()
    }

    async fn created_at(&self) -> DateTime<Utc> {
        self.0.created_at
    }

    /// When someone last opened the board through it (noted at most once a minute).
    async fn last_used_at(&self) -> Option<DateTime<Utc>> {
        self.0.last_used_at
    }

    /// When it stops working; null: never.
    async fn expires_at(&self) -> Option<DateTime<Utc>> {
        self.0.expires_at
    }
}

/// A new share link: its address holds its token, shown this once.
#[derive(SimpleObject)]
pub(crate) struct NewShareLink {
    pub link: ShareLink,
    pub url: String,
}
