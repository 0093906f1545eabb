//! Ranking one segment for a search of words from their kept postings (`impacts`): each word's
//! classes best first, each document scored whole, until no class left could enter the top;
//! then the documents whose postings are all unkept must be unable to enter it either, or
//! Tantivy finishes the segment.

use std::collections::HashSet;

use tantivy::fastfield::AliveBitSet;
use tantivy::postings::SegmentPostings;
use tantivy::query::Bm25Weight;
use tantivy::{DocAddress, DocId, Score, SegmentReader, Term};

use super::counting::keep_where;
use super::impacts::{Held, Place, WordImpacts};
use super::ranking::{Top, term_freq_of};
use corkboard_domain::error::AppResult;

/// A word of the search in one segment.
pub struct Word<'a> {
    pub term: &'a Term,
    pub weight: &'a Bm25Weight,
    pub kept: &'a WordImpacts,
}

/// The best score a posting of a word may have at each document length, and the best of those
/// not kept (minus infinity where there is none).
struct Bounds {
    any: [Score; 256],
    unkept: [Score; 256],
}

impl Bounds {
    fn of(word: &Word) -> Bounds {
        let mut bounds = Bounds {
            any: [Score::NEG_INFINITY; 256],
            unkept: [Score::NEG_INFINITY; 256],
        };
        for &(length, most, unkept_most) in &word.kept.lengths {
            bounds.any[length as usize] = word.weight.score(length, most);
            if unkept_most > 0 {
                bounds.unkept[length as usize] = word.weight.score(length, unkept_most);
            }
        }
        bounds
    }
}

/// How many documents a batch of classes holds before its documents are read and scored
/// (`Ranking::each_batch_in_reach`): with 256, and the places of a batch found before its reads
/// (`HeldEach`), two random words at 1M pins took 8–15% less CPU a request than a class at a
/// time; 1,024 or 4,096 did no better (`bench/TUNING.md`, session 55).
const BATCH_DOCS: usize = 256;

/// A document's score, as far as the kept postings tell.
enum Scored {
    /// It lacks a word.
    Not,
    Exactly(Score),
    /// It holds words in postings not kept: at most this.
    AtMost(Score),
}

/// The documents of a segment offered to the top.
pub(crate) type Offered = HashSet<DocId, foldhash::fast::RandomState>;

/// Offers the matches of `words` in `segment` (the `ord`th) to `top`; `Some` of those offered
/// when some match not offered might belong there, and the segment's other matches must be
/// ranked otherwise.
pub fn rank(
    top: &mut Top,
    ord: u32,
    segment: &SegmentReader,
    words: &[Word],
) -> AppResult<Option<Offered>> {
    // Tantivy sums a document's scores from the rarest word's (a stable sort).
    let mut order: Vec<usize> = (0..words.len()).collect();
    order.sort_by_key(|at| words[*at].kept.doc_freq);
    let mut ranking = Ranking {
        top,
        offered: HashSet::with_hasher(foldhash::fast::RandomState::default()),
        ord,
        alive: segment.alive_bitset(),
        words,
        order,
        bounds: words.iter().map(Bounds::of).collect(),
    };
    let unsure = match words {
        [word] => {
            ranking.visit(word, 0, &[0.0; 256]);
            Vec::new()
        }
        _ => {
            ranking.kept_by_all();
            let mut unsure = Vec::new();
            for (at, word) in words.iter().enumerate() {
                let others = ranking.others_bound(at);
                unsure.extend(ranking.visit(word, at, &others));
            }
            unsure
        }
    };
    ranking.settle(segment, unsure)?;
    // A document none of whose postings are kept scores at most each word's best unkept one.
    let mut rest = [0.0; 256];
    for bounds in &ranking.bounds {
        add(&mut rest, &bounds.unkept);
    }
    let rest = rest.into_iter().fold(Score::NEG_INFINITY, Score::max);
    Ok((!surely_below(rest, ranking.top.threshold())).then_some(ranking.offered))
}

/// A document the kept postings could only bound: its length, and its bound.
type Unsure = (DocId, u8, Score);

/// A segment being ranked.
struct Ranking<'a> {
    top: &'a mut Top,
    /// The documents offered to `top`, each once.
    offered: Offered,
    ord: u32,
    alive: Option<&'a AliveBitSet>,
    words: &'a [Word<'a>],
    /// The order Tantivy sums the words' scores in.
    order: Vec<usize>,
    bounds: Vec<Bounds>,
}

