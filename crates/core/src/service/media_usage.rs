//! How many bytes the media folders hold: measured by listing them (about 3 s for 200k files
//! on disk), at most once a minute and off the scrape's path, so that frequent scrapes of a
//! large instance neither list every file each time nor wait for it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::media::storage::{AVATARS, MediaStore, ORIGINALS, PREVIEWS};

/// How long a measurement is used before a new one is started.
const FRESH_FOR: Duration = Duration::from_secs(60);

type Sizes = [(&'static str, u64); 3];

/// The last measurement, when it was made, and whether a new one is under way. Cheap to clone.
#[derive(Debug, Default, Clone)]
pub(crate) struct MediaUsage {
    last: Arc<Mutex<Option<(Instant, Sizes)>>>,
    measuring: Arc<AtomicBool>,
}

impl MediaUsage {
    /// The bytes under `avatars/`, `previews/` and `originals/`. The first call measures them;
    /// later ones answer the last measurement at once, and when it is a minute old start a new
    /// one in the background. Blocks (the first time).
    pub fn bytes(&self, media: &MediaStore) -> Sizes {
        let last = *self.last.lock().unwrap_or_else(|e| e.into_inner());
        let Some((measured_at, sizes)) = last else {
            return self.measure(media);
        };
        if measured_at.elapsed() >= FRESH_FOR && !self.measuring.swap(true, Ordering::AcqRel) {
            let (usage, media) = (self.clone(), media.clone());
            std::thread::spawn(move || {
                usage.measure(&media);
                usage.measuring.store(false, Ordering::Release);
            });
        }
        sizes
    }

    fn measure(&self, media: &MediaStore) -> Sizes {
        let sizes =
            [AVATARS, PREVIEWS, ORIGINALS].map(|folder| (folder, bytes_under(media, folder)));
        *self.last.lock().unwrap_or_else(|e| e.into_inner()) = Some((Instant::now(), sizes));
        sizes
    }
}

/// The sizes of the files under `folder`, added up; what cannot be listed counts as nothing.
fn bytes_under(media: &MediaStore, folder: &str) -> u64 {
    match media.list(folder) {
        Ok(files) => files.iter().map(|file| file.size).sum(),
        Err(error) => {
            tracing::warn!(?error, folder, "cannot measure a media folder");
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::media::storage::LocalMedia;

    #[test]
    fn files_in_nested_folders_are_added_up() {
        let dir = tempfile::tempdir().unwrap();
        let nested = dir.path().join("previews/ab/cd");
        std::fs::create_dir_all(&nested).unwrap();
        std::fs::write(dir.path().join("previews/one"), [0; 10]).unwrap();
        std::fs::write(nested.join("two"), [0; 32]).unwrap();
        let media = MediaStore::Local(Arc::new(LocalMedia::new(dir.path())));
        assert_eq!(bytes_under(&media, PREVIEWS), 42);
        assert_eq!(bytes_under(&media, ORIGINALS), 0);
    }

    #[test]
    fn a_fresh_measurement_is_reused() {
        let dir = tempfile::tempdir().unwrap();
        let previews = dir.path().join(PREVIEWS);
        std::fs::create_dir_all(&previews).unwrap();
        std::fs::write(previews.join("one"), [0; 10]).unwrap();
        let media = MediaStore::Local(Arc::new(LocalMedia::new(dir.path())));
        let usage = MediaUsage::default();
        assert_eq!(usage.bytes(&media)[1], ("previews", 10));
        std::fs::write(previews.join("two"), [0; 10]).unwrap();
        assert_eq!(usage.bytes(&media)[1], ("previews", 10));
    }
}
