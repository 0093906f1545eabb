//! A word's best postings in a segment, grouped by what scores them (the document's length and
//! how often it holds the word), made once and kept: a text search ranks a segment from these
//! few postings (see `ranking`), where block-max WAND decodes nearly every block of two common
//! words whose best matches are spread over all of them. The other postings are kept too, as
//! their documents and term frequencies alone (`unkept`), so that a document is scored without a
//! seek in Tantivy's postings.

use std::sync::Arc;

use anyhow::Context;
use tantivy::query::Bm25Weight;
use tantivy::schema::IndexRecordOption;
use tantivy::{DocId, SegmentReader, Term};

use super::kept::KeptPerWord;
use super::ranked_set::RankedSet;
use super::unkept::Unkept;
use crate::prefetch;
use corkboard_domain::error::AppResult;

/// A segment keeps at least this many postings of a word, and one in `KEPT_ONE_IN` of its
/// documents: enough for the first pages of two common words, measured at a million pins. With
/// 256 (so 768 in the 49k documents of a segment at 100k pins), two words there left a segment
/// to Tantivy's ranking about 0.7 times a search, a sixth of its instructions
/// (`bench/TUNING.md`, session 50).
const KEPT_AT_LEAST: usize = 2048;
const KEPT_ONE_IN: usize = 64;
/// How many bytes of postings are kept at most: about 50 common words of a million pins, with
/// their unkept postings' documents and term frequencies.
const KEPT_BYTES: usize = 40 << 20;

/// A fieldnorm id (which stands for the document's length) and a term frequency.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Class {
    pub length: u8,
    pub term_freq: u32,
}

/// The kept postings of one word in one segment.
pub(crate) struct WordImpacts {
    /// How many documents of the segment hold the word (Tantivy sums a search's words in this
    /// order, the rarest first).
    pub doc_freq: u32,
    /// The kept classes, the best scored first (by the scores of the search that made them),
    /// each with the end of its documents in `docs`.
    pub classes: Vec<(Class, usize)>,
    /// The kept documents, class by class, each class's in ascending order.
    pub docs: Vec<DocId>,
    /// The index in `classes` of each kept document, in ascending order of the documents.
    class_by_rank: Vec<u32>,
    /// The kept documents: whether one is, and its place in `class_by_rank`. A binary search of
    /// a list of the kept documents took a dozen reads, each likely a cache miss: 12% of the
    /// cycles of a search of two words at 1M pins.
    kept_set: RankedSet,
    /// For each document length that has the word: the highest term frequency, and the highest
    /// of the postings not kept (0 when all are kept).
    pub lengths: Vec<(u8, u32, u32)>,
    /// The postings not kept, when there are some.
    unkept: Option<Unkept>,
}

/// What a word's postings, kept and not, tell of a document.
#[derive(Clone, Copy)]
pub enum Held {
    Not,
    With(u32),
    /// The document holds the word in a posting not kept, more often than it tells.
    Unknown,
}

/// Where a word's posting of a document is, if it has one: its rank among the kept postings or
/// among those not kept.
#[derive(Clone, Copy)]
pub(crate) enum Place {
    Not,
    Kept(usize),
    Unkept(usize),
}

impl WordImpacts {
    /// Whether and how often `doc` holds the word.
    pub fn held(&self, doc: DocId) -> Held {
        self.held_at(self.place(doc))
    }

    /// Where `doc`'s posting of the word is; the memory its term frequency is read from is asked
    /// into the cache meanwhile, so that the places of many documents, found first, have their
    /// reads overlap (`held_at`).
    pub fn place(&self, doc: DocId) -> Place {
        if self.is_kept(doc) {
            let rank = self.kept_set.rank(doc);
            prefetch::fetch(&self.class_by_rank[rank]);
            return Place::Kept(rank);
        }
        match &self.unkept {
            Some(unkept) if unkept.contains(doc) => Place::Unkept(unkept.place(doc)),
            _ => Place::Not,
        }
    }

    /// Whether and how often the document at `place` holds the word.
    pub(crate) fn held_at(&self, place: Place) -> Held {
        match place {
            Place::Kept(rank) => {
                let class = self.class_by_rank[rank];
                Held::With(self.classes[class as usize].0.term_freq)
            }
            Place::Unkept(at) => self
                .unkept
                .as_ref()
                .map_or(Held::Not, |unkept| unkept.held_at(at)),
            Place::Not => Held::Not,
        }
    }

    /// Whether `doc` holds the word.
    pub fn holds(&self, doc: DocId) -> bool {
        self.is_kept(doc) | self.holds_unkept(doc)
    }

    /// Whether `doc` holds the word in a posting not kept.
    pub(crate) fn holds_unkept(&self, doc: DocId) -> bool {
        self.unkept
            .as_ref()
            .is_some_and(|unkept| unkept.contains(doc))
    }

    /// Whether `doc`'s posting is kept.
    pub(crate) fn is_kept(&self, doc: DocId) -> bool {
        self.kept_set.contains(doc)
    }

    /// How many postings are kept.
    pub(crate) fn kept_count(&self) -> usize {
        self.class_by_rank.len()
    }

    /// The documents of the `at`th class.
    pub(crate) fn docs_of(&self, at: usize) -> &[DocId] {
        let start = at.checked_sub(1).map_or(0, |before| self.classes[before].1);
        &self.docs[start..self.classes[at].1]
    }

    /// The bytes it takes.
    fn bytes(&self) -> usize {
        self.docs.len() * 4
            + self.kept_set.bytes()
            + self.class_by_rank.len() * 4
            + (self.classes.len() + self.lengths.len()) * 16
            + self.unkept.as_ref().map_or(0, Unkept::bytes)
    }
}

