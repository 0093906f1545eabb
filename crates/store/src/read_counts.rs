//! What a store's transactions read, counted for that store alone: the records decoded or found
//! decoded in memory (`kept_records`), and the index keys walked (`walks`). What answering costs,
//! whatever the transactions and the size of the lists; the tests count them per request.

use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Debug, Default)]
pub struct ReadCounts {
    records: AtomicU64,
    keys: AtomicU64,
}

impl ReadCounts {
    /// Records read so far, decoded or found decoded in memory.
    pub fn records(&self) -> u64 {
        self.records.load(Ordering::Relaxed)
    }

    /// Index keys read by walks so far.
    pub fn keys(&self) -> u64 {
        self.keys.load(Ordering::Relaxed)
    }

    pub(crate) fn add_records(&self, records: usize) {
        self.records.fetch_add(records as u64, Ordering::Relaxed);
    }

    pub(crate) fn add_keys(&self, keys: usize) {
        self.keys.fetch_add(keys as u64, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests;
