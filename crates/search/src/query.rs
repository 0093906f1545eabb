//! Searching pins: by text (relevance order) or by tag (newest first), and tag suggestions;
//! the viewer's right to see a pin is part of every query, so pages and counts (up to 10,000)
//! stay right.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Bound;

use anyhow::Context;
use tantivy::collector::TopDocs;
use tantivy::query::{BooleanQuery, EnableScoring, Occur, Query, RangeQuery, TermQuery};
use tantivy::schema::{IndexRecordOption, Value};
use tantivy::{
    COLLECT_BLOCK_BUFFER_LEN, DocAddress, DocSet, Order, Searcher, TERMINATED, TantivyDocument,
    Term,
};

use super::{COUNTED_AT_MOST, RESTRICTED, SearchIndex, audience_term, fold};
use corkboard_domain::colour::Colour;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;
use corkboard_domain::policy::AudienceKey;
use corkboard_store::walks::Direction;

/// What a search asks for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Wanted {
    /// A text, among the pins `within` narrows it to.
    Text {
        text: String,
        within: Narrowing,
    },
    Tag(String),
}

/// What narrows a text search: the pins of one board (by its id), of one person (by their user
/// id), of pictures of one palette colour; each left out when `None`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Narrowing {
    pub board: Option<u64>,
    pub owner: Option<u64>,
    pub colour: Option<Colour>,
}

/// How many distinct tags a suggestion looks at, at most.
const SUGGESTION_CANDIDATES: usize = 500;

impl SearchIndex {
    pub(crate) fn term_u64(&self, field: tantivy::schema::Field, value: u64) -> Box<dyn Query> {
        Box::new(TermQuery::new(
            Term::from_field_u64(field, value),
            IndexRecordOption::Basic,
        ))
    }

