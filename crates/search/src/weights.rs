//! Words' BM25 weights over the whole index, each found once an index generation: finding one
//! looks the word up in every segment.

use std::collections::HashMap;
use std::sync::Mutex;

use tantivy::query::Bm25Weight;
use tantivy::{Searcher, Term};

use super::ranking::weight;
use corkboard_domain::error::AppResult;

/// How many words' weights are kept; they start again when full.
const KEPT_WEIGHTS: usize = 4096;

/// The weights of the words searched lately, for the generation of the index's one reader (a
/// reader numbers its generations).
#[derive(Default)]
pub(crate) struct Weights(Mutex<Kept>);

#[derive(Default)]
struct Kept {
    /// The index generation the weights are of.
    generation: u64,
    weights: HashMap<Term, Bm25Weight, foldhash::fast::RandomState>,
}

impl Weights {
    /// `term`'s weight over the index `searcher` reads, as Tantivy weighs a term of a query.
    pub fn of(&self, searcher: &Searcher, term: &Term) -> AppResult<Bm25Weight> {
        let generation = searcher.generation().generation_id();
        let lock = || self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(kept) = Some(lock()).filter(|kept| kept.generation == generation)
            && let Some(weight) = kept.weights.get(term)
        {
            return Ok(weight.clone());
        }
        let weight = weight(searcher, term)?;
        // A searcher of an older generation keeps nothing: the kept weights are the newer one's.
        let mut kept = lock();
        if kept.generation < generation {
            kept.generation = generation;
            kept.weights.clear();
        }
        if kept.generation == generation {
            if kept.weights.len() >= KEPT_WEIGHTS {
                kept.weights.clear();
            }
            kept.weights.insert(term.clone(), weight.clone());
        }
        Ok(weight)
    }
}

#[cfg(test)]
mod tests {
    use tantivy::schema::{Schema, TEXT};
    use tantivy::{Index, doc};

    use super::*;

    #[test]
    fn a_weight_is_tantivys_and_follows_the_index() {
        let mut schema = Schema::builder();
        let caption = schema.add_text_field("caption", TEXT);
        let index = Index::create_in_ram(schema.build());
        let mut writer = index.writer_with_num_threads(1, 15_000_000).unwrap();
        let reader = index.reader().unwrap();
        let sea = Term::from_field_text(caption, "sea");
        let weights = Weights::default();
        let same_as_tantivys = |searcher: &Searcher, weight: &Bm25Weight| {
            let tantivys = Bm25Weight::for_terms(searcher, std::slice::from_ref(&sea)).unwrap();
            for (length, term_freq) in [(0, 1), (12, 1), (12, 3), (200, 7)] {
                let (ours, theirs) = (
                    weight.score(length, term_freq),
                    tantivys.score(length, term_freq),
                );
                assert_eq!(ours.to_bits(), theirs.to_bits(), "{length} {term_freq}");
            }
        };
        let mut scores = Vec::new();
        for captions in [
            &["sea", "harbour lights", "sea sea gull"][..],
            &["sea wall"; 40],
        ] {
            for text in captions {
                writer.add_document(doc!(caption => *text)).unwrap();
            }
            writer.commit().unwrap();
            reader.reload().unwrap();
            let searcher = reader.searcher();
            let weight = weights.of(&searcher, &sea).unwrap();
            same_as_tantivys(&searcher, &weight);
            same_as_tantivys(&searcher, &weights.of(&searcher, &sea).unwrap());
            scores.push(weight.score(12, 1));
        }
        assert_ne!(scores[0], scores[1], "a commit changes the weight");
    }
}
