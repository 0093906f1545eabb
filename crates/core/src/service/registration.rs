//! Who may sign up: the instance's registration mode, invite links, and the first account (the
//! admin), which may always be made.

use chrono::{DateTime, Duration, Utc};

use crate::service::context::Services;
use crate::service::secrets::{new_secret, secret_hash};
use crate::service::viewer::Viewer;
use corkboard_domain::config::Registration;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_store::invites::{self, InviteRecord};
use corkboard_store::{Source, users};

pub const CLOSED: &str = "Sign-up is closed on this Corkboard: ask its admin for an account.";
pub(crate) const INVITE_ONLY: &str =
    "Sign-up on this Corkboard is by invitation: open the invite link an admin sent you.";
const INVITE_UNKNOWN: &str = "This invite link is not valid: ask for a new one.";
const INVITE_USED: &str = "This invite link was already used: ask for a new one.";
const INVITE_EXPIRED: &str = "This invite link has expired: ask for a new one.";

/// Days an invite link works when its maker does not say.
pub(crate) const INVITE_DAYS: i64 = 7;
const INVITE_DAYS_MAX: i64 = 90;

/// Whether someone holding `invite` (the link's secret) may sign up now; the invite to mark as
/// used when it is what admits them.
pub fn admit(
    tx: &impl Source,
    mode: Registration,
    invite: Option<&str>,
    now: DateTime<Utc>,
) -> AppResult<Option<InviteRecord>> {
    if users::count(tx)? == 0 {
        return Ok(None);
    }
    match (mode, invite) {
        (Registration::Open, _) => Ok(None),
        (Registration::Closed, _) => Err(AppError::denied(CLOSED)),
        (Registration::Invite, Some(secret)) => {
            let invite = invites::get(tx, &secret_hash(secret))?
                .ok_or_else(|| AppError::invalid("invite", INVITE_UNKNOWN))?;
            if invite.used_by.is_some() {
                return Err(AppError::invalid("invite", INVITE_USED));
            }
            if invite.expires_at <= now {
                return Err(AppError::invalid("invite", INVITE_EXPIRED));
            }
            Ok(Some(invite))
        }
        (Registration::Invite, None) => Err(AppError::denied(INVITE_ONLY)),
    }
}

/// Says at start who may sign up, and how the first account (the admin) is made.
pub fn announce(services: &Services) -> anyhow::Result<()> {
    let mode = services.config.registration();
    let how = match (mode, services.config.accounts.registration) {
        (Registration::Open, None) => "open to anyone (the default on a loopback address)",
        (Registration::Invite, None) => "by invite link (the default on a public address)",
        (Registration::Open, Some(_)) => "open to anyone",
        (Registration::Invite, Some(_)) => "by invite link",
        (Registration::Closed, _) => "closed",
    };
    tracing::info!("sign-up is {how}; set accounts.registration to change it");
    let accounts = services
        .store
        .read(users::count)
        .map_err(|error| anyhow::anyhow!("cannot count the accounts: {error:?}"))?;
    if accounts == 0 {
        tracing::warn!(
            "there is no account yet: the first to sign up becomes the admin (or make it with \
             `corkboard admin create-user`)"
        );
    }
    Ok(())
}

/// What the sign-up page shows: the form, or why there is none.
pub struct SignUpState {
    pub mode: Registration,
    /// Why the viewer cannot sign up, when they cannot.
    pub refusal: Option<String>,
}

pub async fn sign_up_state(services: &Services, invite: Option<String>) -> AppResult<SignUpState> {
    let mode = services.config.registration();
    services
        .read(move |read| {
            let refusal = match admit(read, mode, invite.as_deref(), Utc::now()) {
                Ok(_) => None,
                Err(error @ (AppError::PermissionDenied(_) | AppError::Validation { .. })) => {
                    Some(error.message().to_owned())
                }
                Err(error) => return Err(error),
            };
            Ok(SignUpState { mode, refusal })
        })
        .await
}

/// A new invite link's secret, shown once, and its record; for admins.
pub async fn create_invite(
    services: &Services,
    viewer: &Viewer,
    days: Option<i32>,
) -> AppResult<(String, InviteRecord)> {
    let admin = viewer.require_admin()?;
    // A link to `http://[::]:8080` or a private address would lead the invited person nowhere.
    let config = &services.config;
    if config.public_url.is_none() && !config.listen.ip().is_loopback() {
        return Err(AppError::invalid(
            "publicUrl",
            "Set public_url in the settings so that invite links point to this server.",
        ));
    }
    let days = i64::from(days.unwrap_or(INVITE_DAYS as i32));
    if !(1..=INVITE_DAYS_MAX).contains(&days) {
        return Err(AppError::invalid(
            "days",
            "An invite link works for 1 to 90 days.",
        ));
    }
    let secret = new_secret();
    let now = Utc::now();
    let invite = InviteRecord {
        hash: secret_hash(&secret),
        made_by: admin,
        created_at: now,
        expires_at: now + Duration::days(days),
        used_by: None,
    };
    let saved = invite.clone();
    services
        .write(move |write| invites::save(write, &saved))
        .await?;
    tracing::info!(admin = %admin, days, "an admin made an invite link");
    Ok((secret, invite))
}

/// The newest `MOST_INVITES` invite links, newest first; for admins.
pub async fn invites(services: &Services, viewer: &Viewer) -> AppResult<Vec<InviteRecord>> {
    viewer.require_admin()?;
    let mut newest = services.read(invites::all).await?;
    newest.truncate(MOST_INVITES);
    Ok(newest)
}

/// The most invite links listed, newest first.
pub const MOST_INVITES: usize = 100;

/// Withdraws an invite link (named by its hash); for admins.
pub async fn revoke_invite(services: &Services, viewer: &Viewer, hash: String) -> AppResult<()> {
    let admin = viewer.require_admin()?;
    let removed = services
        .write(move |write| invites::remove(write, &hash))
        .await?;
    if !removed {
        return Err(AppError::not_found("This invite link does not exist."));
    }
    tracing::info!(admin = %admin, "an admin withdrew an invite link");
    Ok(())
}
