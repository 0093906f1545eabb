//! Pins in display order, read a slice at a time straight from the indexes: public pins, a user's
//! pins, a user's public pins and a board's private pins newest first (by id), a board's pins
//! highest order first.

use std::ops::Bound::{self, Excluded, Included};
use std::sync::atomic::{AtomicU64, Ordering};

use redb::{
    AccessGuard, Key, ReadableTable, ReadableTableMetadata, StorageError, TableDefinition, Value,
};

use super::Source;
use super::tables::{
    BOARD_PINS, PINS_BY_USER, PRIVATE_BOARD_PINS, PUBLIC_PINS, PUBLIC_PINS_BY_USER,
};
use crate::domain::ids::{BoardId, UserId};
use crate::error::AppResult;

/// Where a pin stands in a list: its order on the board (0 elsewhere), then its id. Lists show the
/// highest key first.
pub type PinKey = (i64, u64);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// The list's own order: newest or highest first.
    Down,
    /// Back towards the top of the list.
    Up,
}

/// Index keys read by the walks of this process so far: what a list costs, whatever its size.
/// Process-wide, like `codec::decoded_count`.
static KEYS_READ: AtomicU64 = AtomicU64::new(0);

pub fn keys_read() -> u64 {
    KEYS_READ.load(Ordering::Relaxed)
}

/// Counts `keys` index keys read by a walk outside this module.
pub(super) fn note_keys_read(keys: usize) {
    KEYS_READ.fetch_add(keys as u64, Ordering::Relaxed);
}

type Entry<'a, K, V> = Result<(AccessGuard<'a, K>, AccessGuard<'a, V>), StorageError>;

/// Up to `limit` keys of a range, walked in `direction`.
fn take<'a, K: Key + 'static, V: Value + 'static, T>(
    range: impl DoubleEndedIterator<Item = Entry<'a, K, V>>,
    direction: Direction,
    limit: usize,
    key_of: impl Fn(K::SelfType<'_>) -> T,
) -> AppResult<Vec<T>> {
    let entries: Box<dyn Iterator<Item = Entry<'a, K, V>>> = match direction {
        Direction::Down => Box::new(range.rev()),
        Direction::Up => Box::new(range),
    };
    let mut found = Vec::new();
    for entry in entries.take(limit) {
        let (key, _) = entry?;
        found.push(key_of(key.value()));
    }
    note_keys_read(found.len());
    Ok(found)
}

/// The bounds of the ids beyond `from` in `direction`, between `lowest` and `highest`.
fn beyond<T: Copy>(
    from: Option<T>,
    direction: Direction,
    lowest: T,
    highest: T,
) -> (Bound<T>, Bound<T>) {
    match (from, direction) {
        (None, _) => (Included(lowest), Included(highest)),
        (Some(from), Direction::Down) => (Included(lowest), Excluded(from)),
        (Some(from), Direction::Up) => (Excluded(from), Included(highest)),
    }
}

/// Public pins beyond `from`.
pub fn public(
    tx: &impl Source,
    from: Option<u64>,
    direction: Direction,
    limit: usize,
) -> AppResult<Vec<PinKey>> {
    let table = tx.table(PUBLIC_PINS)?;
    let range = table.range(beyond(from, direction, 0, u64::MAX))?;
    take(range, direction, limit, |id| (0, id))
}

pub fn public_count(tx: &impl Source) -> AppResult<usize> {
    Ok(tx.table(PUBLIC_PINS)?.len()? as usize)
}

/// A user's pins beyond `from`.
pub fn of_user(
    tx: &impl Source,
    user: UserId,
    from: Option<u64>,
    direction: Direction,
    limit: usize,
) -> AppResult<Vec<PinKey>> {
    keyed_pins(tx, PINS_BY_USER, user.0, from, direction, limit)
}

/// A user's public pins beyond `from`.
pub fn public_of_user(
    tx: &impl Source,
    user: UserId,
    from: Option<u64>,
    direction: Direction,
    limit: usize,
) -> AppResult<Vec<PinKey>> {
    keyed_pins(tx, PUBLIC_PINS_BY_USER, user.0, from, direction, limit)
}

/// A board's pins on no public board beyond `from`, newest first (by id): what a friend the
/// board is shared with sees of it beyond the public pins.
pub fn private_on_board(
    tx: &impl Source,
    board: BoardId,
    from: Option<u64>,
    direction: Direction,
    limit: usize,
) -> AppResult<Vec<PinKey>> {
    keyed_pins(tx, PRIVATE_BOARD_PINS, board.0, from, direction, limit)
}

/// The pins under `under` (a user or a board) in an index keyed by (that id, pin id), beyond
/// `from`.
fn keyed_pins(
    tx: &impl Source,
    index: TableDefinition<(u64, u64), ()>,
    under: u64,
    from: Option<u64>,
    direction: Direction,
    limit: usize,
) -> AppResult<Vec<PinKey>> {
    let table = tx.table(index)?;
    let from = from.map(|id| (under, id));
    let range = table.range(beyond(from, direction, (under, 0), (under, u64::MAX)))?;
    take(range, direction, limit, |(_, id)| (0, id))
}

/// A board's pins beyond `from`.
pub fn on_board(
    tx: &impl Source,
    board: BoardId,
    from: Option<PinKey>,
    direction: Direction,
    limit: usize,
) -> AppResult<Vec<PinKey>> {
    let table = tx.table(BOARD_PINS)?;
    let from = from.map(|(order, id)| (board.0, order, id));
    let lowest = (board.0, i64::MIN, 0);
    let highest = (board.0, i64::MAX, u64::MAX);
    let range = table.range(beyond(from, direction, lowest, highest))?;
    take(range, direction, limit, |(_, order, id)| (order, id))
}
