//! Folder records, found by id, by slug and by owner (written, with every index, by
//! `folder_writes`).

use redb::ReadableTable;

use super::tables::{FOLDERS, FOLDERS_BY_SLUG, FOLDERS_BY_USER};
use super::{Source, ids_under};
use corkboard_domain::board::FolderRecord;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{FolderId, UserId};

pub fn get(tx: &impl Source, id: FolderId) -> AppResult<Option<FolderRecord>> {
    let folders = tx.table(FOLDERS)?;
    let found = folders.get(id.0)?;
    found.map(|bytes| tx.decode(bytes.value())).transpose()
}

pub fn by_slug(tx: &impl Source, user: UserId, slug: &str) -> AppResult<Option<FolderRecord>> {
    let id = tx
        .table(FOLDERS_BY_SLUG)?
        .get((user.0, slug))?
        .map(|v| v.value());
    id.map_or(Ok(None), |id| get(tx, FolderId(id)))
}

/// A user's folders, oldest first.
pub fn of_user(tx: &impl Source, user: UserId) -> AppResult<Vec<FolderRecord>> {
    let ids = ids_under(tx, FOLDERS_BY_USER, user.0)?;
    let folders = ids
        .into_iter()
        .map(|id| get(tx, FolderId(id)))
        .collect::<AppResult<Vec<_>>>()?;
    Ok(folders.into_iter().flatten().collect())
}
