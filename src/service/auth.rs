//! Signing up, in and out; sessions; password reset and email verification by mailed tokens.

use std::net::IpAddr;

use chrono::{Duration, Utc};

use crate::app::AppState;
use crate::domain::ids::UserId;
use crate::domain::user::{
    UserRecord, check_secret_length, email_key, validate_email, validate_new_password,
    validate_username,
};
use crate::error::{AppError, AppResult};
use crate::service::mail::Mail;
use crate::service::secrets::{
    hash_password, new_secret, password_matches, secret_hash, waste_a_password_check,
};
use crate::store::accounts::{self, SessionRecord, TokenPurpose, TokenRecord};
use crate::store::users;

const SESSION_DAYS: i64 = 30;
const RESET_TOKEN_HOURS: i64 = 1;
const VERIFICATION_TOKEN_HOURS: i64 = 48;
const WRONG_CREDENTIALS: &str = "Wrong email or password.";
const BAD_TOKEN: &str = "This link is invalid or has expired. Please ask for a new one.";

/// A user who just signed in, with the session token for their cookie.
pub struct SignedIn {
    pub user: UserRecord,
    pub session_token: String,
}

/// Creates the account, signs it in, and mails the verification link.
pub async fn sign_up(
    state: &AppState,
    email: String,
    password: String,
    username: String,
) -> AppResult<SignedIn> {
    let email = email.trim().to_owned();
    let username = username.trim().to_owned();
    validate_email("email", &email)?;
    validate_username(&username)?;
    validate_new_password("password", &password)?;
    let (signed_in, verification) = state
        .blocking(move |state| {
            let now = Utc::now();
            let user = UserRecord {
                id: UserId(0),
                username,
                email,
                email_verified: false,
                password_hash: hash_password(&password)?,
                created_at: now,
                last_login_at: Some(now),
                profile: Default::default(),
                avatar: None,
            };
            state.store.write(|write| {
                let user = users::insert(write, user)?;
                let session_token = start_session(write, user.id)?;
                let verification = issue_token(write, &user, TokenPurpose::EmailVerification)?;
                Ok((
                    SignedIn {
                        user,
                        session_token,
                    },
                    verification,
                ))
            })
        })
        .await?;
    send_verification_mail(state, &signed_in.user.email, &verification).await;
    Ok(signed_in)
}

/// Checks the password; the answer is the same for an unknown email and a wrong password.
pub async fn log_in(
    state: &AppState,
    email: String,
    password: String,
    client: Option<IpAddr>,
) -> AppResult<SignedIn> {
    check_secret_length("password", &password)?;
    let mut keys = vec![format!("account:{}", email_key(&email))];
    keys.extend(client.map(|ip| format!("address:{ip}")));
    state.limiter.check(&keys)?;
    let found = state
        .blocking(move |state| {
            let user = state.store.read(|read| users::by_email(read, &email))?;
            match user {
                Some(user) if password_matches(&password, &user.password_hash) => Ok(Some(user)),
                Some(_) => Ok(None),
                None => {
                    waste_a_password_check(&password);
                    Ok(None)
                }
            }
        })
        .await?;
    let Some(mut user) = found else {
        state.limiter.record_failure(&keys);
        return Err(AppError::Validation {
            field: None,
            message: WRONG_CREDENTIALS.into(),
        });
    };
    state.limiter.forget(&keys[0]);
    state
        .blocking(move |state| {
            state.store.write(|write| {
                user.last_login_at = Some(Utc::now());
                users::update(write, &user)?;
                let session_token = start_session(write, user.id)?;
                Ok(SignedIn {
                    user,
                    session_token,
                })
            })
        })
        .await
}

/// Ends the session whose token hash is given.
pub async fn log_out(state: &AppState, session_hash: String) -> AppResult<()> {
    state
        .blocking(move |state| {
            state
                .store
                .write(|write| accounts::remove_session(write, &session_hash))
        })
        .await
}

/// The user behind a session token, if the session is still valid.
pub fn user_of_session(state: &AppState, token: &str) -> AppResult<Option<UserId>> {
    let session = state
        .store
        .read(|read| accounts::session(read, &secret_hash(token)))?;
    Ok(session
        .filter(|session| session.expires_at > Utc::now())
        .map(|session| session.user))
}

/// Mails a reset link when the email belongs to someone; answers the same either way.
pub async fn start_password_reset(state: &AppState, email: String) -> AppResult<()> {
    validate_email("email", &email)?;
    let issued = state
        .blocking(move |state| {
            state
                .store
                .write(|write| match users::by_email(write, &email)? {
                    Some(user) => Ok(Some((
                        user.email.clone(),
                        issue_token(write, &user, TokenPurpose::PasswordReset)?,
                    ))),
                    None => Ok(None),
                })
        })
        .await?;
    if let Some((email, token)) = issued {
        let link = format!(
            "{}/password_reset?token={token}",
            state.config.public_base_url()
        );
        let mail = Mail {
            to: email,
            subject: "Reset your Corkboard password".into(),
            body: format!(
                "Someone asked to reset the password of your Corkboard account.\n\n\
                 To choose a new password, open this link within an hour:\n{link}\n\n\
                 If it was not you, ignore this mail: your password stays as it is.\n"
            ),
        };
        if let Err(error) = state.mail.send(mail).await {
            tracing::error!(error = ?error, "the password reset mail was not sent");
        }
    }
    Ok(())
}

