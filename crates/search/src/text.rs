//! Text search: the pins with every word of a text among the words the viewer may find, scored
//! by Tantivy's BM25 (`BooleanQuery`, `TopDocs`) and counted in the same pass (`Count`),
//! optionally among the pins of one board, one person or pictures of one colour.

use anyhow::Context;
use tantivy::collector::{Count, TopDocs};
use tantivy::query::{BooleanQuery, ConstScoreQuery, Occur, Query, TermQuery};
use tantivy::schema::IndexRecordOption;
use tantivy::{Searcher, Term};

use super::query::Narrowing;
use super::{COUNTED_AT_MOST, Fields, SearchIndex, pin_ids, private_word, words};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;

impl SearchIndex {
    /// Pin ids of a text search in relevance order, `limit` of them from rank `offset`, among
    /// the pins `within` narrows it to, and how many pins match: `total` when known, else
    /// counted up to `COUNTED_AT_MOST + 1` in the same pass.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn text_page(
        &self,
        searcher: &Searcher,
        viewer: Option<UserId>,
        text: &str,
        within: Narrowing,
        offset: usize,
        limit: usize,
        total: Option<usize>,
    ) -> AppResult<(Vec<u64>, usize)> {
        let Some(mut query) = text_query(&self.fields, viewer, text) else {
            return Ok((Vec::new(), 0));
        };
        let narrowing = [
            (self.fields.board, within.board),
            (self.fields.owner, within.owner),
            (
                self.fields.colour,
                within.colour.map(|colour| colour.number()),
            ),
        ];
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = narrowing
            .into_iter()
            .filter_map(|(field, value)| Some((field, value?)))
            .map(|(field, value)| {
                let term =
                    TermQuery::new(Term::from_field_u64(field, value), IndexRecordOption::Basic);
                // Unscored: it narrows the matches and leaves their order as it was.
                let narrowed: Box<dyn Query> = Box::new(ConstScoreQuery::new(Box::new(term), 0.0));
                (Occur::Must, narrowed)
            })
            .collect();
        if !clauses.is_empty() {
            clauses.push((Occur::Must, query));
            query = Box::new(BooleanQuery::new(clauses));
        }
        // Highest score first, the lower address first among equal ones.
        let top = TopDocs::with_limit(limit.max(1))
            .and_offset(offset)
            .order_by_score();
        let (mut hits, total) = match total {
            Some(total) => {
                let hits = searcher.search(&*query, &top).context("search failed")?;
                (hits, total)
            }
            None => {
                let found = searcher.search(&*query, &(top, Count));
                let (hits, count) = found.context("search failed")?;
                (hits, count.min(COUNTED_AT_MOST + 1))
            }
        };
        hits.truncate(limit);
        Ok((pin_ids(&self.id_columns(searcher)?, &hits), total))
    }
}

/// The pins with every word of `text` (folded, as a person typed it: no query syntax, so no
/// field of the index can be named) among the words the viewer may find: the public words, and
/// for a signed-in viewer their own (`reader_words`), a pin holding a word in both scored by
/// both. A restricted pin's words are all in `reader_words`, so the fields themselves keep to
/// what the viewer may see; `None` when `text` has no word.
fn text_query(fields: &Fields, viewer: Option<UserId>, text: &str) -> Option<Box<dyn Query>> {
    let scored = |term: Term| -> Box<dyn Query> {
        Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs))
    };
    let mut each: Vec<(Occur, Box<dyn Query>)> = words(text)
        .into_iter()
        .map(|word| {
            let public = scored(Term::from_field_text(fields.words, &word));
            let either: Box<dyn Query> = match viewer {
                None => public,
                Some(viewer) => {
                    let own =
                        Term::from_field_text(fields.reader_words, &private_word(viewer, &word));
                    Box::new(BooleanQuery::new(vec![
                        (Occur::Should, public),
                        (Occur::Should, scored(own)),
                    ]))
                }
            };
            (Occur::Must, either)
        })
        .collect();
    match each.len() {
        0 => None,
        1 => Some(each.remove(0).1),
        _ => Some(Box::new(BooleanQuery::new(each))),
    }
}

