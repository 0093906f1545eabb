//! A copy of the whole database as one read transaction sees it, into a new redb file: the
//! database part of a backup. Every table of `tables` is copied; a table the database holds that
//! this list lacks makes the copy fail, so a new table cannot be left out of backups silently.

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::{Context, bail};
use redb::{
    Database, Key, MultimapTableHandle, ReadTransaction, ReadableTable, TableDefinition,
    TableError, TableHandle, Value, WriteTransaction,
};

use super::tables::*;

/// Writes every table `read` sees into a new database at `path` (which must not exist), in one
/// write transaction, committed durably.
pub fn copy_database(read: &ReadTransaction, path: &Path) -> anyhow::Result<()> {
    let db = Database::create(path)
        .with_context(|| format!("cannot create the database copy {}", path.display()))?;
    let write = db.begin_write()?;
    copy_every_table(read, &write)?;
    write.commit()?;
    Ok(())
}

/// Copies each table in `tables`, then checks that none of the source was left out.
fn copy_every_table(read: &ReadTransaction, write: &WriteTransaction) -> anyhow::Result<()> {
    let mut copied = BTreeSet::new();
    let mut tables = Copier {
        read,
        write,
        copied: &mut copied,
    };
    tables.copy(META)?;
    tables.copy(USERS)?;
    tables.copy(USERS_BY_USERNAME)?;
    tables.copy(USERS_BY_EMAIL)?;
    tables.copy(RECENT_SEARCHES)?;
    tables.copy(SESSIONS)?;
    tables.copy(SESSIONS_BY_USER)?;
    tables.copy(MAIL_TOKENS)?;
    tables.copy(INVITES)?;
    tables.copy(IDENTITIES)?;
    tables.copy(IDENTITIES_BY_SUBJECT)?;
    tables.copy(IDENTITIES_BY_USER)?;
    tables.copy(PENDING_SIGN_INS)?;
    tables.copy(API_KEYS)?;
    tables.copy(API_KEYS_BY_HASH)?;
    tables.copy(API_KEYS_BY_USER)?;
    tables.copy(PASSKEYS)?;
    tables.copy(PASSKEYS_BY_CREDENTIAL)?;
    tables.copy(PASSKEYS_BY_USER)?;
    tables.copy(PASSKEY_CEREMONIES)?;
    tables.copy(SHARE_LINKS)?;
    tables.copy(SHARE_LINKS_BY_HASH)?;
    tables.copy(SHARE_LINKS_BY_BOARD)?;
    tables.copy(BOARDS)?;
    tables.copy(BOARDS_BY_SLUG)?;
    tables.copy(BOARDS_BY_USER)?;
    tables.copy(BOARDS_BY_FOLDER)?;
    tables.copy(BOARDS_SHARED_WITH)?;
    tables.copy(BOARD_TITLE_WORDS)?;
    tables.copy(BOARD_TITLE_WORDS_BY_WORD)?;
    tables.copy(LISTS)?;
    tables.copy(LIST_COUNTS)?;
    tables.copy(FOLDERS)?;
    tables.copy(FOLDERS_BY_SLUG)?;
    tables.copy(FOLDERS_BY_USER)?;
    tables.copy(PINS)?;
    tables.copy(BOARD_PINS)?;
    tables.copy(BOARD_PINS_BY_DATE)?;
    tables.copy(BOARD_PIN_COUNTS)?;
    tables.copy(PIN_BOARDS)?;
    tables.copy(PUBLIC_PINS)?;
    tables.copy(PINS_BY_USER)?;
    tables.copy(PUBLIC_PINS_BY_USER)?;
    tables.copy(PRIVATE_BOARD_PINS)?;
    tables.copy(PRIVATE_BOARD_PIN_COUNTS)?;
    tables.copy(PRIVATE_PINS_ON_SEVERAL_BOARDS)?;
    tables.copy(USER_PIN_COUNTS)?;
    tables.copy(USER_PIN_BYTES)?;
    tables.copy(PINS_BY_PICTURE)?;
    tables.copy(PICTURES)?;
    tables.copy(LOOK_ALIKES)?;
    tables.copy(SEARCH_PENDING)?;
    tables.copy(SEARCH_PENDING_1)?;
    tables.copy(SEARCH_SWEEPS)?;
    tables.copy(BOARD_SWEEPS)?;
    tables.copy(FOLLOWS)?;
    tables.copy(FOLLOWERS)?;
    tables.copy(FOLLOWER_COUNTS)?;
    tables.copy(FEED)?;
    tables.copy(PRIVATE_PICTURE_PINS)?;
    tables.copy(OWN_PICTURE_PINS)?;
    tables.copy(TEMP_PINS)?;
    tables.copy(USER_TEMP_BYTES)?;
    tables.copy(IMPORT_JOBS)?;
    tables.copy(IMPORT_JOBS_BY_USER)?;
    tables.copy(IMPORT_PENDING)?;
    tables.copy(IMPORT_ITEMS)?;
    tables.copy(IMPORT_FAILURES)?;
    tables.copy(IMPORTED)?;
    let mut held = read.list_tables()?.map(|table| table.name().to_owned());
    if let Some(missed) = held.find(|name| !copied.contains(name)) {
        bail!("the table {missed} is not copied by backups: add it to store::snapshot");
    }
    if let Some(table) = read.list_multimap_tables()?.next() {
        bail!(
            "the multimap table {} is not copied by backups: add it to store::snapshot",
            table.name()
        );
    }
    Ok(())
}

