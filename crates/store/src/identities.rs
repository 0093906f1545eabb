//! Accounts of the identity provider (OpenID Connect) linked to users, and the sign-ins under
//! way through it.

use chrono::{DateTime, Utc};
use redb::ReadableTable;
use serde::{Deserialize, Serialize};

use super::codec::encode;
use super::tables::{IDENTITIES, IDENTITIES_BY_SUBJECT, IDENTITIES_BY_USER, PENDING_SIGN_INS};
use super::writing::Writing;
use super::{Source, ids_under, next_id};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;

/// A provider's account (its issuer and subject) that signs a user in.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct IdentityRecord {
    pub id: u64,
    pub user: UserId,
    pub issuer: String,
    pub subject: String,
    /// The provider's name as the buttons said it when the identity was linked.
    pub label: String,
    /// The email the provider gave at the last sign-in.
    pub email: Option<String>,
    pub linked_at: DateTime<Utc>,
}

/// What a round trip through the provider was started for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Intent {
    /// Signing in, or up.
    SignIn,
    /// Linking the provider's account to this signed-in user.
    Link(UserId),
}

/// A browser's round trip through the provider, kept by the hash of its `state`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PendingSignIn {
    pub intent: Intent,
    /// SHA-256 (hex) of the secret in the browser's cookie: only the browser that left may
    /// come back with it.
    pub browser_hash: String,
    pub pkce_verifier: String,
    pub nonce: String,
    /// An invite link's secret, for a sign-up where registration is by invitation.
    pub invite: Option<String>,
    /// Where to go once signed in: a path of this site.
    pub next: Option<String>,
    pub expires_at: DateTime<Utc>,
}

pub fn get(tx: &impl Source, id: u64) -> AppResult<Option<IdentityRecord>> {
    let table = tx.table(IDENTITIES)?;
    let found = table.get(id)?;
    found.map(|bytes| tx.decode(bytes.value())).transpose()
}

/// The identity of a provider's account, if it is linked.
pub fn by_subject(
    tx: &impl Source,
    issuer: &str,
    subject: &str,
) -> AppResult<Option<IdentityRecord>> {
    let id = tx
        .table(IDENTITIES_BY_SUBJECT)?
        .get((issuer, subject))?
        .map(|v| v.value());
    id.map_or(Ok(None), |id| get(tx, id))
}

/// A user's identities, oldest first.
pub fn of_user(tx: &impl Source, user: UserId) -> AppResult<Vec<IdentityRecord>> {
    let mut found = Vec::new();
    for id in ids_under(tx, IDENTITIES_BY_USER, user.0)? {
        found.extend(get(tx, id)?);
    }
    Ok(found)
}

/// Stores a new identity with a fresh id (the caller checked that its subject is not linked).
pub fn insert(write: &Writing, mut identity: IdentityRecord) -> AppResult<IdentityRecord> {
    identity.id = next_id(write)?;
    write.open_table(IDENTITIES_BY_SUBJECT)?.insert(
        (identity.issuer.as_str(), identity.subject.as_str()),
        identity.id,
    )?;
    write
        .open_table(IDENTITIES_BY_USER)?
        .insert((identity.user.0, identity.id), ())?;
    save(write, &identity)?;
    Ok(identity)
}

/// Saves a changed identity (its email); its issuer, subject and user stay.
pub fn save(write: &Writing, identity: &IdentityRecord) -> AppResult<()> {
    write
        .open_table(IDENTITIES)?
        .insert(identity.id, encode(identity)?.as_slice())?;
    Ok(())
}

pub fn remove(write: &Writing, identity: &IdentityRecord) -> AppResult<()> {
    write.open_table(IDENTITIES)?.remove(identity.id)?;
    write
        .open_table(IDENTITIES_BY_SUBJECT)?
        .remove((identity.issuer.as_str(), identity.subject.as_str()))?;
    write
        .open_table(IDENTITIES_BY_USER)?
        .remove((identity.user.0, identity.id))?;
    Ok(())
}

/// Removes every identity of a user (whose account goes).
pub fn remove_of_user(write: &Writing, user: UserId) -> AppResult<()> {
    for identity in of_user(write, user)? {
        remove(write, &identity)?;
    }
    Ok(())
}

pub fn save_pending(write: &Writing, state_hash: &str, pending: &PendingSignIn) -> AppResult<()> {
    write
        .open_table(PENDING_SIGN_INS)?
        .insert(state_hash, encode(pending)?.as_slice())?;
    Ok(())
}

/// Removes a pending sign-in and returns it: each works once, whatever comes of it.
pub fn take_pending(write: &Writing, state_hash: &str) -> AppResult<Option<PendingSignIn>> {
    let removed = write
        .open_table(PENDING_SIGN_INS)?
        .remove(state_hash)?
        .map(|v| write.decode(v.value()));
    removed.transpose()
}

/// Removes the pending sign-ins expired at `now`; returns how many went.
pub fn remove_expired_pending(write: &Writing, now: DateTime<Utc>) -> AppResult<usize> {
    let mut table = write.open_table(PENDING_SIGN_INS)?;
    let mut expired = Vec::new();
    for entry in table.iter()? {
        let (hash, bytes) = entry?;
        if write.decode::<PendingSignIn>(bytes.value())?.expires_at <= now {
            expired.push(hash.value().to_owned());
        }
    }
    for hash in &expired {
        table.remove(hash.as_str())?;
    }
    Ok(expired.len())
}
