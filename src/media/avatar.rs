//! Avatars: a centred square crop of the picture at every size the UI shows (and their 2x).

use std::path::{Path, PathBuf};

use image::imageops::FilterType;
use sha1::{Digest, Sha1};

use crate::config::UploadConfig;
use crate::error::AppResult;
use crate::media::decode::decode_picture;
use crate::media::encode::{FORMATS, encode};

/// Sizes in pixels: 32 (menu), 60 (user header), 80 (profile), and each at 2x.
pub const AVATAR_SIZES: [u32; 6] = [32, 60, 64, 80, 120, 160];

/// Crops, resizes and writes every avatar file; returns the content hash that names them.
pub fn store_avatar(bytes: &[u8], limits: &UploadConfig, avatars_dir: &Path) -> AppResult<String> {
    let picture = decode_picture(bytes, limits, "avatar")?;
    let hash: String = Sha1::digest(bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    let side = picture.width().min(picture.height());
    let square = picture.crop_imm(
        (picture.width() - side) / 2,
        (picture.height() - side) / 2,
        side,
        side,
    );
    let largest = square.resize_exact(
        AVATAR_SIZES[5].min(side),
        AVATAR_SIZES[5].min(side),
        FilterType::Lanczos3,
    );
    for size in AVATAR_SIZES {
        let resized = largest
            .resize_exact(size, size, FilterType::Lanczos3)
            .to_rgb8();
        for format in FORMATS {
            let path = avatars_dir.join(avatar_file(&hash, size, format));
            if !path.exists() {
                write_atomically(&path, &encode(&resized, format)?)?;
            }
        }
    }
    Ok(hash)
}

/// The file of one avatar size, relative to the avatars folder (and to `/media/avatars/`).
pub fn avatar_file(hash: &str, size: u32, format: &str) -> PathBuf {
    PathBuf::from(&hash[..2])
        .join(&hash[2..4])
        .join(format!("{hash}_{size}.{format}"))
}

/// The smallest stored size at least `min_size`, else the largest.
pub fn pick_size(min_size: i32) -> u32 {
    AVATAR_SIZES
        .into_iter()
        .find(|size| i64::from(*size) >= i64::from(min_size))
        .unwrap_or(AVATAR_SIZES[5])
}

/// Writes to a temporary name first, so that a crash never leaves half a file under the real one.
/// The temporary name is the file's own name with `.tmp-{process}-{n}` added: unique, so two
/// writes at once (of the same picture, or of its JPEG and WebP previews) never share one; a
/// failed write removes it (on a full disk it would keep the space).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> AppResult<()> {
    use anyhow::Context;
    use std::sync::atomic::{AtomicU64, Ordering};
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
    let written = std::fs::write(&temporary, bytes)
        .with_context(|| format!("cannot write {}", temporary.display()))
        .and_then(|()| {
            std::fs::rename(&temporary, path)
                .with_context(|| format!("cannot move {} into place", path.display()))
        });
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    Ok(written?)
}