struct Copier<'a> {
    read: &'a ReadTransaction,
    write: &'a WriteTransaction,
    copied: &'a mut BTreeSet<String>,
}

impl Copier<'_> {
    /// Copies one table entry by entry, when the source has it.
    fn copy<K: Key + 'static, V: Value + 'static>(
        &mut self,
        definition: TableDefinition<K, V>,
    ) -> anyhow::Result<()> {
        self.copied.insert(definition.name().to_owned());
        let source = match self.read.open_table(definition) {
            Ok(table) => table,
            Err(TableError::TableDoesNotExist(_)) => return Ok(()),
            Err(error) => return Err(error.into()),
        };
        let mut target = self.write.open_table(definition)?;
        for entry in source.iter()? {
            let (key, value) = entry?;
            target.insert(key.value(), value.value())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use redb::ReadableDatabase;

    use super::*;
    use crate::migrations;

    /// A database of the current schema has no table the copy leaves out.
    #[test]
    fn every_table_of_the_schema_is_copied() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("source.redb")).unwrap();
        migrations::run(&db).unwrap();
        let write = db.begin_write().unwrap();
        write
            .open_table(USERS)
            .unwrap()
            .insert(7, &b"ada"[..])
            .unwrap();
        write.commit().unwrap();
        let copy = dir.path().join("copy.redb");
        copy_database(&db.begin_read().unwrap(), &copy).unwrap();
        let copy = Database::create(&copy).unwrap();
        assert_eq!(
            migrations::schema_version(&copy).unwrap(),
            migrations::CURRENT_VERSION
        );
        let read = copy.begin_read().unwrap();
        let users = read.open_table(USERS).unwrap();
        assert_eq!(users.get(7).unwrap().unwrap().value(), b"ada");
    }

    #[test]
    fn a_table_unknown_to_the_copy_fails_it() {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::create(dir.path().join("source.redb")).unwrap();
        let write = db.begin_write().unwrap();
        let stray: TableDefinition<u64, u64> = TableDefinition::new("stray-1");
        write.open_table(stray).unwrap();
        write.commit().unwrap();
        let error =
            copy_database(&db.begin_read().unwrap(), &dir.path().join("copy.redb")).unwrap_err();
        assert!(error.to_string().contains("stray-1"), "{error}");
    }
}
