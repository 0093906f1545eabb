//! Who is asking: the viewer of a request, found from an API key or a session token.

use std::net::IpAddr;

use chrono::{Duration, Utc};

use crate::domain::ids::UserId;
use crate::domain::user::UserRecord;
use crate::error::{AppError, AppResult};
use crate::service::context::Services;
use crate::service::secrets::secret_hash;
use crate::service::{api_keys, auth};
use crate::store::users;

/// How often an account's last sighting is written down.
const SEEN_EVERY_MINUTES: i64 = 5;

/// The person behind a request; `user` is `None` for a visitor.
#[derive(Debug, Clone, Default)]
pub struct Viewer {
    pub user: Option<UserId>,
    /// Hash of the session token when signed in by cookie (not by API key).
    pub session_hash: Option<String>,
    pub client_ip: Option<IpAddr>,
    /// Whether the user is an admin of the instance.
    pub admin: bool,
    /// False when a browser says the request comes from another site's page.
    pub foreign_origin: bool,
    /// A trusted proxy says the request reached it over HTTPS.
    pub over_https: bool,
}

impl Viewer {
    /// Refuses what would sign a browser in (and set its cookie) when another site's page asks:
    /// that page could sign a person into an account of its choosing.
    pub fn require_own_origin(&self) -> AppResult<()> {
        if self.foreign_origin {
            return Err(AppError::denied(
                "Please sign in from Corkboard's own pages.",
            ));
        }
        Ok(())
    }

    /// The signed-in user, or PERMISSION_DENIED_ERROR asking to sign in.
    pub fn require_user(&self) -> AppResult<UserId> {
        self.user.ok_or_else(AppError::sign_in_required)
    }

    /// The signed-in admin, or PERMISSION_DENIED_ERROR.
    pub fn require_admin(&self) -> AppResult<UserId> {
        let user = self.require_user()?;
        if !self.admin {
            return Err(AppError::denied(
                "Only an admin of this instance may do this.",
            ));
        }
        Ok(user)
    }
}

/// The viewer holding `bearer` (an API key) or else the session `cookie`; `anonymous` (a
/// visitor, with what is known of the request) when neither is valid, or when the account is
/// disabled.
pub async fn resolve(
    services: &Services,
    bearer: Option<String>,
    cookie: Option<String>,
    anonymous: Viewer,
) -> Viewer {
    if bearer.is_none() && cookie.is_none() {
        return anonymous;
    }
    let found = services
        .blocking(move |services| {
            let found = if let Some(key) = bearer {
                api_keys::user_of_key(services, &key)?.map(|user| (user, None))
            } else if let Some(token) = cookie {
                auth::user_of_session(services, &token)?
                    .map(|user| (user, Some(secret_hash(&token))))
            } else {
                None
            };
            let Some((user, session_hash)) = found else {
                return Ok(None);
            };
            let user = services.store.read(|read| users::get(read, user))?;
            let Some(user) = user.filter(|user| !user.disabled) else {
                return Ok(None);
            };
            note_seen(services, &user)?;
            Ok(Some((user, session_hash)))
        })
        .await;
    match found {
        Ok(Some((user, session_hash))) => Viewer {
            user: Some(user.id),
            session_hash,
            admin: user.admin,
            ..anonymous
        },
        Ok(None) => anonymous,
        Err(error) => {
            tracing::error!(error = ?error, "cannot resolve the viewer");
            anonymous
        }
    }
}

/// Notes when an account was last seen, at most every few minutes (admins see it).
fn note_seen(services: &Services, user: &UserRecord) -> AppResult<()> {
    let now = Utc::now();
    if user
        .last_seen_at
        .is_some_and(|seen| now - seen < Duration::minutes(SEEN_EVERY_MINUTES))
    {
        return Ok(());
    }
    services.store.write(|write| {
        if let Some(mut record) = users::get(write, user.id)? {
            record.last_seen_at = Some(now);
            users::update(write, &record)?;
        }
        Ok(())
    })
}
