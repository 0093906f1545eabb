//! The documents of each common word as one bitset per segment, made once and kept (a segment
//! never changes), so that a count checks one bit for each pin of the rarer words instead of
//! decoding the common word's postings over the same range.

use std::sync::Arc;

use tantivy::postings::BlockSegmentPostings;
use tantivy::{DocId, SegmentReader, Term};

use super::kept::KeptPerWord;
use corkboard_domain::error::AppResult;

/// A word is common in a segment when at least one document in this many holds it: its bitset
/// then takes at most two bytes for each document that holds it.
const COMMON_ONE_IN: u32 = 16;
/// Segments smaller than this count by their postings alone: decoding them is quick, and they
/// come and go with each commit.
const SMALLEST_SEGMENT: u32 = 16_384;
/// How many bytes of bitsets are kept at most (64 common words of a million pins); they start
/// again when full, which also drops those of segments merged away.
const KEPT_BYTES: usize = 8 << 20;

/// The documents of a segment that hold a word, a bit each, 64 to a word of memory: a count of
/// several words ANDs their words, a run of them at once (`counting`).
pub struct Bits(Vec<u64>);

impl Bits {
    fn with_max_doc(max_doc: DocId) -> Bits {
        Bits(vec![0; (max_doc as usize).div_ceil(64)])
    }

    fn insert(&mut self, doc: DocId) {
        self.0[doc as usize / 64] |= 1 << (doc % 64);
    }

    pub fn contains(&self, doc: DocId) -> bool {
        self.0[doc as usize / 64] & (1 << (doc % 64)) != 0
    }

    /// The bits, the `n`th word holding documents `64 * n` to `64 * n + 63`, the lowest first.
    pub fn words(&self) -> &[u64] {
        &self.0
    }
}

pub(crate) struct CommonWords {
    kept: KeptPerWord<Bits>,
    /// Segments with fewer documents keep no bitsets (`SMALLEST_SEGMENT`, but in tests).
    smallest_segment: u32,
}

impl Default for CommonWords {
    fn default() -> CommonWords {
        CommonWords::for_segments_of(SMALLEST_SEGMENT)
    }
}

impl CommonWords {
    /// Bitsets for the common words of segments of at least `smallest_segment` documents.
    pub(crate) fn for_segments_of(smallest_segment: u32) -> CommonWords {
        CommonWords {
            kept: KeptPerWord::new(KEPT_BYTES),
            smallest_segment,
        }
    }

    /// Whether a word that `doc_freq` documents of `segment` hold is counted by its bitset.
    pub(crate) fn is_common(&self, segment: &SegmentReader, doc_freq: u32) -> bool {
        let max_doc = segment.max_doc();
        max_doc >= self.smallest_segment && doc_freq.saturating_mul(COMMON_ONE_IN) >= max_doc
    }

    /// The documents of `segment` that hold `term`, as a bitset, made from the postings `open`
    /// gives when none is kept.
    pub fn documents(
        &self,
        segment: &SegmentReader,
        term: &Term,
        open: impl FnOnce() -> AppResult<BlockSegmentPostings>,
    ) -> AppResult<Arc<Bits>> {
        self.kept.get_or_make(segment, term, || {
            let mut postings = open()?;
            let max_doc = segment.max_doc();
            let mut set = Bits::with_max_doc(max_doc);
            while !postings.docs().is_empty() {
                for &doc in postings.docs() {
                    set.insert(doc);
                }
                postings.advance();
            }
            Ok((set, (max_doc as usize).div_ceil(8)))
        })
    }

    /// How many bitsets are kept.
    #[cfg(test)]
    pub(crate) fn kept_count(&self) -> usize {
        self.kept.len()
    }
}
