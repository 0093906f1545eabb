//! The redb database: opening, migrating and its transactions, and its modules in layers: at the
//! bottom the tables, the codec and the walks of index keys; then each table's records and
//! indexes, read and kept, knowing nothing of the commands (`boards`, `pins`, `board_pins`,
//! `public_pins`, `board_lists`...); on top the modules that carry out whole writes, each keeping
//! every index (`board_writes`, `pin_writes`, `folder_writes`, the `board_sweeper`). No module
//! imports one above it (`tests/layers.rs`).

pub mod accounts;
pub mod background;
pub mod board_links;
pub mod board_lists;
pub mod board_pins;
pub mod board_sweeper;
pub mod board_sweeps;
pub mod board_titles;
pub mod board_writes;
pub mod boards;
pub mod check;
pub mod codec;
pub mod feed;
pub mod folder_lists;
pub mod folder_writes;
pub mod folders;
pub mod follow_writes;
pub mod follows;
pub mod identities;
pub mod import_jobs;
pub mod imported;
pub mod invites;
pub mod kept_records;
mod lists;
pub mod look_alikes;
pub mod memo;
pub mod migrations;
pub mod passkeys;
pub mod pin_order;
pub mod pin_writes;
pub mod pins;
pub mod private_pins;
pub mod public_pins;
pub mod read_counts;
pub mod reading;
pub mod recent_searches;
#[cfg(test)]
mod record_layouts;
pub mod search_pending;
pub mod search_sweeps;
pub mod share_links;
pub mod snapshot;
pub mod tables;
pub mod temp_pins;
#[cfg(test)]
mod test_pins;
pub mod upgrade;
pub mod user_pins;
pub mod users;
pub mod walks;
pub mod writing;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::Context;
use redb::{
    Builder, Database, Durability, Key, ReadTransaction, ReadableDatabase, ReadableTable, Table,
    TableDefinition, TableError, Value,
};
use serde::de::DeserializeOwned;

use background::Background;
use corkboard_domain::config::{Config, DatabaseConfig};
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::PinId;
use kept_records::{Commits, Kept};
use read_counts::ReadCounts;
use reading::Reading;
use writing::Writing;

/// How long a reopening waits for the transactions still running on the failed database.
const REOPEN_WAIT: Duration = Duration::from_secs(5);
/// After a failed reopening, requests are answered at once for this long before another try.
const REOPEN_PAUSE: Duration = Duration::from_secs(1);

/// A handle to the database, cheap to clone.
#[derive(Clone)]
pub struct Store {
    /// The open database; `None` between an I/O failure and a successful reopening.
    db: Arc<RwLock<Option<Arc<Database>>>>,
    path: Arc<PathBuf>,
    /// When the last reopening failed, and why (kept to answer without retrying at once).
    last_failure: Arc<Mutex<Option<(Instant, bool)>>>,
    /// Told, after each commit, which pins the transaction marked as changed.
    follower: Arc<OnceLock<Arc<dyn CommitFollower>>>,
    /// How many read transactions were opened (tests count them per request).
    reads: Arc<AtomicU64>,
    /// How many write transactions were committed and followed: answers computed before the last
    /// one may be out of date.
    writes: Arc<AtomicU64>,
    /// The commits begun and ended, which tell a read the state it sees.
    commits: Arc<Commits>,
    /// Pin and board records decoded by reads, and boards' cover ids, for later reads of the
    /// same state.
    kept: Arc<Kept>,
    /// What its read and write transactions read.
    counts: Arc<ReadCounts>,
    /// Memory for the pages read last (redb's cache), in bytes.
    cache_bytes: usize,
    /// The thread that sweeps the boards marked in `board_sweeps`.
    board_sweeper: Background,
}

/// Derived data (the search index) that follows the pins each write transaction changed.
pub trait CommitFollower: Send + Sync {
    /// Called after a commit with the pins still marked in `search-pending`; it must clear them
    /// once it has them. A failure is its own to log: the commit stands.
    fn follow(&self, store: &Store, changed: &[PinId]);
    /// Called after a commit that left boards or users marked in `search-sweeps`: it indexes
    /// their pins in the background, and clears each sweep once done.
    fn sweep(&self, store: &Store);
}

impl Store {
    /// Opens (or creates) the database of a data folder with its configured cache, and brings
    /// its schema up to date.
    pub fn open_configured(config: &Config) -> anyhow::Result<Store> {
        Store::open_with_cache(&config.database_path(), config.database.cache_bytes())
    }

