//! Boards and users whose pins' search documents hold words that changed (a board's title, an
//! owner's names): marked in the transaction that changes them, whatever the number of pins,
//! and swept in the background, each pin indexed again, then cleared. A change of who may see
//! a pin marks the pin itself (`search_pending`), indexed before the write returns, or its
//! board when it holds many (`board_sweeps`).
//!
//! Like a pin's mark, a sweep's mark has a number: a sweep clears only the mark it read before
//! reading the documents, so that a board renamed again meanwhile is swept again.

use redb::{Durability, ReadableTable, ReadableTableMetadata};

use super::tables::SEARCH_SWEEPS;
use super::writing::Writing;
use super::{Source, Store, board_pins, pins, search_pending, write_unfollowed};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, PinId, UserId};

/// Whose pins a sweep indexes again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Swept {
    /// Every pin on the board (its title changed).
    PinsOn(BoardId),
    /// Every pin of the user (their names changed).
    PinsOf(UserId),
}

/// A sweep and the number of its mark, as read before its documents.
pub(crate) type Sweep = (Swept, u64);

const PINS_ON: u8 = 0;
const PINS_OF: u8 = 1;

impl Swept {
    fn key(self) -> (u8, u64) {
        match self {
            Swept::PinsOn(board) => (PINS_ON, board.0),
            Swept::PinsOf(user) => (PINS_OF, user.0),
        }
    }

    fn from_key((kind, id): (u8, u64)) -> Option<Swept> {
        match kind {
            PINS_ON => Some(Swept::PinsOn(BoardId(id))),
            PINS_OF => Some(Swept::PinsOf(UserId(id))),
            _ => None,
        }
    }

    /// The pins to index again, in the read transaction `tx`.
    pub fn pins(self, tx: &impl Source) -> AppResult<Vec<PinId>> {
        Ok(match self {
            Swept::PinsOn(board) => board_pins::pins_on(tx, board)?,
            Swept::PinsOf(user) => pins::ids_of_user(tx, user)?,
        })
    }
}

/// Marks the pins of a board or user for a sweep: one entry, however many pins.
pub fn mark(write: &Writing, swept: Swept) -> AppResult<()> {
    let number = search_pending::next_number(write)?;
    write
        .open_table(SEARCH_SWEEPS)?
        .insert(swept.key(), number)?;
    Ok(())
}

/// Every sweep waiting, oldest mark first.
pub fn all(tx: &impl Source) -> AppResult<Vec<Sweep>> {
    let table = tx.table(SEARCH_SWEEPS)?;
    let mut sweeps = Vec::new();
    for entry in table.iter()? {
        let (key, number) = entry?;
        if let Some(swept) = Swept::from_key(key.value()) {
            sweeps.push((swept, number.value()));
        }
    }
    sweeps.sort_by_key(|(_, number)| *number);
    Ok(sweeps)
}

/// How many sweeps wait.
pub fn count(tx: &impl Source) -> AppResult<u64> {
    Ok(tx.table(SEARCH_SWEEPS)?.len()?)
}

/// Clears the sweeps done, each only if it still has the mark read before it was swept. Lost in
/// a crash (`Durability::None`), a clearing only makes the next start sweep once more.
pub fn clear(store: &Store, done: &[Sweep], durability: Durability) -> AppResult<()> {
    write_unfollowed(store, durability, |write| {
        let mut table = write.open_table(SEARCH_SWEEPS)?;
        for (swept, number) in done {
            let current = table.get(swept.key())?.map(|v| v.value());
            if current == Some(*number) {
                table.remove(swept.key())?;
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_marked_again_after_its_sweep_began_stays_marked() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("corkboard.redb")).unwrap();
        let (board, user) = (Swept::PinsOn(BoardId(7)), Swept::PinsOf(UserId(7)));
        store.write(|write| mark(write, board)).unwrap();
        store.write(|write| mark(write, user)).unwrap();
        let read = store.read(all).unwrap();
        assert_eq!(read.iter().map(|s| s.0).collect::<Vec<_>>(), [board, user]);
        store.write(|write| mark(write, board)).unwrap();
        clear(&store, &read, Durability::Immediate).unwrap();
        let left = store.read(all).unwrap();
        assert_eq!(left.iter().map(|s| s.0).collect::<Vec<_>>(), [board]);
    }
}
