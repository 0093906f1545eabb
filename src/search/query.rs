//! Searching pins: by text (relevance order) or by tag (newest first), and tag suggestions;
//! the viewer's right to see a pin is part of every query, so pages and counts (up to 10,000)
//! stay right.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Bound;

use anyhow::Context;
use tantivy::collector::TopDocs;
use tantivy::columnar::Column;
use tantivy::query::{BooleanQuery, EnableScoring, Occur, Query, RangeQuery, TermQuery};
use tantivy::schema::{IndexRecordOption, Value};
use tantivy::{
    COLLECT_BLOCK_BUFFER_LEN, DocAddress, DocSet, Order, Searcher, TERMINATED, TantivyDocument,
    Term,
};

use super::{COUNTED_AT_MOST, RESTRICTED, SearchIndex, audience_term, fold, private_word, words};
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

    /// The query for `wanted`, of the pins the viewer may see; `None` when nothing can match.
    fn query(
        &self,
        searcher: &Searcher,
        viewer: Option<UserId>,
        wanted: &Wanted,
    ) -> Option<Box<dyn Query>> {
        match wanted {
            Wanted::Text(text) => self.text_query(searcher, viewer, text),
            Wanted::Tag(tag) => {
                let tag = fold(tag.trim().trim_start_matches('#'));
                let term = Term::from_field_text(self.fields.tag, &tag);
                Some(Box::new(BooleanQuery::new(vec![
                    (
                        Occur::Must,
                        Box::new(TermQuery::new(term, IndexRecordOption::Basic)),
                    ),
                    (Occur::MustNot, self.hidden_from(viewer)),
                ])))
            }
        }
    }

    /// Pins with every word of `text` (folded, as a person typed it: no query syntax, so no
    /// field of the index can be named) among the words the viewer may find: those of public
    /// pins, and their own in `reader_words`. A word of nobody's reader words asks `words`
    /// alone, so that most searches are an intersection of terms, which Tantivy ranks without
    /// scoring every match (block-max WAND).
    fn text_query(
        &self,
        searcher: &Searcher,
        viewer: Option<UserId>,
        text: &str,
    ) -> Option<Box<dyn Query>> {
        let term = |field, word: &str| {
            TermQuery::new(
                Term::from_field_text(field, word),
                IndexRecordOption::WithFreqs,
            )
        };
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for word in words(text) {
            let public = term(self.fields.words, &word);
            let own = viewer
                .map(|viewer| term(self.fields.reader_words, &private_word(viewer, &word)))
                .filter(|own| searcher.doc_freq(own.term()).is_ok_and(|found| found > 0));
            let anywhere: Box<dyn Query> = match own {
                None => Box::new(public),
                Some(own) => Box::new(BooleanQuery::new(vec![
                    (Occur::Should, Box::new(public) as Box<dyn Query>),
                    (Occur::Should, Box::new(own)),
                ])),
            };
            clauses.push((Occur::Must, anywhere));
        }
        match clauses.len() {
            0 => None,
            1 => clauses.pop().map(|(_, query)| query),
            _ => Some(Box::new(BooleanQuery::new(clauses))),
        }
    }

    /// How many pins match, counted up to `COUNTED_AT_MOST + 1` (which means "more").
    pub(super) fn count(
        &self,
        searcher: &Searcher,
        viewer: Option<UserId>,
        wanted: &Wanted,
    ) -> AppResult<usize> {
        let Some(query) = self.query(searcher, viewer, wanted) else {
            return Ok(0);
        };
        let weight = query
            .weight(EnableScoring::disabled_from_searcher(searcher))
            .context("search failed")?;
        let mut count = 0;
        let mut docs = [0; COLLECT_BLOCK_BUFFER_LEN];
        for segment in searcher.segment_readers() {
            let mut matches = weight.scorer(segment, 1.0).context("search failed")?;
            let alive = segment.alive_bitset();
            loop {
                let filled = matches.fill_buffer(&mut docs);
                count += match alive {
                    None => filled,
                    Some(alive) => docs[..filled]
                        .iter()
                        .filter(|doc| alive.is_alive(**doc))
                        .count(),
                };
                if count > COUNTED_AT_MOST {
                    return Ok(COUNTED_AT_MOST + 1);
                }
                if filled < docs.len() {
                    break;
                }
            }
        }
        Ok(count)
    }

    /// How many pins the viewer may see carry `tag` (folded): every document with the tag
    /// (a term's count, which Tantivy knows without a walk in a segment without deletions) less
    /// the hidden ones, found within the restricted pins, which are few.
    fn tag_count(
        &self,
        searcher: &Searcher,
        viewer: Option<UserId>,
        tag: &str,
    ) -> AppResult<usize> {
        let tagged = || {
            Box::new(TermQuery::new(
                Term::from_field_text(self.fields.tag, tag),
                IndexRecordOption::Basic,
            ))
        };
        let hidden = BooleanQuery::new(vec![
            (Occur::Must, tagged() as Box<dyn Query>),
            (Occur::Must, self.hidden_from(viewer)),
        ]);
        let all = tagged().count(searcher).context("search failed")?;
        Ok(all - hidden.count(searcher).context("search failed")?)
    }

    /// Pin ids of a text search by relevance, `limit` of them from rank `offset`.
    pub(super) fn search_by_relevance(
        &self,
        searcher: &Searcher,
        viewer: Option<UserId>,
        text: &str,
        offset: usize,
        limit: usize,
    ) -> AppResult<Vec<u64>> {
        let Some(query) = self.query(searcher, viewer, &Wanted::Text(text.to_owned())) else {
            return Ok(Vec::new());
        };
        let best = TopDocs::with_limit(limit.max(1))
            .and_offset(offset)
            .order_by_score();
        let found = searcher.search(&query, &best).context("search failed")?;
        pin_ids(searcher, &found)
    }

    /// Pin ids with a tag, newest first (`Down`) or oldest first (`Up`), beyond pin `from`.
    pub(super) fn search_by_tag(
        &self,
        searcher: &Searcher,
        viewer: Option<UserId>,
        tag: &str,
        from: Option<u64>,
        direction: Direction,
        limit: usize,
    ) -> AppResult<Vec<u64>> {
        let Some(query) = self.query(searcher, viewer, &Wanted::Tag(tag.to_owned())) else {
            return Ok(Vec::new());
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
        let mut clauses = vec![(Occur::Must, query)];
        clauses.extend(beyond.map(|range| (Occur::Must, range)));
        let query = BooleanQuery::new(clauses);
        let collector = TopDocs::with_limit(limit.max(1)).order_by_fast_field::<u64>("id", order);
        let found = searcher
            .search(&query, &collector)
            .context("search failed")?;
        Ok(found.into_iter().filter_map(|(id, _)| id).collect())
    }

    /// Tags starting with `token` on pins the viewer may see, most used first, without
    /// `exclude`; each with how many of those pins carry it. Tags are counted in the order of
    /// how many documents carry them, until no tag left could reach the `first` shown.
    pub fn suggest_tags(
        &self,
        viewer: Option<UserId>,
        token: &str,
        exclude: &[String],
        first: usize,
    ) -> AppResult<Vec<(String, usize)>> {
        let prefix = fold(token.trim().trim_start_matches('#'));
        if prefix.is_empty() || first == 0 {
            return Ok(Vec::new());
        }
        let excluded: BTreeSet<String> = exclude.iter().map(|tag| fold(tag)).collect();
        let searcher = self.reader.searcher();
        // The first candidates in alphabetical order, each with how many documents carry it:
        // at least as many as the pins the viewer may see with it, so the first ones counted
        // can end the counting. A segment holding one of the first candidates overall holds it
        // among its own first ones, so its sum is whole.
        let mut candidates: BTreeMap<String, usize> = BTreeMap::new();
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
            let mut taken = 0;
            while taken < SUGGESTION_CANDIDATES && terms.advance() {
                let Ok(term) = std::str::from_utf8(terms.key()) else {
                    continue;
                };
                if !term.starts_with(&prefix) {
                    break;
                }
                if !excluded.contains(term) {
                    *candidates.entry(term.to_owned()).or_default() +=
                        terms.value().doc_freq as usize;
                    taken += 1;
                }
            }
        }
        let mut ranked: Vec<(String, usize)> =
            candidates.into_iter().take(SUGGESTION_CANDIDATES).collect();
        ranked.sort_by(most_first);
        let mut counted: Vec<(String, usize)> = Vec::new();
        for (tag, at_most) in ranked {
            if counted.len() >= first && counted[first - 1].1 > at_most {
                break;
            }
            let count = self.tag_count(&searcher, viewer, &tag)?;
            if count > 0 {
                counted.push((tag, count));
                counted.sort_by(most_first);
            }
        }
        counted.truncate(first);
        counted
            .into_iter()
            .map(|(tag, count)| Ok((self.written_form(&searcher, viewer, tag)?, count)))
            .collect()
    }

    /// A tag as a pin the viewer may see writes it ('Café' for 'cafe'): the first one found.
    fn written_form(
        &self,
        searcher: &Searcher,
        viewer: Option<UserId>,
        folded: String,
    ) -> AppResult<String> {
        let Some(query) = self.query(searcher, viewer, &Wanted::Tag(folded.clone())) else {
            return Ok(folded);
        };
        let weight = query
            .weight(EnableScoring::disabled_from_searcher(searcher))
            .context("search failed")?;
        for (ord, segment) in searcher.segment_readers().iter().enumerate() {
            let mut matches = weight.scorer(segment, 1.0).context("search failed")?;
            let alive = segment.alive_bitset();
            while matches.doc() != TERMINATED
                && alive.is_some_and(|alive| !alive.is_alive(matches.doc()))
            {
                matches.advance();
            }
            if matches.doc() == TERMINATED {
                continue;
            }
            let address = DocAddress::new(ord as u32, matches.doc());
            let document: TantivyDocument = searcher.doc(address).context("cannot read a hit")?;
            return Ok(document
                .get_all(self.fields.tag_name)
                .filter_map(|value| value.as_str())
                .find(|written| fold(written) == folded)
                .map_or(folded, str::to_owned));
        }
        Ok(folded)
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

/// Tags by count, most first, then by name.
fn most_first(a: &(String, usize), b: &(String, usize)) -> std::cmp::Ordering {
    b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0))
}
