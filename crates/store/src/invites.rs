//! Invite links: stored by the hash of their secret, kept once used to say so.

use chrono::{DateTime, Utc};
use redb::ReadableTable;
use serde::{Deserialize, Serialize};

use super::Source;
use super::codec::encode;
use super::tables::INVITES;
use super::writing::Writing;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct InviteRecord {
    /// The hash of its secret, which also names it.
    pub hash: String,
    pub made_by: UserId,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// The account made with it; an invite works once.
    pub used_by: Option<UserId>,
}

pub fn save(write: &Writing, invite: &InviteRecord) -> AppResult<()> {
    write
        .open_table(INVITES)?
        .insert(invite.hash.as_str(), encode(invite)?.as_slice())?;
    Ok(())
}

pub fn get(tx: &impl Source, hash: &str) -> AppResult<Option<InviteRecord>> {
    tx.table(INVITES)?
        .get(hash)?
        .map(|value| tx.decode(value.value()))
        .transpose()
}

pub fn remove(write: &Writing, hash: &str) -> AppResult<bool> {
    Ok(write.open_table(INVITES)?.remove(hash)?.is_some())
}

/// Every invite, newest first.
pub fn all(tx: &impl Source) -> AppResult<Vec<InviteRecord>> {
    let mut invites = tx
        .table(INVITES)?
        .iter()?
        .map(|entry| tx.decode(entry?.1.value()))
        .collect::<AppResult<Vec<InviteRecord>>>()?;
    invites.sort_by_key(|invite| std::cmp::Reverse(invite.created_at));
    Ok(invites)
}
