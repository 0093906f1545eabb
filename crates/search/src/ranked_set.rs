//! A set of a segment's documents as bits, with how many come before each 512: whether a
//! document is in it and its place among them (its rank) in one or two reads of memory.

use tantivy::DocId;

/// Words of bits per count kept: 512 documents, a cache line.
const WORDS_PER_COUNT: usize = 8;

pub(crate) struct RankedSet {
    bits: Vec<u64>,
    /// How many documents of the set come before each `WORDS_PER_COUNT` words of `bits`.
    before: Vec<u32>,
}

impl RankedSet {
    /// The set of `docs`, of a segment of `max_doc` documents.
    pub fn new(max_doc: u32, docs: impl IntoIterator<Item = DocId>) -> RankedSet {
        let mut bits = vec![0u64; (max_doc as usize).div_ceil(64)];
        for doc in docs {
            bits[doc as usize / 64] |= 1 << (doc % 64);
        }
        let mut before = Vec::with_capacity(bits.len().div_ceil(WORDS_PER_COUNT));
        let mut count = 0;
        for (at, word) in bits.iter().enumerate() {
            if at % WORDS_PER_COUNT == 0 {
                before.push(count);
            }
            count += word.count_ones();
        }
        RankedSet { bits, before }
    }

    pub fn contains(&self, doc: DocId) -> bool {
        (self.bits[doc as usize / 64] >> (doc % 64)) & 1 == 1
    }

    /// How many documents of the set come before `doc`.
    pub fn rank(&self, doc: DocId) -> usize {
        let word = doc as usize / 64;
        let whole: u32 = self.bits[word / WORDS_PER_COUNT * WORDS_PER_COUNT..word]
            .iter()
            .map(|bits| bits.count_ones())
            .sum();
        let below = self.bits[word] & ((1 << (doc % 64)) - 1);
        (self.before[word / WORDS_PER_COUNT] + whole + below.count_ones()) as usize
    }

    /// The bytes it takes.
    pub fn bytes(&self) -> usize {
        self.bits.len() * 8 + self.before.len() * 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_segments::numbers;

    #[test]
    fn a_document_is_in_the_set_at_the_place_of_its_rank() {
        let mut random = numbers(7);
        for (max_doc, one_in) in [(1, 1), (64, 2), (513, 3), (5_000, 64), (70_000, 1)] {
            let docs: Vec<DocId> = (0..max_doc).filter(|_| random(one_in) == 0).collect();
            let set = RankedSet::new(max_doc, docs.iter().copied());
            for doc in 0..max_doc {
                let rank = docs.partition_point(|kept| *kept < doc);
                assert_eq!(set.rank(doc), rank, "rank of {doc} of {max_doc}");
                assert_eq!(set.contains(doc), docs.get(rank) == Some(&doc));
            }
        }
    }
}
