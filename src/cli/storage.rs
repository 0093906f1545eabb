//! `corkboard storage migrate --to s3` (or `--to local`): copies every media file (avatars,
//! previews, originals) from the storage in use to the other one, with a progress bar, checks
//! each copy by its sha1, and only when all are there switches `storage.kind` in the config
//! file. Run again after an interruption, it copies only what is still missing.

use std::collections::HashMap;
use std::io::IsTerminal;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::Context;

use crate::control;
use corkboard_core::media::fingerprint::sha1_hex;
use corkboard_core::media::storage::{FOLDERS, MediaStore, StoredFile};
use corkboard_domain::config::{Config, StorageKind};

#[derive(Debug, clap::Subcommand)]
pub enum StorageAction {
    /// Copy every media file to the other storage, then switch storage.kind in the config file.
    Migrate {
        /// The storage to move to; the config file's [storage] section names the bucket.
        #[arg(long, value_enum)]
        to: StorageKind,
    },
}

/// Copies at once: the time of a copy is mostly waiting for the bucket.
const COPIES_AT_ONCE: usize = 8;

pub fn run(
    config: Config,
    config_file: Option<&Path>,
    action: StorageAction,
) -> anyhow::Result<()> {
    let StorageAction::Migrate { to } = action;
    let from = config.storage.kind;
    if from == to {
        anyhow::bail!("storage.kind is already {}", kind_name(to));
    }
    if std::os::unix::net::UnixStream::connect(control::socket_path(&config)).is_ok() {
        anyhow::bail!(
            "the server is running: stop it first (it keeps using the storage it started with)"
        );
    }
    let source = MediaStore::of_kind(&config, from)?;
    let target = MediaStore::of_kind(&config, to)?;
    let mut files = Vec::new();
    let mut there = HashMap::new();
    for folder in FOLDERS {
        let listed = source.list(folder).map_err(|e| anyhow::anyhow!("{e:?}"))?;
        // Unfinished writes of the data folder are no media.
        files.extend(
            listed
                .into_iter()
                .filter(|file| !file.key.contains(".tmp-")),
        );
        for file in target.list(folder).map_err(|e| anyhow::anyhow!("{e:?}"))? {
            there.insert(file.key, file.size);
        }
    }
    eprintln!(
        "moving {} files from {} to {}",
        files.len(),
        source.describe(),
        target.describe()
    );
    let progress = Progress::new(files.len());
    let failures = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..COPIES_AT_ONCE {
            scope.spawn(|| {
                while let Some(file) = files.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let outcome = match there.get(&file.key) == Some(&file.size) {
                        true => Ok(Copy::AlreadyThere),
                        false => copy(&source, &target, file),
                    };
                    if let Err(error) = &outcome {
                        failures
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push(format!("{}: {error:#}", file.key));
                    }
                    progress.count(outcome.ok());
                }
            });
        }
    });
    crate::progress::finish();
    let failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    if !failures.is_empty() {
        for failure in failures.iter().take(10) {
            eprintln!("not copied: {failure}");
        }
        anyhow::bail!(
            "{} files were not copied; storage.kind is unchanged: run the command again to copy them",
            failures.len()
        );
    }
    match config_file {
        Some(path) => {
            switch_kind(path, to)?;
            println!(
                "storage.kind is now \"{}\" in {}: start the server to use it. The files in {} are left in place.",
                kind_name(to),
                path.display(),
                source.describe()
            );
        }
        None => println!(
            "every file is in {}. No config file was given (--config): set storage.kind = \"{}\" (or CORKBOARD_STORAGE__KIND={}) and start the server.",
            target.describe(),
            kind_name(to),
            kind_name(to)
        ),
    }
    Ok(())
}

enum Copy {
    Copied(u64),
    AlreadyThere,
}

/// Copies one file and reads it back: the copy must have the source's sha1 (and an original's
/// sha1 is its name).
fn copy(source: &MediaStore, target: &MediaStore, file: &StoredFile) -> anyhow::Result<Copy> {
    let bytes = source
        .read(&file.key)
        .map_err(|e| anyhow::anyhow!("cannot read it: {e:?}"))?
        .context("it went missing meanwhile")?;
    let sha1 = sha1_hex(&bytes);
    let size = bytes.len() as u64;
    target
        .put(&file.key, bytes)
        .map_err(|e| anyhow::anyhow!("cannot write it: {e:?}"))?;
    let copied = target
        .read(&file.key)
        .map_err(|e| anyhow::anyhow!("cannot read the copy back: {e:?}"))?
        .context("the copy is missing")?;
    if sha1_hex(&copied) != sha1 {
        anyhow::bail!("the copy differs from the file (another sha1)");
    }
    Ok(Copy::Copied(size))
}

/// Rewrites `storage.kind` in the config file, keeping the rest of it (and its comments).
fn switch_kind(path: &Path, to: StorageKind) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the config file {}", path.display()))?;
    let mut document: toml_edit::DocumentMut = text
        .parse()
        .with_context(|| format!("cannot read the config file {}", path.display()))?;
    let storage = document
        .entry("storage")
        .or_insert_with(|| toml_edit::Item::Table(toml_edit::Table::new()))
        .as_table_mut()
        .context("[storage] in the config file is not a table")?;
    storage["kind"] = toml_edit::value(kind_name(to));
    let partial = path.with_extension("toml.partial");
    std::fs::write(&partial, document.to_string())
        .and_then(|()| std::fs::rename(&partial, path))
        .with_context(|| format!("cannot write the config file {}", path.display()))
}

fn kind_name(kind: StorageKind) -> &'static str {
    match kind {
        StorageKind::Local => "local",
        StorageKind::S3 => "s3",
    }
}

/// The progress bar: `[#####.....]  45/100  copied 40 (12.5 MB), already there 5, failed 0`.
struct Progress {
    total: usize,
    counts: Mutex<(usize, u64, usize, usize)>,
}

impl Progress {
    fn new(total: usize) -> Progress {
        Progress {
            total,
            counts: Mutex::new((0, 0, 0, 0)),
        }
    }

    fn count(&self, outcome: Option<Copy>) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        match outcome {
            Some(Copy::Copied(bytes)) => {
                counts.0 += 1;
                counts.1 += bytes;
            }
            Some(Copy::AlreadyThere) => counts.2 += 1,
            None => counts.3 += 1,
        }
        let (copied, bytes, already, failed) = *counts;
        let done = copied + already + failed;
        // A line at most every 1% on a terminal-less log.
        let step = (self.total / 100).max(1);
        if std::io::stderr().is_terminal() || done % step == 0 || done == self.total {
            let details = format!(
                "copied {copied} ({:.1} MB), already there {already}, failed {failed}",
                bytes as f64 / 1e6
            );
            crate::progress::draw(done, self.total, &details);
        }
    }
}
