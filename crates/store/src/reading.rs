//! A read transaction that opens each table once, however many records it reads.

use std::any::Any;
use std::borrow::Borrow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::RangeBounds;
use std::rc::Rc;
use std::sync::Arc;

use redb::{
    AccessGuard, Key, Range, ReadOnlyTable, ReadTransaction, ReadableTable, ReadableTableMetadata,
    StorageError, TableDefinition, TableError, TableHandle, TableStats, Value,
};

use super::Source;
use super::kept_records::Kept;
use super::read_counts::ReadCounts;
use corkboard_domain::error::AppResult;

/// What `Store::read` hands its work. Opening a table looks its name up in redb's table of
/// tables: a boards page, which reads a few records of each board, spent about a tenth of its
/// time opening the same tables again.
pub struct Reading {
    tx: ReadTransaction,
    /// The tables opened so far, by name: a handful in any one read.
    opened: RefCell<Vec<(String, Rc<dyn Any>)>>,
    /// What `remembered` found, by fact and record.
    facts: RefCell<Facts>,
    /// The records kept decoded, and the state this read sees, when it is known.
    kept: Option<(Arc<Kept>, u64)>,
    /// The counts of the store it reads; none for a transaction begun outside a `Store`.
    counts: Option<Arc<ReadCounts>>,
}

/// Facts by name and record id.
type Facts = HashMap<(&'static str, u64), Box<dyn Any>, foldhash::fast::RandomState>;

impl Reading {
    pub fn new(
        tx: ReadTransaction,
        kept: Option<(Arc<Kept>, u64)>,
        counts: Option<Arc<ReadCounts>>,
    ) -> Self {
        Reading {
            tx,
            opened: RefCell::new(Vec::new()),
            facts: RefCell::default(),
            kept,
            counts,
        }
    }
}

impl Source for Reading {
    fn table<K: Key + 'static, V: Value + 'static>(
        &self,
        definition: TableDefinition<K, V>,
    ) -> Result<impl ReadableTable<K, V> + '_, TableError> {
        let name = definition.name();
        let known = self
            .opened
            .borrow()
            .iter()
            .find(|(opened, _)| *opened == name)
            .map(|(_, table)| Rc::clone(table));
        let table = match known {
            Some(table) => table,
            None => {
                let table: Rc<dyn Any> = Rc::new(self.tx.open_table(definition)?);
                self.opened
                    .borrow_mut()
                    .push((name.to_owned(), Rc::clone(&table)));
                table
            }
        };
        let table =
            table
                .downcast::<ReadOnlyTable<K, V>>()
                .map_err(|_| TableError::TableTypeMismatch {
                    table: name.to_owned(),
                    key: K::type_name(),
                    value: V::type_name(),
                })?;
        Ok(Opened(table))
    }

    fn remembered<T: Copy + 'static>(
        &self,
        fact: (&'static str, u64),
        find: impl FnOnce() -> AppResult<T>,
    ) -> AppResult<T> {
        if let Some(&found) = self
            .facts
            .borrow()
            .get(&fact)
            .and_then(|found| found.downcast_ref())
        {
            return Ok(found);
        }
        let found = find()?;
        self.facts.borrow_mut().insert(fact, Box::new(found));
        Ok(found)
    }

    fn kept(&self) -> Option<(&Kept, u64)> {
        self.kept.as_ref().map(|(kept, state)| (&**kept, *state))
    }

    fn counts(&self) -> Option<&ReadCounts> {
        self.counts.as_deref()
    }
}

/// A table opened earlier in the same read.
struct Opened<K: Key + 'static, V: Value + 'static>(Rc<ReadOnlyTable<K, V>>);

impl<K: Key + 'static, V: Value + 'static> ReadableTableMetadata for Opened<K, V> {
    fn stats(&self) -> Result<TableStats, StorageError> {
        self.0.stats()
    }

    fn len(&self) -> Result<u64, StorageError> {
        self.0.len()
    }
}

impl<K: Key + 'static, V: Value + 'static> ReadableTable<K, V> for Opened<K, V> {
    fn get<'a>(
        &self,
        key: impl Borrow<K::SelfType<'a>>,
    ) -> Result<Option<AccessGuard<'_, V>>, StorageError> {
        self.0.get(key)
    }

    fn range<'a, KR>(
        &self,
        range: impl RangeBounds<KR> + 'a,
    ) -> Result<Range<'_, K, V>, StorageError>
    where
        KR: Borrow<K::SelfType<'a>> + 'a,
    {
        self.0.range(range)
    }

    fn first(&self) -> Result<Option<(AccessGuard<'_, K>, AccessGuard<'_, V>)>, StorageError> {
        self.0.first()
    }

    fn last(&self) -> Result<Option<(AccessGuard<'_, K>, AccessGuard<'_, V>)>, StorageError> {
        self.0.last()
    }
}

#[cfg(test)]
mod tests {
    use redb::{Database, ReadableDatabase};

    use super::*;

    const NUMBERS: TableDefinition<u64, u64> = TableDefinition::new("numbers");
    const NUMBERS_AS_TEXT: TableDefinition<u64, &str> = TableDefinition::new("numbers");
    const MISSING: TableDefinition<u64, u64> = TableDefinition::new("missing");

    #[test]
    fn a_table_is_opened_once_and_read_as_redb_reads_it() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("test.redb")).unwrap();
        let write = db.begin_write().unwrap();
        write.open_table(NUMBERS).unwrap().insert(1, 10).unwrap();
        write.commit().unwrap();

        let reading = Reading::new(db.begin_read().unwrap(), None, None);
        for _ in 0..2 {
            let numbers = reading.table(NUMBERS).unwrap();
            assert_eq!(numbers.get(1).unwrap().map(|guard| guard.value()), Some(10));
            assert_eq!(numbers.range(0..5).unwrap().count(), 1);
            assert_eq!(numbers.len().unwrap(), 1);
        }
        assert_eq!(reading.opened.borrow().len(), 1);
        assert!(matches!(
            reading.table(NUMBERS_AS_TEXT).map(|_| ()),
            Err(TableError::TableTypeMismatch { .. })
        ));
        assert!(matches!(
            reading.table(MISSING).map(|_| ()),
            Err(TableError::TableDoesNotExist(_))
        ));
    }

    #[test]
    fn a_fact_is_found_once_in_a_read() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("test.redb")).unwrap();
        let reading = Reading::new(db.begin_read().unwrap(), None, None);
        let finds = std::cell::Cell::new(0);
        let find = |answer: bool| {
            finds.set(finds.get() + 1);
            Ok(answer)
        };
        assert!(reading.remembered(("open", 1), || find(true)).unwrap());
        assert!(reading.remembered(("open", 1), || find(false)).unwrap());
        assert!(!reading.remembered(("open", 2), || find(false)).unwrap());
        assert_eq!(finds.get(), 2);
        let failed = reading.remembered(("open", 3), || {
            Err::<bool, _>(corkboard_domain::error::AppError::not_found(
                corkboard_i18n::msg!("error-pin-not-found"),
            ))
        });
        assert!(failed.is_err());
        assert!(reading.remembered(("open", 3), || find(true)).unwrap());
    }
}
