//! How many bytes the picture folders hold: measured by walking them, at most once a minute,
//! so that frequent scrapes of a large instance do not stat every file each time.

use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::config::Config;

/// How long a measurement is reused.
const FRESH_FOR: Duration = Duration::from_secs(60);

type Sizes = [(&'static str, u64); 3];

/// The last measurement and when it was made.
#[derive(Debug, Default)]
pub struct MediaUsage {
    measured: Mutex<Option<(Instant, Sizes)>>,
}

impl MediaUsage {
    /// The bytes under `avatars/`, `previews/` and `originals/`, measured again when the last
    /// measurement is a minute old. Blocks: callers at once wait for the one measurement.
    pub fn bytes(&self, config: &Config) -> Sizes {
        let mut measured = self.measured.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((at, sizes)) = *measured
            && at.elapsed() < FRESH_FOR
        {
            return sizes;
        }
        let sizes = [
            ("avatars", bytes_under(&config.avatars_dir())),
            ("previews", bytes_under(&config.previews_dir())),
            ("originals", bytes_under(&config.originals_dir())),
        ];
        *measured = Some((Instant::now(), sizes));
        sizes
    }
}

/// The sizes of the files under `root`, added up; what cannot be read counts as nothing.
fn bytes_under(root: &Path) -> u64 {
    let mut total = 0;
    let mut folders = vec![root.to_owned()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            match entry.file_type() {
                Ok(kind) if kind.is_dir() => folders.push(entry.path()),
                Ok(kind) if kind.is_file() => {
                    total += entry.metadata().map_or(0, |meta| meta.len());
                }
                _ => {}
            }
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_in_nested_folders_are_added_up() {
        let dir = tempfile::tempdir().unwrap();
        let nested = dir.path().join("ab/cd");
        std::fs::create_dir_all(&nested).unwrap();
        std::fs::write(dir.path().join("one"), [0; 10]).unwrap();
        std::fs::write(nested.join("two"), [0; 32]).unwrap();
        assert_eq!(bytes_under(dir.path()), 42);
        assert_eq!(bytes_under(&dir.path().join("missing")), 0);
    }
}