impl Ranking<'_> {
    fn is_deleted(&self, doc: DocId) -> bool {
        self.alive.is_some_and(|alive| !alive.is_alive(doc))
    }

    /// Scores the documents kept for every word (of two or more) that could enter the top: those
    /// of the word with fewest kept that every other word keeps too, class by class. A search of
    /// two words at 1M pins checks about 14,000 documents, of which about 300 are kept by both:
    /// each batch's documents are first narrowed to those in every word's set (13 instructions
    /// a document, where checking each against the words in turn took about 25).
    fn kept_by_all(&mut self) {
        let words = self.words;
        let Some((fewest, first)) = words
            .iter()
            .enumerate()
            .min_by_key(|(_, word)| word.kept.kept_count())
        else {
            return;
        };
        // What the other words score at most, at each length.
        let mut others_best = [0.0; 256];
        for (_, bounds) in (self.bounds.iter().enumerate()).filter(|(at, _)| *at != fewest) {
            add(&mut others_best, &bounds.any);
        }
        let mut held = HeldEach::new(words, fewest);
        self.each_batch_in_reach(first, &others_best, |ranking, batch| {
            for (_, word) in (words.iter().enumerate()).filter(|(other, _)| *other != fewest) {
                keep_where(batch, |(doc, _)| word.kept.is_kept(doc));
            }
            held.find_places(batch);
            for (nth, &(doc, at)) in batch.iter().enumerate() {
                if ranking.is_deleted(doc) {
                    continue;
                }
                let class = first.kept.classes[at as usize].0;
                let doc_held = held.nth(nth, class.term_freq);
                if let Scored::Exactly(score) = ranking.score(class.length, doc_held) {
                    ranking.offer(doc, score);
                }
            }
        });
    }

    /// Calls `visit` with the documents of the classes of `word`, best first, while a document of
    /// one could enter the top: one whose other words score at most `others` at its length. The
    /// documents come in batches of whole classes, each with its class's index, so that the
    /// reads of a batch's documents overlap: most classes hold few documents, and their reads,
    /// a class at a time, each waited on memory alone. A batch is closed once it holds
    /// `BATCH_DOCS`; its classes were chosen by the threshold before it, which only rises, so a
    /// batch may hold a class the threshold would now pass by, never lack one it would visit.
    fn each_batch_in_reach(
        &mut self,
        word: &Word,
        others: &[Score; 256],
        mut visit: impl FnMut(&mut Self, &mut Vec<(DocId, u32)>),
    ) {
        let (best, reach) = class_bounds(word, others);
        // Room for a batch and the class that closes it, most often.
        let mut batch = Vec::with_capacity(4 * BATCH_DOCS);
        for at in 0..best.len() {
            if surely_below(reach[at], self.top.threshold()) {
                break;
            }
            if surely_below(best[at], self.top.threshold()) {
                continue;
            }
            let docs = word.kept.docs_of(at);
            batch.extend(docs.iter().map(|&doc| (doc, at as u32)));
            if batch.len() >= BATCH_DOCS {
                visit(self, &mut batch);
                batch.clear();
            }
        }
        if !batch.is_empty() {
            visit(self, &mut batch);
        }
    }

    /// Visits the classes of the `at`th word best first, while a document of one could enter the
    /// top: one whose other words score at most `others` at its length. With two words or more,
    /// it visits the documents it is the first word to keep, that some word does not; returns
    /// those it could only bound (with their length and bound) and that might enter.
    fn visit(&mut self, word: &Word, at_word: usize, others: &[Score; 256]) -> Vec<Unsure> {
        let words = self.words;
        let mut unsure = Vec::new();
        let mut held = HeldEach::new(words, at_word);
        self.each_batch_in_reach(word, others, |ranking, batch| {
            // First, without a branch, those every other word holds, that no word before keeps,
            // and that are not kept by both of two words (`kept_by_all` scored those).
            for (v, other) in (words.iter().enumerate()).filter(|(v, _)| *v != at_word) {
                match v < at_word || words.len() == 2 {
                    true => keep_where(batch, |(doc, _)| other.kept.holds_unkept(doc)),
                    false => keep_where(batch, |(doc, _)| other.kept.holds(doc)),
                }
            }
            held.find_places(batch);
            for (nth, &(doc, at)) in batch.iter().enumerate() {
                // `kept_by_all` scored those every word keeps; of two words, the cut above left
                // none of them.
                let kept_by_all = words.len() > 2
                    && (words.iter().enumerate())
                        .all(|(v, other)| v == at_word || other.kept.is_kept(doc));
                if kept_by_all || ranking.is_deleted(doc) {
                    continue;
                }
                let class = word.kept.classes[at as usize].0;
                match ranking.score(class.length, held.nth(nth, class.term_freq)) {
                    Scored::Not => {}
                    Scored::Exactly(score) => ranking.offer(doc, score),
                    Scored::AtMost(most) if !surely_below(most, ranking.top.threshold()) => {
                        unsure.push((doc, class.length, most));
                    }
                    Scored::AtMost(_) => {}
                }
            }
        });
        unsure
    }

    /// At each length, the best the other words may score for a document the `at`th word is the
    /// first to keep and some word does not (of two words or more): the words before it do
    /// not keep it, and when none is before it, one after it does not.
    fn others_bound(&self, at: usize) -> [Score; 256] {
        let bounds = &self.bounds;
        // The words after `at` at their best, but `except`.
        let after = |except: usize| {
            let mut sum = [0.0; 256];
            for v in (at + 1..bounds.len()).filter(|v| *v != except) {
                add(&mut sum, &bounds[v].any);
            }
            sum
        };
        if at > 0 {
            let mut bound = after(at);
            for before in &bounds[..at] {
                add(&mut bound, &before.unkept);
            }
            return bound;
        }
        let mut bound = [Score::NEG_INFINITY; 256];
        for (unkept, word) in bounds.iter().enumerate().skip(1) {
            let mut one = after(unkept);
            add(&mut one, &word.unkept);
            for (bound, one) in bound.iter_mut().zip(one) {
                *bound = bound.max(one);
            }
        }
        bound
    }

    /// Scores the documents whose score the kept postings could only bound (a word held more
    /// often than its unkept postings' frequencies tell), and that might still enter the top,
    /// reading the words' frequencies from Tantivy's postings, in document order.
    fn settle(&mut self, segment: &SegmentReader, mut unsure: Vec<Unsure>) -> AppResult<()> {
        unsure.sort_unstable_by_key(|(doc, _, _)| *doc);
        unsure.dedup_by_key(|(doc, _, _)| *doc);
        let words = self.words;
        let mut postings: Vec<Option<SegmentPostings>> = words.iter().map(|_| None).collect();
        let mut held = vec![Held::Not; words.len()];
        for (doc, length, most) in unsure {
            if surely_below(most, self.top.threshold()) {
                continue;
            }
            for (at, word) in words.iter().enumerate() {
                held[at] =
                    match term_freq_of(word.kept, segment, word.term, &mut postings[at], doc)? {
                        0 => Held::Not,
                        term_freq => Held::With(term_freq),
                    };
            }
            if let Scored::Exactly(score) = self.score(length, |v| held[v]) {
                self.offer(doc, score);
            }
        }
        Ok(())
    }

    /// A document's score from how it holds each word, summed as Tantivy sums it.
    fn score(&self, length: u8, held: impl Fn(usize) -> Held) -> Scored {
        let (mut sum, mut unknown): (Score, Score) = (0.0, 0.0);
        let mut sure = true;
        for &at in &self.order {
            match held(at) {
                Held::Not => return Scored::Not,
                Held::With(term_freq) => sum += self.words[at].weight.score(length, term_freq),
                Held::Unknown => {
                    sure = false;
                    unknown += self.bounds[at].unkept[length as usize];
                }
            }
        }
        match sure {
            true => Scored::Exactly(sum),
            false => Scored::AtMost(sum + unknown),
        }
    }

    fn offer(&mut self, doc: DocId, score: Score) {
        if score >= self.top.threshold() && self.offered.insert(doc) {
            self.top.push(score, DocAddress::new(self.ord, doc));
        }
    }
}

