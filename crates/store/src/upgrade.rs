//! Before the migrations change a database of an older schema version, a copy of its file as it
//! was is kept beside it (`corkboard.redb.bak-v{N}`): the way back to the previous Corkboard.

use std::fs::File;
use std::path::{Path, PathBuf};

use anyhow::Context;

use super::migrations::CURRENT_VERSION;

/// Where the copy of the database file `path` at schema version `version` is kept.
pub fn backup_path(path: &Path, version: u64) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_owned();
    name.push(format!(".bak-v{version}"));
    path.with_file_name(name)
}

/// Whether a database at schema version `version` is kept before migrating: a new one (0) has
/// nothing to keep, a current one will not change.
pub(crate) fn needs_backup(version: u64) -> bool {
    version > 0 && version < CURRENT_VERSION
}

/// Copies the closed database file `path` to its `backup_path`, replacing an older copy of the
/// same version. The copy is written under a temporary name and renamed once on disk, so that a
/// crash never leaves a partial copy under the final name.
pub(crate) fn keep_copy(path: &Path, version: u64) -> anyhow::Result<PathBuf> {
    let backup = backup_path(path, version);
    let mut partial = backup.clone().into_os_string();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    let copy = || -> std::io::Result<()> {
        std::fs::copy(path, &partial)?;
        File::open(&partial)?.sync_all()?;
        std::fs::rename(&partial, &backup)?;
        let folder = backup
            .parent()
            .filter(|folder| !folder.as_os_str().is_empty());
        File::open(folder.unwrap_or(Path::new(".")))?.sync_all()
    };
    if let Err(error) = copy() {
        let _ = std::fs::remove_file(&partial);
        return Err(error).with_context(|| {
            format!(
                "cannot keep a copy of the database at {} before migrating it \
                 (the database is left as it was)",
                backup.display()
            )
        });
    }
    tracing::info!(
        backup = %backup.display(),
        version,
        "the database was copied before its migration to version {CURRENT_VERSION}"
    );
    Ok(backup)
}
