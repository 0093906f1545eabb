//! The lists of `LISTS`: what a reader finds in a user's boards, a folder's boards and a user's
//! public and private folders, each entry under (list, user or folder id, reader), with a count
//! of each (`LIST_COUNTS`); a page is read by walking the keys a viewer may use side by side.
//! Kept by `board_lists` and `folder_lists`.

use redb::{ReadableTable, Table};

use super::tables::{LIST_COUNTS, LISTS};
use super::walks::{Direction, beyond, side_by_side, walked};
use super::{Source, add_to_count};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;

/// The list numbers of `LISTS`: a user's boards, a folder's boards, and a user's public and
/// private folders.
pub(super) const BOARDS_OF_USER: u8 = 0;
pub(super) const BOARDS_IN_FOLDER: u8 = 1;
pub(super) const PUBLIC_FOLDERS_OF_USER: u8 = 2;
pub(super) const PRIVATE_FOLDERS_OF_USER: u8 = 3;

/// (list, user or folder id, reader): the key of a count, and of a walk.
pub(super) type CountKey = (u8, u64, u64);
/// (list, user or folder id, reader, board or folder id): the key of an entry.
pub(super) type EntryKey = (u8, u64, u64, u64);

/// The reader key of everyone (ids start at 1).
pub(super) const EVERYONE: u64 = 0;

/// The keys under which a viewer finds boards: everyone's, and their own.
pub(super) fn readers_of(viewer: Option<UserId>) -> Vec<u64> {
    let mut readers = vec![EVERYONE];
    readers.extend(viewer.map(|user| user.0));
    readers
}

/// The (list, id, reader) keys of the list `(kind, id)` under each of `readers`.
pub(super) fn under(kind: u8, id: u64, readers: &[u64]) -> Vec<CountKey> {
    readers.iter().map(|reader| (kind, id, *reader)).collect()
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
    side_by_side(tx, walks, Direction::Down, limit)
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
