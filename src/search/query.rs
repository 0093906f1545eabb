//! Searching pins: by text (relevance order) or by tag (newest first), and tag suggestions;
//! the viewer's right to see a pin is part of every query, so counts and pages stay exact.

use std::collections::BTreeSet;
use std::ops::Bound;

use anyhow::Context;
use tantivy::collector::{Count, TopDocs};
use tantivy::columnar::Column;
use tantivy::query::{BooleanQuery, BoostQuery, Occur, Query, RangeQuery, TermQuery};
use tantivy::schema::{IndexRecordOption, Value};
use tantivy::{DocAddress, Order, Searcher, TantivyDocument, Term};

use super::{RESTRICTED, SearchIndex, audience_term, fold, private_word, words};
use crate::domain::ids::UserId;
use crate::domain::policy::AudienceKey;
use crate::error::AppResult;
use crate::store::pin_order::Direction;

/// What a search asks for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Wanted {
    Text(String),
    Tag(String),
}

/// How many distinct tags a suggestion looks at, at most.
const SUGGESTION_CANDIDATES: usize = 500;

impl SearchIndex {
    fn term_u64(&self, field: tantivy::schema::Field, value: u64) -> Box<dyn Query> {
        Box::new(TermQuery::new(
            Term::from_field_u64(field, value),
            IndexRecordOption::Basic,
        ))
    }

    /// Pins the viewer may not see: restricted ones whose audience does not hold the viewer.
    fn hidden_from(&self, viewer: Option<UserId>) -> Box<dyn Query> {
        let restricted = self.term_u64(self.fields.audience, RESTRICTED);
        match viewer {
            None => restricted,
            Some(viewer) => Box::new(BooleanQuery::new(vec![
                (Occur::Must, restricted),
                (
                    Occur::MustNot,
                    self.term_u64(
                        self.fields.audience,
                        audience_term(AudienceKey::Reader(viewer)),
                    ),
                ),
            ])),
        }
    }

    /// The query for `wanted`, without the pins the viewer may not see; `None` when nothing can
    /// match. One flat query: the words, then the exclusion, which only looks at the candidates.
    fn query(&self, viewer: Option<UserId>, wanted: &Wanted) -> Option<BooleanQuery> {
        let mut clauses = match wanted {
            Wanted::Text(text) => self.text_clauses(viewer, text)?,
            Wanted::Tag(tag) => vec![(
                Occur::Must,
                Box::new(TermQuery::new(
                    Term::from_field_text(
                        self.fields.tag,
                        &fold(tag.trim().trim_start_matches('#')),
                    ),
                    IndexRecordOption::Basic,
                )) as Box<dyn Query>,
            )],
        };
        clauses.push((Occur::MustNot, self.hidden_from(viewer)));
        Some(BooleanQuery::new(clauses))
    }

