//! The `User` GraphQL type's fields, over `objects::User`: public profile fields for everyone,
//! account fields for whom the services show them (the user only).

use std::sync::Arc;

use async_graphql::{Context, ID, Object, SimpleObject};
use chrono::{DateTime, Utc};

use super::objects::{Board, Folder, Pin, User, follow_state};
use crate::graphql::ahead::{self, Named};
use crate::graphql::board_lists::board_connection;
use crate::graphql::connection::Connection;
use crate::graphql::context::ContextExt;
use crate::graphql::ids::pin_id;
use crate::graphql::pagination::{
    Total, bounded_cost, id_after, items_to_read, list_connection, list_size, page_cost,
};
use crate::graphql::pin_lists::{PinConnection, pin_connection};
use crate::graphql::sign_in::{SignInMethods, sign_in_methods_of};
use crate::graphql::tiles;
use corkboard_core::media::urls;
use corkboard_core::service::api_keys::MOST_API_KEYS;
use corkboard_core::service::folders::FoldersRequest;
use corkboard_core::service::pin_lists::PinList;
use corkboard_core::service::pinned_copies::MOST_COPIES;
use corkboard_core::service::users::{PrivateFields, private_fields};
use corkboard_core::service::{api_keys, boards, follows, languages, pins};
use corkboard_domain::ids::FolderId;
use corkboard_store::board_lists::BoardList;
use corkboard_store::follows::Followed;

/// What a clone search costs beside its answer: it reads up to 4,000 pins.
const CLONE_SEARCH_COST: usize = 500;

#[Object]
impl User {
    async fn id(&self) -> ID {
        self.0.id.into()
    }

    async fn username(&self) -> &str {
        &self.0.username
    }

    /// Only for the user themself.
    async fn email(&self, ctx: &Context<'_>) -> Option<&str> {
        self.private(ctx).map(|private| private.email)
    }

    /// Only for the user themself.
    async fn email_verified(&self, ctx: &Context<'_>) -> Option<bool> {
        self.private(ctx).map(|private| private.email_verified)
    }

    /// Only for the user themself: whether they may still change their username, once (an
    /// account made through the identity provider, whose username was proposed for it).
    async fn username_editable(&self, ctx: &Context<'_>) -> Option<bool> {
        self.private(ctx).map(|_| self.0.username_editable)
    }

    /// Only for the user themself: how they sign in (password, identities at the provider,
    /// passkeys).
    async fn sign_in_methods(
        &self,
        ctx: &Context<'_>,
    ) -> async_graphql::Result<Option<SignInMethods>> {
        sign_in_methods_of(ctx, self).await
    }

    /// Only for the user themself: whether they are an admin of this instance.
    async fn is_admin(&self, ctx: &Context<'_>) -> Option<bool> {
        self.private(ctx).map(|private| private.admin)
    }

    /// The language the user chose (`fr`, a code of `languages`), which their mails are in;
    /// null: their browser's. Only for the user themself and admins.
    async fn locale(&self, ctx: &Context<'_>) -> Option<&str> {
        languages::visible_locale(ctx.viewer(), &self.0)
    }

    /// How many users follow this user.
    async fn follower_count(&self, ctx: &Context<'_>) -> async_graphql::Result<u64> {
        Ok(follow_state(ctx, Followed::User(self.0.id))
            .await?
            .followers)
    }

    /// Whether the signed-in viewer follows this user (false for a visitor).
    async fn viewer_follows(&self, ctx: &Context<'_>) -> async_graphql::Result<bool> {
        Ok(follow_state(ctx, Followed::User(self.0.id))
            .await?
            .viewer_follows)
    }

