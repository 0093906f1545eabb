//! Online backups (`corkboard backup`, scheduled ones): from one read transaction, a copy of the
//! database and the picture and avatar files it refers to, with `manifest.json`. A file the
//! previous backup beside it holds is hard-linked to it; media files are never changed in place
//! (`write_atomically` renames a new file over the old), so a link always shows what was backed
//! up. The backup is made in a hidden folder and renamed into place once complete.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{Context, bail};
use chrono::{DateTime, Utc};
use redb::{ReadTransaction, ReadableDatabase, ReadableTableMetadata};
use serde::{Deserialize, Serialize};

use crate::media::avatar::{AVATAR_SIZES, avatar_file};
use crate::media::encode::FORMATS;
use corkboard_domain::config::{Config, StorageKind};
use corkboard_store::{Store, migrations, pins, snapshot, tables, users};

/// The name of the database copy in a backup.
pub(crate) const DATABASE_FILE: &str = "corkboard.redb";
/// The name of the manifest in a backup; a folder without one is no (complete) backup.
pub(crate) const MANIFEST_FILE: &str = "manifest.json";
const FORMAT: &str = "corkboard-backup";
const FORMAT_VERSION: u32 = 1;

/// What `manifest.json` says of a backup.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Manifest {
    /// Always `corkboard-backup`.
    pub format: String,
    pub version: u32,
    pub created_at: DateTime<Utc>,
    /// The database's schema version (see `store::migrations`).
    pub schema_version: u64,
    pub users: u64,
    pub boards: u64,
    pub pins: u64,
    /// Picture and avatar files.
    pub files: u64,
    /// The database copy and the files, in bytes.
    pub total_bytes: u64,
    /// Files hard-linked to the previous backup (unchanged since then).
    pub files_from_previous: u64,
    /// Files hard-linked to the data folder's own (on the same file system).
    pub files_linked: u64,
    pub files_copied: u64,
    /// Files the database refers to that the data folder lacks (`corkboard check` lists them).
    pub files_missing: u64,
    /// The folder name of the previous backup files were linked to.
    pub previous: Option<String>,
    pub seconds: f64,
}

impl Manifest {
    /// Reads and checks the manifest of the backup in `dir`.
    pub fn read(dir: &Path) -> anyhow::Result<Manifest> {
        let path = dir.join(MANIFEST_FILE);
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("{} is not a backup: no {MANIFEST_FILE}", dir.display()))?;
        let manifest: Manifest = serde_json::from_str(&text)
            .with_context(|| format!("{} is unreadable", path.display()))?;
        if manifest.format != FORMAT || manifest.version > FORMAT_VERSION {
            bail!(
                "{} is of format {} version {}, which this Corkboard does not read",
                path.display(),
                manifest.format,
                manifest.version
            );
        }
        Ok(manifest)
    }

    /// One sentence for the operator.
    pub fn summary(&self, dir: &Path) -> String {
        format!(
            "Backed up {} users, {} boards, {} pins and {} files ({:.1} MiB; {} linked to the \
             previous backup, {} to the data folder, {} copied{}) to {} in {:.1} s.",
            self.users,
            self.boards,
            self.pins,
            self.files,
            self.total_bytes as f64 / (1024.0 * 1024.0),
            self.files_from_previous,
            self.files_linked,
            self.files_copied,
            match self.files_missing {
                0 => String::new(),
                missing => format!("; {missing} missing from the data folder"),
            },
            dir.display(),
            self.seconds
        )
    }
}

