//! Passkeys: the WebAuthn credentials users sign in with, by id, by credential id and by user;
//! and the ceremonies begun (a registration or a sign-in), kept by the SHA-256 of their id until
//! they are finished or expire.

use chrono::{DateTime, Utc};
use redb::ReadableTable;
use serde::{Deserialize, Serialize};

use super::codec::encode;
use super::tables::{PASSKEY_CEREMONIES, PASSKEYS, PASSKEYS_BY_CREDENTIAL, PASSKEYS_BY_USER};
use super::writing::Writing;
use super::{Source, ids_under, next_id};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PasskeyRecord {
    pub id: u64,
    pub user: UserId,
    pub name: String,
    /// The credential id its authenticator gave it.
    pub credential_id: Vec<u8>,
    /// What the authenticator keeps to name the user (a UUID's bytes), the same for all of a
    /// user's passkeys.
    pub user_handle: Vec<u8>,
    /// The credential as webauthn-rs keeps it (its public key, its counter), as JSON.
    pub credential: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
}

/// What a ceremony was begun for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum CeremonyPurpose {
    /// Adding a passkey to `user`'s account, the authenticator to keep `user_handle` with it.
    Registration { user: UserId, user_handle: Vec<u8> },
    /// Signing in with a passkey that names its user.
    SignIn,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CeremonyRecord {
    pub purpose: CeremonyPurpose,
    /// webauthn-rs's state of the ceremony (its challenge), as JSON.
    pub state: String,
    pub expires_at: DateTime<Utc>,
}

/// Stores a new passkey with a fresh id.
pub fn insert(write: &Writing, mut passkey: PasskeyRecord) -> AppResult<PasskeyRecord> {
    passkey.id = next_id(write)?;
    save(write, &passkey)?;
    write
        .open_table(PASSKEYS_BY_CREDENTIAL)?
        .insert(passkey.credential_id.as_slice(), passkey.id)?;
    write
        .open_table(PASSKEYS_BY_USER)?
        .insert((passkey.user.0, passkey.id), ())?;
    Ok(passkey)
}

/// Saves a stored passkey's changed fields (its name, counter, last use); its credential id and
/// user stay.
pub fn save(write: &Writing, passkey: &PasskeyRecord) -> AppResult<()> {
    write
        .open_table(PASSKEYS)?
        .insert(passkey.id, encode(passkey)?.as_slice())?;
    Ok(())
}

pub fn get(tx: &impl Source, id: u64) -> AppResult<Option<PasskeyRecord>> {
    let passkeys = tx.table(PASSKEYS)?;
    let found = passkeys.get(id)?;
    found.map(|bytes| tx.decode(bytes.value())).transpose()
}

/// The passkey of a credential id, whoever holds it.
pub fn by_credential(tx: &impl Source, credential_id: &[u8]) -> AppResult<Option<PasskeyRecord>> {
    let id = tx
        .table(PASSKEYS_BY_CREDENTIAL)?
        .get(credential_id)?
        .map(|v| v.value());
    id.map_or(Ok(None), |id| get(tx, id))
}

/// A user's passkeys, oldest first.
pub fn of_user(tx: &impl Source, user: UserId) -> AppResult<Vec<PasskeyRecord>> {
    let ids = ids_under(tx, PASSKEYS_BY_USER, user.0)?;
    let passkeys = ids
        .into_iter()
        .map(|id| get(tx, id))
        .collect::<AppResult<Vec<_>>>()?;
    Ok(passkeys.into_iter().flatten().collect())
}

pub fn remove(write: &Writing, passkey: &PasskeyRecord) -> AppResult<()> {
    write.open_table(PASSKEYS)?.remove(passkey.id)?;
    write
        .open_table(PASSKEYS_BY_CREDENTIAL)?
        .remove(passkey.credential_id.as_slice())?;
    write
        .open_table(PASSKEYS_BY_USER)?
        .remove((passkey.user.0, passkey.id))?;
    Ok(())
}

/// Removes every passkey of a user (an account deleted).
pub fn remove_of_user(write: &Writing, user: UserId) -> AppResult<()> {
    for passkey in of_user(write, user)? {
        remove(write, &passkey)?;
    }
    Ok(())
}

/// Keeps a ceremony begun under the hash of its id.
pub fn insert_ceremony(write: &Writing, hash: &str, ceremony: &CeremonyRecord) -> AppResult<()> {
    write
        .open_table(PASSKEY_CEREMONIES)?
        .insert(hash, encode(ceremony)?.as_slice())?;
    Ok(())
}

/// Removes a ceremony and returns it: each is finished once, rightly or not.
pub fn take_ceremony(write: &Writing, hash: &str) -> AppResult<Option<CeremonyRecord>> {
    let removed = write
        .open_table(PASSKEY_CEREMONIES)?
        .remove(hash)?
        .map(|v| write.decode(v.value()));
    removed.transpose()
}

/// Removes every ceremony expired at `now`; returns how many went.
pub fn remove_expired_ceremonies(write: &Writing, now: DateTime<Utc>) -> AppResult<usize> {
    let mut ceremonies = write.open_table(PASSKEY_CEREMONIES)?;
    let mut expired = Vec::new();
    for entry in ceremonies.iter()? {
        let (hash, bytes) = entry?;
        if write.decode::<CeremonyRecord>(bytes.value())?.expires_at <= now {
            expired.push(hash.value().to_owned());
        }
    }
    for hash in &expired {
        ceremonies.remove(hash.as_str())?;
    }
    Ok(expired.len())
}
