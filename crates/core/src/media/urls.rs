//! Where media files are served: the one place that knows the URL of an avatar, a preview, an
//! original or a temporary picture, and which data folder each `/media/` path serves
//! (`http::media` mounts them).

use std::path::PathBuf;

use crate::media::avatar::{AVATAR_SIZES, avatar_file, pick_size};
use corkboard_domain::config::Config;
use corkboard_domain::pin::Picture;

pub const MEDIA: &str = "/media";
const AVATARS: &str = "/avatars";
const PREVIEWS: &str = "/previews";
const ORIGINALS: &str = "/originals";
const TEMPORARY: &str = "/tmp";

/// A folder served under `/media`: its path there, whether its files last (named by content),
/// and whether they are pins' pictures (seen by those who may see the pins).
pub struct Served {
    pub path: &'static str,
    pub folder: PathBuf,
    pub lasting: bool,
    pub of_pins: bool,
}

/// Every folder served under `/media`.
pub fn served(config: &Config) -> [Served; 4] {
    let lasting = |path, folder, of_pins| Served {
        path,
        folder,
        lasting: true,
        of_pins,
    };
    [
        lasting(AVATARS, config.avatars_dir(), false),
        lasting(PREVIEWS, config.previews_dir(), true),
        lasting(ORIGINALS, config.originals_dir(), true),
        Served {
            path: TEMPORARY,
            folder: config.tmp_dir(),
            lasting: false,
            of_pins: false,
        },
    ]
}

/// The smallest stored avatar at least `min_size` pixels wide, in `format` (`webp` or `jpeg`).
pub fn avatar(hash: &str, min_size: i32, format: &str) -> String {
    let file = avatar_file(hash, pick_size(min_size), known_format(format));
    format!("{MEDIA}{AVATARS}/{file}")
}

/// The largest stored avatar in `format`, and its side in pixels.
pub fn largest_avatar(hash: &str, format: &str) -> (String, u32) {
    let side = AVATAR_SIZES[AVATAR_SIZES.len() - 1];
    let file = avatar_file(hash, side, known_format(format));
    (format!("{MEDIA}{AVATARS}/{file}"), side)
}

/// The smallest preview at least `min_width` wide (else the largest), in `format`.
pub fn preview(picture: &Picture, min_width: i32, format: &str) -> String {
    let width = picture.preview_width_for(min_width);
    let mut url = String::with_capacity(128);
    for part in [MEDIA, PREVIEWS, "/"] {
        url.push_str(part);
    }
    picture.push_preview_path(&mut url, width, known_format(format));
    url
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