/// Backs the data folder of `config` up into `out`, a folder that must not exist yet. `files`
/// is the lock that pin deletions hold while they remove pictures' files: it is held from the
/// snapshot until its files are linked, so that none goes meanwhile.
pub fn back_up(
    store: &Store,
    files: &Mutex<()>,
    config: &Config,
    out: &Path,
) -> anyhow::Result<Manifest> {
    let started = Instant::now();
    let out = std::path::absolute(out)?;
    if out.exists() {
        bail!(
            "{} already exists: name a new folder for the backup",
            out.display()
        );
    }
    let parent = out
        .parent()
        .context("a backup folder needs a parent folder")?;
    std::fs::create_dir_all(parent)
        .with_context(|| format!("cannot create {}", parent.display()))?;
    let previous = newest_backup(parent)?;
    let name = out.file_name().context("a backup folder needs a name")?;
    let partial = parent.join(format!(".{}.partial", name.to_string_lossy()));
    if partial.exists() {
        std::fs::remove_dir_all(&partial)
            .with_context(|| format!("cannot remove {}", partial.display()))?;
    }
    std::fs::create_dir(&partial)
        .with_context(|| format!("cannot create {}", partial.display()))?;
    let made = (|| {
        let db = store.db().map_err(|error| anyhow::anyhow!("{error:?}"))?;
        let schema_version = migrations::schema_version(&db)?;
        let guard = files.lock().unwrap_or_else(|e| e.into_inner());
        let read = db.begin_read()?;
        let mut manifest = counts(&read, schema_version)?;
        let wanted = media_files(config, &read)?;
        let linked = link_files(
            &config.data_dir,
            previous.as_deref(),
            &partial,
            &wanted,
            &mut manifest,
        );
        drop(guard);
        linked?;
        snapshot::copy_database(&read, &partial.join(DATABASE_FILE))?;
        drop(read);
        manifest.total_bytes += std::fs::metadata(partial.join(DATABASE_FILE))?.len();
        manifest.previous = previous
            .as_deref()
            .and_then(Path::file_name)
            .map(|name| name.to_string_lossy().into_owned());
        manifest.seconds = started.elapsed().as_secs_f64();
        let text = serde_json::to_vec_pretty(&manifest)?;
        std::fs::write(partial.join(MANIFEST_FILE), text)?;
        sync_file_system(&partial)?;
        std::fs::rename(&partial, &out)
            .with_context(|| format!("cannot move the backup to {}", out.display()))?;
        sync_file_system(parent)?;
        Ok(manifest)
    })();
    if made.is_err() {
        let _ = std::fs::remove_dir_all(&partial);
    }
    made
}

/// The manifest without its files: the schema version and the counts.
fn counts(read: &ReadTransaction, schema_version: u64) -> anyhow::Result<Manifest> {
    let internal = |error| anyhow::anyhow!("cannot read the database: {error:?}");
    Ok(Manifest {
        format: FORMAT.into(),
        version: FORMAT_VERSION,
        created_at: Utc::now(),
        schema_version,
        users: users::count(read).map_err(internal)?,
        boards: read.open_table(tables::BOARDS)?.len()?,
        pins: pins::count(read).map_err(internal)?,
        files: 0,
        total_bytes: 0,
        files_from_previous: 0,
        files_linked: 0,
        files_copied: 0,
        files_missing: 0,
        previous: None,
        seconds: 0.0,
    })
}

/// Every preview and original of the pins' pictures and every avatar file, relative to the data
/// folder; none when they are kept in a bucket (its own versioning or replication keeps them).
fn media_files(config: &Config, read: &ReadTransaction) -> anyhow::Result<BTreeSet<PathBuf>> {
    if config.storage.kind != StorageKind::Local {
        return Ok(BTreeSet::new());
    }
    let internal = |error| anyhow::anyhow!("cannot read the database: {error:?}");
    let relative = |dir: PathBuf| -> PathBuf {
        dir.strip_prefix(&config.data_dir)
            .map(Path::to_path_buf)
            .unwrap_or(dir)
    };
    let (previews, originals, avatars) = (
        relative(config.previews_dir()),
        relative(config.originals_dir()),
        relative(config.avatars_dir()),
    );
    let mut files = BTreeSet::new();
    let mut pictures = BTreeSet::new();
    for id in pins::all_ids(read).map_err(internal)? {
        let Some(pin) = pins::get(read, id).map_err(internal)? else {
            continue;
        };
        if !pictures.insert(pin.picture.sha1.clone()) {
            continue;
        }
        let picture = pin.picture;
        for width in &picture.preview_widths {
            for format in FORMATS {
                files.insert(previews.join(picture.preview_path(*width, format)));
            }
        }
        files.insert(originals.join(picture.original_path()));
    }
    for user in users::all(read).map_err(internal)? {
        if let Some(hash) = &user.avatar {
            for size in AVATAR_SIZES {
                for format in FORMATS {
                    files.insert(avatars.join(avatar_file(hash, size, format)));
                }
            }
        }
    }
    Ok(files)
}

