//! Decoding pictures safely: recognised by content, bounded in bytes and pixels, EXIF orientation applied.

use std::io::Cursor;

use image::{DynamicImage, ImageDecoder, ImageReader};

use crate::config::UploadConfig;
use crate::error::{AppError, AppResult};

/// Decodes `bytes` as a picture within `limits`; `field` names the form field for errors.
pub fn decode_picture(bytes: &[u8], limits: &UploadConfig, field: &str) -> AppResult<DynamicImage> {
    if bytes.len() as u64 > limits.max_file_bytes {
        return Err(AppError::invalid(
            field,
            format!(
                "This file is too large: at most {} MB.",
                limits.max_file_bytes / 1_000_000
            ),
        ));
    }
    let not_a_picture = || {
        AppError::invalid(
            field,
            "This file is not a picture we can read (JPEG, PNG, GIF or WebP).",
        )
    };
    let reader = || {
        ImageReader::new(Cursor::new(bytes))
            .with_guessed_format()
            .map_err(|_| not_a_picture())
    };
    if reader()?.format().is_none() {
        return Err(not_a_picture());
    }
    let (width, height) = reader()?.into_dimensions().map_err(|_| not_a_picture())?;
    let pixels = u64::from(width) * u64::from(height);
    if pixels > limits.max_pixels {
        return Err(AppError::invalid(
            field,
            format!(
                "This picture is too large: {:.0} megapixels, at most {:.0}.",
                pixels as f64 / 1e6,
                limits.max_pixels as f64 / 1e6
            ),
        ));
    }
    let mut reader = reader()?;
    let mut decoder_limits = image::Limits::default();
    decoder_limits.max_alloc = Some(limits.max_pixels.saturating_mul(8).max(64 << 20));
    reader.limits(decoder_limits);
    let broken = |error: image::ImageError| {
        tracing::info!(%error, "a picture could not be decoded");
        AppError::invalid(
            field,
            "This picture is damaged or incomplete and cannot be read.",
        )
    };
    let mut decoder = reader.into_decoder().map_err(broken)?;
    let orientation = decoder.orientation().map_err(broken)?;
    let mut picture = DynamicImage::from_decoder(decoder).map_err(broken)?;
    picture.apply_orientation(orientation);
    Ok(picture)
}
