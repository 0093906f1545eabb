//! The redb database: opening, migrating, transactions, and one module per entity.

pub mod accounts;
pub mod board_pins;
pub mod boards;
pub mod check;
pub mod codec;
pub mod folders;
pub mod migrations;
pub mod pin_order;
pub mod pins;
pub mod search_pending;
pub mod tables;
pub mod temp_pins;
pub mod users;

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use anyhow::Context;
use redb::{
    Database, Key, ReadTransaction, ReadableDatabase, ReadableTable, TableDefinition, TableError,
    Value, WriteTransaction,
};

use crate::domain::ids::PinId;
use crate::error::AppResult;

/// A handle to the database, cheap to clone.
#[derive(Clone)]
pub struct Store {
    db: Arc<Database>,
    /// Told, after each commit, which pins the transaction marked as changed.
    follower: Arc<OnceLock<Arc<dyn CommitFollower>>>,
    /// How many read transactions were opened (tests count them per request).
    reads: Arc<AtomicU64>,
}

/// Derived data (the search index) that follows the pins each write transaction changed.
pub trait CommitFollower: Send + Sync {
    /// Called after a commit with the pins still marked in `search-pending`; it must clear them
    /// once it has them. A failure is its own to log: the commit stands.
    fn follow(&self, store: &Store, changed: &[PinId]);
}

impl Store {
    /// Opens (or creates) the database file and brings its schema up to date.
    pub fn open(path: &Path) -> anyhow::Result<Store> {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create the data folder {}", parent.display()))?;
        }
        let db = Database::create(path)
            .with_context(|| format!("cannot open the database {}", path.display()))?;
        migrations::run(&db)?;
        Ok(Store {
            db: Arc::new(db),
            follower: Arc::default(),
            reads: Arc::default(),
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

    pub fn db(&self) -> &Database {
        &self.db
    }

    /// Runs `work` in one read transaction: it sees one consistent state.
    pub fn read<T>(&self, work: impl FnOnce(&ReadTransaction) -> AppResult<T>) -> AppResult<T> {
        self.reads.fetch_add(1, Ordering::Relaxed);
        let read = self.db.begin_read()?;
        work(&read)
    }

    /// Runs `work` in one write transaction, committed only when it succeeds; then the commit
    /// follower brings what the transaction marked up to date before this returns.
    pub fn write<T>(&self, work: impl FnOnce(&WriteTransaction) -> AppResult<T>) -> AppResult<T> {
        let write = self.db.begin_write()?;
        let result = work(&write)?;
        let changed = match self.follower.get() {
            Some(_) => search_pending::all(&write)?,
            None => Vec::new(),
        };
        write.commit()?;
        if let Some(follower) = self.follower.get().filter(|_| !changed.is_empty()) {
            follower.follow(self, &changed);
        }
        Ok(result)
    }
}

/// Either kind of transaction, for functions that only read.
pub trait Source {
    fn table<K: Key + 'static, V: Value + 'static>(
        &self,
        definition: TableDefinition<K, V>,
    ) -> Result<impl ReadableTable<K, V> + '_, TableError>;
}

impl Source for ReadTransaction {
    fn table<K: Key + 'static, V: Value + 'static>(
        &self,
        definition: TableDefinition<K, V>,
    ) -> Result<impl ReadableTable<K, V> + '_, TableError> {
        self.open_table(definition)
    }
}

impl Source for WriteTransaction {
    fn table<K: Key + 'static, V: Value + 'static>(
        &self,
        definition: TableDefinition<K, V>,
    ) -> Result<impl ReadableTable<K, V> + '_, TableError> {
        self.open_table(definition)
    }
}

/// Hands out the next id; ids are unique across every entity.
pub fn next_id(write: &WriteTransaction) -> AppResult<u64> {
    let mut meta = write.open_table(tables::META)?;
    let id = meta.get("next_id")?.map(|v| v.value()).unwrap_or(1);
    meta.insert("next_id", id + 1)?;
    Ok(id)
}

/// Every key of a table keyed by pin id, in order.
pub fn pin_ids_in<V: Value + 'static>(
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
pub fn ids_under(
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
pub fn free_slug(
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
