//! How many bytes the picture folders hold: measured by walking them (about 3 s for 200k files),
//! at most once a minute and off the scrape's path, so that frequent scrapes of a large instance
//! neither stat every file each time nor wait for it.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::config::Config;

/// How long a measurement is used before a new one is started.
const FRESH_FOR: Duration = Duration::from_secs(60);

type Sizes = [(&'static str, u64); 3];

/// The last measurement, when it was made, and whether a new one is under way. Cheap to clone.
#[derive(Debug, Default, Clone)]
pub struct MediaUsage {
    last: Arc<Mutex<Option<(Instant, Sizes)>>>,
    measuring: Arc<AtomicBool>,
}

impl MediaUsage {
    /// The bytes under `avatars/`, `previews/` and `originals/`. The first call measures them;
    /// later ones answer the last measurement at once, and when it is a minute old start a new
    /// one in the background. Blocks (the first time).
    pub fn bytes(&self, config: &Arc<Config>) -> Sizes {
        let last = *self.last.lock().unwrap_or_else(|e| e.into_inner());
        let Some((measured_at, sizes)) = last else {
            return self.measure(config);
        };
        if measured_at.elapsed() >= FRESH_FOR && !self.measuring.swap(true, Ordering::AcqRel) {
            let (usage, config) = (self.clone(), config.clone());
            std::thread::spawn(move || {
                usage.measure(&config);
                usage.measuring.store(false, Ordering::Release);
            });
        }
        sizes
    }

    fn measure(&self, config: &Config) -> Sizes {
        let sizes = [
            ("avatars", bytes_under(&config.avatars_dir())),
            ("previews", bytes_under(&config.previews_dir())),
            ("originals", bytes_under(&config.originals_dir())),
        ];
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) = Some((Instant::now(), sizes));
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

    #[test]
    fn a_fresh_measurement_is_reused() {
        let dir = tempfile::tempdir().unwrap();
        let config = Arc::new(Config {
            data_dir: dir.path().to_owned(),
            ..Config::default()
        });
        std::fs::create_dir_all(config.previews_dir()).unwrap();
        std::fs::write(config.previews_dir().join("one"), [0; 10]).unwrap();
        let usage = MediaUsage::default();
        assert_eq!(usage.bytes(&config)[1], ("previews", 10));
        std::fs::write(config.previews_dir().join("two"), [0; 10]).unwrap();
        assert_eq!(usage.bytes(&config)[1], ("previews", 10));
    }
}
