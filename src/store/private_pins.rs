//! The pins of each board that are on no public board, by id and counted, and those among them on
//! several boards: what a friend sees beyond the public pins, read a slice at a time.

use std::collections::BTreeMap;

use redb::{ReadableTable, WriteTransaction};

use super::Source;
use super::board_pins::{boards_of, is_public};
use super::pin_order::{Direction, PinKey, keyed_pins};
use super::tables::{PRIVATE_BOARD_PIN_COUNTS, PRIVATE_BOARD_PINS, PRIVATE_PINS_ON_SEVERAL_BOARDS};
use crate::domain::ids::{BoardId, PinId};
use crate::error::AppResult;

/// The board's private pins beyond `from`, newest first (by id).
pub fn on_board(
    tx: &impl Source,
    board: BoardId,
    from: Option<u64>,
    direction: Direction,
    limit: usize,
) -> AppResult<Vec<PinKey>> {
    keyed_pins(tx, PRIVATE_BOARD_PINS, board.0, from, direction, limit)
}

/// How many private pins the boards hold, each pin once.
pub fn count_on_boards(tx: &impl Source, boards: &[BoardId]) -> AppResult<usize> {
    let counts = tx.table(PRIVATE_BOARD_PIN_COUNTS)?;
    let several = tx.table(PRIVATE_PINS_ON_SEVERAL_BOARDS)?;
    let mut count = 0;
    let mut boards_of_pin: BTreeMap<u64, usize> = BTreeMap::new();
    for board in boards {
        count += counts.get(board.0)?.map_or(0, |count| count.value());
        for entry in several.range((board.0, 0)..=(board.0, u64::MAX))? {
            *boards_of_pin.entry(entry?.0.value().1).or_default() += 1;
        }
    }
    let counted_again: usize = boards_of_pin.values().map(|boards| boards - 1).sum();
    Ok((count as usize).saturating_sub(counted_again))
}

/// Brings the pin's entries up to date after it was linked to or unlinked from a board, or became
/// public or private; `unlinked` is the board it left, if any.
pub fn refresh(write: &WriteTransaction, pin: PinId, unlinked: Option<BoardId>) -> AppResult<()> {
    let boards = boards_of(write, pin)?;
    let private = !is_public(write, pin)?;
    if let Some(board) = unlinked {
        set_entries(write, pin, board, false, false)?;
    }
    for board in &boards {
        set_entries(write, pin, *board, private, private && boards.len() > 1)?;
    }
    Ok(())
}

fn set_entries(
    write: &WriteTransaction,
    pin: PinId,
    board: BoardId,
    private: bool,
    on_several: bool,
) -> AppResult<()> {
    let key = (board.0, pin.0);
    let mut several = write.open_table(PRIVATE_PINS_ON_SEVERAL_BOARDS)?;
    if on_several {
        several.insert(key, ())?;
    } else {
        several.remove(key)?;
    }
    let mut table = write.open_table(PRIVATE_BOARD_PINS)?;
    let was_private = if private {
        table.insert(key, ())?.is_some()
    } else {
        table.remove(key)?.is_some()
    };
    if was_private != private {
        let mut counts = write.open_table(PRIVATE_BOARD_PIN_COUNTS)?;
        let before = counts.get(board.0)?.map_or(0, |count| count.value());
        match if private {
            before + 1
        } else {
            before.saturating_sub(1)
        } {
            0 => counts.remove(board.0)?,
            after => counts.insert(board.0, after)?,
        };
    }
    Ok(())
}
