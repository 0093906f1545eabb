//! Passkey queries and mutations: thin resolvers over `service::passkeys` and
//! `service::passkey_sign_in`.

use async_graphql::{Context, ID, Object, Result};

use super::accounts::signed_in;
use super::context::ContextExt;
use super::types::objects::User;
use super::types::passkey::{Passkey, PasskeyCeremony};
use corkboard_core::service::{passkey_sign_in, passkeys};

#[derive(Default)]
pub(crate) struct PasskeyMutation;

#[Object]
impl PasskeyMutation {
    /// Begins adding a passkey to the signed-in user's account.
    async fn start_passkey_registration(&self, ctx: &Context<'_>) -> Result<PasskeyCeremony> {
        let ceremony = passkeys::start_registration(ctx.services(), ctx.viewer()).await?;
        Ok(ceremony.into())
    }

    /// Adds the passkey the browser made for `ceremony`; `credential` is the JSON of its
    /// PublicKeyCredential, binary fields in base64url.
    async fn finish_passkey_registration(
        &self,
        ctx: &Context<'_>,
        ceremony: ID,
        name: String,
        credential: String,
    ) -> Result<Passkey> {
        let viewer = ctx.viewer();
        let added =
            passkeys::finish_registration(ctx.services(), viewer, ceremony.0, name, credential)
                .await?;
        Ok(added.into())
    }

    /// Renames one of the user's passkeys.
    async fn rename_passkey(&self, ctx: &Context<'_>, id: ID, name: String) -> Result<Passkey> {
        let user = ctx.viewer().require_user()?;
        Ok(passkeys::rename(ctx.services(), user, id.0, name)
            .await?
            .into())
    }

    /// Removes one of the user's passkeys, unless it is the account's last way to sign in.
    async fn remove_passkey(&self, ctx: &Context<'_>, id: ID) -> Result<User> {
        let user = ctx.viewer().require_user()?;
        Ok(passkeys::remove(ctx.services(), user, id.0).await?.into())
    }

    /// Begins a sign-in with a passkey the browser offers (no email asked).
    async fn start_passkey_sign_in(&self, ctx: &Context<'_>) -> Result<PasskeyCeremony> {
        let ceremony = passkey_sign_in::start(ctx.services(), ctx.viewer()).await?;
        Ok(ceremony.into())
    }

    /// Signs in with the passkey that answered `ceremony`, as `login` does with a password.
    async fn finish_passkey_sign_in(
        &self,
        ctx: &Context<'_>,
        ceremony: ID,
        credential: String,
    ) -> Result<User> {
        let viewer = ctx.viewer();
        let done = passkey_sign_in::finish(ctx.services(), viewer, ceremony.0, credential).await?;
        Ok(signed_in(ctx, done))
    }
}