    /// Only for the user themself: how many people and boards they follow.
    async fn following_count(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<usize>> {
        if self.private(ctx).is_none() {
            return Ok(None);
        }
        Ok(Some(
            follows::following_count(ctx.services(), self.0.id).await?,
        ))
    }

    /// Only for the user themself.
    async fn last_login_at(&self, ctx: &Context<'_>) -> Option<DateTime<Utc>> {
        self.private(ctx).and_then(|private| private.last_login_at)
    }

    async fn first_name(&self) -> Option<&str> {
        self.0.profile.first_name.as_deref()
    }

    async fn last_name(&self) -> Option<&str> {
        self.0.profile.last_name.as_deref()
    }

    async fn website_link(&self) -> Option<&str> {
        self.0.profile.website_link.as_deref()
    }

    async fn facebook_link(&self) -> Option<&str> {
        self.0.profile.facebook_link.as_deref()
    }

    async fn flickr_link(&self) -> Option<&str> {
        self.0.profile.flickr_link.as_deref()
    }

    async fn twitter_link(&self) -> Option<&str> {
        self.0.profile.twitter_link.as_deref()
    }

    async fn px500_link(&self) -> Option<&str> {
        self.0.profile.px500_link.as_deref()
    }

    async fn googleplus_link(&self) -> Option<&str> {
        self.0.profile.googleplus_link.as_deref()
    }

    async fn pinterest_link(&self) -> Option<&str> {
        self.0.profile.pinterest_link.as_deref()
    }

    async fn vkontakte_link(&self) -> Option<&str> {
        self.0.profile.vkontakte_link.as_deref()
    }

    async fn instagram_link(&self) -> Option<&str> {
        self.0.profile.instagram_link.as_deref()
    }

    /// URL of the smallest stored avatar at least `minSize` pixels wide, or null without an avatar.
    async fn avatar(
        &self,
        min_size: i32,
        #[graphql(default = "jpeg")] format: String,
    ) -> Option<String> {
        let hash = self.0.avatar.as_deref()?;
        Some(urls::avatar(hash, min_size, &format))
    }

    /// The user's boards that the viewer may see, newest first: all of them, or with `secret`
    /// only the private (true) or only the public ones (false).
    #[graphql(complexity = "page_cost(first, child_complexity)")]
    async fn boards(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        secret: Option<bool>,
    ) -> async_graphql::Result<Connection<String, Board, Total>> {
        board_connection(ctx, BoardList::OfUser(self.0.id), secret, first, after).await
    }

    /// The user's boards that the viewer may see whose title has, for each word of `search`, a
    /// word starting with it (words are runs of letters and digits, compared lowercased): at most
    /// `first` (1 to 50), newest first. A `search` without words finds none.
    #[graphql(complexity = "page_cost(first, child_complexity)")]
    async fn boards_matching(
        &self,
        ctx: &Context<'_>,
        search: String,
        #[graphql(default = 50)] first: Option<i32>,
    ) -> async_graphql::Result<Vec<Board>> {
        let viewer = ctx.viewer().user;
        let found =
            boards::matching(ctx.services(), viewer, self.0.id, search, list_size(first)).await?;
        Ok(found.into_iter().map(Board).collect())
    }

    /// The user's pins that the viewer may see, newest first.
    #[graphql(complexity = "page_cost(first, child_complexity)")]
    async fn pins(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
    ) -> async_graphql::Result<PinConnection> {
        pin_connection(ctx, PinList::OfUser(self.0.id), first, after).await
    }

    /// One of the user's pins, with its neighbours in the user's pins.
    async fn pin(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<Pin> {
        let viewer = ctx.viewer().user;
        let record = pins::of_user(ctx.services(), viewer, self.0.id, pin_id(&id)?).await?;
        Ok(Pin {
            record: record.into(),
            list: PinList::OfUser(self.0.id),
        })
    }

    /// One of the user's boards by slug.
    async fn board(&self, ctx: &Context<'_>, slug: String) -> async_graphql::Result<Board> {
        let then = ahead::then_of(ctx, Named::Board);
        Ok(Board(
            ctx.loaders().board_named(self.0.id, slug, then).await?,
        ))
    }

    /// The user's folders that the viewer may see, newest first: all of them, or with `secret`
    /// only the private (true) or only the public ones (false).
    #[graphql(complexity = "page_cost(first, child_complexity)")]
    async fn folders(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        secret: Option<bool>,
    ) -> async_graphql::Result<Connection<String, Folder, Total>> {
        let request = FoldersRequest {
            owner: self.0.id,
            secret,
            first: items_to_read(ctx, first)?,
            after: id_after(after.as_deref())?.map(FolderId),
        };
        let tiles = tiles::folder_fields(&ctx.look_ahead())?;
        let found = Arc::unwrap_or_clone(ctx.loaders().folders(request, tiles).await?);
        Ok(list_connection(
            found,
            request.after.is_some(),
            |f| f.id.0,
            Folder,
        ))
    }

    /// One of the user's folders by slug.
    async fn folder(&self, ctx: &Context<'_>, slug: String) -> async_graphql::Result<Folder> {
        let then = ahead::then_of(ctx, Named::Folder);
        Ok(Folder(
            ctx.loaders().folder_named(self.0.id, slug, then).await?,
        ))
    }

    /// The user's API keys (at most 50); only for the user themself.
    #[graphql(complexity = "bounded_cost(MOST_API_KEYS, child_complexity)")]
    async fn api_keys(&self, ctx: &Context<'_>) -> async_graphql::Result<Vec<ApiKey>> {
        let keys = api_keys::list(ctx.services(), ctx.viewer().user, self.0.id).await?;
        Ok(keys
            .into_iter()
            .map(|key| ApiKey {
                id: key.id.to_string().into(),
                name: key.name,
                created_at: key.created_at,
                last_used_at: key.last_used_at,
            })
            .collect())
    }

    /// The user's other pins showing the same picture as `pin`, at most 20; only for the user
    /// themself.
    #[graphql(complexity = "CLONE_SEARCH_COST + bounded_cost(MOST_COPIES, child_complexity)")]
    async fn clones(&self, ctx: &Context<'_>, pin: ID) -> async_graphql::Result<Vec<Pin>> {
        let viewer = ctx.viewer().user;
        let clones = pins::clones(ctx.services(), viewer, self.0.id, pin_id(&pin)?).await?;
        Ok(clones.into_iter().map(Pin::from).collect())
    }
}

impl User {
    fn private<'a>(&'a self, ctx: &Context<'_>) -> Option<PrivateFields<'a>> {
        private_fields(ctx.viewer().user, &self.0)
    }
}

/// An API key, without its secret.
#[derive(SimpleObject)]
pub(crate) struct ApiKey {
    pub id: ID,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
}

/// A short answer to a mutation that returns no object.
#[derive(SimpleObject)]
pub(crate) struct Message {
    pub message: String,
}

impl Message {
    pub fn new(message: impl Into<String>) -> Message {
        Message {
            message: message.into(),
        }
    }
}
