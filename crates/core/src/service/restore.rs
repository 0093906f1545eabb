//! `corkboard restore DIR`: a backup put back into an empty data folder. The database is copied
//! (the server writes it in place); the media files are hard-linked when the backup is on the
//! same file system (they are never changed in place), else copied. The search index is not
//! in a backup: the server rebuilds it at its next start.

use std::path::Path;

use anyhow::{Context, bail};

use crate::service::backup::{
    DATABASE_FILE, MANIFEST_FILE, Manifest, link_or_copy, sync_file_system,
};
use corkboard_store::migrations;

/// Restores the backup in `backup` into `data_dir`, which must be empty or not exist yet.
pub fn restore(backup: &Path, data_dir: &Path) -> anyhow::Result<Manifest> {
    let manifest = Manifest::read(backup)?;
    if manifest.schema_version > migrations::CURRENT_VERSION {
        bail!(
            "this backup was made by a newer Corkboard (schema version {}, this one knows {}): \
             restore it with that version",
            manifest.schema_version,
            migrations::CURRENT_VERSION
        );
    }
    let occupied = std::fs::read_dir(data_dir).is_ok_and(|mut entries| entries.next().is_some());
    if occupied {
        bail!(
            "the data folder {} is not empty: restore into a new or empty folder",
            data_dir.display()
        );
    }
    std::fs::create_dir_all(data_dir)
        .with_context(|| format!("cannot create {}", data_dir.display()))?;
    put_files(backup, backup, data_dir)?;
    let partial = data_dir.join(format!("{DATABASE_FILE}.partial"));
    std::fs::copy(backup.join(DATABASE_FILE), &partial)
        .with_context(|| format!("cannot copy the database into {}", data_dir.display()))?;
    sync_file_system(data_dir)?;
    std::fs::rename(&partial, data_dir.join(DATABASE_FILE))?;
    sync_file_system(data_dir)?;
    Ok(manifest)
}

/// Links or copies every media file under `folder` of the backup `root` to the same place in
/// `data_dir`.
fn put_files(root: &Path, folder: &Path, data_dir: &Path) -> anyhow::Result<()> {
    let entries =
        std::fs::read_dir(folder).with_context(|| format!("cannot read {}", folder.display()))?;
    for entry in entries {
        let path = entry?.path();
        let relative = path.strip_prefix(root)?;
        if relative == Path::new(MANIFEST_FILE) || relative == Path::new(DATABASE_FILE) {
            continue;
        }
        let target = data_dir.join(relative);
        if path.is_dir() {
            std::fs::create_dir_all(&target)
                .with_context(|| format!("cannot create {}", target.display()))?;
            put_files(root, &path, data_dir)?;
        } else {
            link_or_copy(&path, &target)?;
        }
    }
    Ok(())
}
