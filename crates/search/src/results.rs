//! Search results as pages and neighbours ask for them, from a cache of recent searches: the
//! first pins of each search in order and how many match, kept while the index is unchanged.
//! Paging, stepping through results and visitors asking the same thing do not search again; tag
//! suggestions count each tag's restricted pins once.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use anyhow::Context;
use tantivy::Searcher;
use tantivy::columnar::Column;

use super::SearchIndex;
use super::query::{Narrowing, Wanted};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;
use corkboard_store::walks::Direction;

/// How many pins of a search are kept in order (the first 20 pages).
pub const KEPT_RESULTS: usize = 1000;
/// How many pins of a text search are ranked at first: a page and more. Ranking fewer is
/// faster (Tantivy skips what cannot reach them); later pages rank more, doubling.
const FIRST_RANKED: usize = 64;
/// How many searches are kept; the cache starts again when it is full.
const KEPT_SEARCHES: usize = 256;
/// How many tags' counts of restricted pins are kept; they start again when full.
const KEPT_TAG_COUNTS: usize = 20_000;

type Key = (Option<UserId>, Wanted);

/// The start of one search's results.
struct Found {
    /// The index generation searched: an entry of another generation is stale.
    generation: u64,
    /// The first pin ids in the search's order (relevance, or newest first for a tag).
    ids: Vec<u64>,
    /// How many match, counted up to `COUNTED_AT_MOST + 1`.
    total: usize,
}

impl Found {
    /// Whether `ids` holds every result.
    fn complete(&self) -> bool {
        self.ids.len() == self.total
    }

    /// Whether `ids` holds the first `reach` results, or as many as are kept.
    fn reaches(&self, reach: usize) -> bool {
        self.ids.len() >= reach.min(KEPT_RESULTS) || self.complete()
    }
}

#[derive(Default)]
pub(crate) struct ResultCache {
    entries: Mutex<HashMap<Key, Arc<Found>>>,
    restricted_tags: Mutex<RestrictedTagCounts>,
    id_columns: Mutex<Option<IdColumns>>,
}

/// The `id` column of each segment of one index generation. Opening one decodes its block
/// index, which grows with the segment: a text search at 1M pins spent 3% of its time there.
struct IdColumns {
    generation: u64,
    columns: Arc<Vec<Column<u64>>>,
}

/// How many restricted pins carry each tag, in one index generation.
#[derive(Default)]
struct RestrictedTagCounts {
    generation: u64,
    counts: HashMap<String, usize>,
}

impl SearchIndex {
    /// The start of the results of `wanted` for `viewer`, searched now or remembered: for a
    /// text, at least its first `reach` pins (a tag search keeps `KEPT_RESULTS` at once).
    fn found(
        &self,
        viewer: Option<UserId>,
        wanted: &Wanted,
        reach: usize,
    ) -> AppResult<Arc<Found>> {
        let searcher = self.reader().searcher();
        let generation = searcher.generation().generation_id();
        let key = (viewer, wanted.clone());
        let mut entries = self.cache.entries.lock().unwrap_or_else(|e| e.into_inner());
        let known = entries
            .get(&key)
            .filter(|found| found.generation == generation)
            .cloned();
        drop(entries);
        if let Some(found) = known.as_ref().filter(|found| found.reaches(reach)) {
            return Ok(found.clone());
        }
        // Counted once a search generation: the next pages of a search reuse its count.
        let known_total = known.as_ref().map(|found| found.total);
        let (ids, total) = match wanted {
            Wanted::Text { text, within } => {
                let ranked = reach.next_power_of_two().clamp(FIRST_RANKED, KEPT_RESULTS);
                self.text_page(&searcher, viewer, text, *within, 0, ranked, known_total)?
            }
            Wanted::Tag(tag) => {
                let total = match known_total {
                    Some(total) => total,
                    None => self.tag_count_up_to(&searcher, viewer, tag)?,
                };
                let ids = self.search_by_tag(
                    &searcher,
                    viewer,
                    tag,
                    None,
                    Direction::Down,
                    KEPT_RESULTS,
                )?;
                (ids, total)
            }
        };
        let found = Arc::new(Found {
            generation,
            ids,
            total,
        });
        entries = self.cache.entries.lock().unwrap_or_else(|e| e.into_inner());
        if entries.len() >= KEPT_SEARCHES {
            entries.clear();
        }
        entries.insert(key, found.clone());
        Ok(found)
    }

