//! Boards of more than `SWEPT_ABOVE` pins made private or public, shared or unshared, deleted,
//! or whose owner was disabled or enabled: the write saves the change and marks the board here,
//! whatever the number of its pins, and a thread (`board_sweeper`) brings its pins' links,
//! public state and search documents (`public_pins::refresh_public_each`) up to date afterwards,
//! a chunk at a time. Until then the public indexes and the search may still hold a pin the
//! change hid, so the walks of public pins and the search results check each against its boards
//! (`public_pins::is_public_now`, `access::audience`) while a sweep waits; a pin the change
//! showed shows once swept.
//!
//! Like a search sweep's mark, a board's mark has a number: a sweep clears only the mark it
//! read before sweeping, so that a board changed again meanwhile is swept again.

use redb::{ReadableTable, ReadableTableMetadata};

use super::tables::BOARD_SWEEPS;
use super::writing::Writing;
use super::{Source, board_pins, search_pending};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::BoardId;

/// Boards of at most this many pins are brought up to date in the write that changes them.
pub const SWEPT_ABOVE: usize = 100;

/// A board marked, and the number of its mark, as read before its pins.
type Sweep = (BoardId, u64);

/// Whether the change of the board is left to a sweep: it holds more than `SWEPT_ABOVE` pins.
pub(crate) fn is_swept(tx: &impl Source, board: BoardId) -> AppResult<bool> {
    Ok(board_pins::count_on_board(tx, board)? > SWEPT_ABOVE)
}

/// Marks the board's pins for a sweep: one entry, however many pins.
pub fn mark(write: &Writing, board: BoardId) -> AppResult<()> {
    let number = search_pending::next_number(write)?;
    write.open_table(BOARD_SWEEPS)?.insert(board.0, number)?;
    Ok(())
}

/// How many boards wait for a sweep.
pub fn count(tx: &impl Source) -> AppResult<u64> {
    Ok(tx.table(BOARD_SWEEPS)?.len()?)
}

/// Whether a board waits for a sweep: the public indexes may then be ahead of the boards.
pub fn waiting(tx: &impl Source) -> AppResult<bool> {
    Ok(count(tx)? > 0)
}

/// Every board marked, oldest mark first.
pub(super) fn all(tx: &impl Source) -> AppResult<Vec<Sweep>> {
    let table = tx.table(BOARD_SWEEPS)?;
    let mut sweeps = Vec::new();
    for entry in table.iter()? {
        let (board, number) = entry?;
        sweeps.push((BoardId(board.value()), number.value()));
    }
    sweeps.sort_by_key(|(_, number)| *number);
    Ok(sweeps)
}

/// Clears the board's mark, unless it was marked again since its sweep read `number`.
pub(super) fn clear(write: &Writing, board: BoardId, number: u64) -> AppResult<()> {
    let mut table = write.open_table(BOARD_SWEEPS)?;
    if table.get(board.0)?.map(|mark| mark.value()) == Some(number) {
        table.remove(board.0)?;
    }
    Ok(())
}