    /// Opens (or creates) the database file with the default cache.
    pub fn open(path: &Path) -> anyhow::Result<Store> {
        Store::open_with_cache(path, DatabaseConfig::default().cache_bytes())
    }

    fn open_with_cache(path: &Path, cache_bytes: usize) -> anyhow::Result<Store> {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create the data folder {}", parent.display()))?;
        }
        let db = open_database(path, cache_bytes)?;
        Ok(Store {
            db: Arc::new(RwLock::new(Some(Arc::new(db)))),
            path: Arc::new(path.to_owned()),
            last_failure: Arc::default(),
            follower: Arc::default(),
            reads: Arc::default(),
            writes: Arc::default(),
            commits: Arc::default(),
            kept: Arc::default(),
            counts: Arc::default(),
            cache_bytes,
            board_sweeper: Background::default(),
        })
    }

    /// From now on, every committed write hands its marked pins to `follower` before returning.
    pub fn follow_commits(&self, follower: Arc<dyn CommitFollower>) {
        if self.follower.set(follower).is_err() {
            tracing::warn!("the store already has a commit follower");
        }
    }

    /// How many read transactions `read` has opened so far.
    pub fn read_count(&self) -> u64 {
        self.reads.load(Ordering::Relaxed)
    }

    /// How many records its transactions have read so far, decoded or found decoded in memory.
    pub fn records_read(&self) -> u64 {
        self.counts.records()
    }

    /// How many index keys its transactions' walks have read so far.
    pub fn keys_read(&self) -> u64 {
        self.counts.keys()
    }

    pub(crate) fn write_count(&self) -> u64 {
        self.writes.load(Ordering::Acquire)
    }

    /// The database's version now, for what memory keeps of it (see `Version`).
    pub fn version(&self) -> Version {
        Version {
            writes: self.write_count(),
            minute: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |since| since.as_secs() / 60),
        }
    }

    /// The open database (opened again first when an I/O failure closed it). Hold it no longer
    /// than a transaction: a reopening waits for every holder.
    pub fn db(&self) -> AppResult<Arc<Database>> {
        if let Some(db) = self.db.read().unwrap_or_else(|e| e.into_inner()).as_ref() {
            return Ok(db.clone());
        }
        self.reopen(None)
    }

    /// Runs `work` in one read transaction: it sees one consistent state.
    pub fn read<T>(&self, work: impl FnOnce(&Reading) -> AppResult<T>) -> AppResult<T> {
        self.reads.fetch_add(1, Ordering::Relaxed);
        let db = self.db()?;
        let (read, state) = self.commits.seen_by(|| db.begin_read());
        let kept = state.map(|state| (self.kept.clone(), state));
        let result = read
            .map_err(AppError::from)
            .and_then(|read| work(&Reading::new(read, kept, Some(self.counts.clone()))));
        self.after(db, result)
    }

    /// Runs `work` in one write transaction, committed only when it succeeds; then the commit
    /// follower brings what the transaction marked up to date before this returns.
    pub fn write<T>(&self, work: impl FnOnce(&Writing) -> AppResult<T>) -> AppResult<T> {
        let db = self.db()?;
        let committed = (|| {
            let write = Writing::new(db.begin_write()?, Some(self.counts.clone()));
            let result = work(&write)?;
            let (changed, sweeps, board_sweeps) = match self.follower.get() {
                Some(_) => (
                    search_pending::all(&write)?,
                    search_sweeps::count(&write)?,
                    board_sweeps::count(&write)?,
                ),
                None => (Vec::new(), 0, 0),
            };
            self.commits.count(|| write.commit())?;
            Ok((result, changed, sweeps, board_sweeps))
        })();
        let (result, changed, sweeps, board_sweeps) = self.after(db, committed)?;
        if let Some(follower) = self.follower.get() {
            if !changed.is_empty() {
                follower.follow(self, &changed);
            }
            if sweeps > 0 {
                follower.sweep(self);
            }
            if board_sweeps > 0 {
                self.sweep_boards_in_background();
            }
        }
        self.writes.fetch_add(1, Ordering::Release);
        Ok(result)
    }

    /// Lets go of `db`; when `result` says its file failed, the database is opened again, so
    /// that the next transaction (once the disk has room again) works. redb refuses every
    /// transaction after a failed write until then.
    fn after<T>(&self, db: Arc<Database>, result: AppResult<T>) -> AppResult<T> {
        match result {
            Err(error) if error.is_database_io() => {
                let out_of_space = matches!(error, AppError::DiskFull(_));
                if out_of_space {
                    self.set_failure(true);
                }
                let error = match (error, self.failed_for_space()) {
                    (AppError::Internal(cause), true) => AppError::DiskFull(cause),
                    (error, _) => error,
                };
                if let Err(reopening) = self.reopen(Some(db)) {
                    reopening.log_if_internal();
                }
                Err(error)
            }
            result => result,
        }
    }

    /// Closes the failed database `failed` (or, with `None`, finds it closed) and opens the file
    /// again, which repairs it back to its last commit.
    fn reopen(&self, failed: Option<Arc<Database>>) -> AppResult<Arc<Database>> {
        let mut slot = self.db.write().unwrap_or_else(|e| e.into_inner());
        match (slot.as_ref(), &failed) {
            (Some(current), Some(failed)) if !Arc::ptr_eq(current, failed) => {
                return Ok(current.clone());
            }
            (Some(current), None) => return Ok(current.clone()),
            _ => {}
        }
        drop(failed);
        if let Some(old) = slot.take() {
            let deadline = Instant::now() + REOPEN_WAIT;
            while Arc::strong_count(&old) > 1 && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(5));
            }
            drop(old);
        } else if let Some((when, out_of_space)) =
            *self.last_failure.lock().unwrap_or_else(|e| e.into_inner())
            && when.elapsed() < REOPEN_PAUSE
        {
            let cause = anyhow::anyhow!("the database is closed after an I/O error");
            return Err(if out_of_space {
                AppError::DiskFull(cause)
            } else {
                AppError::Internal(cause)
            });
        }
        match open_database(&self.path, self.cache_bytes) {
            Ok(db) => {
                tracing::warn!("the database was opened again after an I/O error");
                *self.last_failure.lock().unwrap_or_else(|e| e.into_inner()) = None;
                let db = Arc::new(db);
                *slot = Some(db.clone());
                Ok(db)
            }
            Err(error) => {
                let error = AppError::from(error.context("cannot open the database again"));
                self.set_failure(matches!(error, AppError::DiskFull(_)));
                Err(error)
            }
        }
    }

    fn set_failure(&self, out_of_space: bool) {
        *self.last_failure.lock().unwrap_or_else(|e| e.into_inner()) =
            Some((Instant::now(), out_of_space));
    }

    fn failed_for_space(&self) -> bool {
        self.last_failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some_and(|(_, out_of_space)| out_of_space)
    }
}