    /// The `id` column of each segment `searcher` reads, opened once an index generation.
    pub(super) fn id_columns(&self, searcher: &Searcher) -> AppResult<Arc<Vec<Column<u64>>>> {
        let generation = searcher.generation().generation_id();
        // Held while the columns open: searches of a new generation wait for them once.
        let mut kept = self
            .cache
            .id_columns
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(kept) = kept.as_ref().filter(|kept| kept.generation == generation) {
            return Ok(kept.columns.clone());
        }
        let columns = searcher
            .segment_readers()
            .iter()
            .map(|segment| segment.fast_fields().u64("id"))
            .collect::<Result<Vec<_>, _>>()
            .context("cannot read pin ids")?;
        let columns = Arc::new(columns);
        if kept
            .as_ref()
            .is_none_or(|kept| kept.generation < generation)
        {
            *kept = Some(IdColumns {
                generation,
                columns: columns.clone(),
            });
        }
        Ok(columns)
    }

    /// How many restricted pins carry `tag` (folded), as `count` finds in `searcher`: counted
    /// once an index generation, for every viewer's tag suggestions.
    pub(super) fn restricted_with_tag(
        &self,
        searcher: &Searcher,
        tag: &str,
        count: impl FnOnce() -> AppResult<usize>,
    ) -> AppResult<usize> {
        let generation = searcher.generation().generation_id();
        let lock = || {
            self.cache
                .restricted_tags
                .lock()
                .unwrap_or_else(|e| e.into_inner())
        };
        let known = {
            let kept = lock();
            (kept.generation == generation)
                .then(|| kept.counts.get(tag).copied())
                .flatten()
        };
        if let Some(known) = known {
            return Ok(known);
        }
        let counted = count()?;
        let mut kept = lock();
        if kept.generation < generation || kept.counts.len() >= KEPT_TAG_COUNTS {
            *kept = RestrictedTagCounts {
                generation,
                counts: HashMap::new(),
            };
        }
        if kept.generation == generation {
            kept.counts.insert(tag.to_owned(), counted);
        }
        Ok(counted)
    }

    /// Pin ids of a text search by relevance, among the pins `within` narrows it to, `limit` of
    /// them from rank `offset`, and how many pins match (up to `COUNTED_AT_MOST + 1`).
    pub fn by_relevance(
        &self,
        viewer: Option<UserId>,
        text: &str,
        within: Narrowing,
        offset: usize,
        limit: usize,
    ) -> AppResult<(Vec<u64>, usize)> {
        let reach = offset.saturating_add(limit);
        let wanted = Wanted::Text {
            text: text.to_owned(),
            within,
        };
        let found = self.found(viewer, &wanted, reach)?;
        if reach <= found.ids.len() || found.complete() {
            let ids = found.ids.iter().skip(offset).take(limit).copied().collect();
            return Ok((ids, found.total));
        }
        let searcher = self.reader().searcher();
        let known = Some(found.total);
        let (ids, _) = self.text_page(&searcher, viewer, text, within, offset, limit, known)?;
        Ok((ids, found.total))
    }

    /// Pin ids with a tag, newest first (`Down`) or oldest first (`Up`), beyond pin `from`, and
    /// how many pins carry the tag (see `SearchIndex::tag_count_up_to`).
    pub fn by_tag(
        &self,
        viewer: Option<UserId>,
        tag: &str,
        from: Option<u64>,
        direction: Direction,
        limit: usize,
    ) -> AppResult<(Vec<u64>, usize)> {
        let found = self.found(viewer, &Wanted::Tag(tag.to_owned()), KEPT_RESULTS)?;
        let at = match from {
            None => Some(None),
            Some(from) => found.ids.iter().position(|id| *id == from).map(Some),
        };
        let kept = match (at, direction) {
            (Some(None), Direction::Down) => Some((0, limit)),
            (Some(Some(at)), Direction::Down) => Some((at + 1, limit)),
            (Some(Some(at)), Direction::Up) => {
                let start = at.saturating_sub(limit);
                Some((start, at - start))
            }
            _ => None,
        };
        if let Some((start, count)) = kept {
            let end = start + count;
            if end <= found.ids.len() || found.complete() {
                let mut ids: Vec<u64> = found.ids.iter().skip(start).take(count).copied().collect();
                if direction == Direction::Up {
                    ids.reverse();
                }
                return Ok((ids, found.total));
            }
        }
        let searcher = self.reader().searcher();
        let ids = self.search_by_tag(&searcher, viewer, tag, from, direction, limit)?;
        Ok((ids, found.total))
    }
}

#[cfg(test)]
mod tests {
    use chrono::Utc;

    use super::*;
    use corkboard_domain::board::BoardRecord;
    use corkboard_domain::ids::{BoardId, PinId};
    use corkboard_domain::pin::PinRecord;
    use corkboard_domain::user::UserRecord;
    use corkboard_store::{Store, board_writes, pin_writes, pins, users};

