//! Decoding pictures safely: recognised by content, bounded in bytes, pixels and memory (see
//! `budget`), decoded into one buffer that then holds the upright RGB picture, transparency laid
//! over white.

use std::io::Cursor;

use image::{ColorType, DynamicImage, ImageDecoder, ImageFormat, ImageReader, RgbImage};

use crate::media::budget::Plan;
use corkboard_domain::config::UploadConfig;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_i18n::msg;

/// Decodes `bytes` as a picture within `limits`; `field` names the form field for errors. Its
/// memory is what `Plan::inspect_bytes` estimates.
pub(crate) fn decode_picture(
    bytes: &[u8],
    limits: &UploadConfig,
    field: &str,
) -> AppResult<RgbImage> {
    let plan = Plan::read(bytes, limits, field)?;
    let broken = |error: image::ImageError| {
        tracing::info!(%error, "a picture could not be decoded");
        AppError::invalid(field, msg!("error-picture-damaged"))
    };
    if plan.format == ImageFormat::Jpeg && !jpeg_is_complete(bytes) {
        return Err(broken(image::ImageError::IoError(
            std::io::ErrorKind::UnexpectedEof.into(),
        )));
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), plan.format);
    let mut decoder_limits = image::Limits::default();
    decoder_limits.max_alloc = Some(limits.max_pixels.saturating_mul(8).max(64 << 20));
    reader.limits(decoder_limits);
    let mut decoder = reader.into_decoder().map_err(broken)?;
    let orientation = decoder.orientation().map_err(broken)?;
    let (width, height) = decoder.dimensions();
    let color = decoder.color_type();
    let total = decoder.total_bytes();
    if (width, height) != (plan.width, plan.height) || total > plan.decoded_bytes {
        tracing::warn!(
            ?color,
            width,
            height,
            plan = ?plan,
            "a decoder disagrees with the header read before"
        );
        return Err(broken(image::ImageError::IoError(
            std::io::ErrorKind::InvalidData.into(),
        )));
    }
    let pixels = plan.pixels() as usize;
    let mut buffer = Vec::new();
    buffer
        .try_reserve_exact(plan.buffer_bytes() as usize)
        .map_err(|error| anyhow::anyhow!("cannot allocate a picture's buffer: {error}"))?;
    buffer.resize(total as usize, 0);
    decoder.read_image(&mut buffer).map_err(broken)?;
    if !to_rgb_on_white(&mut buffer, color, pixels) {
        tracing::info!(?color, "a picture has colours of a kind not handled");
        return Err(AppError::invalid(field, msg!("error-not-a-picture")));
    }
    let picture = RgbImage::from_raw(width, height, buffer).expect("three bytes a pixel");
    let mut picture = DynamicImage::ImageRgb8(picture);
    picture.apply_orientation(orientation);
    Ok(picture.into_rgb8())
}

/// Turns the decoder's `pixels` pixels of `color` in `buffer` into RGB, in place (the buffer has
/// room for 3 bytes a pixel), any transparency laid over white; false for colours not handled.
fn to_rgb_on_white(buffer: &mut Vec<u8>, color: ColorType, pixels: usize) -> bool {
    let eight = |high: u8, low: u8| {
        let value = u32::from(u16::from_ne_bytes([high, low]));
        ((value * 255 + 32767) / 65535) as u8
    };
    match color {
        ColorType::Rgb8 => {}
        // Fewer bytes a pixel than RGB: from the last pixel back, each written past the ones
        // still to read.
        ColorType::L8 | ColorType::La8 | ColorType::L16 => {
            let size = color.bytes_per_pixel() as usize;
            buffer.resize(3 * pixels, 0);
            for at in (0..pixels).rev() {
                let source = &buffer[size * at..size * at + size];
                let grey = match color {
                    ColorType::L8 => source[0],
                    ColorType::La8 => over_white(source[0], source[1]),
                    _ => eight(source[0], source[1]),
                };
                buffer[3 * at..3 * at + 3].fill(grey);
            }
        }
        // More: from the first pixel on, each written before the ones still to read.
        ColorType::Rgba8 | ColorType::La16 | ColorType::Rgb16 | ColorType::Rgba16 => {
            let size = color.bytes_per_pixel() as usize;
            for at in 0..pixels {
                let s = &buffer[size * at..size * at + size];
                let rgb = match color {
                    ColorType::Rgba8 => [s[0], s[1], s[2]].map(|channel| over_white(channel, s[3])),
                    ColorType::La16 => [over_white(eight(s[0], s[1]), eight(s[2], s[3])); 3],
                    ColorType::Rgb16 => [eight(s[0], s[1]), eight(s[2], s[3]), eight(s[4], s[5])],
                    _ => {
                        let alpha = eight(s[6], s[7]);
                        [eight(s[0], s[1]), eight(s[2], s[3]), eight(s[4], s[5])]
                            .map(|channel| over_white(channel, alpha))
                    }
                };
                buffer[3 * at..3 * at + 3].copy_from_slice(&rgb);
            }
            buffer.truncate(3 * pixels);
        }
        _ => return false,
    }
    true
}

/// A channel of a pixel with opacity `alpha`, laid over white.
fn over_white(channel: u8, alpha: u8) -> u8 {
    let alpha = u32::from(alpha);
    ((u32::from(channel) * alpha + 255 * (255 - alpha) + 127) / 255) as u8
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

    #[test]
    fn every_kind_of_colour_becomes_rgb_on_white() {
        let limits = UploadConfig::default();
        let cases: Vec<(DynamicImage, [u8; 3])> = vec![
            (
                DynamicImage::ImageLuma8(image::GrayImage::from_pixel(3, 2, image::Luma([40]))),
                [40; 3],
            ),
            (
                DynamicImage::ImageLumaA8(image::GrayAlphaImage::from_pixel(
                    3,
                    2,
                    image::LumaA([0, 0]),
                )),
                [255; 3],
            ),
            (
                DynamicImage::ImageLuma16(image::ImageBuffer::from_pixel(
                    3,
                    2,
                    image::Luma([65535]),
                )),
                [255; 3],
            ),
            (
                DynamicImage::ImageLumaA16(image::ImageBuffer::from_pixel(
                    3,
                    2,
                    image::LumaA([0, 32896]),
                )),
                [127; 3],
            ),
            (
                DynamicImage::ImageRgba8(image::RgbaImage::from_pixel(
                    3,
                    2,
                    image::Rgba([10, 20, 30, 255]),
                )),
                [10, 20, 30],
            ),
            (
                DynamicImage::ImageRgb16(image::ImageBuffer::from_pixel(
                    3,
                    2,
                    image::Rgb([0, 32896, 65535]),
                )),
                [0, 128, 255],
            ),
            (
                DynamicImage::ImageRgba16(image::ImageBuffer::from_pixel(
                    3,
                    2,
                    image::Rgba([0, 0, 0, 0]),
                )),
                [255; 3],
            ),
        ];
        for (picture, expected) in cases {
            let mut png = Cursor::new(Vec::new());
            picture.write_to(&mut png, ImageFormat::Png).unwrap();
            let decoded = decode_picture(png.get_ref(), &limits, "pin").unwrap();
            assert_eq!(decoded.dimensions(), (3, 2), "{:?}", picture.color());
            for pixel in decoded.pixels() {
                assert_eq!(pixel.0, expected, "{:?}", picture.color());
            }
        }
    }
}
