//! Who may sign up: the instance's registration mode, invite links, and the first account (the
//! admin): made by the first to come on a laptop, with the setup code on an instance that serves
//! the public, and never from the web when sign-up is closed.

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

use crate::service::context::Services;
use crate::service::data::Data;
use crate::service::secrets::{new_secret, secret_hash};
use crate::service::setup_code::SetupCode;
use crate::service::viewer::Viewer;
use corkboard_domain::config::Registration;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_i18n::{Message, msg};
use corkboard_store::invites::{self, InviteRecord};
use corkboard_store::{Source, users};

/// Days an invite link works when its maker does not say.
pub(crate) const INVITE_DAYS: i64 = 7;
const INVITE_DAYS_MAX: i64 = 90;

/// What a sign-up is checked against: the registration mode, and the setup code that the first
/// account needs on an instance that serves the public.
#[derive(Clone)]
pub struct Gate {
    mode: Registration,
    setup_code: Option<Arc<SetupCode>>,
}

impl Gate {
    pub fn of(services: &Services) -> Gate {
        let config = &services.config;
        Gate {
            mode: config.registration(),
            setup_code: config
                .serves_the_public()
                .then(|| services.setup_code.clone()),
        }
    }

    /// Who may sign up.
    pub(crate) fn mode(&self) -> Registration {
        self.mode
    }

    /// Whether the first account needs the setup code.
    fn wants_setup_code(&self) -> bool {
        self.mode != Registration::Closed && self.setup_code.is_some()
    }
}

/// What a person brings to sign up besides the account's fields.
#[derive(Clone, Default)]
pub struct Credentials {
    /// An invite link's secret.
    pub invite: Option<String>,
    pub setup_code: Option<String>,
}

/// Whether someone holding `credentials` may sign up now; the invite to mark as used when it
/// is what admits them.
pub fn admit(
    tx: &impl Source,
    gate: &Gate,
    credentials: &Credentials,
    now: DateTime<Utc>,
) -> AppResult<Option<InviteRecord>> {
    if users::count(tx)? == 0 {
        return admit_first(gate, credentials.setup_code.as_deref()).map(|()| None);
    }
    match (gate.mode, credentials.invite.as_deref()) {
        (Registration::Open, _) => Ok(None),
        (Registration::Closed, _) => Err(AppError::denied(msg!("error-sign-up-closed"))),
        (Registration::Invite, Some(secret)) => {
            let invite = invites::get(tx, &secret_hash(secret))?
                .ok_or_else(|| AppError::invalid("invite", msg!("error-invite-unknown")))?;
            if invite.used_by.is_some() {
                return Err(AppError::invalid("invite", msg!("error-invite-used")));
            }
            if invite.expires_at <= now {
                return Err(AppError::invalid("invite", msg!("error-invite-expired")));
            }
            Ok(Some(invite))
        }
        (Registration::Invite, None) => Err(AppError::denied(msg!("error-sign-up-by-invite"))),
    }
}

/// Marks the invite that admitted `user` as used: an invite works once.
pub(crate) fn use_invite(
    write: &corkboard_store::writing::Writing,
    invite: InviteRecord,
    user: UserId,
) -> AppResult<()> {
    tracing::info!(user = %user, made_by = %invite.made_by, "an invite was used");
    invites::save(
        write,
        &InviteRecord {
            used_by: Some(user),
            ..invite
        },
    )
}

fn admit_first(gate: &Gate, given: Option<&str>) -> AppResult<()> {
    if gate.mode == Registration::Closed {
        return Err(AppError::denied(msg!("error-sign-up-closed-first")));
    }
    let Some(code) = &gate.setup_code else {
        return Ok(());
    };
    match given {
        Some(given) if code.matches(given) => Ok(()),
        Some(_) => Err(AppError::invalid(
            "setupCode",
            msg!("error-setup-code-wrong"),
        )),
        None => Err(AppError::invalid(
            "setupCode",
            msg!("error-setup-code-needed"),
        )),
    }
}

/// The setup code, made and printed in the log the first time it is asked for.
pub fn setup_code_in_log(services: &Services) -> String {
    let (code, made) = services.setup_code.get_or_make();
    if made {
        tracing::warn!(
            "there is no account yet: the first account (the admin) is made at {}/signup/ with \
             the setup code {code}, or with `corkboard admin create-user`",
            services.config.public_base_url()
        );
    }
    code
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
    if accounts > 0 {
        return Ok(());
    }
    let gate = Gate::of(services);
    if gate.wants_setup_code() {
        setup_code_in_log(services);
    } else if mode == Registration::Closed {
        tracing::warn!(
            "there is no account yet, and sign-up is closed: make the first (the admin) with \
             `corkboard admin create-user NAME EMAIL --admin`"
        );
    } else {
        tracing::warn!(
            "there is no account yet: the first to sign up becomes the admin (or make it with \
             `corkboard admin create-user`)"
        );
    }
    Ok(())
}

