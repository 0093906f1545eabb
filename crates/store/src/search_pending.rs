//! Pins whose search documents may be behind the database: marked in the transaction that
//! changes what their documents hold, cleared once the index has them. A crash between the two
//! leaves them marked, and they are indexed again at the next start.
//!
//! Each mark has a number: the index clears only the marks it read with the documents it
//! indexed, so that a pin marked again meanwhile (by a write whose own index update has not run
//! yet, and may never run if the server dies) stays marked.

use redb::{Durability, ReadableTable, ReadableTableMetadata};

use super::tables::{META, SEARCH_PENDING};
use super::writing::Writing;
use super::{Source, Store, pin_ids_in, write_unfollowed};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::PinId;

const NEXT_MARK: &str = "next_search_mark";

/// A pin's mark, as read with its document.
pub(crate) type Mark = (PinId, u64);

pub fn mark(write: &Writing, pins: impl IntoIterator<Item = PinId>) -> AppResult<()> {
    let number = next_number(write)?;
    let mut pending = write.open_table(SEARCH_PENDING)?;
    for pin in pins {
        pending.insert(pin.0, number)?;
    }
    Ok(())
}

/// A new mark's number, greater than every earlier one (of pins and of sweeps).
pub(super) fn next_number(write: &Writing) -> AppResult<u64> {
    let mut meta = write.open_table(META)?;
    let number = meta.get(NEXT_MARK)?.map_or(1, |v| v.value());
    meta.insert(NEXT_MARK, number + 1)?;
    Ok(number)
}

/// Every marked pin.
pub fn all(tx: &impl Source) -> AppResult<Vec<PinId>> {
    pin_ids_in(tx, SEARCH_PENDING)
}

/// How many pins are marked.
pub fn count(tx: &impl Source) -> AppResult<u64> {
    Ok(tx.table(SEARCH_PENDING)?.len()?)
}

/// The marks of those of `pins` that are marked.
pub fn marks_of(tx: &impl Source, pins: &[PinId]) -> AppResult<Vec<Mark>> {
    let pending = tx.table(SEARCH_PENDING)?;
    let mut marks = Vec::new();
    for pin in pins {
        if let Some(number) = pending.get(pin.0)? {
            marks.push((*pin, number.value()));
        }
    }
    Ok(marks)
}

/// Every mark.
pub fn all_marks(tx: &impl Source) -> AppResult<Vec<Mark>> {
    let pending = tx.table(SEARCH_PENDING)?;
    let marks = pending
        .iter()?
        .map(|entry| entry.map(|(pin, number)| (PinId(pin.value()), number.value())))
        .collect::<Result<_, _>>()?;
    Ok(marks)
}

/// Unmarks pins the index has caught up with, each only if it still has the mark read with its
/// document. With `Durability::None` the change reaches the disk with the next durable commit;
/// lost in a crash, the marks only make the next start index those pins once more.
pub fn clear(store: &Store, marks: &[Mark], durability: Durability) -> AppResult<()> {
    write_unfollowed(store, durability, |write| {
        let mut pending = write.open_table(SEARCH_PENDING)?;
        for (pin, number) in marks {
            let current = pending.get(pin.0)?.map(|v| v.value());
            if current == Some(*number) {
                pending.remove(pin.0)?;
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pin_marked_again_after_its_document_was_read_stays_marked() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("corkboard.redb")).unwrap();
        let (one, two) = (PinId(1), PinId(2));
        store.write(|write| mark(write, [one, two])).unwrap();
        let read = store.read(|read| marks_of(read, &[one, two])).unwrap();
        store.write(|write| mark(write, [two])).unwrap();
        clear(&store, &read, Durability::Immediate).unwrap();
        assert_eq!(store.read(all).unwrap(), vec![two]);
    }
}
