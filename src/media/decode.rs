//! Decoding pictures safely: recognised by content, bounded in bytes and pixels, EXIF orientation applied.

use std::io::Cursor;

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader};

use crate::config::UploadConfig;
use crate::domain::sizes::size_in_words;
use crate::error::{AppError, AppResult};

/// Decodes `bytes` as a picture within `limits`; `field` names the form field for errors.
pub fn decode_picture(bytes: &[u8], limits: &UploadConfig, field: &str) -> AppResult<DynamicImage> {
    if bytes.len() as u64 > limits.max_file_bytes {
        return Err(AppError::TooLarge(format!(
            "This file is too large: at most {}.",
            size_in_words(limits.max_file_bytes)
        )));
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
    let format = reader()?.format().ok_or_else(not_a_picture)?;
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
    let broken = |error: image::ImageError| {
        tracing::info!(%error, "a picture could not be decoded");
        AppError::invalid(
            field,
            "This picture is damaged or incomplete and cannot be read.",
        )
    };
    if format == ImageFormat::Jpeg && !jpeg_is_complete(bytes) {
        return Err(broken(image::ImageError::IoError(
            std::io::ErrorKind::UnexpectedEof.into(),
        )));
    }
    let mut reader = reader()?;
    let mut decoder_limits = image::Limits::default();
    decoder_limits.max_alloc = Some(limits.max_pixels.saturating_mul(8).max(64 << 20));
    reader.limits(decoder_limits);
    let mut decoder = reader.into_decoder().map_err(broken)?;
    let orientation = decoder.orientation().map_err(broken)?;
    let mut picture = DynamicImage::from_decoder(decoder).map_err(broken)?;
    picture.apply_orientation(orientation);
    Ok(picture)
}

/// Whether a JPEG's segments run whole up to its end-of-image marker (JPEG decoders quietly grey
/// out a truncated file). Walks marker by marker, so embedded thumbnails and data after the end
/// marker do not confuse it.
fn jpeg_is_complete(bytes: &[u8]) -> bool {
    let mut at = 2;
    let mut in_scan = false;
    while at + 1 < bytes.len() {
        if bytes[at] != 0xFF {
            if !in_scan {
                return false;
            }
            at += 1;
            continue;
        }
        let marker = bytes[at + 1];
        match marker {
            0xD9 => return true,
            0x00 | 0xFF | 0xD0..=0xD7 | 0x01 => at += if marker == 0xFF { 1 } else { 2 },
            _ => {
                let Some(length) = bytes.get(at + 2..at + 4) else {
                    return false;
                };
                at += 2 + usize::from(u16::from_be_bytes([length[0], length[1]]));
                in_scan = marker == 0xDA;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_jpeg_is_incomplete_and_a_whole_one_with_trailing_data_is_not() {
        let picture =
            image::RgbImage::from_fn(64, 48, |x, y| image::Rgb([x as u8 * 4, y as u8 * 5, 90]));
        let mut bytes = std::io::Cursor::new(Vec::new());
        picture.write_to(&mut bytes, ImageFormat::Jpeg).unwrap();
        let mut whole = bytes.into_inner();
        assert!(jpeg_is_complete(&whole));
        assert!(!jpeg_is_complete(&whole[..whole.len() / 2]));
        assert!(!jpeg_is_complete(&whole[..whole.len() - 2]));
        whole.extend_from_slice(b"trailing video data \xFF\xDA");
        assert!(jpeg_is_complete(&whole));
    }
}
