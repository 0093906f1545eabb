//! The boards of a user and of a folder that a viewer may see, newest first, read a page at a
//! time from `LISTS` (`lists`), with their counts: kept by `board_writes::save` from whom each
//! board is listed for, so that a page reads its own boards whatever the size of the library.

use std::collections::{BTreeMap, BTreeSet};

use redb::ReadableTable;

use super::lists::{
    BOARDS_IN_FOLDER, BOARDS_OF_USER, CountKey, EVERYONE, EntryKey, readers_of, set_entry, total,
    under, walk,
};
use super::tables::{BOARDS, LIST_COUNTS, LISTS};
use super::writing::Writing;
use super::{Source, folder_lists};
use corkboard_domain::board::BoardRecord;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, FolderId, UserId};

/// A list of boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardList {
    OfUser(UserId),
    InFolder(FolderId),
}

impl BoardList {
    fn key(self) -> (u8, u64) {
        match self {
            BoardList::OfUser(user) => (BOARDS_OF_USER, user.0),
            BoardList::InFolder(folder) => (BOARDS_IN_FOLDER, folder.0),
        }
    }
}

fn reader_key(reader: Option<UserId>) -> u64 {
    reader.map_or(EVERYONE, |user| user.0)
}

/// The keys under which a viewer finds the public boards (`secret` false: those listed for
/// everyone), the private ones (true: those listed for them) or both (None).
fn readers_for(viewer: Option<UserId>, secret: Option<bool>) -> Vec<u64> {
    match secret {
        None => readers_of(viewer),
        Some(false) => vec![EVERYONE],
        Some(true) => viewer.map(|user| user.0).into_iter().collect(),
    }
}

/// The (list, id, reader) keys a board is listed under.
fn keys_of(board: &BoardRecord) -> BTreeSet<CountKey> {
    let lists =
        std::iter::once(BoardList::OfUser(board.user)).chain(board.folder.map(BoardList::InFolder));
    let mut keys = BTreeSet::new();
    for list in lists {
        let (kind, id) = list.key();
        for reader in board.listed_for() {
            keys.insert((kind, id, reader_key(reader)));
        }
    }
    keys
}

/// Moves a board's entries from how `before` was listed to how `after` is (`None`: not stored),
/// and the folders whose boards changed for a reader follow.
pub fn update(
    write: &Writing,
    before: Option<&BoardRecord>,
    after: Option<&BoardRecord>,
) -> AppResult<()> {
    let old = before.map(keys_of).unwrap_or_default();
    let new = after.map(keys_of).unwrap_or_default();
    let Some(board) = before.or(after).map(|board| board.id.0) else {
        return Ok(());
    };
    {
        let mut listed = write.open_table(LISTS)?;
        let mut counts = write.open_table(LIST_COUNTS)?;
        for key in old.difference(&new) {
            set_entry(
                &mut listed,
                &mut counts,
                (key.0, key.1, key.2, board),
                false,
            )?;
        }
        for key in new.difference(&old) {
            set_entry(&mut listed, &mut counts, (key.0, key.1, key.2, board), true)?;
        }
    }
    let mut touched: BTreeMap<u64, BTreeSet<u64>> = BTreeMap::new();
    for (kind, folder, reader) in old.symmetric_difference(&new) {
        if *kind == BOARDS_IN_FOLDER {
            touched.entry(*folder).or_default().insert(*reader);
        }
    }
    for (folder, readers) in touched {
        folder_lists::refresh(write, FolderId(folder), readers)?;
    }
    Ok(())
}

/// The (list, id, reader) keys of the boards of `list` that `viewer` may see: all of them, or
/// only the public (`secret` false) or the private ones (true).
fn lists_for(list: BoardList, viewer: Option<UserId>, secret: Option<bool>) -> Vec<CountKey> {
    let (kind, id) = list.key();
    under(kind, id, &readers_for(viewer, secret))
}

/// The ids of up to `limit` boards of `list` that `viewer` may see (all, or only the public or
/// private ones by `secret`), newest first, after `after`, whatever the length of the list.
pub fn page(
    tx: &impl Source,
    list: BoardList,
    viewer: Option<UserId>,
    secret: Option<bool>,
    after: Option<BoardId>,
    limit: usize,
) -> AppResult<Vec<BoardId>> {
    let after = after.map(|board| board.0);
    let ids = walk(tx, &lists_for(list, viewer, secret), after, limit)?;
    Ok(ids.into_iter().map(BoardId).collect())
}

/// How many boards of `list` `viewer` may see (all, or only the public or private ones).
pub fn count(
    tx: &impl Source,
    list: BoardList,
    viewer: Option<UserId>,
    secret: Option<bool>,
) -> AppResult<usize> {
    total(tx, &lists_for(list, viewer, secret))
}

/// Every entry and count of the board lists, built from the board records (migration and
/// `corkboard check`).
pub fn expected<'a>(
    boards: impl IntoIterator<Item = &'a BoardRecord>,
) -> (BTreeSet<EntryKey>, BTreeMap<CountKey, u64>) {
    let mut listed = BTreeSet::new();
    let mut counts = BTreeMap::new();
    for board in boards {
        for key in keys_of(board) {
            listed.insert((key.0, key.1, key.2, board.id.0));
            *counts.entry(key).or_default() += 1;
        }
    }
    (listed, counts)
}

/// Fills the board lists from every board record (migration 17).
pub fn fill(write: &Writing) -> AppResult<()> {
    let mut boards = Vec::new();
    for entry in write.open_table(BOARDS)?.iter()? {
        boards.push(write.decode::<BoardRecord>(entry?.1.value())?);
    }
    let (listed, counts) = expected(&boards);
    let mut table = write.open_table(LISTS)?;
    for key in listed {
        table.insert(key, ())?;
    }
    let mut table = write.open_table(LIST_COUNTS)?;
    for (key, count) in counts {
        table.insert(key, count)?;
    }
    Ok(())
}