    /// Pins the viewer may not see: restricted ones whose audience does not hold the viewer.
    pub(crate) fn hidden_from(&self, viewer: Option<UserId>) -> Box<dyn Query> {
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

    /// The pins with `tag` (folded) that the viewer may see.
    fn tag_query(&self, viewer: Option<UserId>, tag: &str) -> Box<dyn Query> {
        let tag = fold(tag.trim().trim_start_matches('#'));
        let term = Term::from_field_text(self.fields.tag, &tag);
        Box::new(BooleanQuery::new(vec![
            (
                Occur::Must,
                Box::new(TermQuery::new(term, IndexRecordOption::Basic)),
            ),
            (Occur::MustNot, self.hidden_from(viewer)),
        ]))
    }

    /// How many pins with `tag` the viewer may see, counted up to `COUNTED_AT_MOST + 1`.
    pub(super) fn tag_count_up_to(
        &self,
        searcher: &Searcher,
        viewer: Option<UserId>,
        tag: &str,
    ) -> AppResult<usize> {
        count_up_to(searcher, &*self.tag_query(viewer, tag), COUNTED_AT_MOST + 1)
    }

    /// How many pins the viewer may see carry `tag` (folded): every document with the tag
    /// (a term's count, which Tantivy knows without a walk in a segment without deletions) less
    /// the restricted ones (the same for every viewer, counted once an index generation) but for
    /// those the viewer may read (their own and shared ones, few).
    fn tag_count(
        &self,
        searcher: &Searcher,
        viewer: Option<UserId>,
        tag: &str,
    ) -> AppResult<usize> {
        let tagged = || -> Box<dyn Query> {
            Box::new(TermQuery::new(
                Term::from_field_text(self.fields.tag, tag),
                IndexRecordOption::Basic,
            ))
        };
        let restricted = || self.term_u64(self.fields.audience, RESTRICTED);
        let all = tagged().count(searcher).context("search failed")?;
        let restricted_count = self.restricted_with_tag(searcher, tag, || {
            let query =
                BooleanQuery::new(vec![(Occur::Must, tagged()), (Occur::Must, restricted())]);
            Ok(query.count(searcher).context("search failed")?)
        })?;
        let readable = match viewer {
            None => 0,
            Some(viewer) => {
                let reader = audience_term(AudienceKey::Reader(viewer));
                let query = BooleanQuery::new(vec![
                    (Occur::Must, tagged()),
                    (Occur::Must, restricted()),
                    (Occur::Must, self.term_u64(self.fields.audience, reader)),
                ]);
                query.count(searcher).context("search failed")?
            }
        };
        Ok(all.saturating_sub(restricted_count.saturating_sub(readable)))
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
        let query = self.tag_query(viewer, tag);
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
        let query = self.tag_query(viewer, &folded);
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

/// How many documents match `query`, counted up to `enough`.
fn count_up_to(searcher: &Searcher, query: &dyn Query, enough: usize) -> AppResult<usize> {
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
            if count >= enough {
                return Ok(enough);
            }
            if filled < docs.len() {
                break;
            }
        }
    }
    Ok(count)
}

/// Tags by count, most first, then by name.
fn most_first(a: &(String, usize), b: &(String, usize)) -> std::cmp::Ordering {
    b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use corkboard_store::writing::Writing;

    use crate::SearchIndex;
    use corkboard_domain::board::BoardRecord;
    use corkboard_domain::error::AppResult;
    use corkboard_domain::ids::{BoardId, UserId};
    use corkboard_domain::pin::{PinRecord, PinText};
    use corkboard_domain::user::UserRecord;
    use corkboard_store::{Store, board_writes, pin_writes, users};

    const ANN: UserId = UserId(1);

    /// A pin of Ann's with `caption`.
    fn pin(caption: &str) -> PinRecord {
        let text = PinText {
            title: None,
            caption: caption.into(),
            rating: 0,
            unsafe_content: false,
            tags: Vec::new(),
        };
        PinRecord::new(ANN, Default::default(), None, text)
    }

    /// A store in `dir` where Ann signed up and `fill` wrote, with the search index of it.
    fn indexed<T>(
        dir: &std::path::Path,
        fill: impl FnOnce(&Writing) -> AppResult<T>,
    ) -> (SearchIndex, T) {
        let store = Store::open(&dir.join("db.redb")).unwrap();
        let filled = store
            .write(|write| {
                let record = UserRecord::new("ann".into(), "a@b.c".into(), "".into());
                users::insert(write, record)?;
                fill(write)
            })
            .unwrap();
        let index = SearchIndex::open(&dir.join("index")).unwrap();
        index.rebuild(&store).unwrap();
        (index, filled)
    }

    /// Ann's public board "Sea" holds 30 public pins "blue sea", the last two also on her
    /// private board "Blue holiday"; that one holds 5 private pins "blue sea blue", and one pin
    /// "sunset" is on both boards.
    #[test]
    fn a_search_finds_public_pins_and_the_viewers_own_words_once_each() {
        let dir = tempfile::tempdir().unwrap();
        let (index, (public_only, on_both)) = indexed(dir.path(), |write| {
            let sea = BoardRecord::new(ANN, "Sea".into(), None, None, false);
            let sea = board_writes::insert(write, sea)?.id;
            let holiday = BoardRecord::new(ANN, "Blue holiday".into(), None, None, true);
            let holiday = board_writes::insert(write, holiday)?.id;
            let pinned = |boards: &[BoardId], count| -> AppResult<Vec<u64>> {
                (0..count)
                    .map(|_| Ok(pin_writes::insert(write, pin("blue sea"), boards)?.id.0))
                    .collect()
            };
            let public_only = pinned(&[sea], 28)?;
            let on_both = pinned(&[sea, holiday], 2)?;
            for _ in 0..5 {
                pin_writes::insert(write, pin("blue sea blue"), &[holiday])?;
            }
            pin_writes::insert(write, pin("sunset"), &[sea, holiday])?;
            Ok((public_only, on_both))
        });
        let found = |viewer, text| {
            index
                .by_relevance(viewer, text, Default::default(), 0, 50)
                .unwrap()
        };
        assert_eq!(found(None, "blue sea").1, 30);
        // Her own: the private pins, and "sunset" by its board's title and "Sea".
        let (ranked, total) = found(Some(ANN), "blue sea");
        assert_eq!(total, 36);
        let mut once = ranked.clone();
        once.sort_unstable();
        once.dedup();
        assert_eq!(once.len(), 36);
        // The pins also on her board count its title too, above the public-only ones.
        let rank = |id: &u64| ranked.iter().position(|found| found == id).unwrap();
        let first_public_only = public_only.iter().map(rank).min().unwrap();
        assert!(on_both.iter().all(|id| rank(id) < first_public_only));
        // Pages by offset give the same order.
        let mut pages = Vec::new();
        for offset in (0..36).step_by(4) {
            pages.extend(
                index
                    .by_relevance(Some(ANN), "blue sea", Default::default(), offset, 4)
                    .unwrap()
                    .0,
            );
        }
        assert_eq!(pages, ranked);
        // One word public (the caption), one hers (the private board's title).
        assert_eq!(found(Some(ANN), "sunset holiday").1, 1);
        assert_eq!(found(None, "sunset holiday").1, 0);
        assert_eq!(found(Some(ANN), "holiday").1, 8);
        // One word both public and hers: every pin once, those with it in both places first.
        let (ranked, total) = found(Some(ANN), "blue");
        assert_eq!(total, 36);
        assert_eq!(ranked.iter().collect::<BTreeSet<_>>().len(), 36);
        let rank = |id: &u64| ranked.iter().position(|found| found == id).unwrap();
        let first_public_only = public_only.iter().map(rank).min().unwrap();
        assert!(on_both.iter().all(|id| rank(id) < first_public_only));
        assert_eq!(found(Some(UserId(2)), "holiday").1, 0);
    }

    /// One word both public and among the viewer's own scores a pin by both: her public pin "blue
    /// blue blue" on a private board of a long title ranks above her private pin "sky" on the
    /// private board "Blue", which her own words alone would rank first.
    #[test]
    fn one_word_scores_a_pin_by_its_public_and_its_own_match() {
        let dir = tempfile::tempdir().unwrap();
        let (index, (both, own_only)) = indexed(dir.path(), |write| {
            let board = |title: &str, secret| {
                let board = BoardRecord::new(ANN, title.into(), None, None, secret);
                Ok::<_, corkboard_domain::error::AppError>(board_writes::insert(write, board)?.id)
            };
            let sea = board("Sea", false)?;
            let notes = board("Blue notes of a long trip to the north and back", true)?;
            let blue = board("Blue", true)?;
            let both = pin_writes::insert(write, pin("blue blue blue"), &[sea, notes])?
                .id
                .0;
            let own_only = pin_writes::insert(write, pin("sky"), &[blue])?.id.0;
            Ok((both, own_only))
        });
        let found = |text| {
            index
                .by_relevance(Some(ANN), text, Default::default(), 0, 50)
                .unwrap()
        };
        assert_eq!(found("blue"), (vec![both, own_only], 2));
        assert_eq!(found("blue blue").0, vec![both, own_only]);
    }
}
