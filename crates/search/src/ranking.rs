//! The best-scored matches of a query over the whole index, with one threshold carried from
//! segment to segment, so block-max WAND skips in every segment what cannot enter the top.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

use anyhow::Context;
use tantivy::postings::{Postings, SegmentPostings};
use tantivy::query::{Bm25StatisticsProvider, Bm25Weight, EnableScoring, Query, Weight};
use tantivy::schema::IndexRecordOption;
use tantivy::{DocAddress, DocId, DocSet, Score, Searcher, SegmentReader, Term};

use super::impact_ranking::{self, Offered, Word};
use super::impacts::{Held, Impacts, WordImpacts};
use corkboard_domain::error::AppResult;

/// The `limit` best matches of `query`, which asks for the documents holding every one of
/// `terms` (weighed by `weights`, a term's each), highest score first, the lower address first
/// among equal scores (as Tantivy's `TopDocs` orders them): each segment ranked from its words'
/// kept postings (`impacts`), or by Tantivy where those cannot tell; with how many segments
/// Tantivy ranked (in part or whole).
/// Tantivy's own collector ranks each segment from nothing; an index of a million pins has a
/// dozen segments, and each paid for its own top.
pub(crate) fn best_with_all(
    searcher: &Searcher,
    impacts: &Impacts,
    terms: &[Term],
    weights: &[Bm25Weight],
    query: &dyn Query,
    limit: usize,
) -> AppResult<(Vec<(Score, DocAddress)>, usize)> {
    if limit == 0 || terms.is_empty() {
        return Ok((Vec::new(), 0));
    }
    let mut tantivy_weight: Option<Box<dyn Weight>> = None;
    let mut by_tantivy = 0;
    let mut top = Top::new(limit);
    for (ord, segment) in searcher.segment_readers().iter().enumerate() {
        let ord = ord as u32;
        let mut kept = Vec::with_capacity(terms.len());
        for (term, weight) in terms.iter().zip(weights) {
            kept.push(impacts.of(segment, term, weight)?);
        }
        let words: Vec<Word> = terms
            .iter()
            .zip(weights)
            .zip(&kept)
            .filter_map(|((term, weight), kept)| {
                let kept = kept.as_ref().as_ref()?;
                Some(Word { term, weight, kept })
            })
            .collect();
        if words.len() < terms.len() {
            continue;
        }
        let Some(offered) = impact_ranking::rank(&mut top, ord, segment, &words)? else {
            continue;
        };
        by_tantivy += 1;
        let weight = match &tantivy_weight {
            Some(weight) => weight,
            None => tantivy_weight.insert(
                query
                    .weight(EnableScoring::enabled_from_searcher(searcher))
                    .context("search failed")?,
            ),
        };
        rank_by_tantivy(&mut top, &**weight, ord, segment, &offered)?;
    }
    Ok((top.into_sorted(), by_tantivy))
}

/// A term's BM25 weight over the whole index, as Tantivy weighs a term of a query (without
/// the explanation of its score, whose strings a copy of the weight would copy).
pub fn weight(searcher: &Searcher, term: &Term) -> AppResult<Bm25Weight> {
    let total_tokens = searcher
        .total_num_tokens(term.field())
        .context("search failed")?;
    let total_docs = searcher.total_num_docs().context("search failed")?;
    let doc_freq = searcher.doc_freq(term).context("search failed")?;
    let average_length = total_tokens as Score / total_docs as Score;
    Ok(Bm25Weight::for_one_term_without_explain(
        doc_freq,
        total_docs,
        average_length,
    ))
}

/// The postings of `term` in `segment`, with frequencies; `None` where no document has it.
pub(crate) fn postings_of(
    segment: &SegmentReader,
    term: &Term,
) -> AppResult<Option<SegmentPostings>> {
    Ok(segment
        .inverted_index(term.field())
        .context("search failed")?
        .read_postings(term, IndexRecordOption::WithFreqs)
        .context("search failed")?)
}

/// How often `doc` holds `term` (0 when not at all): as the term's kept postings in `segment`
/// tell, or, for the rare document that holds it more often than they tell, read from the term's
/// postings (opened into `postings` at the first need; documents asked in ascending order).
pub(crate) fn term_freq_of(
    kept: &WordImpacts,
    segment: &SegmentReader,
    term: &Term,
    postings: &mut Option<SegmentPostings>,
    doc: DocId,
) -> AppResult<u32> {
    match kept.held(doc) {
        Held::Not => return Ok(0),
        Held::With(term_freq) => return Ok(term_freq),
        Held::Unknown => {}
    }
    if postings.is_none() {
        *postings = postings_of(segment, term)?;
    }
    let Some(postings) = postings.as_mut() else {
        return Ok(0);
    };
    let at = match postings.doc() < doc {
        true => postings.seek(doc),
        false => postings.doc(),
    };
    Ok(if at == doc { postings.term_freq() } else { 0 })
}

