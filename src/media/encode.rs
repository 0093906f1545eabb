//! Encoding pictures for the web: JPEG, and lossy WebP through libwebp.

use anyhow::Context;
use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, RgbImage};

use crate::error::AppResult;

/// The formats previews and avatars are stored in, by their URL extension.
pub const FORMATS: [&str; 2] = ["jpeg", "webp"];
const JPEG_QUALITY: u8 = 85;
const WEBP_QUALITY: f32 = 80.0;

/// Encodes `picture` in `format` ("jpeg" or "webp").
pub fn encode(picture: &DynamicImage, format: &str) -> AppResult<Vec<u8>> {
    let rgb: RgbImage = picture.to_rgb8();
    match format {
        "webp" => {
            let encoded = webp::Encoder::from_rgb(rgb.as_raw(), rgb.width(), rgb.height())
                .encode(WEBP_QUALITY);
            Ok(encoded.to_vec())
        }
        _ => {
            let mut bytes = Vec::new();
            JpegEncoder::new_with_quality(&mut bytes, JPEG_QUALITY)
                .encode_image(&rgb)
                .context("cannot encode a JPEG")?;
            Ok(bytes)
        }
    }
}
