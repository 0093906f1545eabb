//! The redb database: opening, migrating, and one module per entity.

pub mod migrations;
pub mod tables;

use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use redb::Database;

/// A handle to the database, cheap to clone.
#[derive(Clone)]
pub struct Store {
    db: Arc<Database>,
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
        Ok(Store { db: Arc::new(db) })
    }

    pub fn db(&self) -> &Database {
        &self.db
    }
}
