//! How people sign in: what the sign-in page offers (`signInOptions`), a user's ways in
//! (`User.signInMethods`), unlinking an identity of the provider, and the username an account
//! made through the provider may change once.

use async_graphql::{Context, ID, Object, Result, SimpleObject};
use chrono::{DateTime, Utc};

use super::context::ContextExt;
use super::pagination::bounded_cost;
use super::types::objects::User;
use super::types::passkey::Passkey;
use corkboard_core::service::oidc::MOST_IDENTITIES;
use corkboard_core::service::passkeys::MOST_PASSKEYS;
use corkboard_core::service::sign_in_methods::{self, SignInMethods as Methods};
use corkboard_domain::error::AppError;
use corkboard_i18n::msg;
use corkboard_store::identities::IdentityRecord;

/// What the sign-in and sign-up pages offer.
#[derive(SimpleObject)]
pub(crate) struct SignInOptions {
    /// Whether signing in and up with a password is on.
    passwords: bool,
    /// Whether passkeys work here (`public_url` is set, or the server listens on loopback).
    passkeys: bool,
    /// The identity provider, when one is configured.
    provider: Option<SignInProvider>,
}

/// The identity provider's button: 'Sign in with {label}'.
#[derive(SimpleObject)]
pub(crate) struct SignInProvider {
    label: String,
    /// Whether a first sign-in through it may make an account (registration permitting).
    sign_up: bool,
    /// Whether the sign-in page goes straight to it (`/login/?local=1` shows the page).
    auto_redirect: bool,
}

/// How a user signs in.
pub(crate) struct SignInMethods {
    password: bool,
    identities: Vec<LinkedIdentity>,
    passkeys: Vec<Passkey>,
}

#[Object]
impl SignInMethods {
    /// Whether the account has a password.
    async fn password(&self) -> bool {
        self.password
    }

    /// The accounts of the identity provider linked to it, oldest first (at most 10).
    #[graphql(complexity = "bounded_cost(MOST_IDENTITIES, child_complexity)")]
    async fn identities(&self) -> &[LinkedIdentity] {
        &self.identities
    }

    /// Its passkeys, oldest first (at most 20).
    #[graphql(complexity = "bounded_cost(MOST_PASSKEYS, child_complexity)")]
    async fn passkeys(&self) -> &[Passkey] {
        &self.passkeys
    }
}

/// An account of the identity provider that signs a user in.
#[derive(SimpleObject)]
pub(crate) struct LinkedIdentity {
    id: ID,
    /// The provider's name.
    label: String,
    /// The email the provider gave at the last sign-in.
    email: Option<String>,
    linked_at: DateTime<Utc>,
}

impl From<Methods> for SignInMethods {
    fn from(methods: Methods) -> SignInMethods {
        SignInMethods {
            password: methods.password,
            identities: methods
                .identities
                .into_iter()
                .map(LinkedIdentity::from)
                .collect(),
            passkeys: methods.passkeys.into_iter().map(Passkey::from).collect(),
        }
    }
}

impl From<IdentityRecord> for LinkedIdentity {
    fn from(identity: IdentityRecord) -> LinkedIdentity {
        LinkedIdentity {
            id: identity.id.to_string().into(),
            label: identity.label,
            email: identity.email,
            linked_at: identity.linked_at,
        }
    }
}

/// `User.signInMethods`: only for the user themself.
pub(crate) async fn sign_in_methods_of(
    ctx: &Context<'_>,
    user: &User,
) -> Result<Option<SignInMethods>> {
    let methods =
        sign_in_methods::sign_in_methods(ctx.services(), ctx.viewer().user, &user.0).await?;
    Ok(methods.map(SignInMethods::from))
}

#[derive(Default)]
pub(crate) struct SignInQuery;

#[Object]
impl SignInQuery {
    /// What the sign-in and sign-up pages offer: passwords, passkeys, the identity provider.
    async fn sign_in_options(&self, ctx: &Context<'_>) -> SignInOptions {
        let options = sign_in_methods::sign_in_options(&ctx.services().config);
        SignInOptions {
            passwords: options.passwords,
            passkeys: options.passkeys,
            provider: options.provider.map(|provider| SignInProvider {
                label: provider.label,
                sign_up: provider.sign_up,
                auto_redirect: provider.auto_redirect,
            }),
        }
    }
}

#[derive(Default)]
pub(crate) struct SignInMutation;

#[Object]
impl SignInMutation {
    /// Unlinks one of the signed-in user's identities at the provider; refused (a
    /// VALIDATION_ERROR) when it is their last way in.
    async fn unlink_identity(&self, ctx: &Context<'_>, id: ID) -> Result<User> {
        let not_found = || AppError::not_found(msg!("error-identity-not-found"));
        let id = id.parse::<u64>().map_err(|_| not_found())?;
        let record = sign_in_methods::unlink_identity(ctx.services(), ctx.viewer(), id).await?;
        Ok(User::from(record))
    }

    /// Changes the signed-in user's username, once, when it was proposed for them
    /// (`usernameEditable`).
    async fn change_username(&self, ctx: &Context<'_>, username: String) -> Result<User> {
        let record =
            sign_in_methods::change_username(ctx.services(), ctx.viewer(), username).await?;
        Ok(User::from(record))
    }
}
