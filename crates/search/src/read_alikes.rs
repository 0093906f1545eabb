//! Pins that read alike one pin: Tantivy's `MoreLikeThisQuery` over the pin's title, caption and
//! tags, weighted as its document weighs them, asked of the words the viewer may find (the
//! public `words`, and a signed-in viewer's own `reader_words`), as a text search is.

use anyhow::Context;
use tantivy::collector::TopDocs;
use tantivy::query::MoreLikeThisQuery;
use tantivy::schema::OwnedValue;

use super::document::{TAG_WEIGHT, TITLE_WEIGHT};
use super::{SearchIndex, pin_ids, private_word, words};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;
use corkboard_domain::pin::PinRecord;

/// The most words of a pin asked: the rarest, as they tell the most.
const MOST_WORDS: usize = 12;
/// A word in more pins than this share of them (one in 50) tells little, and reading its
/// postings would cost the most: it is left out (but never below `WORD_IN_AT_LEAST` pins).
const COMMON_SHARE: u64 = 50;
const WORD_IN_AT_LEAST: u64 = 1_000;

impl SearchIndex {
    /// Up to `limit` pins that read alike `pin`, best first, with their scores; never `pin`
    /// itself. The viewer's own private words count, but the hits are not narrowed to what the
    /// viewer may see: the caller checks each with the policy.
    pub fn read_alikes(
        &self,
        viewer: Option<UserId>,
        pin: &PinRecord,
        limit: usize,
    ) -> AppResult<Vec<(u64, f32)>> {
        let searcher = self.reader().searcher();
        let texts = texts_of(pin);
        let public = texts.iter().map(|text| OwnedValue::Str(text.to_string()));
        let mut fields = vec![(self.fields.words, public.collect())];
        if let Some(viewer) = viewer {
            // `reader_words` holds words whole: the pin's words, folded, each as the viewer's.
            let own = texts
                .iter()
                .flat_map(|text| words(text))
                .map(|word| OwnedValue::Str(private_word(viewer, &word)));
            fields.push((self.fields.reader_words, own.collect()));
        }
        let most_common = (searcher.num_docs() / COMMON_SHARE).max(WORD_IN_AT_LEAST);
        // One flat disjunction of the words, read as one union of their postings (Tantivy asks
        // them without frequencies; block-WAND over them, asked with frequencies, measured slower
        // at 1M pins: 2,041 against 1,422 µs a request signed in). The pin itself and what the
        // viewer may not see are left out of the hits after, not in the query.
        let query = MoreLikeThisQuery::builder()
            .with_min_doc_frequency(2)
            .with_max_doc_frequency(most_common)
            .with_min_term_frequency(1)
            .with_min_word_length(2)
            .with_max_query_terms(MOST_WORDS * fields.len())
            .with_document_fields(fields);
        let top = TopDocs::with_limit(limit + 1).order_by_score();
        let hits = searcher.search(&query, &top).context("search failed")?;
        let ids = pin_ids(&self.id_columns(&searcher)?, &hits);
        Ok(ids
            .into_iter()
            .zip(hits.iter().map(|hit| hit.0))
            .filter(|(id, _)| *id != pin.id.0)
            .take(limit)
            .collect())
    }
}

/// The pin's own words, the title and tags as many times as its document holds them.
fn texts_of(pin: &PinRecord) -> Vec<&str> {
    let mut texts = Vec::new();
    if let Some(title) = &pin.title {
        texts.extend([title.as_str(); TITLE_WEIGHT]);
    }
    texts.push(pin.caption.as_str());
    for tag in &pin.tags {
        texts.extend([tag.as_str(); TAG_WEIGHT]);
    }
    texts
}
