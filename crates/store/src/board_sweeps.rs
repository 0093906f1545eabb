//! Boards of more than `SWEPT_ABOVE` pins made private or public, shared or unshared, deleted,
//! or whose owner was disabled or enabled: the write saves the change and marks the board here,
//! whatever the number of its pins, and a thread brings its pins' links, public state and
//! search documents (`boards::refresh_public_each`) up to date afterwards, a chunk at a time.
//! Until then the public indexes and the search may still hold a pin the change hid, so the
//! walks of public pins and the search results check each against its boards
//! (`boards::is_public_now`, `access::audience`) while a sweep waits; a pin the change showed
//! shows once swept.
//!
//! Like a search sweep's mark, a board's mark has a number: a sweep clears only the mark it
//! read before sweeping, so that a board changed again meanwhile is swept again.

use redb::{ReadableTable, ReadableTableMetadata, WriteTransaction};

use super::tables::BOARD_SWEEPS;
use super::{Source, Store, board_pins, boards, search_pending};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, PinId};

/// Boards of at most this many pins are brought up to date in the write that changes them.
pub const SWEPT_ABOVE: usize = 100;

/// How many pins one write transaction of a sweep takes: an owner's next write waits for one at
/// most.
const PINS_AT_ONCE: usize = 500;

/// A board marked, and the number of its mark, as read before its pins.
type Sweep = (BoardId, u64);

/// Whether the change of the board is left to a sweep: it holds more than `SWEPT_ABOVE` pins.
pub(crate) fn is_swept(tx: &impl Source, board: BoardId) -> AppResult<bool> {
    Ok(board_pins::count_on_board(tx, board)? > SWEPT_ABOVE)
}

/// Marks the board's pins for a sweep: one entry, however many pins.
pub fn mark(write: &WriteTransaction, board: BoardId) -> AppResult<()> {
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

fn all(tx: &impl Source) -> AppResult<Vec<Sweep>> {
    let table = tx.table(BOARD_SWEEPS)?;
    let mut sweeps = Vec::new();
    for entry in table.iter()? {
        let (board, number) = entry?;
        sweeps.push((BoardId(board.value()), number.value()));
    }
    sweeps.sort_by_key(|(_, number)| *number);
    Ok(sweeps)
}

/// Sweeps every board marked, until none is: each chunk of a board's pins in one write
/// transaction (which the search index follows), then the mark cleared in another.
pub fn sweep_all(store: &Store) -> AppResult<()> {
    loop {
        let sweeps = store.read(all)?;
        if sweeps.is_empty() {
            return Ok(());
        }
        for (board, number) in sweeps {
            // Newest first, as the lists show them: the first pages of a list stop checking first.
            let pins = store.read(|read| board_pins::newest_on_board(read, board, usize::MAX))?;
            for chunk in pins.chunks(PINS_AT_ONCE) {
                store.write(|write| follow_board(write, board, chunk))?;
            }
            store.write(|write| finish(write, board, number))?;
        }
    }
}

/// Brings `pins` up to date with their board: unlinked from it when it is gone, then each
/// pin's public state from the boards it is on now.
fn follow_board(write: &WriteTransaction, board: BoardId, pins: &[PinId]) -> AppResult<()> {
    if boards::get(write, board)?.is_none() {
        for pin in pins {
            board_pins::unlink(write, *pin, board)?;
        }
    }
    boards::refresh_public_each(write, pins)
}

/// Drops what is left of a board gone, and clears its mark unless it was marked again.
fn finish(write: &WriteTransaction, board: BoardId, number: u64) -> AppResult<()> {
    if boards::get(write, board)?.is_none() {
        let left = board_pins::unlink_all(write, board)?;
        boards::refresh_public_each(write, &left)?;
    }
    let mut table = write.open_table(BOARD_SWEEPS)?;
    if table.get(board.0)?.map(|mark| mark.value()) == Some(number) {
        table.remove(board.0)?;
    }
    Ok(())
}

impl Store {
    /// Sweeps the boards marked in a thread of its own, unless one sweeps already; it goes on
    /// until no board waits. A sweep cut short by a stop goes on at the next start.
    pub fn sweep_boards_in_background(&self) {
        let store = self.clone();
        self.board_sweeper.ask(
            "the pins of a board made private or public, or deleted, could not follow it; they do after the next change or start",
            move || sweep_all(&store),
        );
    }

    /// Nothing asks for a sweep of boards, nor does a sweeping thread run: those asked are done.
    pub fn boards_swept(&self) -> bool {
        self.board_sweeper.idle()
    }
}

#[cfg(test)]
mod tests;
