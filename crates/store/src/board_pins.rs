//! The links between pins and boards read: in both directions and by the pins' dates (for
//! covers), and each board's pin count; `board_links` writes them.

use redb::ReadableTable;

use super::tables::{BOARD_PIN_COUNTS, BOARD_PINS, BOARD_PINS_BY_DATE, PIN_BOARDS};
use super::writing::Writing;
use super::{Source, pins};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, PinId};

/// A board's pins with their order, highest order first: the whole board (counted in
/// `Store::keys_read`, so that a page reading it shows in the tests of what pages read).
pub fn on_board(tx: &impl Source, board: BoardId) -> AppResult<Vec<(i64, PinId)>> {
    let table = tx.table(BOARD_PINS)?;
    let range = table.range((board.0, i64::MIN, 0)..=(board.0, i64::MAX, u64::MAX))?;
    let mut entries = range
        .map(|entry| entry.map(|(key, _)| (key.value().1, PinId(key.value().2))))
        .collect::<Result<Vec<_>, _>>()?;
    tx.note_keys_read(entries.len());
    entries.reverse();
    Ok(entries)
}

/// The pins on a board, highest order first (the whole board).
pub fn pins_on(tx: &impl Source, board: BoardId) -> AppResult<Vec<PinId>> {
    let pins = on_board(tx, board)?;
    Ok(pins.into_iter().map(|(_, pin)| pin).collect())
}

/// How many pins are on the board: kept with the links, whatever the size of the board.
pub fn count_on_board(tx: &impl Source, board: BoardId) -> AppResult<usize> {
    let count = tx
        .table(BOARD_PIN_COUNTS)?
        .get(board.0)?
        .map(|count| count.value());
    Ok(count.unwrap_or(0) as usize)
}

/// The board's newest pins by date, newest first, at most `count`: read from the date index,
/// whatever the size of the board.
pub fn newest_on_board(tx: &impl Source, board: BoardId, count: usize) -> AppResult<Vec<PinId>> {
    let table = tx.table(BOARD_PINS_BY_DATE)?;
    let range = table.range((board.0, i64::MIN, 0)..=(board.0, i64::MAX, u64::MAX))?;
    Ok(range
        .rev()
        .take(count)
        .map(|entry| entry.map(|(key, _)| PinId(key.value().2)))
        .collect::<Result<_, _>>()?)
}

/// The boards a pin is on.
pub fn boards_of(tx: &impl Source, pin: PinId) -> AppResult<Vec<BoardId>> {
    let table = tx.table(PIN_BOARDS)?;
    let range = table.range((pin.0, 0)..=(pin.0, u64::MAX))?;
    Ok(range
        .map(|entry| entry.map(|(key, _)| BoardId(key.value().1)))
        .collect::<Result<_, _>>()?)
}

/// The pin's order on the board, if it is there.
pub fn order_of(tx: &impl Source, pin: PinId, board: BoardId) -> AppResult<Option<i64>> {
    Ok(tx
        .table(PIN_BOARDS)?
        .get((pin.0, board.0))?
        .map(|order| order.value()))
}

/// The order above the board's highest one.
pub(crate) fn top_order(write: &Writing, board: BoardId) -> AppResult<i64> {
    let top = write
        .open_table(BOARD_PINS)?
        .range((board.0, i64::MIN, 0)..=(board.0, i64::MAX, u64::MAX))?
        .next_back()
        .transpose()?
        .map(|(key, _)| key.value().1);
    Ok(top.map_or(0, |top| top + 1))
}

/// The key of a pin in the date index: its `created_at` in microseconds (`None` for a pin gone).
pub(crate) fn date_of(tx: &impl Source, pin: PinId) -> AppResult<Option<i64>> {
    Ok(pins::get(tx, pin)?.map(|pin| pin.created_at.timestamp_micros()))
}
