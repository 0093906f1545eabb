//! Pin, board and user records, and boards' covers, kept decoded between reads, for as long as
//! no write was committed since.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use super::Source;
use corkboard_domain::board::BoardRecord;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, PinId, UserId};
use corkboard_domain::pin::PinRecord;
use corkboard_domain::user::UserRecord;

/// The records kept decoded. Decoding a pin's record was about 13% of a page of 50 pins, and a
/// board's (three times a tile: listed, checked for its covers and for its count) about 11% of
/// a user's boards page, though the pages people open are mostly of the same records.
pub struct Kept {
    /// Up to `PINS_KEPT_BYTES`; a page of pins or of board tiles reads 50 to 200.
    pub pins: KeptRecords<PinId, PinRecord>,
    /// A boards page reads 50.
    pub boards: KeptRecords<BoardId, BoardRecord>,
    /// The ids of each board's first covers (see `service::pins`): finding them read two of the
    /// board's indexes, 6% of a user's boards page.
    pub covers: KeptRecords<BoardId, Vec<PinId>>,
    /// Up to `USERS_KEPT_BYTES`: a page of 50 pins answers their owners, and decoding those
    /// was 1.5% of the CPU of a text search at 1M pins.
    pub users: KeptRecords<UserId, UserRecord>,
}

/// The memory for pin records kept decoded (`PinRecord::memory`): about 48,000 of the seeded
/// pins (about 700 bytes each). Kept by record, not by page, a pin takes a sixth of what the
/// database cache spends on the 4 KiB page it is on, and a read of it skips the B-tree and the
/// decoding. With 4,096 kept (as before), the 41,000 pins that the bench's searches of two of
/// 40 words find were mostly decoded anew: those searches took 30% longer at 100k pins and 80%
/// longer at a million (`bench/TUNING.md`, session 51).
const PINS_KEPT_BYTES: usize = 32 << 20;
/// The memory for user records kept decoded (`UserRecord::memory`): about 14,000 users without
/// a profile.
const USERS_KEPT_BYTES: usize = 8 << 20;

impl Default for Kept {
    fn default() -> Kept {
        Kept {
            pins: KeptRecords::new(PINS_KEPT_BYTES, PinRecord::memory),
            boards: KeptRecords::new(1024, |_| 1),
            covers: KeptRecords::new(1024, |_| 1),
            users: KeptRecords::new(USERS_KEPT_BYTES, UserRecord::memory),
        }
    }
}

/// The record of `id` in `records` (one kind of those `tx` keeps): as a read of the same state
/// decoded and kept it, else as `read` decodes it now, then kept.
pub(crate) fn kept_or_read<Id: Hash + Eq + Copy, R>(
    tx: &impl Source,
    records: fn(&Kept) -> &KeptRecords<Id, R>,
    id: Id,
    read: impl FnOnce() -> AppResult<Option<R>>,
) -> AppResult<Option<Arc<R>>> {
    let kept = tx.kept();
    if let Some((kept, state)) = kept
        && let Some(record) = records(kept).get(state, id)
    {
        tx.note_records_read(1);
        return Ok(Some(record));
    }
    let Some(record) = read()?.map(Arc::new) else {
        return Ok(None);
    };
    if let Some((kept, state)) = kept {
        records(kept).keep(state, [(id, record.clone())]);
    }
    Ok(Some(record))
}

/// Records of one kind, kept by the state of the database they were read in: the count of
/// commits (see `Commits`), so a record is never seen after a write that may have changed it.
/// When they would weigh more than `most`, the kept ones are forgotten.
pub struct KeptRecords<Id, R> {
    kept: Mutex<Records<Id, R>>,
    most: usize,
    /// What a record weighs against `most` (its bytes, or 1 to count records).
    weigh: fn(&R) -> usize,
}

struct Records<Id, R> {
    /// The state the records were read in.
    commits: u64,
    records: HashMap<Id, Arc<R>, foldhash::fast::RandomState>,
    /// What the records weigh together.
    weight: usize,
}

impl<Id, R> Records<Id, R> {
    /// Forgets records until they weigh at most `most` by `weigh`, handing them back to be
    /// dropped once the lock is released. They go in the map's order, which follows their ids'
    /// hashes (seeded per process): those forgotten are drawn at random, not by age.
    fn forget(&mut self, most: usize, weigh: fn(&R) -> usize) -> Vec<Arc<R>> {
        let Records {
            records, weight, ..
        } = self;
        let over = |_: &Id, record: &mut Arc<R>| {
            let over = *weight > most;
            if over {
                *weight -= weigh(record);
            }
            over
        };
        records.extract_if(over).map(|(_, record)| record).collect()
    }
}

impl<Id: Hash + Eq + Copy, R> KeptRecords<Id, R> {
    fn new(most: usize, weigh: fn(&R) -> usize) -> Self {
        let records = Records {
            commits: 0,
            records: HashMap::default(),
            weight: 0,
        };
        KeptRecords {
            kept: Mutex::new(records),
            most,
            weigh,
        }
    }

    /// The record kept of `id` for a read of state `commits`.
    pub fn get(&self, commits: u64, id: Id) -> Option<Arc<R>> {
        let kept = self.lock();
        (kept.commits == commits)
            .then(|| kept.records.get(&id).cloned())
            .flatten()
    }

    /// The records kept of `ids` for a read of state `commits`, in the order of `ids` (`None`
    /// where none is kept).
    pub fn get_each(&self, commits: u64, ids: &[Id]) -> Vec<Option<Arc<R>>> {
        let kept = self.lock();
        if kept.commits != commits {
            return vec![None; ids.len()];
        }
        ids.iter().map(|id| kept.records.get(id).cloned()).collect()
    }

