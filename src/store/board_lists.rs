//! The boards of a user and of a folder that a viewer may see, newest first, read a page at a
//! time from `LISTED_BOARDS`, with their counts: kept by `boards::save` from whom each board is
//! listed for, so that a page reads its own boards whatever the size of the library.

use std::collections::{BTreeMap, BTreeSet};

use redb::{ReadableTable, WriteTransaction};

use super::pin_order::{Direction, beyond, side_by_side, walked};
use super::tables::{BOARDS, LISTED_BOARD_COUNTS, LISTED_BOARDS};
use super::{Source, codec::decode};
use crate::domain::board::BoardRecord;
use crate::domain::ids::{BoardId, FolderId, UserId};
use crate::error::AppResult;

/// A list of boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardList {
    OfUser(UserId),
    InFolder(FolderId),
}

impl BoardList {
    fn key(self) -> (u8, u64) {
        match self {
            BoardList::OfUser(user) => (0, user.0),
            BoardList::InFolder(folder) => (1, folder.0),
        }
    }
}

/// (list, user or folder id, reader): the key of a count, and of a walk.
type ReaderKey = (u8, u64, u64);
/// (list, user or folder id, reader, board id): the key of a listed board.
type ListedKey = (u8, u64, u64, u64);

/// The reader key of everyone (ids start at 1).
const EVERYONE: u64 = 0;

fn reader_key(reader: Option<UserId>) -> u64 {
    reader.map_or(EVERYONE, |user| user.0)
}

/// The keys under which a viewer finds boards: everyone's, and their own.
fn readers_of(viewer: Option<UserId>) -> Vec<u64> {
    let mut readers = vec![EVERYONE];
    readers.extend(viewer.map(|user| user.0));
    readers
}

/// The (list, id, reader) keys a board is listed under.
fn keys_of(board: &BoardRecord) -> BTreeSet<ReaderKey> {
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

/// Moves a board's entries from how `before` was listed to how `after` is (`None`: not stored).
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
    let mut listed = write.open_table(LISTED_BOARDS)?;
    let mut counts = write.open_table(LISTED_BOARD_COUNTS)?;
    for key in old.difference(&new) {
        listed.remove((key.0, key.1, key.2, board))?;
        let count = counts.get(*key)?.map_or(0, |v| v.value());
        if count > 1 {
            counts.insert(*key, count - 1)?;
        } else {
            counts.remove(*key)?;
        }
    }
    for key in new.difference(&old) {
        listed.insert((key.0, key.1, key.2, board), ())?;
        let count = counts.get(*key)?.map_or(0, |v| v.value());
        counts.insert(*key, count + 1)?;
    }
    Ok(())
}

/// The ids of up to `limit` boards of `list` that `viewer` may see, newest first, after
/// `after`: it reads the keys it returns and one more of each reader's, however long the list.
pub fn page(
    tx: &impl Source,
    list: BoardList,
    viewer: Option<UserId>,
    after: Option<BoardId>,
    limit: usize,
) -> AppResult<Vec<BoardId>> {
    let (kind, id) = list.key();
    let table = tx.table(LISTED_BOARDS)?;
    let mut walks = Vec::new();
    for reader in readers_of(viewer) {
        let from = after.map(|board| (kind, id, reader, board.0));
        let bounds = beyond(
            from,
            Direction::Down,
            (kind, id, reader, 0),
            (kind, id, reader, u64::MAX),
        );
        walks.push(walked(table.range(bounds)?, Direction::Down, |key| key.3));
    }
    let ids = side_by_side(walks, Direction::Down, limit)?;
    Ok(ids.into_iter().map(|(_, id)| BoardId(id)).collect())
}

/// How many boards of `list` `viewer` may see.
pub fn count(tx: &impl Source, list: BoardList, viewer: Option<UserId>) -> AppResult<usize> {
    let (kind, id) = list.key();
    let counts = tx.table(LISTED_BOARD_COUNTS)?;
    let mut total = 0;
    for reader in readers_of(viewer) {
        total += counts.get((kind, id, reader))?.map_or(0, |v| v.value());
    }
    Ok(total as usize)
}

/// Every entry and count `LISTED_BOARDS` should hold, built from the board records (migration
/// and `corkboard check`).
pub fn expected<'a>(
    boards: impl IntoIterator<Item = &'a BoardRecord>,
) -> (BTreeSet<ListedKey>, BTreeMap<ReaderKey, u64>) {
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

/// Fills the lists from every board record (migration 17).
pub fn fill(write: &WriteTransaction) -> AppResult<()> {
    let mut boards = Vec::new();
    for entry in write.open_table(BOARDS)?.iter()? {
        boards.push(decode::<BoardRecord>(entry?.1.value())?);
    }
    let (listed, counts) = expected(&boards);
    let mut table = write.open_table(LISTED_BOARDS)?;
    for key in listed {
        table.insert(key, ())?;
    }
    let mut table = write.open_table(LISTED_BOARD_COUNTS)?;
    for (key, count) in counts {
        table.insert(key, count)?;
    }
    Ok(())
}
