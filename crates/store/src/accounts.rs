//! Sessions, mailed tokens and API keys: secrets are stored only as SHA-256 hashes.

use chrono::{DateTime, Utc};
use redb::ReadableTable;
use serde::{Deserialize, Serialize};

use super::codec::encode;
use super::tables::{
    API_KEYS, API_KEYS_BY_HASH, API_KEYS_BY_USER, MAIL_TOKENS, SESSIONS, SESSIONS_BY_USER,
};
use super::writing::Writing;
use super::{Source, ids_under, next_id};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SessionRecord {
    pub user: UserId,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// The ID token of a sign-in through the identity provider, which names the session to end
    /// there when this one ends (RP-initiated logout).
    #[serde(default)]
    pub provider_id_token: Option<String>,
}

/// What a mailed token is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TokenPurpose {
    PasswordReset,
    /// Verifies the email the user had when the token was made.
    EmailVerification,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TokenRecord {
    pub user: UserId,
    pub purpose: TokenPurpose,
    /// For verification: the address the mail went to.
    pub email: String,
    pub expires_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ApiKeyRecord {
    pub id: u64,
    pub user: UserId,
    pub name: String,
    pub secret_hash: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
}

pub fn insert_session(write: &Writing, hash: &str, session: &SessionRecord) -> AppResult<()> {
    write
        .open_table(SESSIONS)?
        .insert(hash, encode(session)?.as_slice())?;
    write
        .open_table(SESSIONS_BY_USER)?
        .insert((session.user.0, hash), ())?;
    Ok(())
}

pub fn session(tx: &impl Source, hash: &str) -> AppResult<Option<SessionRecord>> {
    let sessions = tx.table(SESSIONS)?;
    let found = sessions.get(hash)?;
    found.map(|bytes| tx.decode(bytes.value())).transpose()
}

/// Ends a session; the session it was, if there was one.
pub fn remove_session(write: &Writing, hash: &str) -> AppResult<Option<SessionRecord>> {
    let removed = write
        .open_table(SESSIONS)?
        .remove(hash)?
        .map(|v| write.decode::<SessionRecord>(v.value()));
    let removed = removed.transpose()?;
    if let Some(session) = &removed {
        write
            .open_table(SESSIONS_BY_USER)?
            .remove((session.user.0, hash))?;
    }
    Ok(removed)
}

/// Ends every session of `user`, except the one hashed as `keep`.
pub fn remove_sessions_of(write: &Writing, user: UserId, keep: Option<&str>) -> AppResult<()> {
    let hashes: Vec<String> = {
        let index = write.open_table(SESSIONS_BY_USER)?;
        let range = index.range((user.0, "")..(user.0 + 1, ""))?;
        range
            .map(|entry| entry.map(|(key, _)| key.value().1.to_owned()))
            .collect::<Result<_, _>>()?
    };
    for hash in hashes.iter().filter(|hash| Some(hash.as_str()) != keep) {
        remove_session(write, hash)?;
    }
    Ok(())
}

pub fn insert_token(write: &Writing, hash: &str, token: &TokenRecord) -> AppResult<()> {
    write
        .open_table(MAIL_TOKENS)?
        .insert(hash, encode(token)?.as_slice())?;
    Ok(())
}

/// Removes a mailed token and returns it: each token works once.
pub fn take_token(write: &Writing, hash: &str) -> AppResult<Option<TokenRecord>> {
    let removed = write
        .open_table(MAIL_TOKENS)?
        .remove(hash)?
        .map(|v| write.decode(v.value()));
    removed.transpose()
}

pub fn insert_api_key(write: &Writing, mut key: ApiKeyRecord) -> AppResult<ApiKeyRecord> {
    key.id = next_id(write)?;
    write
        .open_table(API_KEYS)?
        .insert(key.id, encode(&key)?.as_slice())?;
    write
        .open_table(API_KEYS_BY_HASH)?
        .insert(key.secret_hash.as_str(), key.id)?;
    write
        .open_table(API_KEYS_BY_USER)?
        .insert((key.user.0, key.id), ())?;
    Ok(key)
}

pub fn api_key(tx: &impl Source, id: u64) -> AppResult<Option<ApiKeyRecord>> {
    let keys = tx.table(API_KEYS)?;
    let found = keys.get(id)?;
    found.map(|bytes| tx.decode(bytes.value())).transpose()
}

pub fn api_key_by_hash(tx: &impl Source, hash: &str) -> AppResult<Option<ApiKeyRecord>> {
    let id = tx.table(API_KEYS_BY_HASH)?.get(hash)?.map(|v| v.value());
    id.map_or(Ok(None), |id| api_key(tx, id))
}

pub fn update_api_key(write: &Writing, key: &ApiKeyRecord) -> AppResult<()> {
    write
        .open_table(API_KEYS)?
        .insert(key.id, encode(key)?.as_slice())?;
    Ok(())
}

pub fn api_keys_of(tx: &impl Source, user: UserId) -> AppResult<Vec<ApiKeyRecord>> {
    let ids = ids_under(tx, API_KEYS_BY_USER, user.0)?;
    let keys = ids
        .into_iter()
        .map(|id| api_key(tx, id))
        .collect::<AppResult<Vec<_>>>()?;
    Ok(keys.into_iter().flatten().collect())
}

pub fn remove_api_key(write: &Writing, key: &ApiKeyRecord) -> AppResult<()> {
    write.open_table(API_KEYS)?.remove(key.id)?;
    write
        .open_table(API_KEYS_BY_HASH)?
        .remove(key.secret_hash.as_str())?;
    write
        .open_table(API_KEYS_BY_USER)?
        .remove((key.user.0, key.id))?;
    Ok(())
}

/// Removes every session and mailed token expired at `now`; returns how many went.
pub fn remove_expired(write: &Writing, now: DateTime<Utc>) -> AppResult<usize> {
    let mut expired_sessions = Vec::new();
    for entry in write.open_table(SESSIONS)?.iter()? {
        let (hash, bytes) = entry?;
        if write.decode::<SessionRecord>(bytes.value())?.expires_at <= now {
            expired_sessions.push(hash.value().to_owned());
        }
    }
    for hash in &expired_sessions {
        remove_session(write, hash)?;
    }
    let mut tokens = write.open_table(MAIL_TOKENS)?;
    let mut expired_tokens = Vec::new();
    for entry in tokens.iter()? {
        let (hash, bytes) = entry?;
        if write.decode::<TokenRecord>(bytes.value())?.expires_at <= now {
            expired_tokens.push(hash.value().to_owned());
        }
    }
    for hash in &expired_tokens {
        tokens.remove(hash.as_str())?;
    }
    Ok(expired_sessions.len() + expired_tokens.len())
}

/// Removes every API key of a user; returns how many there were.
pub fn remove_api_keys_of(write: &Writing, user: UserId) -> AppResult<usize> {
    let keys = api_keys_of(write, user)?;
    for key in &keys {
        remove_api_key(write, key)?;
    }
    Ok(keys.len())
}

/// Removes every pending mailed token of a user for `purpose`.
pub fn remove_tokens_of(write: &Writing, user: UserId, purpose: TokenPurpose) -> AppResult<()> {
    let mut tokens = write.open_table(MAIL_TOKENS)?;
    let mut theirs = Vec::new();
    for entry in tokens.iter()? {
        let (hash, bytes) = entry?;
        let token: TokenRecord = write.decode(bytes.value())?;
        if token.user == user && token.purpose == purpose {
            theirs.push(hash.value().to_owned());
        }
    }
    for hash in &theirs {
        tokens.remove(hash.as_str())?;
    }
    Ok(())
}
