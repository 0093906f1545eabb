//! A user's folders that a viewer may see, newest first, read a page at a time from `LISTS`
//! (`lists`: list 2 the public ones, 3 the private ones) with their counts: kept from
//! `policy::folder_listed` whenever a folder or the boards in it change, so that a page reads
//! its own folders whatever the number of folders.

use std::collections::{BTreeMap, BTreeSet};

use redb::ReadableTable;

use super::lists::{
    self, BOARDS_IN_FOLDER, CountKey, EVERYONE, EntryKey, PRIVATE_FOLDERS_OF_USER,
    PUBLIC_FOLDERS_OF_USER, set_entry, total, under, walk,
};
use super::tables::{FOLDERS, LIST_COUNTS, LISTS};
use super::writing::Writing;
use super::{Source, folders};
use corkboard_domain::board::FolderRecord;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{FolderId, UserId};
use corkboard_domain::policy::folder_listed;

/// The list number a folder goes in.
fn kind_of(folder: &FolderRecord) -> u8 {
    if folder.secret {
        PRIVATE_FOLDERS_OF_USER
    } else {
        PUBLIC_FOLDERS_OF_USER
    }
}

/// The keys under which a viewer finds a user's folders: the owner finds them all under their
/// own; others those listed for everyone and those listed for them.
fn readers_of(owner: UserId, viewer: Option<UserId>) -> Vec<u64> {
    if viewer == Some(owner) {
        vec![owner.0]
    } else {
        lists::readers_of(viewer)
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
    write: &Writing,
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
        // A folder made private or public leaves the other list.
        for kind in [PUBLIC_FOLDERS_OF_USER, PRIVATE_FOLDERS_OF_USER] {
            let key = (kind, folder.user.0, reader, folder.id.0);
            let present = kind == kind_of(folder) && wanted.contains(&reader);
            set_entry(&mut listed, &mut counts, key, present)?;
        }
    }
    Ok(())
}

/// Lists a stored folder again after it or its boards changed.
pub fn refresh(write: &Writing, folder: FolderId, touched: BTreeSet<u64>) -> AppResult<()> {
    match folders::get(write, folder)? {
        Some(record) => relist(write, &record, touched, false),
        None => Ok(()),
    }
}

/// Takes a folder out of its owner's lists (it is being removed).
pub(crate) fn unlist(write: &Writing, folder: &FolderRecord) -> AppResult<()> {
    relist(write, folder, BTreeSet::new(), true)
}

/// The (list, id, reader) keys of the folders of `owner` listed for `viewer`: all of them, or
/// only the public (`secret` false) or the private ones (true).
fn lists_for(owner: UserId, viewer: Option<UserId>, secret: Option<bool>) -> Vec<CountKey> {
    let kinds: &[u8] = match secret {
        None => &[PUBLIC_FOLDERS_OF_USER, PRIVATE_FOLDERS_OF_USER],
        Some(false) => &[PUBLIC_FOLDERS_OF_USER],
        Some(true) => &[PRIVATE_FOLDERS_OF_USER],
    };
    let readers = readers_of(owner, viewer);
    kinds
        .iter()
        .flat_map(|kind| under(*kind, owner.0, &readers))
        .collect()
}

/// The ids of up to `limit` folders of `owner` listed for `viewer` (all, or only the public or
/// private ones by `secret`), newest first, after `after`.
pub fn page(
    tx: &impl Source,
    owner: UserId,
    viewer: Option<UserId>,
    secret: Option<bool>,
    after: Option<FolderId>,
    limit: usize,
) -> AppResult<Vec<FolderId>> {
    let after = after.map(|folder| folder.0);
    let ids = walk(tx, &lists_for(owner, viewer, secret), after, limit)?;
    Ok(ids.into_iter().map(FolderId).collect())
}

/// How many folders of `owner` are listed for `viewer` (all, or only the public or private ones).
pub fn count(
    tx: &impl Source,
    owner: UserId,
    viewer: Option<UserId>,
    secret: Option<bool>,
) -> AppResult<usize> {
    total(tx, &lists_for(owner, viewer, secret))
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
            let kind = kind_of(folder);
            listed.insert((kind, folder.user.0, reader, folder.id.0));
            *counts.entry((kind, folder.user.0, reader)).or_default() += 1;
        }
    }
    (listed, counts)
}

/// Fills the folder lists from every folder record, after the board lists (migrations 17
/// and 19).
pub fn fill(write: &Writing) -> AppResult<()> {
    let mut records = Vec::new();
    for entry in write.open_table(FOLDERS)?.iter()? {
        records.push(write.decode::<FolderRecord>(entry?.1.value())?);
    }
    for folder in records {
        relist(write, &folder, BTreeSet::new(), false)?;
    }
    Ok(())
}