/// Puts each of `wanted` (relative to `data_dir`) into `out`: linked to `previous`'s copy when it
/// has one of the same size, else linked to the data folder's, else copied.
fn link_files(
    data_dir: &Path,
    previous: Option<&Path>,
    out: &Path,
    wanted: &BTreeSet<PathBuf>,
    manifest: &mut Manifest,
) -> anyhow::Result<()> {
    let mut folders = BTreeSet::new();
    for file in wanted {
        let source = data_dir.join(file);
        let Ok(metadata) = std::fs::metadata(&source) else {
            manifest.files_missing += 1;
            tracing::warn!(file = %source.display(), "a file to back up is missing");
            continue;
        };
        let target = out.join(file);
        if let Some(folder) = target.parent()
            && folders.insert(folder.to_owned())
        {
            std::fs::create_dir_all(folder)
                .with_context(|| format!("cannot create {}", folder.display()))?;
        }
        let earlier = previous
            .map(|previous| previous.join(file))
            .filter(|earlier| {
                std::fs::metadata(earlier).is_ok_and(|found| found.len() == metadata.len())
            });
        match earlier {
            Some(earlier) if std::fs::hard_link(&earlier, &target).is_ok() => {
                manifest.files_from_previous += 1;
            }
            _ => match link_or_copy(&source, &target)? {
                Placed::Linked => manifest.files_linked += 1,
                Placed::Copied => manifest.files_copied += 1,
            },
        }
        manifest.files += 1;
        manifest.total_bytes += metadata.len();
    }
    Ok(())
}

/// How a file was put in place.
pub(crate) enum Placed {
    Linked,
    Copied,
}

/// Hard-links `target` to `source`, or copies it when no link can be made (another file system).
pub(crate) fn link_or_copy(source: &Path, target: &Path) -> anyhow::Result<Placed> {
    if std::fs::hard_link(source, target).is_ok() {
        return Ok(Placed::Linked);
    }
    std::fs::copy(source, target)
        .with_context(|| format!("cannot copy {} to {}", source.display(), target.display()))?;
    Ok(Placed::Copied)
}

/// The most recent backup in `dir` (by its manifest's time), if any.
pub(crate) fn newest_backup(dir: &Path) -> anyhow::Result<Option<PathBuf>> {
    Ok(backups_in(dir)?
        .into_iter()
        .max_by_key(|(_, manifest)| manifest.created_at)
        .map(|(path, _)| path))
}

/// The complete backups in `dir`, with their manifests.
pub fn backups_in(dir: &Path) -> anyhow::Result<Vec<(PathBuf, Manifest)>> {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(error).with_context(|| format!("cannot read {}", dir.display())),
    };
    Ok(entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.join(MANIFEST_FILE).is_file())
        .filter_map(|path| Manifest::read(&path).ok().map(|manifest| (path, manifest)))
        .collect())
}

/// Makes everything written on the file system of `dir` durable (the files and links of a
/// backup or restore, and their folders), with one `syncfs` rather than one sync a file.
pub(crate) fn sync_file_system(dir: &Path) -> anyhow::Result<()> {
    use std::os::fd::AsRawFd;
    let folder =
        std::fs::File::open(dir).with_context(|| format!("cannot open {}", dir.display()))?;
    // SAFETY: syncfs only reads the descriptor, which `folder` keeps open.
    if unsafe { libc::syncfs(folder.as_raw_fd()) } != 0 {
        return Err(std::io::Error::last_os_error())
            .with_context(|| format!("cannot sync {}", dir.display()));
    }
    Ok(())
}