/// Opens (or creates) a database file, repairing it after a crash, and migrates it. An older
/// database is closed and copied first (see `upgrade`), so that nothing writes it meanwhile.
fn open_database(path: &Path, cache_bytes: usize) -> anyhow::Result<Database> {
    let create = || {
        Builder::new()
            .set_cache_size(cache_bytes)
            .create(path)
            .with_context(|| format!("cannot open the database {}", path.display()))
    };
    let mut db = create()?;
    let version = migrations::schema_version(&db)?;
    if upgrade::needs_backup(version) {
        drop(db);
        upgrade::keep_copy(path, version)?;
        db = create()?;
    }
    migrations::run(&db)?;
    Ok(db)
}

/// What was read from the database may be kept in memory while this stays the same: its writes
/// so far, and the minute (a few answers depend on the time). Taken before reading, so that a
/// write committed meanwhile leaves it behind and nothing is kept as newer than it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Version {
    writes: u64,
    minute: u64,
}

/// Either kind of transaction, for functions that only read.
pub trait Source {
    fn table<K: Key + 'static, V: Value + 'static>(
        &self,
        definition: TableDefinition<K, V>,
    ) -> Result<impl ReadableTable<K, V> + '_, TableError>;

    /// `find()`'s answer for `fact`, a name and the id of the record it is about: found once in
    /// a read, which sees one state of the database throughout; found again each time in a
    /// write, which may change it.
    fn remembered<T: Copy + 'static>(
        &self,
        _fact: (&'static str, u64),
        find: impl FnOnce() -> AppResult<T>,
    ) -> AppResult<T> {
        find()
    }

