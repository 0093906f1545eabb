//! Admin queries and mutations (accounts, invites) and the sign-up state every visitor may ask;
//! thin resolvers over `service::admin` and `service::registration`, which check the rights.

use async_graphql::{Context, Enum, ID, Object, Result, SimpleObject};
use chrono::{DateTime, Utc};

use super::connection::Connection;
use super::context::ContextExt;
use super::pagination::{Total, bounded_cost, page, page_cost};
use super::types::objects::User;
use super::types::user::Message;
use corkboard_core::service::registration::MOST_INVITES;
use corkboard_core::service::{admin, registration};
use corkboard_domain::config::Registration;
use corkboard_domain::error::AppError;
use corkboard_domain::ids::UserId;
use corkboard_domain::user::UserRecord;
use corkboard_i18n::msg;
use corkboard_store::invites::InviteRecord;

#[derive(Enum, Clone, Copy, PartialEq, Eq)]
#[graphql(remote = "Registration")]
pub(crate) enum RegistrationMode {
    Open,
    Invite,
    Closed,
}

/// Whether the sign-up form is offered, and why not when it is not.
#[derive(SimpleObject)]
pub(crate) struct SignUpState {
    pub mode: RegistrationMode,
    /// Why the viewer cannot sign up; null when they can.
    pub refusal: Option<String>,
    /// Whether the form asks for the setup code (the first account of an instance that serves
    /// the public).
    pub setup_code_needed: bool,
    /// Whether the instance has no account yet: the next one made is its admin.
    pub first_account: bool,
}

/// An account as admins see it.
pub(crate) struct Account(UserRecord);

#[Object]
impl Account {
    async fn id(&self) -> ID {
        self.0.id.into()
    }

    async fn username(&self) -> &str {
        &self.0.username
    }

    async fn email(&self) -> &str {
        &self.0.email
    }

    async fn email_verified(&self) -> bool {
        self.0.email_verified
    }

    async fn is_admin(&self) -> bool {
        self.0.admin
    }

    async fn disabled(&self) -> bool {
        self.0.disabled
    }

    async fn created_at(&self) -> DateTime<Utc> {
        self.0.created_at
    }

    async fn last_seen_at(&self) -> Option<DateTime<Utc>> {
        self.0.last_seen_at.or(self.0.last_login_at)
    }

    /// Pins, boards, the bytes of the pins' originals and of the uploads waiting to be pinned,
    /// with the account's quotas.
    async fn holdings(&self, ctx: &Context<'_>) -> Result<Holdings> {
        let services = ctx.services();
        let found = admin::holdings(services, ctx.viewer(), self.0.id).await?;
        let quotas = &services.config.quotas;
        let limit = |max: u64| (max > 0).then_some(max as f64);
        Ok(Holdings {
            pins: found.pins,
            boards: found.boards,
            storage_bytes: found.storage_bytes as f64,
            waiting_bytes: found.waiting_bytes as f64,
            max_pins: (quotas.max_pins_per_user > 0)
                .then(|| i32::try_from(quotas.max_pins_per_user).unwrap_or(i32::MAX)),
            max_storage_bytes: limit(quotas.max_storage_bytes_per_user),
            max_waiting_bytes: limit(quotas.max_temp_bytes_per_user),
        })
    }
}

/// What an account holds, and its quotas (`[quotas]`; null: no limit). Bytes and byte quotas are
/// Floats: GraphQL's Int stops at 2 GiB.
#[derive(SimpleObject)]
pub(crate) struct Holdings {
    pub pins: usize,
    pub boards: usize,
    /// Bytes of the pins' originals, each pin counted.
    pub storage_bytes: f64,
    /// Bytes of the uploads waiting to be pinned.
    pub waiting_bytes: f64,
    pub max_pins: Option<i32>,
    pub max_storage_bytes: Option<f64>,
    pub max_waiting_bytes: Option<f64>,
}

/// An invite link, without its secret.
pub struct Invite(InviteRecord);

#[Object]
impl Invite {
    async fn id(&self) -> ID {
        ID(self.0.hash.clone())
    }

    async fn created_at(&self) -> DateTime<Utc> {
        self.0.created_at
    }

    async fn expires_at(&self) -> DateTime<Utc> {
        self.0.expires_at
    }