    /// An index over `count` public pins owned by user 1, all tagged "sea" with the caption
    /// "blue sea"; their ids, oldest first.
    fn index_of(count: usize, dir: &std::path::Path) -> (SearchIndex, Store, Vec<u64>) {
        let store = Store::open(&dir.join("db.redb")).unwrap();
        let ids = store
            .write(|write| {
                users::insert(
                    write,
                    UserRecord::new("ann".into(), "ann@example.org".into(), String::new()),
                )?;
                let board = board_writes::insert(
                    write,
                    BoardRecord {
                        id: BoardId(0),
                        user: UserId(1),
                        slug: "sea".into(),
                        title: "Sea".into(),
                        caption: None,
                        pin_default_description: None,
                        pin_default_tags: Vec::new(),
                        secret: false,
                        folder: None,
                        shared_with: Vec::new(),
                        cover: None,
                        created_at: Utc::now(),
                    },
                )?;
                (0..count)
                    .map(|_| {
                        let pin = PinRecord {
                            id: PinId(0),
                            user: UserId(1),
                            picture: Default::default(),
                            source_file_url: None,
                            title: None,
                            caption: "blue sea".into(),
                            rating: 0,
                            unsafe_content: false,
                            tags: vec!["sea".into()],
                            added_via: None,
                            created_at: Utc::now(),
                            private_picture: false,
                        };
                        Ok(pin_writes::insert(write, pin, &[board.id])?.id.0)
                    })
                    .collect::<AppResult<Vec<u64>>>()
            })
            .unwrap();
        let index = SearchIndex::open(&dir.join("index")).unwrap();
        index.rebuild(&store).unwrap();
        (index, store, ids)
    }

    #[test]
    fn a_search_stops_counting_beyond_the_limit_and_its_pages_go_on() {
        let dir = tempfile::tempdir().unwrap();
        let count = crate::COUNTED_AT_MOST + 60;
        let (index, _store, ids) = index_of(count, dir.path());
        let more = crate::COUNTED_AT_MOST + 1;
        assert_eq!(
            index
                .by_relevance(None, "blue sea", Default::default(), 0, 50)
                .unwrap()
                .1,
            more
        );
        assert_eq!(
            index
                .by_relevance(None, "sea", Default::default(), 0, 50)
                .unwrap()
                .1,
            more
        );
        let (newest, total) = index.by_tag(None, "sea", None, Direction::Down, 1).unwrap();
        assert_eq!((newest, total), (vec![ids[count - 1]], more));
        // The pages beyond the counted ones are still there.
        let (last, _) = index
            .by_relevance(None, "blue sea", Default::default(), count - 10, 50)
            .unwrap();
        assert_eq!(last.len(), 10);
        let (oldest, _) = index
            .by_tag(None, "sea", Some(ids[1]), Direction::Down, 50)
            .unwrap();
        assert_eq!(oldest, [ids[0]]);
        // A few matches are counted exactly.
        assert_eq!(
            index
                .by_relevance(None, "nothing", Default::default(), 0, 50)
                .unwrap()
                .1,
            0
        );
    }

    #[test]
    fn pages_and_neighbours_go_past_the_kept_results() {
        let dir = tempfile::tempdir().unwrap();
        let count = KEPT_RESULTS + 120;
        let (index, store, ids) = index_of(count, dir.path());

        // Newest first, page after page by cursor, across the end of the kept results.
        let mut seen = Vec::new();
        let mut from = None;
        loop {
            let (page, total) = index
                .by_tag(None, "sea", from, Direction::Down, 50)
                .unwrap();
            assert_eq!(total, count);
            let Some(last) = page.last() else { break };
            from = Some(*last);
            seen.extend(page);
        }
        let newest_first: Vec<u64> = ids.iter().rev().copied().collect();
        assert_eq!(seen, newest_first);
        // Older and newer neighbours of a pin beyond the kept results, and at their edge.
        let beyond = newest_first[KEPT_RESULTS + 10];
        let up = index
            .by_tag(None, "sea", Some(beyond), Direction::Up, 1)
            .unwrap();
        assert_eq!(up.0, [newest_first[KEPT_RESULTS + 9]]);
        let edge = newest_first[KEPT_RESULTS - 1];
        let down = index
            .by_tag(None, "sea", Some(edge), Direction::Down, 1)
            .unwrap();
        assert_eq!(down.0, [newest_first[KEPT_RESULTS]]);

        // By relevance, by offset, across the same edge: every pin once.
        let mut ranked = Vec::new();
        for offset in (0..count + 50).step_by(50) {
            let (page, total) = index
                .by_relevance(None, "sea", Default::default(), offset, 50)
                .unwrap();
            assert_eq!(total, count);
            ranked.extend(page);
        }
        ranked.sort_unstable();
        assert_eq!(ranked, ids);

        // A change to the index is seen at once, though the search was remembered.
        let gone = PinId(newest_first[0]);
        store
            .write(|write| {
                let pin = pins::get(write, gone)?.unwrap();
                pin_writes::remove(write, &pin)
            })
            .unwrap();
        index.update(&store, &[gone]).unwrap();
        let (page, total) = index.by_tag(None, "sea", None, Direction::Down, 1).unwrap();
        assert_eq!((page, total), (vec![newest_first[1]], count - 1));
    }
}