/// How each word but one holds each of a list of documents: first where (each document's place
/// among a word's postings) for the whole list, each place asking the line of its term frequency
/// into the cache, then the frequencies, when the documents are scored. The reads of one
/// document wait on memory (its place, then its frequency); found this way, those of many
/// documents overlap, where a document's reads and its scoring, one after the other, waited for
/// each in turn.
struct HeldEach<'a> {
    words: &'a [Word<'a>],
    /// By word, where it holds each document (nothing for the `but`th).
    places: Vec<Vec<Place>>,
    /// The word whose class the documents are of.
    but: usize,
}

impl<'a> HeldEach<'a> {
    fn new(words: &'a [Word<'a>], but: usize) -> HeldEach<'a> {
        HeldEach {
            words,
            places: vec![Vec::new(); words.len()],
            but,
        }
    }

    /// Finds where each word but the `but`th holds each of `docs` (each with its class).
    fn find_places(&mut self, docs: &[(DocId, u32)]) {
        for (at, (word, places)) in self.words.iter().zip(&mut self.places).enumerate() {
            places.clear();
            if at != self.but {
                places.extend(docs.iter().map(|&(doc, _)| word.kept.place(doc)));
            }
        }
    }

    /// How each word holds the `nth` document of the places found, the `but`th word
    /// `term_freq` times (its class's).
    fn nth(&self, nth: usize, term_freq: u32) -> impl Fn(usize) -> Held + '_ {
        move |word| match word == self.but {
            true => Held::With(term_freq),
            false => self.words[word].kept.held_at(self.places[word][nth]),
        }
    }
}

/// For each class of `word`, the best a document of it may score when the other words score at
/// most `others` at its length; and the best from each class onwards (minus infinity past the
/// last).
fn class_bounds(word: &Word, others: &[Score; 256]) -> (Vec<Score>, Vec<Score>) {
    let classes = &word.kept.classes;
    let best: Vec<Score> = classes
        .iter()
        .map(|(class, _)| {
            word.weight.score(class.length, class.term_freq) + others[class.length as usize]
        })
        .collect();
    let mut reach = vec![Score::NEG_INFINITY; classes.len() + 1];
    for at in (0..classes.len()).rev() {
        reach[at] = reach[at + 1].max(best[at]);
    }
    (best, reach)
}

/// Adds `more` to `sum`, length by length.
fn add(sum: &mut [Score; 256], more: &[Score; 256]) {
    for (sum, more) in sum.iter_mut().zip(more) {
        *sum += more;
    }
}

/// Whether a bound, summed in another order than the score it bounds, is below `threshold`
/// beyond any rounding.
fn surely_below(bound: Score, threshold: Score) -> bool {
    bound * 1.0001 < threshold
}
