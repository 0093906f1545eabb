//! Account queries and mutations: thin resolvers over `service::auth`, `users` and `api_keys`.

use async_graphql::{Context, ID, Object, Result, SimpleObject};

use super::ahead::{self, Named};
use super::context::ContextExt;
use super::types::objects::User;
use super::types::user::Message;
use corkboard_core::service::recovery;
use corkboard_core::service::registration::Credentials;
use corkboard_core::service::sessions::{SignedIn, clear_session_cookie, session_cookie};
use corkboard_core::service::{api_keys, users};
use corkboard_core::service::{auth, oidc};
use corkboard_domain::user::Profile;
use corkboard_i18n::msg;

#[derive(Default)]
pub(crate) struct AccountQuery;

#[Object]
impl AccountQuery {
    /// The signed-in user, or null for a visitor.
    async fn me(&self, ctx: &Context<'_>) -> Result<Option<User>> {
        match ctx.viewer().user {
            Some(id) => Ok(Some(User::load(ctx, id).await?)),
            None => Ok(None),
        }
    }

    /// Whether the request came with the session or API key of an account an admin disabled:
    /// it is then answered as a visitor's (`me` is null).
    async fn account_disabled(&self, ctx: &Context<'_>) -> bool {
        ctx.viewer().disabled_account
    }

    /// A user's public profile; NOT_FOUND_ERROR when there is no such user.
    async fn user(&self, ctx: &Context<'_>, username: String) -> Result<User> {
        let then = ahead::then_of(ctx, Named::User);
        Ok(User(ctx.loaders().user_named(username, then).await?))
    }

    /// The instance's configured public address (`public_url`), or null when it is not set (the
    /// address a browser reached it by is then the one to use).
    async fn public_url(&self, ctx: &Context<'_>) -> Option<String> {
        ctx.services()
            .config
            .public_url
            .as_deref()
            .map(|url| url.trim_end_matches('/').to_owned())
    }
}

#[derive(Default)]
pub(crate) struct AccountMutation;

/// The answer to `logout`.
#[derive(SimpleObject)]
pub(crate) struct LogoutResult {
    message: String,
    /// Where the browser goes next to end the identity provider's session too (RP-initiated
    /// logout), when the session was signed in through it and it offers that.
    provider_logout_url: Option<String>,
}

/// Sets the session cookie of a fresh sign-in and returns the user.
pub(crate) fn signed_in(ctx: &Context<'_>, signed_in: SignedIn) -> User {
    ctx.append_http_header(
        "Set-Cookie",
        session_cookie(
            &signed_in.session_token,
            &ctx.services().config,
            ctx.viewer(),
        ),
    );
    User::from(signed_in.user)
}

#[Object]
impl AccountMutation {
    /// Signs in; the answer is the same for an unknown email and a wrong password.
    async fn login(&self, ctx: &Context<'_>, email: String, password: String) -> Result<User> {
        let done = auth::log_in(ctx.services(), ctx.viewer(), email, password).await?;
        Ok(signed_in(ctx, done))
    }

