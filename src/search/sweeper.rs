//! Sweeps: the pins of the boards and users marked in `search_sweeps` (a title or a name
//! changed), indexed again in a thread of its own, a chunk at a time, after the write that
//! marked them has returned; searches meanwhile find the pins by their former words.

use std::sync::atomic::Ordering;

use redb::Durability;

use super::SearchIndex;
use crate::error::AppResult;
use crate::store::{Store, search_sweeps};

/// How many pins are indexed in one commit of a sweep (the writer is held for one chunk).
const PINS_AT_ONCE: usize = 1_000;

impl SearchIndex {
    /// Sweeps in a thread of its own, unless one sweeps already; it goes on until no sweep waits.
    pub fn sweep_in_background(&self, store: &Store) {
        if self.sweeping.swap(true, Ordering::AcqRel) {
            return;
        }
        let (index, store) = (self.clone(), store.clone());
        std::thread::spawn(move || {
            loop {
                let swept = index.sweep_all(&store);
                index.sweeping.store(false, Ordering::Release);
                if let Err(error) = swept {
                    tracing::error!(
                        ?error,
                        "the search index could not take renamed boards or users; it tries again after the next change or start"
                    );
                    return;
                }
                // A sweep marked after the last look, while the flag was still set, started none.
                let waiting = store
                    .read(search_sweeps::count)
                    .is_ok_and(|count| count > 0);
                if !waiting || index.sweeping.swap(true, Ordering::AcqRel) {
                    return;
                }
            }
        });
    }

    /// Indexes the pins of every sweep waiting, until none waits; each mark read is cleared
    /// once its pins are indexed, unless it was marked again meanwhile.
    fn sweep_all(&self, store: &Store) -> AppResult<()> {
        loop {
            let sweeps = store.read(search_sweeps::all)?;
            if sweeps.is_empty() {
                return Ok(());
            }
            for (swept, _) in &sweeps {
                let pins = store.read(|read| swept.pins(read))?;
                for chunk in pins.chunks(PINS_AT_ONCE) {
                    self.update(store, chunk)?;
                }
            }
            search_sweeps::clear(store, &sweeps, Durability::None)?;
        }
    }
}
