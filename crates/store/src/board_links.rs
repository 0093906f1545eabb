//! The links between pins and boards written, with each board's pin count: linking a pin puts it
//! in the feeds of the board's and its owner's followers (`feed`), unlinking takes it off its
//! board's private pins (`private_pins`) and out of the feeds that no longer reach it.

use super::board_pins::{date_of, order_of, pins_on};
use super::tables::{BOARD_PIN_COUNTS, BOARD_PINS, BOARD_PINS_BY_DATE, PIN_BOARDS};
use super::writing::Writing;
use super::{add_to_count, feed, private_pins};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, PinId};

/// Adds `change` (one pin more or less) to the board's count; a count of 0 has no entry.
fn count_change(write: &Writing, board: BoardId, change: i64) -> AppResult<()> {
    add_to_count(&mut write.open_table(BOARD_PIN_COUNTS)?, board.0, change)
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
/// `follow_writes::forget`); returns the pins that were on it.
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
