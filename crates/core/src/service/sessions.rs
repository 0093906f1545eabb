//! Sessions: a signed-in browser's token, kept by its hash, and the cookie that carries it.

use chrono::{Duration, Utc};

use crate::service::secrets::{new_secret, secret_hash};
use crate::service::viewer::Viewer;
use corkboard_domain::config::Config;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;
use corkboard_domain::user::UserRecord;
use corkboard_i18n::{Message, msg};
use corkboard_store::Source;
use corkboard_store::accounts::{self, SessionRecord};

const SESSION_DAYS: i64 = 30;
/// The cookie that carries a browser's session token.
pub const SESSION_COOKIE: &str = "corkboard_session";
pub(crate) const TOO_MANY_SIGN_INS: Message = msg!("error-too-many-sign-ins");

/// A user who just signed in, with the session token for their cookie.
pub struct SignedIn {
    pub user: UserRecord,
    pub session_token: String,
}

/// The session of a token's hash (see `secrets::secret_hash`), if it is still valid.
pub(crate) fn valid_session(read: &impl Source, hash: &str) -> AppResult<Option<SessionRecord>> {
    Ok(accounts::session(read, hash)?.filter(|session| session.expires_at > Utc::now()))
}

pub(crate) fn start_session(
    write: &corkboard_store::writing::Writing,
    user: UserId,
) -> AppResult<String> {
    start_session_holding(write, user, None)
}

/// Starts a session that keeps the identity provider's ID token of its sign-in (see
/// `SessionRecord::provider_id_token`).
pub(crate) fn start_session_holding(
    write: &corkboard_store::writing::Writing,
    user: UserId,
    provider_id_token: Option<String>,
) -> AppResult<String> {
    let token = new_secret();
    let now = Utc::now();
    let session = SessionRecord {
        user,
        created_at: now,
        expires_at: now + Duration::days(SESSION_DAYS),
        provider_id_token,
    };
    accounts::insert_session(write, &secret_hash(&token), &session)?;
    Ok(token)
}

/// The `Set-Cookie` value that signs `viewer`'s browser in.
pub fn session_cookie(token: &str, config: &Config, viewer: &Viewer) -> String {
    let max_age = Duration::days(SESSION_DAYS).num_seconds();
    format!(
        "{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{}",
        secure(config, viewer)
    )
}

/// The `Set-Cookie` value that signs `viewer`'s browser out.
pub fn clear_session_cookie(config: &Config, viewer: &Viewer) -> String {
    format!(
        "{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{}",
        secure(config, viewer)
    )
}

/// `; Secure` when the public address is HTTPS, or a trusted proxy says the request came so.
pub(crate) fn secure(config: &Config, viewer: &Viewer) -> &'static str {
    let public_https = config
        .public_url
        .as_deref()
        .is_some_and(|url| url.starts_with("https://"));
    if public_https || viewer.over_https {
        "; Secure"
    } else {
        ""
    }
}
