//! Share links to boards: view-only links stored by id, found by the SHA-256 of their token
//! (never the token itself) and listed by board.

use chrono::{DateTime, Utc};
use redb::ReadableTable;
use serde::{Deserialize, Serialize};

use super::codec::encode;
use super::tables::{SHARE_LINKS, SHARE_LINKS_BY_BOARD, SHARE_LINKS_BY_HASH};
use super::writing::Writing;
use super::{Source, ids_under, next_id};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, UserId};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ShareLinkRecord {
    pub id: u64,
    pub board: BoardId,
    /// The SHA-256 (hex) of the link's token.
    pub token_hash: String,
    pub made_by: UserId,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
    /// When the link stops working; never when `None`.
    pub expires_at: Option<DateTime<Utc>>,
}

/// Stores a new link with a fresh id.
pub fn insert(write: &Writing, mut link: ShareLinkRecord) -> AppResult<ShareLinkRecord> {
    link.id = next_id(write)?;
    save(write, &link)?;
    write
        .open_table(SHARE_LINKS_BY_HASH)?
        .insert(link.token_hash.as_str(), link.id)?;
    write
        .open_table(SHARE_LINKS_BY_BOARD)?
        .insert((link.board.0, link.id), ())?;
    Ok(link)
}

/// Saves a stored link's changed fields (its last use); its token and board stay.
pub fn save(write: &Writing, link: &ShareLinkRecord) -> AppResult<()> {
    write
        .open_table(SHARE_LINKS)?
        .insert(link.id, encode(link)?.as_slice())?;
    Ok(())
}

pub fn get(tx: &impl Source, id: u64) -> AppResult<Option<ShareLinkRecord>> {
    let links = tx.table(SHARE_LINKS)?;
    let found = links.get(id)?;
    found.map(|bytes| tx.decode(bytes.value())).transpose()
}

pub fn by_hash(tx: &impl Source, hash: &str) -> AppResult<Option<ShareLinkRecord>> {
    let id = tx.table(SHARE_LINKS_BY_HASH)?.get(hash)?.map(|v| v.value());
    id.map_or(Ok(None), |id| get(tx, id))
}

/// A board's links, oldest first.
pub fn of_board(tx: &impl Source, board: BoardId) -> AppResult<Vec<ShareLinkRecord>> {
    let mut links = Vec::new();
    for id in ids_under(tx, SHARE_LINKS_BY_BOARD, board.0)? {
        links.extend(get(tx, id)?);
    }
    Ok(links)
}

pub fn remove(write: &Writing, link: &ShareLinkRecord) -> AppResult<()> {
    write.open_table(SHARE_LINKS)?.remove(link.id)?;
    write
        .open_table(SHARE_LINKS_BY_HASH)?
        .remove(link.token_hash.as_str())?;
    write
        .open_table(SHARE_LINKS_BY_BOARD)?
        .remove((link.board.0, link.id))?;
    Ok(())
}

/// Removes every link of a board (the board is going).
pub fn remove_of_board(write: &Writing, board: BoardId) -> AppResult<()> {
    for link in of_board(write, board)? {
        remove(write, &link)?;
    }
    Ok(())
}