/// Sets a new password from a mailed token, ends every other session, and signs in.
pub async fn reset_password(
    state: &AppState,
    token: String,
    new_password: String,
) -> AppResult<SignedIn> {
    check_secret_length("token", &token)?;
    validate_new_password("newPassword", &new_password)?;
    let password_hash = state
        .blocking(move |_| hash_password(&new_password))
        .await?;
    state
        .blocking(move |state| {
            state.store.write(|write| {
                let token = valid_token(write, &token, TokenPurpose::PasswordReset)?;
                let mut user = users::load(write, token.user)?;
                user.password_hash = password_hash;
                user.email_verified |= email_key(&token.email) == email_key(&user.email);
                user.last_login_at = Some(Utc::now());
                users::update(write, &user)?;
                accounts::remove_sessions_of(write, user.id, None)?;
                let session_token = start_session(write, user.id)?;
                Ok(SignedIn {
                    user,
                    session_token,
                })
            })
        })
        .await
}

/// Marks the email verified when the token was mailed to the user's current address.
pub async fn verify_email(state: &AppState, token: String) -> AppResult<UserRecord> {
    check_secret_length("token", &token)?;
    state
        .blocking(move |state| {
            state.store.write(|write| {
                let token = valid_token(write, &token, TokenPurpose::EmailVerification)?;
                let mut user = users::load(write, token.user)?;
                if email_key(&token.email) != email_key(&user.email) {
                    return Err(AppError::invalid("token", BAD_TOKEN));
                }
                user.email_verified = true;
                users::update(write, &user)?;
                Ok(user)
            })
        })
        .await
}

/// Changes the password after checking the current one; every other session ends.
pub async fn change_password(
    state: &AppState,
    user: UserId,
    keep_session: Option<String>,
    current_password: String,
    new_password: String,
) -> AppResult<UserRecord> {
    check_secret_length("currentPassword", &current_password)?;
    validate_new_password("newPassword", &new_password)?;
    state
        .blocking(move |state| {
            let mut record = state.store.read(|read| users::load(read, user))?;
            if !password_matches(&current_password, &record.password_hash) {
                return Err(AppError::invalid(
                    "currentPassword",
                    "The current password is wrong.",
                ));
            }
            record.password_hash = hash_password(&new_password)?;
            state.store.write(|write| {
                users::update(write, &record)?;
                accounts::remove_sessions_of(write, user, keep_session.as_deref())?;
                Ok(record)
            })
        })
        .await
}

/// Changes the email after checking the password; the new address must be verified again.
pub async fn change_email(
    state: &AppState,
    user: UserId,
    new_email: String,
    password: String,
) -> AppResult<UserRecord> {
    let new_email = new_email.trim().to_owned();
    validate_email("newEmail", &new_email)?;
    check_secret_length("password", &password)?;
    let (record, token) = state
        .blocking(move |state| {
            let record = state.store.read(|read| users::load(read, user))?;
            if !password_matches(&password, &record.password_hash) {
                return Err(AppError::invalid("password", "The password is wrong."));
            }
            state.store.write(|write| {
                let mut record = users::load(write, user)?;
                record.email = new_email;
                record.email_verified = false;
                users::update(write, &record)?;
                let token = issue_token(write, &record, TokenPurpose::EmailVerification)?;
                Ok((record, token))
            })
        })
        .await?;
    send_verification_mail(state, &record.email, &token).await;
    Ok(record)
}

fn start_session(write: &redb::WriteTransaction, user: UserId) -> AppResult<String> {
    let token = new_secret();
    let now = Utc::now();
    let session = SessionRecord {
        user,
        created_at: now,
        expires_at: now + Duration::days(SESSION_DAYS),
    };
    accounts::insert_session(write, &secret_hash(&token), &session)?;
    Ok(token)
}

fn issue_token(
    write: &redb::WriteTransaction,
    user: &UserRecord,
    purpose: TokenPurpose,
) -> AppResult<String> {
    let token = new_secret();
    let hours = match purpose {
        TokenPurpose::PasswordReset => RESET_TOKEN_HOURS,
        TokenPurpose::EmailVerification => VERIFICATION_TOKEN_HOURS,
    };
    let record = TokenRecord {
        user: user.id,
        purpose,
        email: user.email.clone(),
        expires_at: Utc::now() + Duration::hours(hours),
    };
    accounts::insert_token(write, &secret_hash(&token), &record)?;
    Ok(token)
}

/// Takes a mailed token out of the store: valid or not, it cannot be used again.
fn valid_token(
    write: &redb::WriteTransaction,
    token: &str,
    purpose: TokenPurpose,
) -> AppResult<TokenRecord> {
    accounts::take_token(write, &secret_hash(token.trim()))?
        .filter(|record| record.purpose == purpose && record.expires_at > Utc::now())
        .ok_or_else(|| AppError::invalid("token", BAD_TOKEN))
}

async fn send_verification_mail(state: &AppState, email: &str, token: &str) {
    let link = format!(
        "{}/verifie_email?token={token}",
        state.config.public_base_url()
    );
    let mail = Mail {
        to: email.to_owned(),
        subject: "Verify your email for Corkboard".into(),
        body: format!(
            "Welcome to Corkboard!\n\nTo verify this email address, open this link within 48 hours:\n\
             {link}\n\nIf you did not create a Corkboard account, ignore this mail.\n"
        ),
    };
    if let Err(error) = state.mail.send(mail).await {
        tracing::error!(error = ?error, "the verification mail was not sent");
    }
}
