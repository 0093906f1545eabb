//! Signing up, in and out; sessions; password reset and email verification by mailed tokens.

use std::net::IpAddr;

use chrono::{Duration, Utc};

use crate::config::Config;
use crate::domain::ids::UserId;
use crate::domain::user::{
    UserRecord, check_secret_length, email_key, validate_email, validate_new_password,
    validate_username,
};
use crate::error::{AppError, AppResult};
use crate::service::context::Services;
use crate::service::mail::Mail;
use crate::service::secrets::{
    hash_password, new_secret, password_matches, secret_hash, waste_a_password_check,
};
use crate::store::accounts::{self, SessionRecord, TokenPurpose, TokenRecord};
use crate::store::users;

const SESSION_DAYS: i64 = 30;
/// The cookie that carries a browser's session token.
pub const SESSION_COOKIE: &str = "corkboard_session";
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
    services: &Services,
    email: String,
    password: String,
    username: String,
) -> AppResult<SignedIn> {
    let email = email.trim().to_owned();
    let username = username.trim().to_owned();
    validate_email("email", &email)?;
    validate_username(&username)?;
    validate_new_password("password", &password)?;
    let (signed_in, verification) = services
        .blocking(move |services| {
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
            services.store.write(|write| {
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
    send_verification_mail(services, &signed_in.user.email, &verification).await;
    Ok(signed_in)
}

/// Checks the password; the answer is the same for an unknown email and a wrong password.
pub async fn log_in(
    services: &Services,
    email: String,
    password: String,
    client: Option<IpAddr>,
) -> AppResult<SignedIn> {
    check_secret_length("password", &password)?;
    let mut keys = vec![format!("account:{}", email_key(&email))];
    keys.extend(client.map(|ip| format!("address:{ip}")));
    services.limiter.check(&keys)?;
    let found = services
        .blocking(move |services| {
            let user = services.store.read(|read| users::by_email(read, &email))?;
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
        services.limiter.record_failure(&keys);
        return Err(AppError::Validation {
            field: None,
            message: WRONG_CREDENTIALS.into(),
        });
    };
    services.limiter.forget(&keys[0]);
    services
        .write(move |write| {
            user.last_login_at = Some(Utc::now());
            users::update(write, &user)?;
            let session_token = start_session(write, user.id)?;
            Ok(SignedIn {
                user,
                session_token,
            })
        })
        .await
}

/// Ends the session whose token hash is given.
pub async fn log_out(services: &Services, session_hash: String) -> AppResult<()> {
    services
        .write(move |write| accounts::remove_session(write, &session_hash))
        .await
}

/// The user behind a session token, if the session is still valid.
pub fn user_of_session(services: &Services, token: &str) -> AppResult<Option<UserId>> {
    let session = services
        .store
        .read(|read| accounts::session(read, &secret_hash(token)))?;
    Ok(session
        .filter(|session| session.expires_at > Utc::now())
        .map(|session| session.user))
}

/// Mails a reset link when the email belongs to someone; answers the same either way.
pub async fn start_password_reset(services: &Services, email: String) -> AppResult<()> {
    validate_email("email", &email)?;
    let issued = services
        .write(move |write| match users::by_email(write, &email)? {
            Some(user) => Ok(Some((
                user.email.clone(),
                issue_token(write, &user, TokenPurpose::PasswordReset)?,
            ))),
            None => Ok(None),
        })
        .await?;
    if let Some((email, token)) = issued {
        let link = format!(
            "{}/password_reset?token={token}",
            services.config.public_base_url()
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
        if let Err(error) = services.mail.send(mail).await {
            tracing::error!(error = ?error, "the password reset mail was not sent");
        }
    }
    Ok(())
}

/// Sets a new password from a mailed token, ends every other session, and signs in.
pub async fn reset_password(
    services: &Services,
    token: String,
    new_password: String,
) -> AppResult<SignedIn> {
    check_secret_length("token", &token)?;
    validate_new_password("newPassword", &new_password)?;
    let password_hash = services
        .blocking(move |_| hash_password(&new_password))
        .await?;
    services
        .write(move |write| {
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
        .await
}

/// Marks the email verified when the token was mailed to the user's current address.
pub async fn verify_email(services: &Services, token: String) -> AppResult<UserRecord> {
    check_secret_length("token", &token)?;
    services
        .write(move |write| {
            let token = valid_token(write, &token, TokenPurpose::EmailVerification)?;
            let mut user = users::load(write, token.user)?;
            if email_key(&token.email) != email_key(&user.email) {
                return Err(AppError::invalid("token", BAD_TOKEN));
            }
            user.email_verified = true;
            users::update(write, &user)?;
            Ok(user)
        })
        .await
}

/// Changes the password after checking the current one; every other session ends.
pub async fn change_password(
    services: &Services,
    user: UserId,
    keep_session: Option<String>,
    current_password: String,
    new_password: String,
) -> AppResult<UserRecord> {
    check_secret_length("currentPassword", &current_password)?;
    validate_new_password("newPassword", &new_password)?;
    services
        .blocking(move |services| {
            let mut record = services.store.read(|read| users::load(read, user))?;
            if !password_matches(&current_password, &record.password_hash) {
                return Err(AppError::invalid(
                    "currentPassword",
                    "The current password is wrong.",
                ));
            }
            record.password_hash = hash_password(&new_password)?;
            services.store.write(|write| {
                users::update(write, &record)?;
                accounts::remove_sessions_of(write, user, keep_session.as_deref())?;
                Ok(record)
            })
        })
        .await
}

/// Changes the email after checking the password; the new address must be verified again.
pub async fn change_email(
    services: &Services,
    user: UserId,
    new_email: String,
    password: String,
) -> AppResult<UserRecord> {
    let new_email = new_email.trim().to_owned();
    validate_email("newEmail", &new_email)?;
    check_secret_length("password", &password)?;
    let (record, token) = services
        .blocking(move |services| {
            let record = services.store.read(|read| users::load(read, user))?;
            if !password_matches(&password, &record.password_hash) {
                return Err(AppError::invalid("password", "The password is wrong."));
            }
            services.store.write(|write| {
                let mut record = users::load(write, user)?;
                record.email = new_email;
                record.email_verified = false;
                users::update(write, &record)?;
                let token = issue_token(write, &record, TokenPurpose::EmailVerification)?;
                Ok((record, token))
            })
        })
        .await?;
    send_verification_mail(services, &record.email, &token).await;
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

async fn send_verification_mail(services: &Services, email: &str, token: &str) {
    let link = format!(
        "{}/verifie_email?token={token}",
        services.config.public_base_url()
    );
    let mail = Mail {
        to: email.to_owned(),
        subject: "Verify your email for Corkboard".into(),
        body: format!(
            "Welcome to Corkboard!\n\nTo verify this email address, open this link within 48 hours:\n\
             {link}\n\nIf you did not create a Corkboard account, ignore this mail.\n"
        ),
    };
    if let Err(error) = services.mail.send(mail).await {
        tracing::error!(error = ?error, "the verification mail was not sent");
    }
}

/// The `Set-Cookie` value that signs a browser in.
pub fn session_cookie(token: &str, config: &Config) -> String {
    let max_age = Duration::days(SESSION_DAYS).num_seconds();
    format!(
        "{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{}",
        secure(config)
    )
}

/// The `Set-Cookie` value that signs a browser out.
pub fn clear_session_cookie(config: &Config) -> String {
    format!(
        "{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{}",
        secure(config)
    )
}

fn secure(config: &Config) -> &'static str {
    if config
        .public_url
        .as_deref()
        .is_some_and(|url| url.starts_with("https://"))
    {
        "; Secure"
    } else {
        ""
    }
}
