//! Signing up, in and out (`sessions` keeps the sessions and their cookie).

use chrono::Utc;

use crate::service::context::Services;
use crate::service::data::Data;
use crate::service::rate_limit::{sign_in_keys, sign_up_keys};
use crate::service::recovery::{issue_token, mail_sign_up_attempt, send_verification_mail};
use crate::service::registration::{Credentials, Gate, admit, use_invite};
use crate::service::secrets::{
    hash_password, password_matches, require_passwords, waste_a_password_check,
};
use crate::service::sessions::{SignedIn, TOO_MANY_SIGN_INS, start_session, start_session_holding};
use crate::service::viewer::Viewer;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_domain::user::{
    UserRecord, check_secret_length, validate_email, validate_new_password, validate_username,
};
use corkboard_i18n::{Message, msg};
use corkboard_store::accounts::{self, SessionRecord, TokenPurpose};
use corkboard_store::users;
use corkboard_store::writing::Writing;

const WRONG_CREDENTIALS: Message = msg!("error-wrong-credentials");
/// What a disabled account's owner is told once their password is right.
pub(crate) const DISABLED: Message = msg!("error-account-disabled");
/// What setup code attempts are counted under, as sign-in attempts are under an email.
const SETUP_CODE_KEY: &str = "setup code";
const TOO_MANY_SIGN_UPS: Message = msg!("error-too-many-sign-ups");

/// Creates the account, signs it in, and mails the verification link. An email that has an
/// account gets a neutral answer (which does not say so) and its owner a mail. Every attempt
/// from an address counts toward its limit.
pub async fn sign_up(
    services: &Services,
    viewer: &Viewer,
    email: String,
    password: String,
    username: String,
    credentials: Credentials,
) -> AppResult<SignedIn> {
    viewer.require_own_origin()?;
    require_passwords(&services.config)?;
    let email = email.trim().to_owned();
    let username = username.trim().to_owned();
    validate_email("email", &email)?;
    validate_username(&username)?;
    validate_new_password("password", &password)?;
    // A setup code is guessed no faster than a password.
    let code_keys = credentials
        .setup_code
        .as_ref()
        .map(|_| sign_in_keys(&services.config.limits, SETUP_CODE_KEY, viewer.client_ip));
    if let Some(keys) = &code_keys {
        services.limiter.take(keys, TOO_MANY_SIGN_INS)?;
    }
    let keys = sign_up_keys(&services.config.limits, viewer.client_ip);
    services.limiter.take(&keys, TOO_MANY_SIGN_UPS)?;
    let gate = Gate::of(services);
    let (held, asked) = (credentials.clone(), email.clone());
    let checked = gate.clone();
    let taken = services
        .read(move |read| {
            admit(read, &checked, &held, Utc::now())?;
            Ok(users::by_email(read, &asked)?.is_some())
        })
        .await?;
    for (key, _) in code_keys.iter().flatten() {
        services.limiter.give_back(key);
    }
    if taken {
        mail_sign_up_attempt(services, &email, viewer.client_ip).await;
        return Err(AppError::invalid("email", users::email_not_usable()));
    }
    let password_hash = services
        .password_work(move |_| hash_password(&password))
        .await?;
    let (signed_in, verification) = services
        .write(move |write| {
            let now = Utc::now();
            let invite = admit(write, &gate, &credentials, now)?;
            let user = UserRecord {
                last_login_at: Some(now),
                last_seen_at: Some(now),
                ..UserRecord::new(username, email, password_hash)
            };
            let user = users::insert(write, user)?;
            if let Some(invite) = invite {
                use_invite(write, invite, user.id)?;
            }
            let session_token = start_session(write, user.id)?;
            let verification = issue_token(write, &user, TokenPurpose::EmailVerification)?;
            let signed_in = SignedIn {
                user,
                session_token,
            };
            Ok((signed_in, verification))
        })
        .await?;
    send_verification_mail(services, &signed_in.user.email, &verification).await;
    Ok(signed_in)
}

/// Checks the password; the answer is the same for an unknown email and a wrong password. The
/// attempt is counted before the check (per address, and per address and account, so nobody
/// can lock an owner out from elsewhere), and taken back when the password is right.
pub async fn log_in(
    services: &Services,
    viewer: &Viewer,
    email: String,
    password: String,
) -> AppResult<SignedIn> {
    viewer.require_own_origin()?;
    require_passwords(&services.config)?;
    check_secret_length("password", &password)?;
    let keys = sign_in_keys(&services.config.limits, &email, viewer.client_ip);
    services.limiter.take(&keys, TOO_MANY_SIGN_INS)?;
    let found = services
        .password_work(move |services| {
            let user = services.store.read(|read| users::by_email(read, &email))?;
            // An account without a password answers as slowly as a wrong password.
            match user {
                Some(user) if user.has_password() => {
                    Ok(password_matches(&password, &user.password_hash).then_some(user))
                }
                _ => {
                    waste_a_password_check(&password);
                    Ok(None)
                }
            }
        })
        .await;
    let give_back = || {
        keys.iter()
            .for_each(|(key, _)| services.limiter.give_back(key))
    };
    let user = match found {
        Ok(Some(user)) => user.id,
        Ok(None) => {
            return Err(AppError::Validation {
                field: None,
                message: WRONG_CREDENTIALS,
            });
        }
        Err(error) => {
            give_back();
            return Err(error);
        }
    };
    give_back();
    services.write(move |write| open_session(write, user)).await
}

/// Signs `user` in once they proved who they are (a password, a passkey): a disabled account is
/// refused; the last login is noted and a session begins.
pub(crate) fn open_session(write: &Writing, user: UserId) -> AppResult<SignedIn> {
    let user = users::load(write, user)?;
    if user.disabled {
        return Err(AppError::denied(DISABLED));
    }
    begin_session(write, user, None)
}

/// Notes the sign-in of `user`, an account that may sign in, and starts their session (holding
/// the identity provider's ID token when it signed them in).
pub(crate) fn begin_session(
    write: &Writing,
    mut user: UserRecord,
    provider_id_token: Option<String>,
) -> AppResult<SignedIn> {
    user.last_login_at = Some(Utc::now());
    users::update(write, &user)?;
    let session_token = start_session_holding(write, user.id, provider_id_token)?;
    Ok(SignedIn {
        user,
        session_token,
    })
}

/// Ends the session whose token hash is given; the session it was, if it was one.
pub async fn log_out(data: &Data, session_hash: String) -> AppResult<Option<SessionRecord>> {
    data.write(move |write| accounts::remove_session(write, &session_hash))
        .await
}
