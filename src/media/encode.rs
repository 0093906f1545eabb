//! Encoding pictures for the web: JPEG, and lossy WebP through libwebp.

use anyhow::Context;
use image::RgbImage;

use crate::error::{AppError, AppResult};

/// The formats previews and avatars are stored in, by their URL extension.
pub const FORMATS: [&str; 2] = ["jpeg", "webp"];
const JPEG_QUALITY: u8 = 85;
const WEBP_QUALITY: f32 = 80.0;
/// Pictures larger than this many pixels are encoded to WebP with less effort.
const WEBP_LARGE_PIXELS: u32 = 4_200_000;

/// Encodes `picture` in `format` ("jpeg" or "webp").
pub fn encode(rgb: &RgbImage, format: &str) -> AppResult<Vec<u8>> {
    match format {
        "webp" => {
            let mut config = webp::WebPConfig::new()
                .map_err(|()| anyhow::anyhow!("libwebp refused its default settings"))?;
            config.quality = WEBP_QUALITY;
            config.method = webp_method(rgb);
            config.thread_level = 1;
            let encoded = webp::Encoder::from_rgb(rgb.as_raw(), rgb.width(), rgb.height())
                .encode_advanced(&config)
                .map_err(|error| anyhow::anyhow!("cannot encode a WebP: {error:?}"))?;
            Ok(encoded.to_vec())
        }
        _ => {
            let mut bytes = Vec::new();
            let (width, height) = (jpeg_side(rgb.width())?, jpeg_side(rgb.height())?);
            jpeg_encoder::Encoder::new(&mut bytes, JPEG_QUALITY)
                .encode(rgb.as_raw(), width, height, jpeg_encoder::ColorType::Rgb)
                .context("cannot encode a JPEG")?;
            Ok(bytes)
        }
    }
}

/// A JPEG is at most 65,535 pixels wide and high.
fn jpeg_side(pixels: u32) -> AppResult<u16> {
    u16::try_from(pixels)
        .map_err(|_| AppError::invalid("file", "This picture is too large to be saved as JPEG."))
}

/// libwebp's effort: its default (4) for the previews people see most; 2 for very large ones,
/// twice as fast for files within a few percent of the size.
fn webp_method(rgb: &RgbImage) -> i32 {
    if rgb.width().saturating_mul(rgb.height()) > WEBP_LARGE_PIXELS {
        2
    } else {
        4
    }
}
