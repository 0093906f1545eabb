//! A word's postings in a segment that are not kept (`impacts`): which documents hold it, and how
//! often each does, in four bits, so that a document's score is known without a seek in Tantivy's
//! postings.

use tantivy::DocId;

use super::impacts::Held;
use super::ranked_set::RankedSet;
use crate::prefetch;

/// The highest term frequency written; a higher one is written as 0 and read as unknown.
const MOST_WRITTEN: u32 = 15;

pub(crate) struct Unkept {
    docs: RankedSet,
    /// Each document's term frequency, in the order of the documents, two to a byte.
    freqs: Vec<u8>,
}

impl Unkept {
    /// The `postings` of a segment of `max_doc` documents: each document, in ascending order,
    /// with its term frequency.
    pub fn new(max_doc: u32, postings: &[(DocId, u32)]) -> Unkept {
        let mut freqs = vec![0u8; postings.len().div_ceil(2)];
        for (at, &(_, term_freq)) in postings.iter().enumerate() {
            let written = if term_freq <= MOST_WRITTEN {
                term_freq
            } else {
                0
            };
            freqs[at / 2] |= (written as u8) << (at % 2 * 4);
        }
        Unkept {
            docs: RankedSet::new(max_doc, postings.iter().map(|(doc, _)| *doc)),
            freqs,
        }
    }

    pub fn contains(&self, doc: DocId) -> bool {
        self.docs.contains(doc)
    }

    /// Where the term frequency of `doc`, which this holds, is written: its rank, whose byte is
    /// asked into the cache meanwhile.
    pub fn place(&self, doc: DocId) -> usize {
        let at = self.docs.rank(doc);
        prefetch::fetch(&self.freqs[at / 2]);
        at
    }

    /// How often the document at `place` holds the word; `Unknown` when more often than
    /// `MOST_WRITTEN`.
    pub(crate) fn held_at(&self, place: usize) -> Held {
        match (self.freqs[place / 2] >> (place % 2 * 4)) & 0xF {
            0 => Held::Unknown,
            term_freq => Held::With(term_freq.into()),
        }
    }

    /// The bytes it takes.
    pub fn bytes(&self) -> usize {
        self.docs.bytes() + self.freqs.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_segments::numbers;

    #[test]
    fn each_document_holds_the_word_as_often_as_written_up_to_fifteen_times() {
        let mut random = numbers(3);
        let mut postings: Vec<(DocId, u32)> = Vec::new();
        for doc in 0..3_000 {
            if random(3) == 0 {
                postings.push((doc, 1 + random(20) as u32));
            }
        }
        let unkept = Unkept::new(3_000, &postings);
        for doc in 0..3_000 {
            let held = match unkept.contains(doc) {
                true => unkept.held_at(unkept.place(doc)),
                false => Held::Not,
            };
            match postings.iter().find(|(posted, _)| *posted == doc) {
                None => assert!(matches!(held, Held::Not), "{doc}"),
                Some((_, 16..)) => assert!(matches!(held, Held::Unknown), "{doc}"),
                Some((_, term_freq)) => {
                    assert!(
                        matches!(held, Held::With(read) if read == *term_freq),
                        "{doc}"
                    )
                }
            }
        }
    }
}
