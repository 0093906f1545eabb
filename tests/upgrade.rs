//! Upgrading: a database an older Corkboard left is copied, as it was, to
//! `corkboard.redb.bak-v{N}` before the migrations change it.

use std::path::Path;

use corkboard::app;
use corkboard::config::Config;
use corkboard::store::migrations::{self, CURRENT_VERSION};
use corkboard::store::tables::META;
use corkboard::store::upgrade::backup_path;
use redb::{Database, ReadableDatabase};

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
