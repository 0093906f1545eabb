//! What a checked sign-in through the provider does to accounts, in one write transaction: it
//! signs into the account its identity is linked to; links it to the signed-in user who asked
//! from the profile page, or to the account of an email the provider says is verified when the
//! settings allow; or makes an account, when sign-up through the provider and registration allow.

use chrono::{DateTime, Utc};

use super::Failure;
use super::provider::Verified;
use crate::service::auth::begin_session;
use crate::service::context::Services;
use crate::service::rate_limit::sign_up_keys;
use crate::service::recovery::{issue_token, send_verification_mail};
use crate::service::registration::{Credentials, Gate, admit, use_invite};
use crate::service::sessions::SignedIn;
use crate::service::viewer::Viewer;
use corkboard_domain::config::{OidcConfig, Registration};
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_domain::user::{UserRecord, proposed_username};
use corkboard_i18n::msg;
use corkboard_store::accounts::TokenPurpose;
use corkboard_store::identities::{self, IdentityRecord, Intent, PendingSignIn};
use corkboard_store::invites::InviteRecord;
use corkboard_store::users;
use corkboard_store::writing::Writing;

/// The most identities at the provider one account may have linked.
pub const MOST_IDENTITIES: usize = 10;

/// What came of a checked sign-in.
pub(super) enum Settled {
    /// Signed in (with the new session), or linked (none).
    Done(Option<Box<SignedIn>>),
    Refused(Failure),
}

/// Everything the write needs besides the store.
struct Settling {
    settings: OidcConfig,
    gate: Gate,
    pending: PendingSignIn,
    verified: Verified,
    admin: bool,
    services: Services,
    client: Option<std::net::IpAddr>,
}

pub(super) async fn settle(
    services: &Services,
    viewer: &Viewer,
    pending: PendingSignIn,
    verified: Verified,
) -> AppResult<Settled> {
    let settings = services.config.accounts.oidc.clone();
    let admin = makes_admin(&settings, &verified);
    let settling = Settling {
        settings,
        gate: Gate::of(services),
        pending,
        verified,
        admin,
        services: services.clone(),
        client: viewer.client_ip,
    };
    let (settled, verification) = services
        .write(move |write| {
            let mut verification = None;
            let settled = settling.settle(write, Utc::now(), &mut verification)?;
            Ok((settled, verification))
        })
        .await?;
    if let (Settled::Done(Some(signed_in)), Some(token)) = (&settled, verification) {
        send_verification_mail(services, &signed_in.user.email, &token).await;
    }
    Ok(settled)
}

impl Settling {
    /// Decides and writes; `verification` receives the token of a new account's unverified email.
    fn settle(
        self,
        write: &Writing,
        now: DateTime<Utc>,
        verification: &mut Option<String>,
    ) -> AppResult<Settled> {
        let linked = identities::by_subject(write, &self.verified.issuer, &self.verified.subject)?;
        if let Intent::Link(user) = self.pending.intent {
            return self.link(write, user, linked, now);
        }
        if let Some(identity) = linked {
            return self.sign_into(write, identity);
        }
        let owner = match &self.verified.email {
            Some(email) => users::by_email(write, email)?,
            None => None,
        };
        match owner {
            Some(owner) if self.settings.link_by_verified_email && self.verified.email_verified => {
                tracing::info!(user = %owner.id, "an identity was linked by its verified email");
                let identity = self.new_identity(write, owner.id, now)?;
                self.sign_into(write, identity)
            }
            Some(owner) => {
                tracing::warn!(user = %owner.id, verified = self.verified.email_verified, "a first sign-in through the identity provider has the email of an account, and is not linked by it");
                Ok(Settled::Refused(Failure::EmailTaken))
            }
            None => self.sign_up(write, now, verification),
        }
    }

    /// Links the provider's account to the user who asked from their profile page.
    fn link(
        self,
        write: &Writing,
        user: UserId,
        linked: Option<IdentityRecord>,
        now: DateTime<Utc>,
    ) -> AppResult<Settled> {
        let Some(record) = users::get(write, user)? else {
            tracing::warn!(user = %user, "a link came back for an account that is gone");
            return Ok(Settled::Refused(Failure::Expired));
        };
        if record.disabled {
            return Ok(Settled::Refused(Failure::Disabled));
        }
        match linked {
            Some(identity) if identity.user != user => {
                tracing::warn!(user = %user, linked_to = %identity.user, "an identity already linked to another account was asked to be linked");
                Ok(Settled::Refused(Failure::AlreadyLinked))
            }
            Some(identity) => {
                self.refresh(write, identity)?;
                Ok(Settled::Done(None))
            }
            None if identities::of_user(write, user)?.len() >= MOST_IDENTITIES => {
                tracing::warn!(user = %user, "an identity was not linked: the account has the most it may hold");
                Ok(Settled::Refused(Failure::TooManyIdentities))
            }
            None => {
                self.new_identity(write, user, now)?;
                tracing::info!(user = %user, "an identity was linked from the profile page");
                Ok(Settled::Done(None))
            }
        }
    }

