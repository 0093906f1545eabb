//! Files written whole or not at all.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::Context;

use corkboard_domain::error::AppResult;

/// Writes to a temporary name first, so that a crash never leaves half a file under the real one.
/// The temporary name is the file's own name with `.tmp-{process}-{n}` added: unique, so two
/// writes at once (of the same picture, or of its JPEG and WebP previews) never share one; a
/// failed write removes it (on a full disk it would keep the space).
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> AppResult<()> {
    write_atomically_with(path, |file| {
        file.write_all(bytes)
            .with_context(|| format!("cannot write {}", path.display()))?;
        Ok(())
    })
}

/// Writes what `write` writes into a temporary name first (see `write_atomically`), then moves
/// it under `path`.
pub(crate) fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> AppResult<()>,
) -> AppResult<()> {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let parent = path.parent().context("a media path has no folder")?;
    std::fs::create_dir_all(parent)
        .with_context(|| format!("cannot create {}", parent.display()))?;
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(format!(
        ".tmp-{}-{}",
        std::process::id(),
        WRITES.fetch_add(1, Ordering::Relaxed)
    ));
    let temporary = PathBuf::from(temporary);
    let written = (|| -> AppResult<()> {
        let file = std::fs::File::create(&temporary)
            .with_context(|| format!("cannot create {}", temporary.display()))?;
        let mut file = BufWriter::new(file);
        write(&mut file)?;
        file.flush()
            .with_context(|| format!("cannot write {}", temporary.display()))?;
        std::fs::rename(&temporary, path)
            .with_context(|| format!("cannot move {} into place", path.display()))?;
        Ok(())
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}
