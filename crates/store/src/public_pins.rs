//! Which pins are public: those on at least one public board of an account not disabled, held in
//! the public-pins index (`PUBLIC_PINS`) and their owners' (`user_pins`), recomputed from a
//! pin's boards whenever they change (with the boards' private pins, `private_pins`, and the
//! pin's search mark). While a board waits for its sweep (`board_sweeps`) the index may be
//! behind, and a pin found there is checked against its boards as they are now.

use redb::ReadableTable;

use super::memo::Memo;
use super::tables::PUBLIC_PINS;
use super::writing::Writing;
use super::{Source, board_pins, board_sweeps, pins, private_pins, search_pending, user_pins};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, PinId, UserId};
use corkboard_domain::policy::pin_is_public;

/// Whether the pin is on at least one public board (of an account not disabled): by the
/// public-pins index, checked against its boards while a board waits for its sweep.
pub fn is_public(tx: &impl Source, pin: PinId) -> AppResult<bool> {
    let indexed = tx.table(PUBLIC_PINS)?.get(pin.0)?.is_some();
    if indexed && board_sweeps::waiting(tx)? {
        return is_public_now(tx, pin);
    }
    Ok(indexed)
}

/// Whether a pin is public by its boards and owner as they are now: the public indexes may be
/// behind while a board waits for its sweep (`board_sweeps`).
pub(crate) fn is_public_now(tx: &impl Source, pin: PinId) -> AppResult<bool> {
    let mut memo = Memo::new(tx);
    let on = memo.boards(&board_pins::boards_of(tx, pin)?)?;
    let Some(board) = on.first() else {
        return Ok(false);
    };
    let owner = memo.owner(board.user)?;
    Ok(pin_is_public(&owner, on.iter().map(|b| &**b)))
}

/// Recomputes from its boards (and its owner's account) whether a pin is public; its search
/// document and its boards' private pins (`private_pins`) follow.
pub fn refresh_public(write: &Writing, pin: PinId) -> AppResult<()> {
    refresh_public_each(write, &[pin])
}

/// `refresh_public` for many pins, each board and owner read once.
pub(crate) fn refresh_public_each(write: &Writing, pins: &[PinId]) -> AppResult<()> {
    search_pending::mark(write, pins.iter().copied())?;
    let mut memo = Memo::new(write);
    for &pin in pins {
        // A board deleted keeps its links until swept: `on` holds the boards that exist.
        let boards = memo.boards(&board_pins::boards_of(write, pin)?)?;
        let on: Vec<BoardId> = boards.iter().map(|board| board.id).collect();
        // A pin is only ever on its owner's boards.
        let (owner, public) = match boards.first() {
            Some(board) => {
                let owner = memo.owner(board.user)?;
                (
                    board.user,
                    pin_is_public(&owner, boards.iter().map(|b| &**b)),
                )
            }
            None => match pins::get(write, pin)? {
                Some(record) => (record.user, false),
                None => continue,
            },
        };
        set_public(write, pin, owner, public)?;
        private_pins::refresh(write, pin, &on, public)?;
    }
    Ok(())
}

/// Makes a pin of `owner`'s public or not, in the public pins' index and in its owner's.
pub(crate) fn set_public(
    write: &Writing,
    pin: PinId,
    owner: UserId,
    public: bool,
) -> AppResult<()> {
    let was_public = {
        let mut table = write.open_table(PUBLIC_PINS)?;
        if public {
            table.insert(pin.0, ())?.is_some()
        } else {
            table.remove(pin.0)?.is_some()
        }
    };
    if was_public != public {
        user_pins::public_changed(write, owner, pin, public)?;
    }
    Ok(())
}