    /// Signs into the account the identity is linked to: the same session as a password's,
    /// holding the ID token for the sign-out.
    fn sign_into(self, write: &Writing, identity: IdentityRecord) -> AppResult<Settled> {
        let mut user = users::load(write, identity.user)?;
        if user.disabled {
            tracing::warn!(user = %user.id, "a disabled account tried to sign in through the identity provider");
            return Ok(Settled::Refused(Failure::Disabled));
        }
        if self.admin && !user.admin {
            tracing::info!(user = %user.id, "the identity provider's admin claim made an account an admin");
        }
        user.admin |= self.admin;
        let id_token = self.verified.id_token.clone();
        self.refresh(write, identity)?;
        let signed_in = begin_session(write, user, Some(id_token))?;
        Ok(Settled::Done(Some(Box::new(signed_in))))
    }

    /// Makes an account for the provider's, when sign-up through it and registration allow.
    fn sign_up(
        self,
        write: &Writing,
        now: DateTime<Utc>,
        verification: &mut Option<String>,
    ) -> AppResult<Settled> {
        let invite = match self.admission(write, now)? {
            Ok(invite) => invite,
            Err(refused) => return Ok(Settled::Refused(refused)),
        };
        let Some(email) = self.verified.email.clone() else {
            tracing::warn!(
                "the identity provider gave no email for a new account: ask for the `email` scope"
            );
            return Ok(Settled::Refused(Failure::Refused));
        };
        let keys = sign_up_keys(&self.services.config.limits, self.client);
        if self
            .services
            .limiter
            .take(&keys, msg!("error-too-many-sign-ups"))
            .is_err()
        {
            tracing::warn!("too many accounts made from one address");
            return Ok(Settled::Refused(Failure::Refused));
        }
        let proposed = proposed_username(
            self.verified.preferred_username.as_deref(),
            self.verified.email.as_deref(),
        );
        let username = users::free_username(write, &proposed)?;
        let user = UserRecord {
            email_verified: self.verified.email_verified,
            last_seen_at: Some(now),
            admin: self.admin,
            username_editable: true,
            ..UserRecord::new(username, email, String::new())
        };
        let user = users::insert(write, user)?;
        if let Some(invite) = invite {
            use_invite(write, invite, user.id)?;
        }
        tracing::info!(user = %user.id, "an account was made through the identity provider");
        if !user.email_verified {
            *verification = Some(issue_token(write, &user, TokenPurpose::EmailVerification)?);
        }
        let identity = self.new_identity(write, user.id, now)?;
        self.sign_into(write, identity)
    }

    /// Whether an account may be made now (with the invite to mark as used), or why not:
    /// sign-up through the provider is off, or registration does not admit this person.
    fn admission(
        &self,
        write: &Writing,
        now: DateTime<Utc>,
    ) -> AppResult<Result<Option<InviteRecord>, Failure>> {
        if !self.settings.sign_up {
            tracing::warn!(
                "a first sign-in through the identity provider, with sign-up through it off"
            );
            return Ok(Err(Failure::SignUpClosed));
        }
        let credentials = Credentials {
            invite: self.pending.invite.clone(),
            setup_code: None,
        };
        let refused = match admit(write, &self.gate, &credentials, now) {
            Ok(invite) => return Ok(Ok(invite)),
            Err(AppError::Validation { field, message }) if field.as_deref() == Some("invite") => {
                tracing::warn!(why = %message.text(), "a sign-up through the identity provider brought an invite that does not admit");
                Failure::InviteNeeded
            }
            Err(AppError::Validation { field, .. }) if field.as_deref() == Some("setupCode") => {
                tracing::warn!(
                    "the first account of this instance needs the setup code: make it at /signup/ or with `corkboard admin create-user`"
                );
                Failure::SignUpClosed
            }
            Err(AppError::PermissionDenied(_)) if self.gate.mode() == Registration::Invite => {
                tracing::warn!(
                    "a sign-up through the identity provider without an invite, where registration is by invitation"
                );
                Failure::InviteNeeded
            }
            Err(AppError::PermissionDenied(_)) => {
                tracing::warn!(
                    "a sign-up through the identity provider, where registration is closed"
                );
                Failure::SignUpClosed
            }
            Err(error) => return Err(error),
        };
        Ok(Err(refused))
    }

    fn new_identity(
        &self,
        write: &Writing,
        user: UserId,
        now: DateTime<Utc>,
    ) -> AppResult<IdentityRecord> {
        identities::insert(
            write,
            IdentityRecord {
                id: 0,
                user,
                issuer: self.verified.issuer.clone(),
                subject: self.verified.subject.clone(),
                label: self.settings.button_label.clone(),
                email: self.verified.email.clone(),
                linked_at: now,
            },
        )
    }

    /// Keeps the email the provider gives now with the identity.
    fn refresh(&self, write: &Writing, identity: IdentityRecord) -> AppResult<()> {
        identities::save(
            write,
            &IdentityRecord {
                email: self.verified.email.clone(),
                ..identity
            },
        )
    }
}

/// Whether the ID token's admin claim (`admin_claim`) equals `admin_value`, or is a list
/// holding it.
fn makes_admin(settings: &OidcConfig, verified: &Verified) -> bool {
    let Some(wanted) = settings.admin_value.as_deref() else {
        return false;
    };
    match verified.claims.get(&settings.admin_claim) {
        Some(serde_json::Value::String(value)) => value == wanted,
        Some(serde_json::Value::Array(values)) => values.iter().any(|value| value == wanted),
        _ => false,
    }
}
