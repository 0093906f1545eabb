//! A write transaction that counts what it reads: redb's, with the counts of the store it writes
//! (`read_counts`).

use std::ops::Deref;
use std::sync::Arc;

use redb::{CommitError, Key, ReadableTable, TableDefinition, TableError, Value, WriteTransaction};

use super::Source;
use super::read_counts::ReadCounts;

/// What `Store::write` hands its work; its tables open as redb's transaction opens them.
pub struct Writing {
    tx: WriteTransaction,
    /// The counts of the store it writes; none for a transaction begun outside a `Store` (a
    /// migration's, a test's).
    counts: Option<Arc<ReadCounts>>,
}

impl Writing {
    pub fn new(tx: WriteTransaction, counts: Option<Arc<ReadCounts>>) -> Self {
        Writing { tx, counts }
    }

    pub fn commit(self) -> Result<(), CommitError> {
        self.tx.commit()
    }
}

impl Deref for Writing {
    type Target = WriteTransaction;

    fn deref(&self) -> &WriteTransaction {
        &self.tx
    }
}

impl Source for Writing {
    fn table<K: Key + 'static, V: Value + 'static>(
        &self,
        definition: TableDefinition<K, V>,
    ) -> Result<impl ReadableTable<K, V> + '_, TableError> {
        self.tx.open_table(definition)
    }

    fn counts(&self) -> Option<&ReadCounts> {
        self.counts.as_deref()
    }
}
