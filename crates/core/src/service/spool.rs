//! Spool files: a new file in a folder of the server's, unlinked at once, so that its disk space
//! goes back when it is closed, even after a crash.

use std::fs::{File, OpenOptions};
use std::path::Path;

/// A new file in `dir` (made when missing), named `prefix` and a random number, unlinked.
pub fn unlinked_file(dir: &Path, prefix: &str) -> std::io::Result<File> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(format!("{prefix}-{}.partial", rand::random::<u64>()));
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(&path)?;
    let _ = std::fs::remove_file(&path);
    Ok(file)
}
