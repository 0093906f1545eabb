//! Upgrading: a database an older Corkboard left is copied, as it was, to
//! `corkboard.redb.bak-v{N}` before the migrations change it.

use std::path::Path;

use corkboard::app;
use corkboard_domain::config::Config;
use corkboard_store::migrations::{self, CURRENT_VERSION};
use corkboard_store::tables::META;
use corkboard_store::upgrade::backup_path;
use redb::{Database, ReadableDatabase, ReadableTableMetadata};

const OLD_VERSION: u64 = CURRENT_VERSION - 1;

/// A database as the previous schema version left it, with a mark to find in its copy.
fn older_database(path: &Path) {
    let db = Database::create(path).unwrap();
    migrations::migrate_to(&db, OLD_VERSION).unwrap();
    let write = db.begin_write().unwrap();
    write.open_table(META).unwrap().insert("mark", 42).unwrap();
    write.commit().unwrap();
}

/// The schema version and the mark of a database file.
fn version_and_mark(path: &Path) -> (u64, Option<u64>) {
    let db = Database::open(path).unwrap();
    let read = db.begin_read().unwrap();
    let mark = read.open_table(META).unwrap().get("mark").unwrap();
    let mark = mark.map(|value| value.value());
    (migrations::schema_version(&db).unwrap(), mark)
}

fn config(data_dir: &Path) -> Config {
    Config {
        listen: "127.0.0.1:0".parse().unwrap(),
        data_dir: data_dir.to_owned(),
        ..Config::default()
    }
}

fn backups_in(data_dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(data_dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.contains(".bak-v"))
        .collect();
    names.sort();
    names
}

#[tokio::test]
async fn an_older_database_is_copied_before_it_is_migrated() {
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("corkboard.redb");
    older_database(&live);

    let server = app::start(config(dir.path())).await.unwrap();
    server.stop().await.unwrap();

    let backup = backup_path(&live, OLD_VERSION);
    assert_eq!(
        backups_in(dir.path()),
        [format!("corkboard.redb.bak-v{OLD_VERSION}")]
    );
    assert_eq!(version_and_mark(&backup), (OLD_VERSION, Some(42)));
    assert_eq!(version_and_mark(&live), (CURRENT_VERSION, Some(42)));

    // A current database is not copied again.
    std::fs::remove_file(&backup).unwrap();
    let server = app::start(config(dir.path())).await.unwrap();
    server.stop().await.unwrap();
    assert!(backups_in(dir.path()).is_empty());
}

#[tokio::test]
async fn a_new_database_has_nothing_to_copy() {
    let dir = tempfile::tempdir().unwrap();
    let server = app::start(config(dir.path())).await.unwrap();
    server.stop().await.unwrap();
    assert!(backups_in(dir.path()).is_empty());
}

#[tokio::test]
async fn without_its_copy_an_older_database_is_not_migrated() {
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("corkboard.redb");
    older_database(&live);
    // A folder where the copy should go: the copy cannot be renamed into place.
    std::fs::create_dir(backup_path(&live, OLD_VERSION)).unwrap();

    let error = app::start(config(dir.path())).await.err().expect("refused");
    let message = format!("{error:#}");
    assert!(message.contains("cannot keep a copy"), "{message}");
    assert_eq!(version_and_mark(&live), (OLD_VERSION, Some(42)));
    assert_eq!(
        backups_in(dir.path()),
        [format!("corkboard.redb.bak-v{OLD_VERSION}")]
    );
}

/// A seeded database without the kept lists and sums of versions 17 and 18 gets them from its
/// records: the check finds every index in agreement after the migrations.
#[test]
fn the_lists_and_sums_of_versions_17_and_18_are_made_from_the_records() {
    use corkboard::seed::{SeedPlan, seed};
    use corkboard_store::{Source, Store, check, tables};
    let dir = tempfile::tempdir().unwrap();
    let config = config(dir.path());
    let plan = SeedPlan {
        users: 4,
        boards: 30,
        pins: 120,
        pictures: 2,
        seed: 5,
    };
    seed(&config, plan).unwrap();
    let db = Database::open(config.database_path()).unwrap();
    let write = db.begin_write().unwrap();
    write.delete_table(tables::LISTS).unwrap();
    write.delete_table(tables::LIST_COUNTS).unwrap();
    write.delete_table(tables::USER_PIN_BYTES).unwrap();
    write
        .open_table(META)
        .unwrap()
        .insert("schema_version", 16)
        .unwrap();
    write.commit().unwrap();
    migrations::run(&db).unwrap();
    drop(db);

    let store = Store::open(&config.database_path()).unwrap();
    let report = store.read(check::database).unwrap();
    assert!(report.is_consistent(), "{report:?}");
    let lists = store
        .read(|read| Ok(read.table(tables::LISTS).unwrap().len().unwrap()))
        .unwrap();
    assert!(
        lists > 30,
        "every board is listed, and every folder: {lists} entries"
    );
}
