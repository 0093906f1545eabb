//! Folder records and their indexes by slug, by owner and by whom they are listed for.

use redb::{ReadableTable, WriteTransaction};

use super::codec::{decode, encode};
use super::tables::{FOLDERS, FOLDERS_BY_SLUG, FOLDERS_BY_USER};
use super::{Source, folder_lists, free_slug, ids_under, next_id};
use corkboard_domain::board::FolderRecord;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{FolderId, UserId};

pub fn get(tx: &impl Source, id: FolderId) -> AppResult<Option<FolderRecord>> {
    let folders = tx.table(FOLDERS)?;
    let found = folders.get(id.0)?;
    found.map(|bytes| decode(bytes.value())).transpose()
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

pub fn insert(write: &WriteTransaction, mut folder: FolderRecord) -> AppResult<FolderRecord> {
    folder.id = FolderId(next_id(write)?);
    folder.slug = free_slug(write, FOLDERS_BY_SLUG, folder.user.0, &folder.slug)?;
    write
        .open_table(FOLDERS_BY_SLUG)?
        .insert((folder.user.0, folder.slug.as_str()), folder.id.0)?;
    write
        .open_table(FOLDERS_BY_USER)?
        .insert((folder.user.0, folder.id.0), ())?;
    save(write, &folder)?;
    Ok(folder)
}

/// Saves a folder, and lists it as it now is (`folder_lists`).
pub fn save(write: &WriteTransaction, folder: &FolderRecord) -> AppResult<()> {
    write
        .open_table(FOLDERS)?
        .insert(folder.id.0, encode(folder)?.as_slice())?;
    folder_lists::refresh(write, folder.id, Default::default())
}

pub fn remove(write: &WriteTransaction, folder: &FolderRecord) -> AppResult<()> {
    folder_lists::unlist(write, folder)?;
    write.open_table(FOLDERS)?.remove(folder.id.0)?;
    write
        .open_table(FOLDERS_BY_SLUG)?
        .remove((folder.user.0, folder.slug.as_str()))?;
    write
        .open_table(FOLDERS_BY_USER)?
        .remove((folder.user.0, folder.id.0))?;
    Ok(())
}
