//! A user's folders that a viewer may see, newest first, read a page at a time from `LISTS`
//! (list 2) with their counts: kept from `policy::folder_listed` whenever a folder or the boards
//! in it change, so that a page reads its own folders whatever the number of folders.

use std::collections::{BTreeMap, BTreeSet};

use redb::{ReadableTable, WriteTransaction};

use super::board_lists::{BOARDS_IN_FOLDER, CountKey, EVERYONE, EntryKey, set_entry, total, walk};
use super::tables::{FOLDERS, LIST_COUNTS, LISTS};
use super::{Source, codec::decode, folders};
use crate::domain::board::FolderRecord;
use crate::domain::ids::{FolderId, UserId};
use crate::domain::policy::folder_listed;
use crate::error::AppResult;

/// The list number of a user's folders in `LISTS`.
const FOLDERS_OF_USER: u8 = 2;

/// The keys under which a viewer finds a user's folders: the owner finds them all under their
/// own; others those listed for everyone and those listed for them.
fn readers_of(owner: UserId, viewer: Option<UserId>) -> Vec<u64> {
    if viewer == Some(owner) {
        vec![owner.0]
    } else {
        super::board_lists::readers_of(viewer)
    }
}

/// Whom a folder is listed under: its owner; everyone when anyone may see a board in it, else
/// each reader with a board in it for them. `boards_for`: how many boards the folder's board
/// list holds for each reader.
fn readers_of_folder(folder: &FolderRecord, boards_for: &BTreeMap<u64, u64>) -> BTreeSet<u64> {
    let everyone = boards_for.get(&EVERYONE).copied().unwrap_or(0);
    let mut readers = BTreeSet::from([folder.user.0]);
    if folder_listed(None, folder, everyone as usize) {
        readers.insert(EVERYONE);
        return readers;
    }
    for (reader, boards) in boards_for {
        let seen = (everyone + boards) as usize;
        if *reader != EVERYONE && folder_listed(Some(UserId(*reader)), folder, seen) {
            readers.insert(*reader);
        }
    }
    readers
}

/// How many boards a folder's board list holds for each reader.
fn boards_for(tx: &impl Source, folder: FolderId) -> AppResult<BTreeMap<u64, u64>> {
    let counts = tx.table(LIST_COUNTS)?;
    let lowest = (BOARDS_IN_FOLDER, folder.0, 0);
    let highest = (BOARDS_IN_FOLDER, folder.0, u64::MAX);
    let mut found = BTreeMap::new();
    for entry in counts.range(lowest..=highest)? {
        let (key, count) = entry?;
        found.insert(key.value().2, count.value());
    }
    Ok(found)
}

/// Lists a folder as it now is (`refresh`), or unlists it (`gone`), under the readers it may
/// have been listed under: everyone, its owner, `touched` (whose boards in it just changed) and
/// those it has boards for.
fn relist(
    write: &WriteTransaction,
    folder: &FolderRecord,
    touched: BTreeSet<u64>,
    gone: bool,
) -> AppResult<()> {
    let boards = boards_for(write, folder.id)?;
    let wanted = if gone {
        BTreeSet::new()
    } else {
        readers_of_folder(folder, &boards)
    };
    let mut candidates = touched;
    candidates.extend([EVERYONE, folder.user.0]);
    candidates.extend(boards.keys());
    let mut listed = write.open_table(LISTS)?;
    let mut counts = write.open_table(LIST_COUNTS)?;
    for reader in candidates {
        let key = (FOLDERS_OF_USER, folder.user.0, reader, folder.id.0);
        set_entry(&mut listed, &mut counts, key, wanted.contains(&reader))?;
    }
    Ok(())
}

/// Lists a stored folder again after it or its boards changed.
pub fn refresh(
    write: &WriteTransaction,
    folder: FolderId,
    touched: BTreeSet<u64>,
) -> AppResult<()> {
    match folders::get(write, folder)? {
        Some(record) => relist(write, &record, touched, false),
        None => Ok(()),
    }
}

/// Takes a folder out of its owner's lists (it is being removed).
pub fn unlist(write: &WriteTransaction, folder: &FolderRecord) -> AppResult<()> {
    relist(write, folder, BTreeSet::new(), true)
}

/// The ids of up to `limit` folders of `owner` listed for `viewer`, newest first, after `after`.
pub fn page(
    tx: &impl Source,
    owner: UserId,
    viewer: Option<UserId>,
    after: Option<FolderId>,
    limit: usize,
) -> AppResult<Vec<FolderId>> {
    let list = (FOLDERS_OF_USER, owner.0);
    let after = after.map(|folder| folder.0);
    let ids = walk(tx, list, &readers_of(owner, viewer), after, limit)?;
    Ok(ids.into_iter().map(FolderId).collect())
}

/// How many folders of `owner` are listed for `viewer`.
pub fn count(tx: &impl Source, owner: UserId, viewer: Option<UserId>) -> AppResult<usize> {
    total(tx, (FOLDERS_OF_USER, owner.0), &readers_of(owner, viewer))
}

/// Every entry and count of the folder lists, built from the folder records and the counts of
/// the board lists (migration and `corkboard check`).
pub fn expected<'a>(
    folders: impl IntoIterator<Item = &'a FolderRecord>,
    board_counts: &BTreeMap<CountKey, u64>,
) -> (BTreeSet<EntryKey>, BTreeMap<CountKey, u64>) {
    let mut listed = BTreeSet::new();
    let mut counts = BTreeMap::new();
    for folder in folders {
        let lowest = (BOARDS_IN_FOLDER, folder.id.0, 0);
        let highest = (BOARDS_IN_FOLDER, folder.id.0, u64::MAX);
        let boards_for: BTreeMap<u64, u64> = board_counts
            .range(lowest..=highest)
            .map(|(key, count)| (key.2, *count))
            .collect();
        for reader in readers_of_folder(folder, &boards_for) {
            listed.insert((FOLDERS_OF_USER, folder.user.0, reader, folder.id.0));
            *counts
                .entry((FOLDERS_OF_USER, folder.user.0, reader))
                .or_default() += 1;
        }
    }
    (listed, counts)
}

/// Fills the folder lists from every folder record, after the board lists (migration 17).
pub fn fill(write: &WriteTransaction) -> AppResult<()> {
    let mut records = Vec::new();
    for entry in write.open_table(FOLDERS)?.iter()? {
        records.push(decode::<FolderRecord>(entry?.1.value())?);
    }
    for folder in records {
        relist(write, &folder, BTreeSet::new(), false)?;
    }
    Ok(())
}
