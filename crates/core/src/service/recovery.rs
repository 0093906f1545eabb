//! Mailed tokens (password reset, email verification) and changing one's password or email. A
//! new password ends the other sessions, revokes the API keys and the other pending reset links.

use std::net::IpAddr;

use chrono::{Duration, Utc};

use crate::service::context::Services;
use crate::service::data::Data;
use crate::service::languages;
use crate::service::mail::Mail;
use crate::service::rate_limit::{mail_keys, sign_in_keys};
use crate::service::secrets::{
    hash_password, new_secret, password_matches, require_passwords, secret_hash,
};
use crate::service::sessions::{SignedIn, TOO_MANY_SIGN_INS, start_session};
use crate::service::viewer::Viewer;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_domain::user::{
    UserRecord, check_secret_length, email_key, validate_email, validate_new_password,
};
use corkboard_i18n::{Locale, Message, msg};
use corkboard_store::accounts::{self, TokenPurpose, TokenRecord};
use corkboard_store::users;

const RESET_TOKEN_HOURS: i64 = 1;
const VERIFICATION_TOKEN_HOURS: i64 = 48;
const BAD_TOKEN: Message = msg!("error-token-invalid");
const TOO_MANY_MAILS: Message = msg!("error-too-many-mails");

/// Mails a reset link when the email belongs to someone; answers the same either way. Asking
/// counts per address and per email either way.
pub async fn start_password_reset(
    services: &Services,
    email: String,
    client: Option<IpAddr>,
) -> AppResult<()> {
    require_passwords(&services.config)?;
    validate_email("email", &email)?;
    let keys = mail_keys(&services.config.limits, &email, client);
    services.limiter.take(&keys, TOO_MANY_MAILS)?;
    let issued = services
        .write(move |write| match users::by_email(write, &email)? {
            Some(user) => Ok(Some((
                user.email.clone(),
                user.locale.clone(),
                issue_token(write, &user, TokenPurpose::PasswordReset)?,
            ))),
            None => Ok(None),
        })
        .await?;
    if let Some((email, chose, token)) = issued {
        let link = format!(
            "{}/password_reset?token={token}",
            services.config.public_base_url()
        );
        let mail = Mail::said_in(
            &languages::of_reader(chose.as_deref()),
            email,
            msg!("mail-password-reset-subject"),
            msg!(
                "mail-password-reset-body",
                link = link,
                hours = RESET_TOKEN_HOURS
            ),
        );
        if let Err(error) = services.mail.send(mail).await {
            tracing::error!(error = ?error, "the password reset mail was not sent");
        }
    }
    Ok(())
}

/// Sets a new password from a mailed token, ends every other session, and signs in.
pub async fn reset_password(
    services: &Services,
    viewer: &Viewer,
    token: String,
    new_password: String,
) -> AppResult<SignedIn> {
    viewer.require_own_origin()?;
    require_passwords(&services.config)?;
    check_secret_length("token", &token)?;
    validate_new_password("newPassword", &new_password)?;
    let password_hash = services
        .password_work(move |_| hash_password(&new_password))
        .await?;
    let (signed_in, revoked) = services
        .write(move |write| {
            let token = valid_token(write, &token, TokenPurpose::PasswordReset)?;
            let mut user = users::load(write, token.user)?;
            user.password_hash = password_hash;
            user.email_verified |= email_key(&token.email) == email_key(&user.email);
            user.last_login_at = Some(Utc::now());
            users::update(write, &user)?;
            let revoked = revoke_credentials(write, user.id, None)?;
            let session_token = start_session(write, user.id)?;
            let signed_in = SignedIn {
                user,
                session_token,
            };
            Ok((signed_in, revoked))
        })
        .await?;
    send_password_changed_mail(services, &signed_in.user, revoked).await;
    Ok(signed_in)
}