#[cfg(test)]
mod tests {
    use tantivy::collector::TopDocs;

    use crate::{COUNTED_AT_MOST, SearchIndex, pin_ids};
    use corkboard_domain::board::BoardRecord;
    use corkboard_domain::error::AppResult;
    use corkboard_domain::ids::{BoardId, PinId, UserId};
    use corkboard_domain::pin::{PinRecord, PinText};
    use corkboard_domain::user::UserRecord;
    use corkboard_store::{Store, board_writes, pin_writes, pins, users};

    /// Caption words, the first far more common than the last (a word at place `n` is drawn
    /// about `1 / sqrt(n)` as often as the first).
    const WORDS: &[&str] = &[
        "light", "morning", "old", "harbour", "blue", "quiet", "street", "window", "garden",
        "river", "stone", "wooden", "table", "market", "autumn", "bridge", "candle", "dune",
        "ember", "fjord", "glacier", "heron", "ivy", "juniper", "kettle", "lantern", "moss",
        "nettle", "orchard", "pebble", "quarry", "rook", "saffron", "thistle", "umber", "vale",
        "willow", "yarrow", "zephyr", "café",
    ];
    const TAGS: &[&str] = &["travel", "food", "sea", "Été", "ink"];
    const USERS: u64 = 4;

    /// Four users, each with a public board and a private one (user 1's shared with user 2,
    /// titled with words captions have too); 3,000 pins of skewed words, some with a title or
    /// tags, on one board or two; then some edited and some deleted, in commits of their own
    /// (more segments, and deletions in them).
    fn corpus(dir: &std::path::Path) -> SearchIndex {
        let mut next = numbers(31);
        let word = |next: &mut dyn FnMut(u64) -> u64| {
            let x = next(1 << 20) as f64 / (1 << 20) as f64;
            WORDS[((x * x) * WORDS.len() as f64) as usize]
        };
        let store = Store::open(&dir.join("db.redb")).unwrap();
        let text = |next: &mut dyn FnMut(u64) -> u64, most: u64| {
            let length = 1 + next(most);
            let words: Vec<&str> = (0..length).map(|_| word(next)).collect();
            words.join(" ")
        };
        let ids = store
            .write(|write| {
                let mut on: Vec<(UserId, BoardId, BoardId)> = Vec::new();
                for user in 1..=USERS {
                    let name = format!("user{user}");
                    let email = format!("{name}@example.org");
                    let user = users::insert(write, UserRecord::new(name, email, "".into()))?.id;
                    let public = BoardRecord::new(user, "Open views".into(), None, None, false);
                    let mut private =
                        BoardRecord::new(user, "Quiet harbour plans".into(), None, None, true);
                    if user == UserId(1) {
                        private.shared_with.push(UserId(2));
                    }
                    let public = board_writes::insert(write, public)?.id;
                    on.push((user, public, board_writes::insert(write, private)?.id));
                }
                let mut ids = Vec::new();
                for _ in 0..3_000 {
                    let (user, public, private) = on[next(USERS) as usize];
                    let boards = match next(6) {
                        0 => vec![private],
                        1 => vec![public, private],
                        _ => vec![public],
                    };
                    let tags = (0..next(3))
                        .map(|_| TAGS[next(TAGS.len() as u64) as usize].to_owned())
                        .collect();
                    let pin = PinText {
                        title: (next(3) == 0).then(|| text(&mut next, 3)),
                        caption: text(&mut next, 12),
                        rating: 0,
                        unsafe_content: false,
                        tags,
                    };
                    let record = PinRecord::new(user, Default::default(), None, pin);
                    ids.push(pin_writes::insert(write, record, &boards)?.id);
                }
                Ok(ids)
            })
            .unwrap();
        let index = SearchIndex::open(&dir.join("index")).unwrap();
        index.rebuild(&store).unwrap();
        for changed in ids.chunks(97).take(8) {
            store
                .write(|write| {
                    for (n, id) in changed.iter().enumerate().step_by(3) {
                        let mut pin = pins::get(write, *id)?.unwrap();
                        match n % 2 {
                            0 => pin.caption = format!("{} light light", pin.caption),
                            _ => {
                                pin_writes::remove(write, &pin)?;
                                continue;
                            }
                        }
                        pin_writes::update(write, &pin)?;
                    }
                    AppResult::Ok(())
                })
                .unwrap();
            let changed: Vec<PinId> = changed.to_vec();
            index.update(&store, &changed).unwrap();
        }
        index
    }