    /// The records kept decoded for the state this transaction sees, and that state, when it
    /// is known (a read's; a write changes its own).
    fn kept(&self) -> Option<(&Kept, u64)> {
        None
    }

    /// Where what this transaction reads is counted: its store's counts; none for a
    /// transaction begun outside a `Store`.
    fn counts(&self) -> Option<&ReadCounts> {
        None
    }

    /// Decodes a record read in this transaction (see `codec`), counted.
    fn decode<T: DeserializeOwned>(&self, bytes: &[u8]) -> AppResult<T> {
        self.note_records_read(1);
        codec::decode(bytes)
    }

    /// Counts `records` read: decoded, or found decoded in memory.
    fn note_records_read(&self, records: usize) {
        if let Some(counts) = self.counts() {
            counts.add_records(records);
        }
    }

    /// Counts `keys` index keys read by a walk.
    fn note_keys_read(&self, keys: usize) {
        if let Some(counts) = self.counts() {
            counts.add_keys(keys);
        }
    }
}

impl Source for ReadTransaction {
    fn table<K: Key + 'static, V: Value + 'static>(
        &self,
        definition: TableDefinition<K, V>,
    ) -> Result<impl ReadableTable<K, V> + '_, TableError> {
        self.open_table(definition)
    }
}

/// Runs `work` in a write transaction committed with `durability`, unseen by the commit follower:
/// the bookkeeping of derived data (marks cleared once the search index has their pins).
fn write_unfollowed(
    store: &Store,
    durability: Durability,
    work: impl FnOnce(&Writing) -> AppResult<()>,
) -> AppResult<()> {
    let db = store.db()?;
    let mut write = db.begin_write()?;
    write
        .set_durability(durability)
        .map_err(|error| anyhow::anyhow!("cannot lighten a transaction: {error}"))?;
    let write = Writing::new(write, Some(store.counts.clone()));
    work(&write)?;
    store.commits.count(|| write.commit())?;
    Ok(())
}

/// Hands out the next id; ids are unique across every entity.
pub fn next_id(write: &Writing) -> AppResult<u64> {
    let mut meta = write.open_table(tables::META)?;
    let id = meta.get("next_id")?.map(|v| v.value()).unwrap_or(1);
    meta.insert("next_id", id + 1)?;
    Ok(id)
}

/// Adds `change` to the count under `key` in a table of counts, where a count of 0 has no
/// entry.
pub(crate) fn add_to_count<K>(table: &mut Table<K, u64>, key: K, change: i64) -> AppResult<()>
where
    K: Key + Copy + 'static,
    for<'a> K: std::borrow::Borrow<K::SelfType<'a>>,
{
    let before = table.get(key)?.map_or(0, |count| count.value());
    match before.saturating_add_signed(change) {
        0 => table.remove(key)?,
        after => table.insert(key, after)?,
    };
    Ok(())
}

/// Every key of a table keyed by pin id, in order.
pub(crate) fn pin_ids_in<V: Value + 'static>(
    tx: &impl Source,
    table: TableDefinition<u64, V>,
) -> AppResult<Vec<PinId>> {
    let table = tx.table(table)?;
    let ids = table
        .iter()?
        .map(|entry| entry.map(|(id, _)| PinId(id.value())))
        .collect::<Result<_, _>>()?;
    Ok(ids)
}

/// The second parts of the `(owner, id)` keys of an index table, for one owner, in id order.
pub(crate) fn ids_under(
    tx: &impl Source,
    index: TableDefinition<(u64, u64), ()>,
    owner: u64,
) -> AppResult<Vec<u64>> {
    let table = tx.table(index)?;
    let range = table.range((owner, 0)..=(owner, u64::MAX))?;
    Ok(range
        .map(|entry| entry.map(|(key, _)| key.value().1))
        .collect::<Result<_, _>>()?)
}

/// A slug not yet used in `index` by `owner`: `base`, else `base-2`, `base-3`...
pub(crate) fn free_slug(
    tx: &impl Source,
    index: TableDefinition<(u64, &str), u64>,
    owner: u64,
    base: &str,
) -> AppResult<String> {
    let table = tx.table(index)?;
    let mut candidate = base.to_owned();
    let mut counter = 1;
    while table.get((owner, candidate.as_str()))?.is_some() {
        counter += 1;
        candidate = format!("{base}-{counter}");
    }
    Ok(candidate)
}
