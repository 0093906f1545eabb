//! Where media files are served: the one place that knows the URL of an avatar, a preview, an
//! original or a temporary picture, and which data folder each `/media/` path serves
//! (`http::media` mounts them).

use std::path::PathBuf;

use crate::config::Config;
use crate::domain::pin::Picture;
use crate::media::avatar::{avatar_file, pick_size};

pub const MEDIA: &str = "/media";
const AVATARS: &str = "/avatars";
const PREVIEWS: &str = "/previews";
const ORIGINALS: &str = "/originals";
const TEMPORARY: &str = "/tmp";

/// A folder served under `/media`: its path there, and whether its files last (named by content).
pub struct Served {
    pub path: &'static str,
    pub folder: PathBuf,
    pub lasting: bool,
}

/// Every folder served under `/media`.
pub fn served(config: &Config) -> [Served; 4] {
    let lasting = |path, folder| Served {
        path,
        folder,
        lasting: true,
    };
    [
        lasting(AVATARS, config.avatars_dir()),
        lasting(PREVIEWS, config.previews_dir()),
        lasting(ORIGINALS, config.originals_dir()),
        Served {
            path: TEMPORARY,
            folder: config.tmp_dir(),
            lasting: false,
        },
    ]
}

/// The smallest stored avatar at least `min_size` pixels wide, in `format` (`webp` or `jpeg`).
pub fn avatar(hash: &str, min_size: i32, format: &str) -> String {
    let file = avatar_file(hash, pick_size(min_size), known_format(format));
    format!("{MEDIA}{AVATARS}/{}", file.to_string_lossy())
}

/// The smallest preview at least `min_width` wide (else the largest), in `format`.
pub fn preview(picture: &Picture, min_width: i32, format: &str) -> String {
    let path = picture.preview_path(picture.preview_width_for(min_width), known_format(format));
    format!("{MEDIA}{PREVIEWS}/{path}")
}

pub fn original(picture: &Picture) -> String {
    format!("{MEDIA}{ORIGINALS}/{}", picture.original_path())
}

/// A temporary pin's picture, shown until it is pinned.
pub fn temporary(file_name: &str) -> String {
    format!("{MEDIA}{TEMPORARY}/{file_name}")
}

/// `webp`, else `jpeg`.
fn known_format(format: &str) -> &'static str {
    if format == "webp" { "webp" } else { "jpeg" }
}