    /// A varied corpus, searched by a visitor, by an owner of private boards, by a reader of a
    /// shared one and by a stranger, for one to three words common and rare, a word twice, a
    /// private board's title, a word nowhere: the pages, asked in turn or at any offset of a
    /// fresh cache, past the kept results, are the query's hits in order, and counted as many.
    #[test]
    fn pages_at_any_offset_are_the_querys_hits_in_order_and_counted() {
        let dir = tempfile::tempdir().unwrap();
        let index = corpus(dir.path());
        assert!(index.reader().searcher().segment_readers().len() > 1);
        let asked = [
            "light",
            "morning light",
            "light café",
            "zephyr",
            "old harbour blue",
            "Quiet",
            "plans",
            "plans light",
            "harbour harbour",
            "light morning old quiet",
            "travel sea",
            "user3 willow",
            "unicorn",
            "light unicorn",
            "",
        ];
        let viewers = [None, Some(UserId(1)), Some(UserId(2)), Some(UserId(3))];
        let (mut large, mut own) = (false, false);
        for viewer in viewers {
            for text in asked {
                let hits = all_hits(&index, viewer, text);
                let total = hits.len().min(COUNTED_AT_MOST + 1);
                let mut paged = Vec::new();
                for offset in (0..hits.len() + 50).step_by(50) {
                    let (page, counted) = index
                        .by_relevance(viewer, text, Default::default(), offset, 50)
                        .unwrap();
                    assert_eq!(counted, total, "{viewer:?} {text:?}");
                    paged.extend(page);
                }
                assert_eq!(paged, hits, "{viewer:?} {text:?}");
                let fresh = index.with_fresh_cache();
                for offset in [0, 7, 63, 999, 1003, hits.len().saturating_sub(3)] {
                    let end = (offset + 11).min(hits.len());
                    let want = hits.get(offset.min(end)..end).unwrap_or_default();
                    let page = fresh
                        .by_relevance(viewer, text, Default::default(), offset, 11)
                        .unwrap();
                    assert_eq!(page, (want.to_vec(), total), "{viewer:?} {text:?} {offset}");
                }
                large |= hits.len() > 1_000;
                if viewer.is_some() {
                    own |= hits.len() > all_hits(&index, None, text).len();
                }
            }
        }
        assert!(
            large && own,
            "the corpus has searches past the kept results, and own words"
        );
    }

    /// Every hit of the text query, by score then address: Tantivy's answer in one piece.
    fn all_hits(index: &SearchIndex, viewer: Option<UserId>, text: &str) -> Vec<u64> {
        let searcher = index.reader().searcher();
        let Some(query) = super::text_query(&index.fields, viewer, text) else {
            return Vec::new();
        };
        let all = TopDocs::with_limit(100_000).order_by_score();
        let hits = searcher.search(&*query, &all).unwrap();
        pin_ids(&index.id_columns(&searcher).unwrap(), &hits)
    }

    /// Numbers below a bound, the same ones from the same seed.
    fn numbers(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |below| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % below
        }
    }
}
