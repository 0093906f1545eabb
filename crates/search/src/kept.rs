//! Values made once for a word of a segment (a segment never changes) and kept up to a number
//! of bytes; when full they start again, which also drops those of segments merged away.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tantivy::index::SegmentId;
use tantivy::{SegmentReader, Term};

use corkboard_domain::error::AppResult;

/// Hashes a segment's id and a word several times a search: SipHash took about 1% of a search of
/// two words at 1M pins.
type Hasher = foldhash::fast::RandomState;

pub(crate) struct KeptPerWord<V> {
    kept: Mutex<Entries<V>>,
    most_bytes: usize,
}

struct Entries<V> {
    /// By segment, then by word: a word is looked up by reference, without a copy of its term.
    values: HashMap<SegmentId, HashMap<Term, Arc<V>, Hasher>, Hasher>,
    bytes: usize,
}

impl<V> KeptPerWord<V> {
    /// Keeps up to `most_bytes`, as each value's maker counts them.
    pub fn new(most_bytes: usize) -> KeptPerWord<V> {
        KeptPerWord {
            kept: Mutex::new(Entries {
                values: HashMap::default(),
                bytes: 0,
            }),
            most_bytes,
        }
    }

    /// The value kept for `term` in `segment`, or the one `make` gives with its size in bytes
    /// (made without the lock: two threads may both make it, and the last one is kept).
    pub(crate) fn get_or_make(
        &self,
        segment: &SegmentReader,
        term: &Term,
        make: impl FnOnce() -> AppResult<(V, usize)>,
    ) -> AppResult<Arc<V>> {
        let id = segment.segment_id();
        let lock = || self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(value) = lock().values.get(&id).and_then(|words| words.get(term)) {
            return Ok(value.clone());
        }
        let (value, bytes) = make()?;
        let value = Arc::new(value);
        let mut kept = lock();
        if kept.bytes + bytes > self.most_bytes {
            kept.values.clear();
            kept.bytes = 0;
        }
        if bytes <= self.most_bytes {
            kept.bytes += bytes;
            let words = kept.values.entry(id).or_default();
            words.insert(term.clone(), value.clone());
        }
        Ok(value)
    }

    /// How many values are kept.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.values.values().map(HashMap::len).sum()
    }
}
