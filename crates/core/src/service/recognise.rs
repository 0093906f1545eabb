//! Who a request is: its API key or session token, looked up, as a `Viewer`.

use chrono::{Duration, Utc};

use crate::service::api_keys;
use crate::service::context::Services;
use crate::service::data::Data;
use crate::service::secrets::secret_hash;
use crate::service::sessions::valid_session;
use crate::service::signed_in::SessionHolder;
use crate::service::viewer::Viewer;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;
use corkboard_domain::user::UserRecord;
use corkboard_store::{Version, users};

/// How often an account's last sighting is written down.
const SEEN_EVERY_MINUTES: i64 = 5;

/// The viewer holding `bearer` (an API key) or else the session `cookie`; `anonymous` (a
/// visitor, with what is known of the request) when neither is valid, and told so
/// (`disabled_account`) when the account is disabled.
pub async fn resolve(
    services: &Services,
    bearer: Option<String>,
    cookie: Option<String>,
    anonymous: Viewer,
) -> Viewer {
    let found = match (bearer, cookie) {
        (Some(key), _) => by_api_key(services, key).await,
        (None, Some(token)) => by_session(services, secret_hash(&token)).await,
        (None, None) => return anonymous,
    };
    match found {
        Ok(Some(Recognised::SignedIn(signed_in))) => Viewer {
            user: Some(signed_in.user),
            session_hash: signed_in.session_hash,
            admin: signed_in.admin,
            ..anonymous
        },
        Ok(Some(Recognised::Disabled)) => Viewer {
            disabled_account: true,
            ..anonymous
        },
        Ok(None) => anonymous,
        Err(error) => {
            tracing::error!(error = ?error, "cannot resolve the viewer");
            anonymous
        }
    }
}

/// What a valid API key or session token belongs to.
enum Recognised {
    SignedIn(SignedInAs),
    /// An account an admin disabled.
    Disabled,
}

/// Who a request signs in as.
struct SignedInAs {
    user: UserId,
    admin: bool,
    /// Signed in by cookie, the hash of the session token.
    session_hash: Option<String>,
}

async fn by_api_key(data: &Data, key: String) -> AppResult<Option<Recognised>> {
    data.blocking(move |data| {
        let Some(user) = api_keys::user_of_key(data, &key)? else {
            return Ok(None);
        };
        let user = data.store.read(|read| users::get(read, user))?;
        if user.as_ref().is_some_and(|user| user.disabled) {
            return Ok(Some(Recognised::Disabled));
        }
        Ok(let_in(data, user)?.map(|user| {
            Recognised::SignedIn(SignedInAs {
                user: user.id,
                admin: user.admin,
                session_hash: None,
            })
        }))
    })
    .await
}

/// The session's user, as kept since the last write (`signed_in`), else read.
async fn by_session(services: &Services, hash: String) -> AppResult<Option<Recognised>> {
    let at = services.store.version();
    let holder = match services.signed_in.get(&hash, at) {
        Some(holder) => Some(Ok(holder)),
        None => read_session(services, hash.clone(), at).await?,
    };
    Ok(holder.map(|holder| match holder {
        Ok(holder) => Recognised::SignedIn(SignedInAs {
            user: holder.user,
            admin: holder.admin,
            session_hash: Some(hash),
        }),
        Err(Disabled) => Recognised::Disabled,
    }))
}

/// A session of an account an admin disabled.
struct Disabled;

/// Reads the session of `hash` and its user (one transaction), notes the sighting, and keeps
/// what it found if nothing was written since `at`; a disabled account's session is `Disabled`.
async fn read_session(
    services: &Services,
    hash: String,
    at: Version,
) -> AppResult<Option<Result<SessionHolder, Disabled>>> {
    services
        .blocking(move |services| {
            let found = services.store.read(|read| {
                let Some(session) = valid_session(read, &hash)? else {
                    return Ok(None);
                };
                let user = users::get(read, session.user)?;
                Ok(user.map(|user| (user, session.expires_at)))
            })?;
            let Some((user, expires_at)) = found else {
                return Ok(None);
            };
            if user.disabled {
                return Ok(Some(Err(Disabled)));
            }
            let Some(user) = let_in(services, Some(user))? else {
                return Ok(None);
            };
            let holder = SessionHolder {
                user: user.id,
                admin: user.admin,
                expires_at,
            };
            let now = services.store.version();
            services.signed_in.put(hash, holder.clone(), at, now);
            Ok(Some(Ok(holder)))
        })
        .await
}

/// The user found, unless disabled, with the sighting noted.
fn let_in(data: &Data, user: Option<UserRecord>) -> AppResult<Option<UserRecord>> {
    let Some(user) = user.filter(|user| !user.disabled) else {
        return Ok(None);
    };
    note_seen(data, &user)?;
    Ok(Some(user))
}

/// Notes when an account was last seen, at most every few minutes (admins see it).
fn note_seen(data: &Data, user: &UserRecord) -> AppResult<()> {
    let now = Utc::now();
    if user
        .last_seen_at
        .is_some_and(|seen| now - seen < Duration::minutes(SEEN_EVERY_MINUTES))
    {
        return Ok(());
    }
    data.store.write(|write| {
        if let Some(mut record) = users::get(write, user.id)? {
            record.last_seen_at = Some(now);
            users::update(write, &record)?;
        }
        Ok(())
    })
}
