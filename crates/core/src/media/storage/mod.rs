//! Where media files live (avatars, previews, originals): the data folder or an S3-compatible
//! bucket, behind one interface of whole-file writes, reads, listings and removals. Keys are
//! paths like `previews/aa/bb/{sha1}/{sha1}_236.webp`. Temporary uploads stay in the data folder.

pub mod local;
pub mod s3;

use std::sync::Arc;

use chrono::{DateTime, Utc};

use corkboard_domain::config::{Config, StorageKind};
use corkboard_domain::error::AppResult;
use corkboard_domain::pin::Picture;

pub use local::LocalMedia;
pub use s3::S3Media;

/// The folders of media files, each a key prefix.
pub(crate) const AVATARS: &str = "avatars";
pub(crate) const PREVIEWS: &str = "previews";
pub(crate) const ORIGINALS: &str = "originals";
pub const FOLDERS: [&str; 3] = [AVATARS, PREVIEWS, ORIGINALS];

/// A stored file, as a listing finds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredFile {
    pub key: String,
    pub size: u64,
    pub modified: Option<DateTime<Utc>>,
}

/// The media storage in use; cheap to clone.
#[derive(Clone)]
pub enum MediaStore {
    Local(Arc<LocalMedia>),
    S3(Arc<S3Media>),
}

impl MediaStore {
    /// The storage `storage.kind` names.
    pub fn open(config: &Config) -> anyhow::Result<MediaStore> {
        MediaStore::of_kind(config, config.storage.kind)
    }

    /// The storage of `kind`, with the settings of `config` (a migration opens both kinds).
    pub fn of_kind(config: &Config, kind: StorageKind) -> anyhow::Result<MediaStore> {
        Ok(match kind {
            StorageKind::Local => MediaStore::Local(Arc::new(LocalMedia::new(&config.data_dir))),
            StorageKind::S3 => MediaStore::S3(Arc::new(S3Media::new(&config.storage)?)),
        })
    }

    /// Stores `bytes` under `key` whole: a reader sees the old file, none, or all of the new one.
    pub fn put(&self, key: &str, bytes: Vec<u8>) -> AppResult<()> {
        match self {
            MediaStore::Local(local) => local.put(key, &bytes),
            MediaStore::S3(s3) => s3.put(key, bytes),
        }
    }

    /// The file under `key`, `None` when there is none.
    pub fn read(&self, key: &str) -> AppResult<Option<Vec<u8>>> {
        match self {
            MediaStore::Local(local) => local.read(key),
            MediaStore::S3(s3) => s3.read(key),
        }
    }

    pub fn exists(&self, key: &str) -> AppResult<bool> {
        match self {
            MediaStore::Local(local) => Ok(local.exists(key)),
            MediaStore::S3(s3) => s3.exists(key),
        }
    }

    /// Removes the file under `key`; a missing one is no error.
    pub fn remove(&self, key: &str) -> AppResult<()> {
        match self {
            MediaStore::Local(local) => local.remove(key),
            MediaStore::S3(s3) => s3.remove(&[key.to_owned()]),
        }
    }

    /// Removes every file under the folder `prefix`.
    pub(crate) fn remove_folder(&self, prefix: &str) -> AppResult<()> {
        match self {
            MediaStore::Local(local) => local.remove_folder(prefix),
            MediaStore::S3(s3) => {
                let keys: Vec<String> = s3.list(prefix)?.into_iter().map(|f| f.key).collect();
                s3.remove(&keys)
            }
        }
    }

    /// Every file under the folder `prefix` (`previews`, or one picture's previews).
    pub fn list(&self, prefix: &str) -> AppResult<Vec<StoredFile>> {
        match self {
            MediaStore::Local(local) => local.list(prefix),
            MediaStore::S3(s3) => s3.list(prefix),
        }
    }

    /// Logs whether a bucket answers (a missing key's lookup), so that a wrong setting shows at
    /// start rather than at the first upload. The data folder is always there.
    pub fn announce(&self) {
        if let MediaStore::S3(s3) = self {
            match s3.exists("corkboard-reachability-check") {
                Ok(_) => tracing::info!(storage = %s3.describe(), "the media storage answers"),
                Err(error) => tracing::warn!(
                    ?error,
                    storage = %s3.describe(),
                    "the media storage does not answer: uploads fail until it does"
                ),
            }
        }
    }

    /// Where the files are, for people: a folder, or `s3://bucket/prefix`.
    pub fn describe(&self) -> String {
        match self {
            MediaStore::Local(local) => local.root().display().to_string(),
            MediaStore::S3(s3) => s3.describe(),
        }
    }
}

pub(crate) fn preview_key(picture: &Picture, width: u32, format: &str) -> String {
    format!("{PREVIEWS}/{}", picture.preview_path(width, format))
}

/// The folder of a picture's previews.
pub(crate) fn previews_of(picture: &Picture) -> String {
    format!("{PREVIEWS}/{}", picture.preview_folder())
}

pub(crate) fn original_key(picture: &Picture) -> String {
    format!("{ORIGINALS}/{}", picture.original_path())
}
