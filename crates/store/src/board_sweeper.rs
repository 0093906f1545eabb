//! The sweep of the boards marked in `board_sweeps`, in a thread of its own: each chunk of a
//! board's pins brought up to date with the board (taken off it when it is gone) in one write
//! transaction, which the search index follows, then the board's mark cleared.

use super::public_pins::refresh_public_each;
use super::writing::Writing;
use super::{Store, board_links, board_pins, board_sweeps, boards};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, PinId};

/// How many pins one write transaction of a sweep takes: an owner's next write waits for one at
/// most.
const PINS_AT_ONCE: usize = 500;

/// Sweeps every board marked, until none is: each chunk of a board's pins in one write
/// transaction (which the search index follows), then the mark cleared in another.
pub fn sweep_all(store: &Store) -> AppResult<()> {
    loop {
        let sweeps = store.read(board_sweeps::all)?;
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
fn follow_board(write: &Writing, board: BoardId, pins: &[PinId]) -> AppResult<()> {
    if boards::get(write, board)?.is_none() {
        for pin in pins {
            board_links::unlink(write, *pin, board)?;
        }
    }
    refresh_public_each(write, pins)
}

/// Drops what is left of a board gone, and clears its mark unless it was marked again.
fn finish(write: &Writing, board: BoardId, number: u64) -> AppResult<()> {
    if boards::get(write, board)?.is_none() {
        let left = board_links::unlink_all(write, board)?;
        refresh_public_each(write, &left)?;
    }
    board_sweeps::clear(write, board, number)
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
