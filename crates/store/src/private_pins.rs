//! The upkeep of the pins of each board that are on no public board (`PRIVATE_BOARD_PINS`,
//! walked as `pin_order::Listed::PrivateOnBoard`), their counts, and those among them on several
//! boards: what a friend sees beyond the public pins, counted without reading them.

use std::collections::BTreeMap;

use redb::ReadableTable;

use super::tables::{PRIVATE_BOARD_PIN_COUNTS, PRIVATE_BOARD_PINS, PRIVATE_PINS_ON_SEVERAL_BOARDS};
use super::writing::Writing;
use super::{Source, add_to_count};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, PinId};

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

/// Brings the pin's entries on `boards` (all it is on) up to date with whether it is `public`
/// (`public_pins::refresh_public` calls it after every link, unlink and change of publicity).
pub(super) fn refresh(
    write: &Writing,
    pin: PinId,
    boards: &[BoardId],
    public: bool,
) -> AppResult<()> {
    for board in boards {
        set_entries(write, pin, *board, !public, !public && boards.len() > 1)?;
    }
    Ok(())
}

/// Takes the pin's entries off the board it left.
pub(super) fn unlinked(write: &Writing, pin: PinId, board: BoardId) -> AppResult<()> {
    set_entries(write, pin, board, false, false)
}

/// Takes every entry of a board whose pins all left it.
pub(super) fn board_emptied(write: &Writing, board: BoardId) -> AppResult<()> {
    let whole_board = (board.0, 0)..=(board.0, u64::MAX);
    write
        .open_table(PRIVATE_PINS_ON_SEVERAL_BOARDS)?
        .retain_in(whole_board.clone(), |_, _| false)?;
    write
        .open_table(PRIVATE_BOARD_PINS)?
        .retain_in(whole_board, |_, _| false)?;
    write
        .open_table(PRIVATE_BOARD_PIN_COUNTS)?
        .remove(board.0)?;
    Ok(())
}

fn set_entries(
    write: &Writing,
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
        add_to_count(&mut counts, board.0, if private { 1 } else { -1 })?;
    }
    Ok(())
}
