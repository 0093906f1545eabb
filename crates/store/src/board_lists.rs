//! The boards of a user and of a folder that a viewer may see, newest first, read a page at a
//! time from `LISTS`, with their counts: kept by `boards::save` from whom each board is listed
//! for, so that a page reads its own boards whatever the size of the library. The walks and
//! counts here serve `folder_lists` too.

use std::collections::{BTreeMap, BTreeSet};

use redb::{ReadableTable, Table, WriteTransaction};

use super::pin_order::{Direction, beyond, side_by_side, walked};
use super::tables::{BOARDS, LIST_COUNTS, LISTS};
use super::{Source, add_to_count, codec::decode, folder_lists};
use corkboard_domain::board::BoardRecord;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, FolderId, UserId};

/// A list of boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardList {
    OfUser(UserId),
    InFolder(FolderId),
}

/// The list numbers of `LISTS`.
const BOARDS_OF_USER: u8 = 0;
pub(super) const BOARDS_IN_FOLDER: u8 = 1;

impl BoardList {
    fn key(self) -> (u8, u64) {
        match self {
            BoardList::OfUser(user) => (BOARDS_OF_USER, user.0),
            BoardList::InFolder(folder) => (BOARDS_IN_FOLDER, folder.0),
        }
    }
}

/// (list, user or folder id, reader): the key of a count, and of a walk.
pub(super) type CountKey = (u8, u64, u64);
/// (list, user or folder id, reader, board or folder id): the key of an entry.
pub(super) type EntryKey = (u8, u64, u64, u64);

/// The reader key of everyone (ids start at 1).
pub(super) const EVERYONE: u64 = 0;

fn reader_key(reader: Option<UserId>) -> u64 {
    reader.map_or(EVERYONE, |user| user.0)
}

/// The keys under which a viewer finds boards: everyone's, and their own.
pub(super) fn readers_of(viewer: Option<UserId>) -> Vec<u64> {
    let mut readers = vec![EVERYONE];
    readers.extend(viewer.map(|user| user.0));
    readers
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

/// The (list, id, reader) keys of the list `(kind, id)` under each of `readers`.
pub(super) fn under(kind: u8, id: u64, readers: &[u64]) -> Vec<CountKey> {
    readers.iter().map(|reader| (kind, id, *reader)).collect()
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

/// Puts an entry in `LISTS` or takes it out, keeping its count.
pub(super) fn set_entry(
    listed: &mut Table<EntryKey, ()>,
    counts: &mut Table<CountKey, u64>,
    key: EntryKey,
    present: bool,
) -> AppResult<()> {
    let was_present = if present {
        listed.insert(key, ())?.is_some()
    } else {
        listed.remove(key)?.is_some()
    };
    if was_present == present {
        return Ok(());
    }
    add_to_count(counts, (key.0, key.1, key.2), if present { 1 } else { -1 })
}

/// Moves a board's entries from how `before` was listed to how `after` is (`None`: not stored),
/// and the folders whose boards changed for a reader follow.
pub fn update(
    write: &WriteTransaction,
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

/// Up to `limit` ids found under any of the (list, id, reader) keys `lists`, newest first,
/// after `after`: it reads the keys it returns and one more of each key's.
pub(super) fn walk(
    tx: &impl Source,
    lists: &[CountKey],
    after: Option<u64>,
    limit: usize,
) -> AppResult<Vec<u64>> {
    let table = tx.table(LISTS)?;
    let mut walks = Vec::new();
    for &(kind, id, reader) in lists {
        let from = after.map(|item| (kind, id, reader, item));
        let lowest = (kind, id, reader, 0);
        let highest = (kind, id, reader, u64::MAX);
        let bounds = beyond(from, Direction::Down, lowest, highest);
        walks.push(walked(table.range(bounds)?, Direction::Down, |key| key.3));
    }
    let ids = side_by_side(walks, Direction::Down, limit)?;
    Ok(ids.into_iter().map(|(_, id)| id).collect())
}

/// How many entries the (list, id, reader) keys `lists` hold.
pub(super) fn total(tx: &impl Source, lists: &[CountKey]) -> AppResult<usize> {
    let counts = tx.table(LIST_COUNTS)?;
    let mut total = 0;
    for list in lists {
        total += counts.get(*list)?.map_or(0, |v| v.value());
    }
    Ok(total as usize)
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
pub fn fill(write: &WriteTransaction) -> AppResult<()> {
    let mut boards = Vec::new();
    for entry in write.open_table(BOARDS)?.iter()? {
        boards.push(decode::<BoardRecord>(entry?.1.value())?);
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