/// Offers the matches of `weight` in `segment` (the `ord`th) that pass the threshold to `top`,
/// but those `offered` already.
fn rank_by_tantivy(
    top: &mut Top,
    weight: &dyn Weight,
    ord: u32,
    segment: &SegmentReader,
    offered: &Offered,
) -> AppResult<()> {
    let alive = segment.alive_bitset();
    // Segments go in address order and documents in each too, so a later match of the
    // threshold's score loses the tie: `for_each_pruning` passes only higher scores. When
    // documents of this segment were offered, the worst kept may be one of them, which a match
    // of its score and a lower address beats.
    let threshold = |top: &Top| {
        if offered.is_empty() {
            top.threshold()
        } else {
            top.threshold().next_down()
        }
    };
    weight
        .for_each_pruning(threshold(top), segment, &mut |doc, score| {
            let fresh = !offered.contains(&doc);
            if fresh && alive.is_none_or(|alive| alive.is_alive(doc)) {
                top.push(score, DocAddress::new(ord, doc));
            }
            threshold(top)
        })
        .context("search failed")?;
    Ok(())
}

/// A match; the greater is the better (higher score, then lower address).
struct Ranked(Score, DocAddress);

impl Ord for Ranked {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0
            .total_cmp(&other.0)
            .then_with(|| other.1.cmp(&self.1))
    }
}

impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Ranked {}

/// The best `limit` matches so far, the worst of them on top of the heap.
pub(crate) struct Top {
    heap: BinaryHeap<Reverse<Ranked>>,
    limit: usize,
}

impl Top {
    pub fn new(limit: usize) -> Top {
        Top {
            heap: BinaryHeap::with_capacity(limit),
            limit,
        }
    }

    /// Whether `limit` matches are kept: from then on, a match must pass the worst of them.
    pub(crate) fn is_full(&self) -> bool {
        self.heap.len() == self.limit
    }

    /// The score a match must pass to enter: the worst kept one's once the top is full.
    pub(crate) fn threshold(&self) -> Score {
        match self.heap.peek() {
            Some(Reverse(worst)) if self.is_full() => worst.0,
            _ => Score::MIN,
        }
    }

    pub fn push(&mut self, score: Score, address: DocAddress) {
        let ranked = Ranked(score, address);
        if !self.is_full() {
            self.heap.push(Reverse(ranked));
        } else if let Some(mut worst) = self.heap.peek_mut()
            && ranked > worst.0
        {
            *worst = Reverse(ranked);
        }
    }

