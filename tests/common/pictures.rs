//! Pictures made by the tests themselves: gradients in PNG and JPEG, JPEGs carrying EXIF.

use exif::experimental::Writer;
use exif::{Field, In, Rational, Tag, Value};
use image::{DynamicImage, ImageFormat, Rgb, RgbImage};

/// A colourful picture whose look is its own: `seed` changes the pattern.
pub fn picture(width: u32, height: u32, seed: u32) -> DynamicImage {
    DynamicImage::ImageRgb8(RgbImage::from_fn(width, height, |x, y| {
        let u = x * 255 / width;
        let v = y * 255 / height;
        let wave = ((x / (width / 8).max(1) + y / (height / 6).max(1) + seed) % 2) as u8 * 90;
        match seed % 3 {
            0 => Rgb([u as u8, v as u8, 120 + wave]),
            1 => Rgb([255 - v as u8, wave, u as u8]),
            _ => Rgb([wave, 255 - u as u8, v as u8]),
        }
    }))
}

pub fn encoded(picture: &DynamicImage, format: ImageFormat) -> Vec<u8> {
    let mut bytes = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut bytes, format).unwrap();
    bytes.into_inner()
}

pub fn png(width: u32, height: u32, seed: u32) -> Vec<u8> {
    encoded(&picture(width, height, seed), ImageFormat::Png)
}

pub fn jpeg(width: u32, height: u32, seed: u32) -> Vec<u8> {
    encoded(&picture(width, height, seed), ImageFormat::Jpeg)
}

/// The EXIF a camera would write: make, model, lens, 50 mm, 1/250 s, f/2.8, ISO 200, a date.
pub fn camera_fields(orientation: u16) -> Vec<Field> {
    let ascii = |tag, text: &str| Field {
        tag,
        ifd_num: In::PRIMARY,
        value: Value::Ascii(vec![text.as_bytes().to_vec()]),
    };
    let rational = |tag, num, denom| Field {
        tag,
        ifd_num: In::PRIMARY,
        value: Value::Rational(vec![Rational { num, denom }]),
    };
    vec![
        ascii(Tag::Make, "Canon"),
        ascii(Tag::Model, "Canon EOS 90D"),
        ascii(Tag::LensModel, "EF 50mm f/1.8 STM"),
        rational(Tag::FocalLength, 50, 1),
        rational(Tag::ExposureTime, 1, 250),
        rational(Tag::FNumber, 28, 10),
        Field {
            tag: Tag::PhotographicSensitivity,
            ifd_num: In::PRIMARY,
            value: Value::Short(vec![200]),
        },
        ascii(Tag::DateTimeOriginal, "2024:05:17 14:03:22"),
        Field {
            tag: Tag::Orientation,
            ifd_num: In::PRIMARY,
            value: Value::Short(vec![orientation]),
        },
    ]
}

/// A JPEG carrying `fields` in an APP1 EXIF segment right after its start marker.
pub fn jpeg_with_exif(width: u32, height: u32, fields: &[Field]) -> Vec<u8> {
    let plain = jpeg(width, height, 0);
    let mut writer = Writer::new();
    for field in fields {
        writer.push_field(field);
    }
    let mut tiff = std::io::Cursor::new(Vec::new());
    writer.write(&mut tiff, false).unwrap();
    let tiff = tiff.into_inner();
    let mut segment = b"Exif\0\0".to_vec();
    segment.extend_from_slice(&tiff);
    let length = u16::try_from(segment.len() + 2).unwrap();
    let mut bytes = plain[..2].to_vec();
    bytes.extend_from_slice(&[0xFF, 0xE1]);
    bytes.extend_from_slice(&length.to_be_bytes());
    bytes.extend_from_slice(&segment);
    bytes.extend_from_slice(&plain[2..]);
    bytes
}

/// A PNG of noise: it barely compresses, so it is heavy for its size in pixels.
pub fn noise_png(width: u32, height: u32) -> Vec<u8> {
    let mut state = 0x2545_f491_u32;
    let noise = RgbImage::from_fn(width, height, |_, _| {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let [r, g, b, _] = state.to_le_bytes();
        Rgb([r, g, b])
    });
    encoded(&DynamicImage::ImageRgb8(noise), ImageFormat::Png)
}