/// The setup code, for the operator at the machine (`corkboard admin setup-code`), or why none
/// is needed.
pub async fn setup_code_for_operator(services: &Services) -> AppResult<String> {
    let refuse = |message: Message| {
        Err(AppError::Validation {
            field: None,
            message,
        })
    };
    if services.read(users::count).await? > 0 {
        return refuse(msg!("error-setup-code-has-first-account"));
    }
    let gate = Gate::of(services);
    if gate.mode == Registration::Closed {
        return refuse(msg!("error-setup-code-sign-up-closed"));
    }
    if !gate.wants_setup_code() {
        return refuse(msg!("error-setup-code-not-needed"));
    }
    Ok(setup_code_in_log(services))
}

/// What the sign-up page shows: the form, or why there is none.
pub struct SignUpState {
    pub mode: Registration,
    /// Why the viewer cannot sign up, when they cannot.
    pub refusal: Option<String>,
    /// Whether the form asks for the setup code (the first account of a public instance).
    pub setup_code_needed: bool,
    /// Whether the instance has no account yet: the next one is its admin.
    pub first_account: bool,
}

pub async fn sign_up_state(services: &Services, invite: Option<String>) -> AppResult<SignUpState> {
    let gate = Gate::of(services);
    let first = services.read(users::count).await? == 0;
    if first && gate.wants_setup_code() {
        setup_code_in_log(services);
        return Ok(SignUpState {
            mode: gate.mode,
            refusal: None,
            setup_code_needed: true,
            first_account: true,
        });
    }
    let credentials = Credentials {
        invite,
        setup_code: None,
    };
    let mode = gate.mode;
    let refused = services
        .read(
            move |read| match admit(read, &gate, &credentials, Utc::now()) {
                Ok(_) => Ok(None),
                Err(error @ (AppError::PermissionDenied(_) | AppError::Validation { .. })) => {
                    Ok(Some(error))
                }
                Err(error) => Err(error),
            },
        )
        .await?;
    // Told here, in the request's language (the read ran on a thread of its own).
    Ok(SignUpState {
        mode,
        refusal: refused.map(|error| error.message()),
        setup_code_needed: false,
        first_account: first,
    })
}

/// A new invite link's secret, shown once, and its record; for admins.
pub async fn create_invite(
    data: &Data,
    viewer: &Viewer,
    days: Option<i32>,
) -> AppResult<(String, InviteRecord)> {
    let admin = viewer.require_admin()?;
    // A link to `http://[::]:8080` or a private address would lead the invited person nowhere.
    let config = &data.config;
    if config.public_url.is_none() && !config.listen.ip().is_loopback() {
        return Err(AppError::invalid(
            "publicUrl",
            msg!("error-invite-needs-public-url"),
        ));
    }
    let days = i64::from(days.unwrap_or(INVITE_DAYS as i32));
    if !(1..=INVITE_DAYS_MAX).contains(&days) {
        return Err(AppError::invalid(
            "days",
            msg!("error-invite-days", max = INVITE_DAYS_MAX),
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
    data.write(move |write| invites::save(write, &saved))
        .await?;
    tracing::info!(admin = %admin, days, "an admin made an invite link");
    Ok((secret, invite))
}

/// The newest `MOST_INVITES` invite links, newest first; for admins.
pub async fn invites(data: &Data, viewer: &Viewer) -> AppResult<Vec<InviteRecord>> {
    viewer.require_admin()?;
    let mut newest = data.read(invites::all).await?;
    newest.truncate(MOST_INVITES);
    Ok(newest)
}

/// The most invite links listed, newest first.
pub const MOST_INVITES: usize = 100;

/// Withdraws an invite link (named by its hash); for admins.
pub async fn revoke_invite(data: &Data, viewer: &Viewer, hash: String) -> AppResult<()> {
    let admin = viewer.require_admin()?;
    let removed = data
        .write(move |write| invites::remove(write, &hash))
        .await?;
    if !removed {
        return Err(AppError::not_found(msg!("error-invite-not-found")));
    }
    tracing::info!(admin = %admin, "an admin withdrew an invite link");
    Ok(())
}