    /// Creates an account and signs it in; a verification mail is sent.
    async fn add_user(
        &self,
        ctx: &Context<'_>,
        email: String,
        password: String,
        username: String,
        #[graphql(
            desc = "The secret of an invite link, on an instance where sign-up is by invitation."
        )]
        invite: Option<String>,
        #[graphql(
            desc = "The setup code from the server's log, for the first account of an instance that serves the public."
        )]
        setup_code: Option<String>,
    ) -> Result<User> {
        let viewer = ctx.viewer();
        let credentials = Credentials { invite, setup_code };
        let done = auth::sign_up(
            ctx.services(),
            viewer,
            email,
            password,
            username,
            credentials,
        )
        .await?;
        Ok(signed_in(ctx, done))
    }

    /// Signs out; when the session was signed in through the identity provider, the provider's
    /// address that ends its session too, for the browser to go to.
    async fn logout(&self, ctx: &Context<'_>) -> Result<LogoutResult> {
        let ended = match ctx.viewer().session_hash.clone() {
            Some(session) => auth::log_out(ctx.services(), session).await?,
            None => None,
        };
        let cookie = clear_session_cookie(&ctx.services().config, ctx.viewer());
        ctx.append_http_header("Set-Cookie", cookie);
        let provider_logout_url = match ended.and_then(|session| session.provider_id_token) {
            Some(id_token) => oidc::logout_url(ctx.services(), id_token).await,
            None => None,
        };
        Ok(LogoutResult {
            message: msg!("done-signed-out").text(),
            provider_logout_url,
        })
    }

    /// Sets the profile fields given; an empty string clears one.
    #[allow(clippy::too_many_arguments)]
    async fn update_user(
        &self,
        ctx: &Context<'_>,
        first_name: Option<String>,
        last_name: Option<String>,
        website_link: Option<String>,
        facebook_link: Option<String>,
        flickr_link: Option<String>,
        twitter_link: Option<String>,
        px500_link: Option<String>,
        googleplus_link: Option<String>,
        pinterest_link: Option<String>,
        vkontakte_link: Option<String>,
        instagram_link: Option<String>,
    ) -> Result<User> {
        let user = ctx.viewer().require_user()?;
        let changes = Profile {
            first_name,
            last_name,
            website_link,
            facebook_link,
            flickr_link,
            twitter_link,
            px500_link,
            googleplus_link,
            pinterest_link,
            vkontakte_link,
            instagram_link,
        };
        Ok(User::from(
            users::update_profile(ctx.services(), user, changes).await?,
        ))
    }

    /// Mails a reset link; answers the same whether or not the email has an account.
    async fn start_user_password_reset(&self, ctx: &Context<'_>, email: String) -> Result<Message> {
        recovery::start_password_reset(ctx.services(), email, ctx.viewer().client_ip).await?;
        Ok(Message::new(msg!("done-password-reset-mailed").text()))
    }

    /// Sets a new password from a mailed token and signs in.
    async fn reset_user_password(
        &self,
        ctx: &Context<'_>,
        token: String,
        new_password: String,
    ) -> Result<User> {
        let done =
            recovery::reset_password(ctx.services(), ctx.viewer(), token, new_password).await?;
        Ok(signed_in(ctx, done))
    }

    async fn verifie_user_email(&self, ctx: &Context<'_>, token: String) -> Result<User> {
        Ok(User::from(
            recovery::verify_email(ctx.services(), token).await?,
        ))
    }

    /// Changes the password; the user's other sessions end. An account without a password
    /// (made through the identity provider) sets its first one, with no current password.
    async fn update_user_password(
        &self,
        ctx: &Context<'_>,
        current_password: Option<String>,
        new_password: String,
    ) -> Result<User> {
        let viewer = ctx.viewer();
        let user = viewer.require_user()?;
        let record = recovery::change_password(
            ctx.services(),
            user,
            viewer.session_hash.clone(),
            current_password.unwrap_or_default(),
            new_password,
            viewer.client_ip,
        )
        .await?;
        Ok(User::from(record))
    }

    /// Changes the email; it must be verified again (`emailVerified` becomes false).
    async fn update_user_email(
        &self,
        ctx: &Context<'_>,
        new_email: String,
        password: String,
    ) -> Result<User> {
        let user = ctx.viewer().require_user()?;
        Ok(User::from(
            recovery::change_email(
                ctx.services(),
                user,
                new_email,
                password,
                ctx.viewer().client_ip,
            )
            .await?,
        ))
    }

    /// Makes an API key and returns its secret, shown this once.
    async fn create_api_key(&self, ctx: &Context<'_>, name: String) -> Result<String> {
        let user = ctx.viewer().require_user()?;
        Ok(api_keys::create(ctx.services(), user, name).await?)
    }

    async fn revoke_api_key(&self, ctx: &Context<'_>, id: ID) -> Result<Message> {
        let user = ctx.viewer().require_user()?;
        api_keys::revoke(ctx.services(), user, id.0).await?;
        Ok(Message::new(msg!("done-api-key-revoked").text()))
    }
}
