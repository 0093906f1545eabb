//! Avatars: a centred square crop of the picture at every size the UI shows (and their 2x).

use anyhow::Context;
use fast_image_resize::{FilterType, ResizeAlg, ResizeOptions, Resizer};
use image::RgbImage;

use crate::media::encode::{FORMATS, encode};
use crate::media::fingerprint::sha1_hex;
use crate::media::storage::{AVATARS, MediaStore};
use corkboard_domain::error::AppResult;

/// Sizes in pixels: 32 (menu), 60 (user header), 80 (profile), and each at 2x.
pub(crate) const AVATAR_SIZES: [u32; 6] = [32, 60, 64, 80, 120, 160];

/// Crops, resizes and writes every avatar file of `picture`, decoded from `bytes`; returns the
/// content hash that names them.
pub(crate) fn store_avatar(
    bytes: &[u8],
    picture: RgbImage,
    media: &MediaStore,
) -> AppResult<String> {
    let hash = sha1_hex(bytes);
    let side = picture.width().min(picture.height());
    let mut resizer = Resizer::new();
    let lanczos = ResizeOptions::new().resize_alg(ResizeAlg::Convolution(FilterType::Lanczos3));
    let largest_side = AVATAR_SIZES[5].min(side);
    let mut largest = RgbImage::new(largest_side, largest_side);
    resizer
        .resize(&picture, &mut largest, &lanczos.fit_into_destination(None))
        .context("cannot resize an avatar")?;
    drop(picture);
    for size in AVATAR_SIZES {
        let mut resized = RgbImage::new(size, size);
        resizer
            .resize(&largest, &mut resized, &lanczos)
            .context("cannot resize an avatar")?;
        for format in FORMATS {
            let key = avatar_key(&hash, size, format);
            if !media.exists(&key)? {
                media.put(&key, encode(&resized, format)?)?;
            }
        }
    }
    Ok(hash)
}

/// Memory of making the avatars of a `width` x `height` picture, besides the picture itself:
/// fast_image_resize's buffer for the centred square down to 160 pixels (its width by the new
/// height) and the small sizes.
pub(crate) fn work_bytes(width: u32, height: u32) -> u64 {
    let side = u64::from(width.min(height));
    3 * side * u64::from(AVATAR_SIZES[5]) + (1 << 20)
}

/// The file of one avatar size, relative to the avatars folder (and to `/media/avatars/`).
pub(crate) fn avatar_file(hash: &str, size: u32, format: &str) -> String {
    format!("{}/{}/{hash}_{size}.{format}", &hash[..2], &hash[2..4])
}

/// Removes every size of an avatar (when no account shows it any more).
pub(crate) fn remove_avatar(hash: &str, media: &MediaStore) {
    for size in AVATAR_SIZES {
        for format in FORMATS {
            if let Err(error) = media.remove(&avatar_key(hash, size, format)) {
                tracing::warn!(?error, "cannot remove an avatar file");
            }
        }
    }
}

/// The storage key of one avatar size.
pub(crate) fn avatar_key(hash: &str, size: u32, format: &str) -> String {
    format!("{AVATARS}/{}", avatar_file(hash, size, format))
}

/// The smallest stored size at least `min_size`, else the largest.
pub(crate) fn pick_size(min_size: i32) -> u32 {
    AVATAR_SIZES
        .into_iter()
        .find(|size| i64::from(*size) >= i64::from(min_size))
        .unwrap_or(AVATAR_SIZES[5])
}
