//! The best-scored matches of a query over the whole index, with one threshold carried from
//! segment to segment, so block-max WAND skips in every segment what cannot enter the top.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

use anyhow::Context;
use tantivy::query::{EnableScoring, Query};
use tantivy::{DocAddress, Score, Searcher};

use crate::error::AppResult;

/// The `limit` best matches of `query`, highest score first, the lower address first among equal
/// scores (as Tantivy's `TopDocs` orders them). Tantivy's own collector ranks each segment from
/// nothing; an index of a million pins has a dozen segments, and each paid for its own top.
pub fn best(
    searcher: &Searcher,
    query: &dyn Query,
    limit: usize,
) -> AppResult<Vec<(Score, DocAddress)>> {
    if limit == 0 {
        return Ok(Vec::new());
    }
    let weight = query
        .weight(EnableScoring::enabled_from_searcher(searcher))
        .context("search failed")?;
    let mut top = Top::new(limit);
    for (ord, segment) in searcher.segment_readers().iter().enumerate() {
        let alive = segment.alive_bitset();
        let ord = ord as u32;
        // Segments go in address order and documents in each too, so a later match of the
        // threshold's score loses the tie: `for_each_pruning` passes only higher scores.
        weight
            .for_each_pruning(top.threshold(), segment, &mut |doc, score| {
                if alive.is_none_or(|alive| alive.is_alive(doc)) {
                    top.push(score, DocAddress::new(ord, doc));
                }
                top.threshold()
            })
            .context("search failed")?;
    }
    Ok(top.into_sorted())
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
struct Top {
    heap: BinaryHeap<Reverse<Ranked>>,
    limit: usize,
}

impl Top {
    fn new(limit: usize) -> Top {
        Top {
            heap: BinaryHeap::with_capacity(limit),
            limit,
        }
    }

    /// The score a match must pass to enter: the worst kept one's once `limit` are kept.
    fn threshold(&self) -> Score {
        match self.heap.peek() {
            Some(Reverse(worst)) if self.heap.len() == self.limit => worst.0,
            _ => Score::MIN,
        }
    }

    fn push(&mut self, score: Score, address: DocAddress) {
        let ranked = Ranked(score, address);
        if self.heap.len() < self.limit {
            self.heap.push(Reverse(ranked));
        } else if let Some(mut worst) = self.heap.peek_mut()
            && ranked > worst.0
        {
            *worst = Reverse(ranked);
        }
    }

    fn into_sorted(self) -> Vec<(Score, DocAddress)> {
        let ranked = self.heap.into_sorted_vec();
        ranked
            .into_iter()
            .map(|Reverse(Ranked(score, address))| (score, address))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use tantivy::Term;
    use tantivy::collector::TopDocs;
    use tantivy::query::{BooleanQuery, Occur, TermQuery};
    use tantivy::schema::IndexRecordOption;

    use super::*;
    use crate::search::test_segments::{index_of, numbers};

    /// Five segments of captions of one to six words out of four, a few of them deleted: the
    /// best matches, as many as asked, are Tantivy's own, in its order (ties included).
    #[test]
    fn the_best_matches_over_segments_are_those_of_tantivys_collector() {
        let words = ["blue", "sea", "boat", "sky"];
        let mut next = numbers(7);
        let mut random_caption = || {
            let length = 1 + next(6);
            let text: Vec<&str> = (0..length).map(|_| words[next(4) as usize]).collect();
            text.join(" ")
        };
        let segments: Vec<Vec<String>> = (0..5)
            .map(|_| (0..400).map(|_| random_caption()).collect())
            .collect();
        let (searcher, caption) = index_of(&segments, |_, n| n % 37 == 0);
        let term = |word| -> Box<dyn Query> {
            let term = Term::from_field_text(caption, word);
            Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs))
        };
        let both = BooleanQuery::new(vec![
            (Occur::Must, term("blue")),
            (Occur::Must, term("sea")),
        ]);
        let queries: [&dyn Query; 3] = [&*term("boat"), &both, &*term("nothing")];
        for query in queries {
            for limit in [1, 7, 64, 500, 3000] {
                let expected = searcher
                    .search(query, &TopDocs::with_limit(limit).order_by_score())
                    .unwrap();
                assert_eq!(best(&searcher, query, limit).unwrap(), expected);
            }
        }
    }
}
