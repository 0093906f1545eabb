//! The links between pins and boards, in both directions and by the pins' dates (for covers), and
//! each board's pin count; linking a pin puts it in the feeds of the board's and its owner's
//! followers (`feed`), unlinking takes it off its board's private pins (`private_pins`) and out of
//! the feeds that no longer reach it.

use redb::ReadableTable;

use super::tables::{BOARD_PIN_COUNTS, BOARD_PINS, BOARD_PINS_BY_DATE, PIN_BOARDS};
use super::writing::Writing;
use super::{Source, add_to_count, feed, pins, private_pins};
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

/// Adds `change` (one pin more or less) to the board's count; a count of 0 has no entry.
fn count_change(write: &Writing, board: BoardId, change: i64) -> AppResult<()> {
    add_to_count(&mut write.open_table(BOARD_PIN_COUNTS)?, board.0, change)
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

/// Moves a pin already on a board to `order`, or links it there at `order`.
pub fn set_order(write: &Writing, pin: PinId, board: BoardId, order: i64) -> AppResult<()> {
    match order_of(write, pin, board)? {
        Some(before) => {
            write
                .open_table(BOARD_PINS)?
                .remove((board.0, before, pin.0))?;
        }
        None => {
            if let Some(date) = date_of(write, pin)? {
                write
                    .open_table(BOARD_PINS_BY_DATE)?
                    .insert((board.0, date, pin.0), ())?;
            }
            feed::placed(write, pin, board)?;
            count_change(write, board, 1)?;
        }
    }
    write
        .open_table(BOARD_PINS)?
        .insert((board.0, order, pin.0), ())?;
    write
        .open_table(PIN_BOARDS)?
        .insert((pin.0, board.0), order)?;
    Ok(())
}

/// Removes the link of a pin and a board; false when there was none.
pub(crate) fn unlink(write: &Writing, pin: PinId, board: BoardId) -> AppResult<bool> {
    let Some(order) = order_of(write, pin, board)? else {
        return Ok(false);
    };
    write
        .open_table(BOARD_PINS)?
        .remove((board.0, order, pin.0))?;
    write.open_table(PIN_BOARDS)?.remove((pin.0, board.0))?;
    feed::taken(write, pin, board)?;
    count_change(write, board, -1)?;
    if let Some(date) = date_of(write, pin)? {
        write
            .open_table(BOARD_PINS_BY_DATE)?
            .remove((board.0, date, pin.0))?;
    }
    private_pins::unlinked(write, pin, board)?;
    Ok(true)
}

/// Takes every pin off a board (being deleted): the board's own entries go by ranges, the links
/// from its pins one by one, without reading the pins (the feeds follow when its follows go:
/// `follows::forget`); returns the pins that were on it.
pub(crate) fn unlink_all(write: &Writing, board: BoardId) -> AppResult<Vec<PinId>> {
    let pins = pins_on(write, board)?;
    let whole_board = (board.0, i64::MIN, 0)..=(board.0, i64::MAX, u64::MAX);
    write
        .open_table(BOARD_PINS)?
        .retain_in(whole_board.clone(), |_, _| false)?;
    write
        .open_table(BOARD_PINS_BY_DATE)?
        .retain_in(whole_board, |_, _| false)?;
    let mut links = write.open_table(PIN_BOARDS)?;
    for pin in &pins {
        links.remove((pin.0, board.0))?;
    }
    write.open_table(BOARD_PIN_COUNTS)?.remove(board.0)?;
    private_pins::board_emptied(write, board)?;
    Ok(pins)
}

/// The key of a pin in the date index: its `created_at` in microseconds (`None` for a pin gone).
pub(crate) fn date_of(tx: &impl Source, pin: PinId) -> AppResult<Option<i64>> {
    Ok(pins::get(tx, pin)?.map(|pin| pin.created_at.timestamp_micros()))
}
