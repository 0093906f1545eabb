//! The ways into an account (its password, its identities at the provider, its passkeys), which
//! it can never lose the last of; what the sign-in page offers; and the username an account made
//! through the provider may change once.

use crate::service::data::Data;
use crate::service::relying_party::passkeys_available;
use crate::service::viewer::Viewer;
use corkboard_domain::config::Config;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_domain::user::{UserRecord, validate_username};
use corkboard_i18n::msg;
use corkboard_store::identities::{self, IdentityRecord};
use corkboard_store::passkeys::{self, PasskeyRecord};
use corkboard_store::{Source, users};

/// What the sign-in and sign-up pages offer.
pub struct SignInOptions {
    pub passwords: bool,
    pub passkeys: bool,
    pub provider: Option<ProviderOption>,
}

/// The identity provider's button, and what it may do.
pub struct ProviderOption {
    pub label: String,
    pub sign_up: bool,
    pub auto_redirect: bool,
}

pub fn sign_in_options(config: &Config) -> SignInOptions {
    let oidc = &config.accounts.oidc;
    let provider = oidc.issuer.is_some().then(|| ProviderOption {
        label: oidc.button_label.clone(),
        sign_up: oidc.sign_up,
        auto_redirect: oidc.auto_redirect,
    });
    SignInOptions {
        passwords: config.accounts.passwords,
        passkeys: passkeys_available(config),
        provider,
    }
}

/// How a user signs in, for themself.
pub struct SignInMethods {
    pub password: bool,
    pub identities: Vec<IdentityRecord>,
    pub passkeys: Vec<PasskeyRecord>,
}

/// `user`'s ways in, when the viewer is that user.
pub async fn sign_in_methods(
    data: &Data,
    viewer: Option<UserId>,
    user: &UserRecord,
) -> AppResult<Option<SignInMethods>> {
    if viewer != Some(user.id) {
        return Ok(None);
    }
    let (id, password) = (user.id, user.has_password());
    let (identities, passkeys) = data
        .read(move |read| Ok((identities::of_user(read, id)?, passkeys::of_user(read, id)?)))
        .await?;
    Ok(Some(SignInMethods {
        password,
        identities,
        passkeys,
    }))
}

/// How many ways into their account `user` has: a password, each linked identity, each passkey.
pub(crate) fn ways_in(tx: &impl Source, user: &UserRecord) -> AppResult<usize> {
    let identities = identities::of_user(tx, user.id)?.len();
    let passkeys = passkeys::of_user(tx, user.id)?.len();
    Ok(usize::from(user.has_password()) + identities + passkeys)
}

/// Unlinks one of the viewer's identities, unless it is their last way in.
pub async fn unlink_identity(data: &Data, viewer: &Viewer, id: u64) -> AppResult<UserRecord> {
    let user = viewer.require_user()?;
    data.write(move |write| {
        let identity = identities::get(write, id)?
            .filter(|identity| identity.user == user)
            .ok_or_else(|| AppError::not_found(msg!("error-identity-not-found")))?;
        let record = users::load(write, user)?;
        if ways_in(write, &record)? <= 1 {
            return Err(AppError::invalid("id", msg!("error-last-way-in")));
        }
        identities::remove(write, &identity)?;
        tracing::info!(user = %user, "an identity was unlinked");
        Ok(record)
    })
    .await
}

/// Changes the viewer's username, once, when it was proposed for them (`username_editable`).
pub async fn change_username(
    data: &Data,
    viewer: &Viewer,
    username: String,
) -> AppResult<UserRecord> {
    let user = viewer.require_user()?;
    let username = username.trim().to_owned();
    validate_username(&username)?;
    data.write(move |write| {
        let mut record = users::load(write, user)?;
        if !record.username_editable {
            return Err(AppError::invalid(
                "username",
                msg!("error-username-not-editable"),
            ));
        }
        record.username = username;
        record.username_editable = false;
        users::update(write, &record)?;
        Ok(record)
    })
    .await
}