    /// Keeps `records`, read in state `commits`; records of an older state are forgotten, and
    /// half of those kept, at random, when the new ones would take them past `most`: the records
    /// read most often stay kept however many others come (where forgetting them all kept
    /// almost none once more than `most` were read in turn). The records forgotten (thousands,
    /// with their strings) are dropped after the lock is released, so that other reads need not
    /// wait for that.
    pub fn keep(&self, commits: u64, records: impl IntoIterator<Item = (Id, Arc<R>)>) {
        let mut forgotten = Vec::new();
        let mut kept = self.lock();
        if commits < kept.commits {
            return;
        }
        if commits > kept.commits {
            kept.commits = commits;
            forgotten.extend(kept.forget(0, self.weigh));
        }
        for (id, record) in records {
            let weight = (self.weigh)(&record);
            if kept.weight + weight > self.most {
                forgotten.extend(kept.forget(self.most / 2, self.weigh));
            }
            kept.weight += weight;
            if let Some(replaced) = kept.records.insert(id, record) {
                kept.weight -= (self.weigh)(&replaced);
            }
        }
        drop(kept);
        drop(forgotten);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Records<Id, R>> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Counts the commits begun and ended, so that a read can tell which state it sees: the state
/// after `n` commits when no commit was under way from before it began until it had begun.
#[derive(Default)]
pub(crate) struct Commits {
    begun: AtomicU64,
    ended: AtomicU64,
}

impl Commits {
    /// Runs `commit`, counted.
    pub fn count<T>(&self, commit: impl FnOnce() -> T) -> T {
        self.begun.fetch_add(1, Ordering::SeqCst);
        let result = commit();
        self.ended.fetch_add(1, Ordering::SeqCst);
        result
    }

    /// Begins a read with `begin`; with it, the count of commits whose state it sees, when it
    /// sees no commit under way.
    pub(crate) fn seen_by<T>(&self, begin: impl FnOnce() -> T) -> (T, Option<u64>) {
        let ended = self.ended.load(Ordering::SeqCst);
        let begun = self.begun.load(Ordering::SeqCst);
        let read = begin();
        let still = self.begun.load(Ordering::SeqCst);
        (read, (begun == ended && still == begun).then_some(begun))
    }
}

#[cfg(test)]
mod tests {
    use chrono::Utc;

    use super::*;
    use corkboard_domain::ids::UserId;

    fn pin(id: u64, caption: &str) -> (PinId, Arc<PinRecord>) {
        let record = Arc::new(PinRecord {
            id: PinId(id),
            user: UserId(1),
            picture: Default::default(),
            source_file_url: None,
            title: None,
            caption: caption.to_owned(),
            rating: 0,
            unsafe_content: false,
            tags: Vec::new(),
            added_via: None,
            created_at: Utc::now(),
            private_picture: false,
        });
        (PinId(id), record)
    }

    #[test]
    fn a_record_is_seen_in_the_state_it_was_read_in_only() {
        let kept = Kept::default().pins;
        kept.keep(3, [pin(1, "old"), pin(2, "two")]);
        let found = kept.get_each(3, &[PinId(2), PinId(5), PinId(1)]);
        let captions: Vec<_> = found
            .iter()
            .map(|r| r.as_ref().map(|r| &*r.caption))
            .collect();
        assert_eq!(captions, [Some("two"), None, Some("old")]);
        assert!(kept.get_each(4, &[PinId(1)])[0].is_none(), "a newer state");
        assert!(kept.get_each(2, &[PinId(1)])[0].is_none(), "an older state");

        kept.keep(4, [pin(1, "new")]);
        assert_eq!(
            kept.get_each(4, &[PinId(1)])[0].as_ref().unwrap().caption,
            "new"
        );
        assert!(
            kept.get_each(4, &[PinId(2)])[0].is_none(),
            "forgotten with its state"
        );
        kept.keep(3, [pin(2, "late")]);
        assert!(
            kept.get_each(3, &[PinId(2)])[0].is_none(),
            "an older read keeps nothing"
        );
    }

    #[test]
    fn half_the_records_kept_are_forgotten_when_new_ones_would_weigh_too_much() {
        let one = pin(1, "one").1.memory();
        let kept = KeptRecords::new(4 * one, PinRecord::memory);
        kept.keep(1, [pin(1, "one"), pin(2, "two"), pin(1, "one")]);
        kept.keep(1, [pin(3, "six"), pin(4, "ten")]);
        let found = |ids: &[u64]| {
            let ids: Vec<_> = ids.iter().map(|id| PinId(*id)).collect();
            let found = kept.get_each(1, &ids);
            found.iter().map(Option::is_some).collect::<Vec<_>>()
        };
        assert_eq!(
            found(&[1, 2, 3, 4]),
            [true; 4],
            "a record kept again weighs once"
        );
        kept.keep(1, [pin(5, "new")]);
        let left = found(&[1, 2, 3, 4]);
        assert_eq!(left.iter().filter(|kept| **kept).count(), 2, "{left:?}");
        assert_eq!(found(&[5]), [true]);
    }

    #[test]
    fn a_read_that_may_see_a_commit_under_way_has_no_state() {
        let commits = Commits::default();
        assert_eq!(commits.seen_by(|| ()).1, Some(0));
        commits.count(|| ());
        assert_eq!(commits.seen_by(|| ()).1, Some(1));
        commits.count(|| assert_eq!(commits.seen_by(|| ()).1, None));
        assert_eq!(commits.seen_by(|| commits.count(|| ())).1, None);
        assert_eq!(commits.seen_by(|| ()).1, Some(3));
    }
}
