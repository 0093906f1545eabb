//! Pins whose search documents may be behind the database: marked in the transaction that
//! changes what their documents hold, cleared once the index has them. A crash between the two
//! leaves them marked, and they are indexed again at the next start.

use redb::{Durability, WriteTransaction};

use super::tables::SEARCH_PENDING;
use super::{Source, Store, pin_ids_in};
use crate::domain::ids::PinId;
use crate::error::AppResult;

pub fn mark(write: &WriteTransaction, pins: impl IntoIterator<Item = PinId>) -> AppResult<()> {
    let mut pending = write.open_table(SEARCH_PENDING)?;
    for pin in pins {
        pending.insert(pin.0, ())?;
    }
    Ok(())
}

/// Every marked pin.
pub fn all(tx: &impl Source) -> AppResult<Vec<PinId>> {
    pin_ids_in(tx, SEARCH_PENDING)
}

/// Unmarks pins the index has caught up with. With `Durability::None` the change reaches the
/// disk with the next durable commit; lost in a crash, the marks only make the next start index
/// those pins once more.
pub fn clear(store: &Store, pins: &[PinId], durability: Durability) -> AppResult<()> {
    let db = store.db()?;
    let mut write = db.begin_write()?;
    write
        .set_durability(durability)
        .map_err(|error| anyhow::anyhow!("cannot lighten a transaction: {error}"))?;
    {
        let mut pending = write.open_table(SEARCH_PENDING)?;
        for pin in pins {
            pending.remove(pin.0)?;
        }
    }
    write.commit()?;
    Ok(())
}
