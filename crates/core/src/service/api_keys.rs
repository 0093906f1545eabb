//! API keys for scripts: `Authorization: Bearer <key>`; the secret is shown once, stored hashed.

use chrono::Utc;

use crate::service::data::Data;
use crate::service::secrets::{new_secret, secret_hash};
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_domain::policy::sees_private_fields;
use corkboard_i18n::msg;
use corkboard_store::accounts::{self, ApiKeyRecord};

const NAME_MAX: usize = 100;
/// Every key starts with this, so that a leaked one is easy to recognise.
const KEY_PREFIX: &str = "cbk_";
/// The most API keys a user may hold.
pub const MOST_API_KEYS: usize = 50;

/// Makes a key and returns its secret, which is never shown again.
pub async fn create(data: &Data, user: UserId, name: String) -> AppResult<String> {
    let name = name.trim().to_owned();
    if name.is_empty() || name.chars().count() > NAME_MAX {
        return Err(AppError::invalid(
            "name",
            msg!("error-api-key-name", max = NAME_MAX),
        ));
    }
    let secret = format!("{KEY_PREFIX}{}", new_secret());
    let key = ApiKeyRecord {
        id: 0,
        user,
        name,
        secret_hash: secret_hash(&secret),
        created_at: Utc::now(),
        last_used_at: None,
    };
    data.write(move |write| {
        if accounts::api_keys_of(write, user)?.len() >= MOST_API_KEYS {
            return Err(AppError::invalid(
                "name",
                msg!("error-api-keys-too-many", max = MOST_API_KEYS),
            ));
        }
        accounts::insert_api_key(write, key)
    })
    .await?;
    Ok(secret)
}

pub async fn revoke(data: &Data, user: UserId, id: String) -> AppResult<()> {
    let not_found = || AppError::not_found(msg!("error-api-key-not-found"));
    let id: u64 = id.parse().map_err(|_| not_found())?;
    data.write(move |write| {
        let key = accounts::api_key(write, id)?
            .filter(|key| key.user == user)
            .ok_or_else(not_found)?;
        accounts::remove_api_key(write, &key)
    })
    .await
}

/// The API keys of `owner`: for the owner alone, empty for anyone else.
pub async fn list(
    data: &Data,
    viewer: Option<UserId>,
    owner: UserId,
) -> AppResult<Vec<ApiKeyRecord>> {
    if !sees_private_fields(viewer, owner) {
        return Ok(Vec::new());
    }
    data.read(move |read| accounts::api_keys_of(read, owner))
        .await
}

/// The user a key belongs to; notes when it was last used (at most once a minute).
pub(crate) fn user_of_key(data: &Data, secret: &str) -> AppResult<Option<UserId>> {
    if !secret.starts_with(KEY_PREFIX) {
        return Ok(None);
    }
    let hash = secret_hash(secret);
    let Some(key) = data
        .store
        .read(|read| accounts::api_key_by_hash(read, &hash))?
    else {
        return Ok(None);
    };
    let now = Utc::now();
    if key
        .last_used_at
        .is_none_or(|last| now - last > chrono::Duration::minutes(1))
    {
        // Only a note: on a full disk the key still opens the way to reading.
        let noted = data.store.write(|write| {
            let Some(mut key) = accounts::api_key(write, key.id)? else {
                return Ok(());
            };
            key.last_used_at = Some(now);
            accounts::update_api_key(write, &key)
        });
        if let Err(error) = noted {
            tracing::warn!(?error, "cannot note when an API key was last used");
        }
    }
    Ok(Some(key.user))
}