    /// Pins with every word of `text` (folded, as a person typed it: no query syntax, so no
    /// field of the index can be named), in any of their words or in the title of a private
    /// board of theirs that the viewer may see; words in the title or tags rank higher.
    fn text_clauses(
        &self,
        viewer: Option<UserId>,
        text: &str,
    ) -> Option<Vec<(Occur, Box<dyn Query>)>> {
        let fields = &self.fields;
        let words = words(text);
        if words.is_empty() {
            return None;
        }
        let term = |field, word: &str| -> Box<dyn Query> {
            let term = Term::from_field_text(field, word);
            Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs))
        };
        let mut clauses = Vec::new();
        for word in &words {
            let anywhere = match viewer {
                None => term(fields.all, word),
                Some(viewer) => Box::new(BooleanQuery::new(vec![
                    (Occur::Should, term(fields.all, word)),
                    (
                        Occur::Should,
                        term(fields.private_board_words, &private_word(viewer, word)),
                    ),
                ])),
            };
            clauses.push((Occur::Must, anywhere));
            for (field, boost) in [(fields.title, 3.0), (fields.tags_text, 2.0)] {
                clauses.push((
                    Occur::Should,
                    Box::new(BoostQuery::new(term(field, word), boost)) as Box<dyn Query>,
                ));
            }
        }
        Some(clauses)
    }

    /// How many pins match.
    pub fn count(&self, viewer: Option<UserId>, wanted: &Wanted) -> AppResult<usize> {
        let Some(query) = self.query(viewer, wanted) else {
            return Ok(0);
        };
        Ok(self
            .reader
            .searcher()
            .search(&query, &Count)
            .context("search failed")?)
    }

    /// Pin ids of a text search by relevance, `limit` of them from rank `offset`, and how many
    /// pins match in all (both from one pass over the index).
    pub(super) fn search_by_relevance(
        &self,
        viewer: Option<UserId>,
        text: &str,
        offset: usize,
        limit: usize,
    ) -> AppResult<(Vec<u64>, usize)> {
        let Some(query) = self.query(viewer, &Wanted::Text(text.to_owned())) else {
            return Ok((Vec::new(), 0));
        };
        let searcher = self.reader.searcher();
        let collector = TopDocs::with_limit(limit.max(1))
            .and_offset(offset)
            .order_by_score();
        let (count, found) = searcher
            .search(&query, &(Count, collector))
            .context("search failed")?;
        Ok((pin_ids(&searcher, &found)?, count))
    }

    /// Pin ids with a tag, newest first (`Down`) or oldest first (`Up`), beyond pin `from`, and
    /// how many pins with the tag lie beyond it (all of them without `from`).
    pub(super) fn search_by_tag(
        &self,
        viewer: Option<UserId>,
        tag: &str,
        from: Option<u64>,
        direction: Direction,
        limit: usize,
    ) -> AppResult<(Vec<u64>, usize)> {
        let Some(query) = self.query(viewer, &Wanted::Tag(tag.to_owned())) else {
            return Ok((Vec::new(), 0));
        };
        let id = |value| Term::from_field_u64(self.fields.id, value);
        let order = match direction {
            Direction::Down => Order::Desc,
            Direction::Up => Order::Asc,
        };
        let beyond: Option<Box<dyn Query>> = from.map(|from| -> Box<dyn Query> {
            Box::new(match direction {
                Direction::Down => RangeQuery::new(Bound::Unbounded, Bound::Excluded(id(from))),
                Direction::Up => RangeQuery::new(Bound::Excluded(id(from)), Bound::Unbounded),
            })
        });
        let mut clauses = vec![(Occur::Must, Box::new(query) as Box<dyn Query>)];
        clauses.extend(beyond.map(|range| (Occur::Must, range)));
        let query = BooleanQuery::new(clauses);
        let collector = TopDocs::with_limit(limit.max(1)).order_by_fast_field::<u64>("id", order);
        let (count, found) = self
            .reader
            .searcher()
            .search(&query, &(Count, collector))
            .context("search failed")?;
        Ok((found.into_iter().filter_map(|(id, _)| id).collect(), count))
    }

    /// Tags starting with `token` on pins the viewer may see, most used first, without
    /// `exclude`; each with how many of those pins carry it.
    pub fn suggest_tags(
        &self,
        viewer: Option<UserId>,
        token: &str,
        exclude: &[String],
        first: usize,
    ) -> AppResult<Vec<(String, usize)>> {
        let prefix = fold(token.trim().trim_start_matches('#'));
        if prefix.is_empty() {
            return Ok(Vec::new());
        }
        let excluded: BTreeSet<String> = exclude.iter().map(|tag| fold(tag)).collect();
        let searcher = self.reader.searcher();
        let mut candidates = BTreeSet::new();
        for segment in searcher.segment_readers() {
            let inverted = segment
                .inverted_index(self.fields.tag)
                .context("cannot read tags")?;
            let mut terms = inverted
                .terms()
                .range()
                .ge(prefix.as_bytes())
                .into_stream()
                .context("cannot read tags")?;
            while terms.advance() && candidates.len() < SUGGESTION_CANDIDATES {
                let Ok(term) = std::str::from_utf8(terms.key()) else {
                    continue;
                };
                if !term.starts_with(&prefix) {
                    break;
                }
                if !excluded.contains(term) {
                    candidates.insert(term.to_owned());
                }
            }
        }
        let mut counted = Vec::new();
        for tag in candidates {
            let count = self.count(viewer, &Wanted::Tag(tag.clone()))?;
            if count > 0 {
                counted.push((tag, count));
            }
        }
        counted.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        counted.truncate(first);
        counted
            .into_iter()
            .map(|(tag, count)| Ok((self.written_form(&searcher, viewer, tag)?, count)))
            .collect()
    }

    /// A tag as a pin the viewer may see writes it ('Café' for 'cafe').
    fn written_form(
        &self,
        searcher: &Searcher,
        viewer: Option<UserId>,
        folded: String,
    ) -> AppResult<String> {
        let Some(query) = self.query(viewer, &Wanted::Tag(folded.clone())) else {
            return Ok(folded);
        };
        let newest = TopDocs::with_limit(1).order_by_score();
        let found = searcher.search(&query, &newest).context("search failed")?;
        let Some((_, address)) = found.first() else {
            return Ok(folded);
        };
        let document: TantivyDocument = searcher.doc(*address).context("cannot read a hit")?;
        Ok(document
            .get_all(self.fields.tag_name)
            .filter_map(|value| value.as_str())
            .find(|written| fold(written) == folded)
            .map_or(folded, str::to_owned))
    }
}

/// The pin ids of hits, read from the `id` fast field (one column per segment, not the stored
/// documents).
fn pin_ids(searcher: &Searcher, hits: &[(f32, DocAddress)]) -> AppResult<Vec<u64>> {
    let mut columns: Vec<Option<Column<u64>>> = vec![None; searcher.segment_readers().len()];
    hits.iter()
        .map(|(_, address)| {
            let slot = &mut columns[address.segment_ord as usize];
            if slot.is_none() {
                let column = searcher
                    .segment_reader(address.segment_ord)
                    .fast_fields()
                    .u64("id")
                    .context("cannot read pin ids")?;
                *slot = Some(column);
            }
            Ok(slot
                .as_ref()
                .and_then(|column| column.first(address.doc_id))
                .unwrap_or_default())
        })
        .collect()
}
