//! Ingesting a picture: inspect it (decode within limits, orientation, EXIF, fingerprints), then
//! store its previews and original, once per sha1.

use std::path::Path;

use image::{DynamicImage, Rgb, RgbImage};

use crate::config::UploadConfig;
use crate::domain::pin::Picture;
use crate::error::AppResult;
use crate::media::avatar::write_atomically;
use crate::media::decode::decode_picture;
use crate::media::exif::read_exif;
use crate::media::fingerprint::{dominant_color, perceptual_hash, sha1_hex};
use crate::media::previews::{ladder, make_previews};

/// A decoded picture and what was learnt about it.
pub struct Inspected {
    pub picture: Picture,
    pub decoded: DynamicImage,
}

/// Decodes `bytes` within `limits` and describes the picture; writes nothing.
pub fn inspect(bytes: &[u8], limits: &UploadConfig, field: &str) -> AppResult<Inspected> {
    let decoded = decode_picture(bytes, limits, field)?;
    let original_extension = image::guess_format(bytes)
        .ok()
        .and_then(|format| format.extensions_str().first().copied())
        .unwrap_or("bin")
        .to_owned();
    let small = decoded.thumbnail(128, 128);
    let picture = Picture {
        sha1: sha1_hex(bytes),
        original_extension,
        width: decoded.width(),
        height: decoded.height(),
        weight: bytes.len() as u64,
        preview_widths: ladder(decoded.width()),
        dominant_color: dominant_color(&small),
        exif: read_exif(bytes),
        perceptual_hash: perceptual_hash(&small),
    };
    Ok(Inspected { picture, decoded })
}

/// Writes the previews and the original of an inspected picture, unless they already exist.
pub fn store_files(
    bytes: &[u8],
    inspected: &Inspected,
    previews_dir: &Path,
    originals_dir: &Path,
) -> AppResult<()> {
    let picture = &inspected.picture;
    let all_previews_exist = picture.preview_widths.iter().all(|width| {
        crate::media::encode::FORMATS.iter().all(|format| {
            previews_dir
                .join(picture.preview_path(*width, format))
                .exists()
        })
    });
    if !all_previews_exist {
        for preview in make_previews(&on_white(&inspected.decoded))? {
            let path = previews_dir.join(picture.preview_path(preview.width, preview.format));
            write_atomically(&path, &preview.bytes)?;
        }
    }
    let original = originals_dir.join(picture.original_path());
    if !original.exists() {
        write_atomically(&original, bytes)?;
    }
    Ok(())
}

/// Removes a picture's previews and original (when no pin shows it any more).
pub fn remove_files(picture: &Picture, previews_dir: &Path, originals_dir: &Path) {
    if let Err(error) = std::fs::remove_dir_all(previews_dir.join(picture.preview_folder())) {
        tracing::warn!(%error, sha1 = %picture.sha1, "cannot remove a picture's previews");
    }
    if let Err(error) = std::fs::remove_file(originals_dir.join(picture.original_path())) {
        tracing::warn!(%error, sha1 = %picture.sha1, "cannot remove a picture's original");
    }
}

/// The picture's colours, with any transparency laid over white.
fn on_white(picture: &DynamicImage) -> RgbImage {
    if !picture.color().has_alpha() {
        return picture.to_rgb8();
    }
    let rgba = picture.to_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, alpha] = rgba.get_pixel(x, y).0;
        let blend = |channel: u8| {
            let alpha = u32::from(alpha);
            ((u32::from(channel) * alpha + 255 * (255 - alpha) + 127) / 255) as u8
        };
        Rgb([blend(r), blend(g), blend(b)])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    #[test]
    fn transparency_becomes_white() {
        let picture = DynamicImage::ImageRgba8(image::RgbaImage::from_fn(2, 1, |x, _| {
            if x == 0 {
                Rgba([0, 0, 0, 0])
            } else {
                Rgba([10, 20, 30, 255])
            }
        }));
        let flat = on_white(&picture);
        assert_eq!(flat.get_pixel(0, 0).0, [255, 255, 255]);
        assert_eq!(flat.get_pixel(1, 0).0, [10, 20, 30]);
    }
}