    pub(crate) fn into_sorted(self) -> Vec<(Score, DocAddress)> {
        let ranked = self.heap.into_sorted_vec();
        ranked
            .into_iter()
            .map(|Reverse(Ranked(score, address))| (score, address))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use tantivy::collector::TopDocs;
    use tantivy::query::{BooleanQuery, Occur, TermQuery};
    use tantivy::schema::{Field, IndexRecordOption};
    use tantivy::{Searcher, Term};

    use super::*;
    use crate::test_segments::{index_of, numbers};

    /// A query of a word, scored.
    fn word(term: &Term) -> Box<dyn Query> {
        Box::new(TermQuery::new(term.clone(), IndexRecordOption::WithFreqs))
    }

    /// Asserts that the best `limit` matches of `words` ranked from kept postings are Tantivy's
    /// own, in its order (else says so with `settings`); returns how many segments Tantivy
    /// ranked.
    fn assert_ranked_as_tantivy(
        searcher: &Searcher,
        caption: Field,
        impacts: &Impacts,
        words: &[&str],
        limit: usize,
        settings: &str,
    ) -> usize {
        let terms: Vec<Term> = words
            .iter()
            .map(|text| Term::from_field_text(caption, text))
            .collect();
        let query: Box<dyn Query> = match terms.as_slice() {
            [one] => word(one),
            _ => Box::new(BooleanQuery::new(
                terms.iter().map(|term| (Occur::Must, word(term))).collect(),
            )),
        };
        let weights: Vec<Bm25Weight> = terms
            .iter()
            .map(|term| weight(searcher, term).unwrap())
            .collect();
        let expected = searcher
            .search(&*query, &TopDocs::with_limit(limit).order_by_score())
            .unwrap();
        let (found, by_tantivy) =
            best_with_all(searcher, impacts, &terms, &weights, &*query, limit).unwrap();
        assert_eq!(found, expected, "{words:?}, {limit}, {settings}");
        by_tantivy
    }

    /// Asserts that the best matches of "light morning" in one segment of `captions` (one in 31
    /// deleted) are Tantivy's own, keeping 1 or 64 postings, for limits from 1 to 500; returns
    /// each of those numbers kept and limits, with how many segments Tantivy ranked.
    fn light_and_morning_ranked_as_tantivy(captions: Vec<String>) -> Vec<(usize, usize, usize)> {
        let (searcher, caption) = index_of(&[captions], |_, n| n % 31 == 0);
        let mut ranked = Vec::new();
        for kept_at_least in [1, 64] {
            let impacts = Impacts::new(kept_at_least);
            for limit in [1, 7, 50, 500] {
                let words = ["light", "morning"];
                let settings = format!("{kept_at_least}");
                let by_tantivy = assert_ranked_as_tantivy(
                    &searcher, caption, &impacts, &words, limit, &settings,
                );
                ranked.push((kept_at_least, limit, by_tantivy));
            }
        }
        ranked
    }

    /// Two words held up to eight times in captions of many lengths, the second less often than
    /// the first, in one segment large enough that kept postings bound many matches loosely, a
    /// few deleted: the best matches are Tantivy's own, and the first pages come from kept
    /// postings alone, so that a match scored wrong is not put right by Tantivy's collector.
    #[test]
    fn matches_bounded_loosely_are_ranked_as_tantivys_collector_ranks_them() {
        let mut next = numbers(7);
        let captions: Vec<String> = (0..20_000)
            .map(|_| {
                let often = 1 + next(8);
                let mut text: Vec<&str> = (0..often).map(|_| "light").collect();
                text.extend((0..often - next(often)).map(|_| "morning"));
                text.extend((0..next(24)).map(|_| "filler"));
                text.join(" ")
            })
            .collect();
        for (kept_at_least, limit, by_tantivy) in light_and_morning_ranked_as_tantivy(captions) {
            assert!(limit > 50 || by_tantivy == 0, "{limit}, {kept_at_least}");
        }
    }

    /// Two words in every caption, the second more often than an unkept posting's four bits
    /// tell (16 times or more), a few captions deleted: the matches whose frequencies are read
    /// from Tantivy's postings are ranked as Tantivy ranks them.
    #[test]
    fn words_held_more_often_than_kept_frequencies_tell_are_read_from_the_postings() {
        let mut next = numbers(5);
        let captions: Vec<String> = (0..5_000)
            .map(|_| {
                let mut text: Vec<&str> = (0..1 + next(8)).map(|_| "light").collect();
                text.extend((0..16 + next(8)).map(|_| "morning"));
                text.extend((0..next(24)).map(|_| "filler"));
                text.join(" ")
            })
            .collect();
        light_and_morning_ranked_as_tantivy(captions);
    }

    /// Six segments of captions of one to twelve words, some far more common than others and
    /// often repeated, a few deleted: the best matches of one, two or three words (a word twice,
    /// a rare word, a word found nowhere), ranked from kept postings of every size, are Tantivy's
    /// own, in its order; and kept postings rank most segments by themselves.
    #[test]
    fn the_best_matches_from_kept_postings_are_those_of_tantivys_collector() {
        let words = ["blue", "sea", "boat", "sky", "gull", "tern"];
        let mut next = numbers(13);
        let mut random_caption = || {
            let length = 1 + next(12);
            let text: Vec<&str> = (0..length)
                .map(|_| words[(next(36) as f64).sqrt() as usize])
                .collect();
            text.join(" ")
        };
        let segments: Vec<Vec<String>> = [3000, 400, 400, 17, 400, 1200]
            .into_iter()
            .map(|size| (0..size).map(|_| random_caption()).collect())
            .collect();
        let (searcher, caption) = index_of(&segments, |_, n| n % 29 == 0);
        let asked: Vec<Vec<&str>> = vec![
            vec!["blue"],
            vec!["tern"],
            vec!["blue", "sea"],
            vec!["tern", "sea"],
            vec!["sky", "blue", "gull"],
            vec!["blue", "blue"],
            vec!["sea", "nothing"],
        ];
        let mut ranked_by_tantivy = 0;
        let mut ranked = 0;
        for kept_at_least in [1, 20, 100_000] {
            let impacts = Impacts::new(kept_at_least);
            for words in &asked {
                for limit in [1, 7, 64, 500, 3000] {
                    let settings = format!("{kept_at_least}");
                    ranked_by_tantivy += assert_ranked_as_tantivy(
                        &searcher, caption, &impacts, words, limit, &settings,
                    );
                    ranked += segments.len();
                }
            }
        }
        assert!(
            ranked_by_tantivy * 3 < ranked,
            "{ranked_by_tantivy} of {ranked}"
        );
    }
}
