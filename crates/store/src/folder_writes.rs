//! Writing folders: inserting, saving and removing a folder with its indexes by slug, by owner
//! and by whom it is listed for (`folder_lists`).

use super::codec::encode;
use super::tables::{FOLDERS, FOLDERS_BY_SLUG, FOLDERS_BY_USER};
use super::writing::Writing;
use super::{folder_lists, free_slug, next_id};
use corkboard_domain::board::FolderRecord;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::FolderId;

/// Stores a new folder with a fresh id and a slug unique among its owner's folders.
pub fn insert(write: &Writing, mut folder: FolderRecord) -> AppResult<FolderRecord> {
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
pub fn save(write: &Writing, folder: &FolderRecord) -> AppResult<()> {
    write
        .open_table(FOLDERS)?
        .insert(folder.id.0, encode(folder)?.as_slice())?;
    folder_lists::refresh(write, folder.id, Default::default())
}

pub fn remove(write: &Writing, folder: &FolderRecord) -> AppResult<()> {
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
