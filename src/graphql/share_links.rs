//! Share link queries and mutations: thin resolvers over `service::share_links`.

use std::sync::Arc;

use async_graphql::{Context, ID, Object, Result};
use poem::http::header;

use super::context::ContextExt;
use super::ids::board_id;
use super::types::share_link::{NewShareLink, ShareLink};
use super::types::shared_board::SharedBoard;
use super::types::user::Message;
use corkboard_core::service::share_links;
use corkboard_i18n::msg;

#[derive(Default)]
pub(crate) struct ShareLinkQuery;

#[Object]
impl ShareLinkQuery {
    /// The board a share link's token opens; NOT_FOUND_ERROR when the link was revoked or has
    /// expired. Its answer is never kept for other visitors (see `answers`), so that the link's
    /// last use is noted and its expiry is exact.
    async fn shared_board(&self, ctx: &Context<'_>, token: String) -> Result<SharedBoard> {
        ctx.insert_http_header(header::CACHE_CONTROL, "no-store");
        let opened = share_links::open(ctx.services(), &token).await?;
        Ok(SharedBoard {
            opened: Arc::new(opened),
            token: token.into(),
        })
    }
}

#[derive(Default)]
pub(crate) struct ShareLinkMutation;

#[Object]
impl ShareLinkMutation {
    /// For a board's owner: a view-only link to it, expiring after `expiresInDays` days, or never.
    async fn add_share_link(
        &self,
        ctx: &Context<'_>,
        board: ID,
        expires_in_days: Option<i32>,
    ) -> Result<NewShareLink> {
        let viewer = ctx.viewer().require_user()?;
        // A negative count is refused as 0 is.
        let days = expires_in_days.map(|days| u32::try_from(days).unwrap_or(0));
        let services = ctx.services();
        let (link, url) = share_links::create(services, viewer, board_id(&board)?, days).await?;
        Ok(NewShareLink {
            link: ShareLink(link),
            url,
        })
    }

    /// For a board's owner: revokes one of its share links; it stops working at once.
    async fn revoke_share_link(&self, ctx: &Context<'_>, id: ID) -> Result<Message> {
        let viewer = ctx.viewer().require_user()?;
        share_links::revoke(ctx.services(), viewer, &id).await?;
        Ok(Message::new(msg!("done-share-link-revoked").text()))
    }
}