    /// The account made with it, when it was used.
    async fn used_by(&self, ctx: &Context<'_>) -> Result<Option<User>> {
        let Some(user) = self.0.used_by else {
            return Ok(None);
        };
        Ok(ctx.loaders().user(user).await?.map(User))
    }
}

/// A new invite link: its address is shown once.
#[derive(SimpleObject)]
pub(crate) struct NewInvite {
    pub url: String,
    pub invite: Invite,
}

#[derive(Default)]
pub(crate) struct AdminQuery;

#[Object]
impl AdminQuery {
    /// Whether the viewer may sign up (with the invite link's secret `invite`, if any).
    async fn sign_up_state(
        &self,
        ctx: &Context<'_>,
        invite: Option<String>,
    ) -> Result<SignUpState> {
        let state = registration::sign_up_state(ctx.services(), invite).await?;
        Ok(SignUpState {
            mode: state.mode.into(),
            refusal: state.refusal,
            setup_code_needed: state.setup_code_needed,
            first_account: state.first_account,
        })
    }

    /// For admins: the accounts whose username or email holds `query`, newest first.
    #[graphql(complexity = "page_cost(first, child_complexity)")]
    async fn accounts(
        &self,
        ctx: &Context<'_>,
        query: Option<String>,
        first: Option<i32>,
        after: Option<String>,
    ) -> Result<Connection<String, Account, Total>> {
        let found = admin::accounts(ctx.services(), ctx.viewer(), query).await?;
        Ok(page(
            found,
            first,
            after,
            |user| user.id.to_string(),
            Account,
        )?)
    }

    /// For admins: the newest 100 invite links, newest first.
    #[graphql(complexity = "bounded_cost(MOST_INVITES, child_complexity)")]
    async fn invites(&self, ctx: &Context<'_>) -> Result<Vec<Invite>> {
        let found = registration::invites(ctx.services(), ctx.viewer()).await?;
        Ok(found.into_iter().map(Invite).collect())
    }
}

#[derive(Default)]
pub(crate) struct AdminMutation;

#[Object]
impl AdminMutation {
    /// For admins: makes an account an admin, or not.
    async fn set_account_admin(
        &self,
        ctx: &Context<'_>,
        user_id: ID,
        admin: bool,
    ) -> Result<Account> {
        let user = user_id_of(&user_id)?;
        let changed = admin::set_admin(ctx.services(), ctx.viewer(), user, admin).await?;
        Ok(Account(changed))
    }

    /// For admins: disables an account (signed out, hidden) or enables it again.
    async fn set_account_disabled(
        &self,
        ctx: &Context<'_>,
        user_id: ID,
        disabled: bool,
    ) -> Result<Account> {
        let user = user_id_of(&user_id)?;
        let changed = admin::set_disabled(ctx.services(), ctx.viewer(), user, disabled).await?;
        Ok(Account(changed))
    }

    /// For admins: deletes an account and all it owns; `confirmation` is its username, typed.
    async fn delete_account(
        &self,
        ctx: &Context<'_>,
        user_id: ID,
        confirmation: String,
    ) -> Result<Message> {
        let user = user_id_of(&user_id)?;
        admin::delete_account(ctx.services(), ctx.viewer(), user, confirmation).await?;
        Ok(Message::new(msg!("done-account-deleted").text()))
    }

    /// For admins: a single-use sign-up link, good for `days` days (7 unless given).
    async fn create_invite(&self, ctx: &Context<'_>, days: Option<i32>) -> Result<NewInvite> {
        let services = ctx.services();
        let (secret, invite) = registration::create_invite(services, ctx.viewer(), days).await?;
        Ok(NewInvite {
            url: format!(
                "{}/signup/?invite={secret}",
                services.config.public_base_url()
            ),
            invite: Invite(invite),
        })
    }

    /// For admins: withdraws an unused invite link.
    async fn revoke_invite(&self, ctx: &Context<'_>, id: ID) -> Result<Message> {
        registration::revoke_invite(ctx.services(), ctx.viewer(), id.0).await?;
        Ok(Message::new(msg!("done-invite-withdrawn").text()))
    }
}

fn user_id_of(id: &ID) -> Result<UserId, AppError> {
    id.parse()
        .map(UserId)
        .map_err(|_| AppError::not_found(msg!("error-user-not-found")))
}
