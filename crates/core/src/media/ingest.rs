//! Ingesting a picture: inspect it (decode within limits, orientation, EXIF, fingerprints), then
//! store its previews and original, once per sha1.

use anyhow::Context;
use fast_image_resize::{FilterType, ResizeAlg, ResizeOptions, Resizer};
use image::{DynamicImage, RgbImage};

use crate::media::decode::decode_picture;
use crate::media::encode::FORMATS;
use crate::media::exif::read_exif;
use crate::media::fingerprint::{dominant_color, perceptual_hash, sha1_hex};
use crate::media::previews::{ladder, make_previews};
use crate::media::storage::{MediaStore, original_key, preview_key, previews_of};
use crate::media::workers;
use corkboard_domain::config::UploadConfig;
use corkboard_domain::error::AppResult;
use corkboard_domain::pin::Picture;

/// A decoded picture and what was learnt about it.
pub struct Inspected {
    pub picture: Picture,
    /// The upright RGB picture, until its previews are made from it.
    decoded: Option<RgbImage>,
}

/// Decodes `bytes` within `limits` and describes the picture; writes nothing.
pub fn inspect(bytes: &[u8], limits: &UploadConfig, field: &str) -> AppResult<Inspected> {
    let decoded = decode_picture(bytes, limits, field)?;
    let original_extension = image::guess_format(bytes)
        .ok()
        .and_then(|format| format.extensions_str().first().copied())
        .unwrap_or("bin")
        .to_owned();
    let small = DynamicImage::ImageRgb8(fingerprint_copy(&decoded)?);
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
    Ok(Inspected {
        picture,
        decoded: Some(decoded),
    })
}

/// The picture within 128x128 that the fingerprints are taken from: the average of each area, as
/// `image`'s `thumbnail` makes it, but with fast_image_resize's SIMD (the scalar `thumbnail` was
/// a tenth of a bulk import's time), shared out among the picture threads.
fn fingerprint_copy(picture: &RgbImage) -> AppResult<RgbImage> {
    workers::pool().install(|| shrunk_for_fingerprints(picture))
}

fn shrunk_for_fingerprints(picture: &RgbImage) -> AppResult<RgbImage> {
    let scale = f64::from(FINGERPRINT_SIZE)
        / f64::from(picture.width().max(picture.height()).max(FINGERPRINT_SIZE));
    let side = |length: u32| ((f64::from(length) * scale).round() as u32).max(1);
    let mut small = RgbImage::new(side(picture.width()), side(picture.height()));
    let average = ResizeOptions::new().resize_alg(ResizeAlg::Convolution(FilterType::Box));
    Resizer::new()
        .resize(picture, &mut small, &average)
        .context("cannot make the picture's fingerprint")?;
    Ok(small)
}

/// The side of the square the fingerprints' copy of a picture fits in.
const FINGERPRINT_SIZE: u32 = 128;

/// Writes the previews and the original of an inspected picture, unless they already exist.
/// Making the previews spends the decoded picture: when they are missing again later (a pin
/// deleted meanwhile took them), it is decoded again from `bytes`.
pub fn store_files(bytes: &[u8], inspected: &mut Inspected, media: &MediaStore) -> AppResult<()> {
    let picture = &inspected.picture;
    if !previews_stored(picture, media)? {
        let decoded = match inspected.decoded.take() {
            Some(decoded) => decoded,
            // Accepted within the limits once already.
            None => {
                let unlimited = UploadConfig {
                    max_file_bytes: u64::MAX,
                    max_pixels: u64::MAX,
                    ..UploadConfig::default()
                };
                decode_picture(bytes, &unlimited, "file")?
            }
        };
        make_previews(decoded, |width, format, encoded| {
            media.put(&preview_key(picture, width, format), encoded)
        })?;
    }
    let original = original_key(picture);
    if !media.exists(&original)? {
        media.put(&original, bytes.to_vec())?;
    }
    Ok(())
}

/// Whether a picture's previews and original are all stored.
pub(crate) fn files_stored(picture: &Picture, media: &MediaStore) -> AppResult<bool> {
    Ok(previews_stored(picture, media)? && media.exists(&original_key(picture))?)
}

/// Whether every preview of a picture is stored (one listing of its folder).
fn previews_stored(picture: &Picture, media: &MediaStore) -> AppResult<bool> {
    let stored: Vec<String> = media
        .list(&previews_of(picture))?
        .into_iter()
        .map(|file| file.key)
        .collect();
    Ok(picture.preview_widths.iter().all(|width| {
        FORMATS
            .iter()
            .all(|format| stored.contains(&preview_key(picture, *width, format)))
    }))
}

/// Removes a picture's previews and original (when no pin shows it any more).
pub(crate) fn remove_files(picture: &Picture, media: &MediaStore) {
    if let Err(error) = media.remove_folder(&previews_of(picture)) {
        tracing::warn!(?error, sha1 = %picture.sha1, "cannot remove a picture's previews");
    }
    if let Err(error) = media.remove(&original_key(picture)) {
        tracing::warn!(?error, sha1 = %picture.sha1, "cannot remove a picture's original");
    }
}
