//! Sweeps: the pins of the boards and users marked in `search_sweeps` (a title or a name
//! changed), indexed again in a thread of its own, a chunk at a time, after the write that
//! marked them has returned; searches meanwhile find the pins by their former words.

use redb::Durability;

use super::SearchIndex;
use corkboard_domain::error::AppResult;
use corkboard_store::{Store, search_sweeps};

/// How many pins are indexed in one commit of a sweep (the writer is held for one chunk).
const PINS_AT_ONCE: usize = 1_000;

impl SearchIndex {
    /// Sweeps in a thread of its own, unless one sweeps already; it goes on until no sweep waits.
    pub fn sweep_in_background(&self, store: &Store) {
        let (index, store) = (self.clone(), store.clone());
        self.sweeper.ask(
            "the search index could not take renamed boards or users; it tries again after the next change or start",
            move || index.sweep_all(&store),
        );
    }

    /// Nothing asks for a sweep, nor does a sweeping thread run: the sweeps asked are done.
    pub fn swept(&self) -> bool {
        self.sweeper.idle()
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