pub(crate) struct Impacts {
    kept: KeptPerWord<Option<WordImpacts>>,
    kept_at_least: usize,
}

impl Default for Impacts {
    fn default() -> Impacts {
        Impacts::new(KEPT_AT_LEAST)
    }
}

impl Impacts {
    /// Keeping at least `kept_at_least` postings of a word in each segment (the constant above,
    /// but in tests).
    pub fn new(kept_at_least: usize) -> Impacts {
        Impacts {
            kept: KeptPerWord::new(KEPT_BYTES),
            kept_at_least,
        }
    }

    /// The kept postings of `term` in `segment`, chosen by `weight` when first made; `None` when
    /// no document of the segment holds it.
    pub fn of(
        &self,
        segment: &SegmentReader,
        term: &Term,
        weight: &Bm25Weight,
    ) -> AppResult<Arc<Option<WordImpacts>>> {
        self.kept.get_or_make(segment, term, || {
            let made = self.make(segment, term, weight)?;
            let bytes = made.as_ref().map_or(0, WordImpacts::bytes) + 64;
            Ok((made, bytes))
        })
    }

    fn make(
        &self,
        segment: &SegmentReader,
        term: &Term,
        weight: &Bm25Weight,
    ) -> AppResult<Option<WordImpacts>> {
        let inverted = segment
            .inverted_index(term.field())
            .context("search failed")?;
        let postings = inverted.read_block_postings(term, IndexRecordOption::WithFreqs);
        let Some(mut postings_read) = postings.context("search failed")? else {
            return Ok(None);
        };
        let lengths_of = segment
            .get_fieldnorms_reader(term.field())
            .context("search failed")?;
        let doc_freq = postings_read.doc_freq();
        let mut all = Vec::with_capacity(doc_freq as usize);
        // How many postings of each class: by length, then by term frequency.
        let mut counts: Vec<Vec<u32>> = vec![Vec::new(); 256];
        while !postings_read.docs().is_empty() {
            for (&doc, &term_freq) in postings_read.docs().iter().zip(postings_read.freqs()) {
                let length = lengths_of.fieldnorm_id(doc);
                let of_length = &mut counts[length as usize];
                if of_length.len() <= term_freq as usize {
                    of_length.resize(term_freq as usize + 1, 0);
                }
                of_length[term_freq as usize] += 1;
                all.push((doc, length, term_freq));
            }
            postings_read.advance();
        }
        let mut classes: Vec<(Class, u32)> =
            counts
                .iter()
                .enumerate()
                .flat_map(|(length, of_length)| {
                    of_length.iter().enumerate().filter(|(_, n)| **n > 0).map(
                        move |(term_freq, n)| {
                            let class = Class {
                                length: length as u8,
                                term_freq: term_freq as u32,
                            };
                            (class, *n)
                        },
                    )
                })
                .collect();
        let score = |class: &Class| weight.score(class.length, class.term_freq);
        classes.sort_by(|a, b| score(&b.0).total_cmp(&score(&a.0)));
        let wanted = self
            .kept_at_least
            .max(segment.max_doc() as usize / KEPT_ONE_IN);
        // The best classes until `wanted` postings, but none that would pass twice as many: its
        // length then keeps no more (a class of lower score there would not lower the bound).
        let mut closed = [false; 256];
        let mut kept_count = 0;
        classes.retain(|(class, n)| {
            let length = class.length as usize;
            let keep =
                kept_count < wanted && !closed[length] && kept_count + *n as usize <= 2 * wanted;
            closed[length] |= !keep;
            kept_count += if keep { *n as usize } else { 0 };
            keep
        });
        // Where each kept class's documents go, by length then term frequency.
        let mut slot: Vec<Vec<Option<usize>>> =
            counts.iter().map(|c| vec![None; c.len()]).collect();
        let mut ends = Vec::with_capacity(classes.len());
        let mut start = 0;
        for (at, (class, n)) in classes.iter().enumerate() {
            slot[class.length as usize][class.term_freq as usize] = Some(at);
            start += *n as usize;
            ends.push(start);
        }
        let mut next: Vec<usize> = ends
            .iter()
            .zip(&classes)
            .map(|(end, (_, n))| end - *n as usize)
            .collect();
        let mut docs = vec![0; kept_count];
        let mut class_by_rank = Vec::with_capacity(kept_count);
        let mut kept_in_order = Vec::with_capacity(kept_count);
        let mut unkept_most = [0; 256];
        let mut unkept = Vec::with_capacity(all.len() - kept_count);
        for &(doc, length, term_freq) in &all {
            match slot[length as usize][term_freq as usize] {
                Some(at) => {
                    docs[next[at]] = doc;
                    next[at] += 1;
                    class_by_rank.push(at as u32);
                    kept_in_order.push(doc);
                }
                None => {
                    let most = &mut unkept_most[length as usize];
                    *most = (*most).max(term_freq);
                    unkept.push((doc, term_freq));
                }
            }
        }
        let lengths = counts
            .iter()
            .enumerate()
            .filter(|(_, of_length)| !of_length.is_empty())
            .map(|(length, of_length)| {
                (
                    length as u8,
                    of_length.len() as u32 - 1,
                    unkept_most[length],
                )
            })
            .collect();
        Ok(Some(WordImpacts {
            doc_freq,
            classes: classes
                .iter()
                .zip(ends)
                .map(|((class, _), end)| (*class, end))
                .collect(),
            docs,
            class_by_rank,
            kept_set: RankedSet::new(segment.max_doc(), kept_in_order),
            lengths,
            unkept: (!unkept.is_empty()).then(|| Unkept::new(segment.max_doc(), &unkept)),
        }))
    }
}
