//! Media files in the data folder: each key a path under it, written atomically.

use std::path::{Path, PathBuf};

use anyhow::Context;
use chrono::{DateTime, Utc};

use crate::media::files::write_atomically;
use crate::media::storage::StoredFile;
use corkboard_domain::error::AppResult;

pub struct LocalMedia {
    root: PathBuf,
}

impl LocalMedia {
    pub fn new(root: &Path) -> LocalMedia {
        LocalMedia {
            root: root.to_owned(),
        }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The file of `key`.
    pub fn path(&self, key: &str) -> PathBuf {
        self.root.join(key)
    }

    pub fn put(&self, key: &str, bytes: &[u8]) -> AppResult<()> {
        write_atomically(&self.path(key), bytes)
    }

    pub fn read(&self, key: &str) -> AppResult<Option<Vec<u8>>> {
        let path = self.path(key);
        match std::fs::read(&path) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(anyhow::Error::from(error)
                .context(format!("cannot read {}", path.display()))
                .into()),
        }
    }

    pub fn exists(&self, key: &str) -> bool {
        self.path(key).exists()
    }

    pub fn remove(&self, key: &str) -> AppResult<()> {
        let path = self.path(key);
        unless_missing(std::fs::remove_file(&path), &path)
    }

    pub(crate) fn remove_folder(&self, prefix: &str) -> AppResult<()> {
        let path = self.path(prefix);
        unless_missing(std::fs::remove_dir_all(&path), &path)
    }

    /// Every file under `prefix`, unfinished writes (`*.tmp-*`) included.
    pub fn list(&self, prefix: &str) -> AppResult<Vec<StoredFile>> {
        let mut found = Vec::new();
        collect(&self.path(prefix), prefix.trim_end_matches('/'), &mut found)?;
        Ok(found)
    }
}

/// A removal's outcome: what was already gone is no error.
fn unless_missing(removed: std::io::Result<()>, path: &Path) -> AppResult<()> {
    match removed {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
            Err(anyhow::Error::from(error)
                .context(format!("cannot remove {}", path.display()))
                .into())
        }
        _ => Ok(()),
    }
}

fn collect(dir: &Path, key: &str, found: &mut Vec<StoredFile>) -> AppResult<()> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(error) => return Err(anyhow::Error::from(error).into()),
    };
    for entry in entries {
        let entry = entry.with_context(|| format!("cannot list {}", dir.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let child = format!("{key}/{name}");
        let Ok(metadata) = entry.metadata() else {
            continue;
        };
        if metadata.is_dir() {
            collect(&entry.path(), &child, found)?;
        } else {
            found.push(StoredFile {
                key: child,
                size: metadata.len(),
                modified: metadata.modified().ok().map(DateTime::<Utc>::from),
            });
        }
    }
    Ok(())
}