/// Marks the email verified when the token was mailed to the user's current address.
pub async fn verify_email(data: &Data, token: String) -> AppResult<UserRecord> {
    check_secret_length("token", &token)?;
    data.write(move |write| {
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

/// Changes the password after checking the current one; every other session ends and the API
/// keys are revoked. An account without a password (made through the identity provider) gets
/// its first one without more ado: nothing that worked before stops.
pub async fn change_password(
    services: &Services,
    user: UserId,
    keep_session: Option<String>,
    current_password: String,
    new_password: String,
    client: Option<IpAddr>,
) -> AppResult<UserRecord> {
    require_passwords(&services.config)?;
    check_secret_length("currentPassword", &current_password)?;
    validate_new_password("newPassword", &new_password)?;
    let current = PasswordCheck {
        field: "currentPassword",
        wrong: msg!("error-current-password-wrong"),
        password: current_password,
    };
    check_own_password(services, user, current, client).await?;
    let password_hash = services
        .password_work(move |_| hash_password(&new_password))
        .await?;
    let (record, revoked) = services
        .write(move |write| {
            let mut record = users::load(write, user)?;
            let first = !record.has_password();
            record.password_hash = password_hash;
            users::update(write, &record)?;
            let revoked = match first {
                true => 0,
                false => revoke_credentials(write, user, keep_session.as_deref())?,
            };
            Ok((record, revoked))
        })
        .await?;
    send_password_changed_mail(services, &record, revoked).await;
    Ok(record)
}

/// Changes the email after checking the password; the new address must be verified again.
pub async fn change_email(
    services: &Services,
    user: UserId,
    new_email: String,
    password: String,
    client: Option<IpAddr>,
) -> AppResult<UserRecord> {
    let new_email = new_email.trim().to_owned();
    validate_email("newEmail", &new_email)?;
    check_secret_length("password", &password)?;
    let keys = mail_keys(&services.config.limits, &new_email, client);
    services.limiter.take(&keys, TOO_MANY_MAILS)?;
    let check = PasswordCheck {
        field: "password",
        wrong: msg!("error-password-wrong"),
        password,
    };
    check_own_password(services, user, check, client).await?;
    let (record, token) = services
        .write(move |write| {
            let mut record = users::load(write, user)?;
            record.email = new_email;
            record.email_verified = false;
            users::update(write, &record)?;
            let token = issue_token(write, &record, TokenPurpose::EmailVerification)?;
            Ok((record, token))
        })
        .await?;
    let locale = languages::of_reader(record.locale.as_deref());
    mail_verification(services, &locale, &record.email, &token).await;
    Ok(record)
}

/// A signed-in user's password, asked again before a change.
struct PasswordCheck {
    field: &'static str,
    wrong: Message,
    password: String,
}

/// Checks a signed-in user's own password, counted as a sign-in attempt (per address, and per
/// address and account) before the check and taken back when it is right: each guess counts,
/// however many a request aliases. An account without a password has nothing to check: its
/// session is all it has.
async fn check_own_password(
    services: &Services,
    user: UserId,
    check: PasswordCheck,
    client: Option<IpAddr>,
) -> AppResult<()> {
    let record = services.read(move |read| users::load(read, user)).await?;
    if !record.has_password() {
        return Ok(());
    }
    let email = record.email;
    let keys = sign_in_keys(&services.config.limits, &email, client);
    services.limiter.take(&keys, TOO_MANY_SIGN_INS)?;
    let PasswordCheck { password, .. } = check;
    let right = services
        .password_work(move |services| {
            let record = services.store.read(|read| users::load(read, user))?;
            Ok(password_matches(&password, &record.password_hash))
        })
        .await;
    if !matches!(right, Ok(false)) {
        keys.iter()
            .for_each(|(key, _)| services.limiter.give_back(key));
    }
    match right? {
        true => Ok(()),
        false => Err(AppError::invalid(check.field, check.wrong)),
    }
}

/// After a new password: the other sessions end, API keys and pending reset links stop working.
/// Returns how many API keys were revoked.
pub(crate) fn revoke_credentials(
    write: &corkboard_store::writing::Writing,
    user: UserId,
    keep_session: Option<&str>,
) -> AppResult<usize> {
    accounts::remove_sessions_of(write, user, keep_session)?;
    accounts::remove_tokens_of(write, user, TokenPurpose::PasswordReset)?;
    accounts::remove_api_keys_of(write, user)
}

pub(crate) fn issue_token(
    write: &corkboard_store::writing::Writing,
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
    write: &corkboard_store::writing::Writing,
    token: &str,
    purpose: TokenPurpose,
) -> AppResult<TokenRecord> {
    accounts::take_token(write, &secret_hash(token.trim()))?
        .filter(|record| record.purpose == purpose && record.expires_at > Utc::now())
        .ok_or_else(|| AppError::invalid("token", BAD_TOKEN))
}

/// Mails a new account's verification link, in the language of the request that made it.
pub(crate) async fn send_verification_mail(services: &Services, email: &str, token: &str) {
    mail_verification(services, &Locale::current(), email, token).await;
}

async fn mail_verification(services: &Services, locale: &Locale, email: &str, token: &str) {
    let link = format!(
        "{}/verifie_email?token={token}",
        services.config.public_base_url()
    );
    let mail = Mail::said_in(
        locale,
        email.to_owned(),
        msg!("mail-verification-subject"),
        msg!(
            "mail-verification-body",
            link = link,
            hours = VERIFICATION_TOKEN_HOURS
        ),
    );
    if let Err(error) = services.mail.send(mail).await {
        tracing::error!(error = ?error, "the verification mail was not sent");
    }
}

/// Tells the user that their password changed, and what stopped working with the old one.
/// Tells the owner of `email` that someone tried to sign up with it; sent at most as often as
/// the mail limits allow (past them, nothing is sent and the sign-up's answer is the same).
pub(crate) async fn mail_sign_up_attempt(services: &Services, email: &str, client: Option<IpAddr>) {
    let keys = mail_keys(&services.config.limits, email, client);
    if services.limiter.take(&keys, TOO_MANY_MAILS).is_err() {
        return;
    }
    // In the language the account's owner chose, not the one of whoever tried.
    let owner = email.to_owned();
    let chose = match services
        .read(move |read| users::by_email(read, &owner))
        .await
    {
        Ok(owner) => owner.and_then(|owner| owner.locale),
        Err(_) => None,
    };
    let link = format!(
        "{}/start_password_reset/",
        services.config.public_base_url()
    );
    let mail = Mail::said_in(
        &languages::of_reader(chose.as_deref()),
        email.to_owned(),
        msg!("mail-sign-up-attempt-subject"),
        msg!("mail-sign-up-attempt-body", link = link),
    );
    if let Err(error) = services.mail.send(mail).await {
        tracing::error!(error = ?error, "the sign-up attempt mail was not sent");
    }
}

async fn send_password_changed_mail(services: &Services, user: &UserRecord, revoked_keys: usize) {
    let locale = languages::of_reader(user.locale.as_deref());
    let keys = match revoked_keys {
        0 => String::new(),
        count => {
            let keys = msg!("mail-password-changed-keys", count = count).text_in(&locale);
            format!("{keys}\n")
        }
    };
    let mail = Mail::said_in(
        &locale,
        user.email.clone(),
        msg!("mail-password-changed-subject"),
        msg!(
            "mail-password-changed-body",
            username = &user.username,
            keys = keys
        ),
    );
    if let Err(error) = services.mail.send(mail).await {
        tracing::error!(error = ?error, "the password change mail was not sent");
    }
}
