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
    let mut writer = Writer::new();
    for field in fields {
        writer.push_field(field);
    }
    let mut tiff = std::io::Cursor::new(Vec::new());
    writer.write(&mut tiff, false).unwrap();
    with_app1_exif(&jpeg(width, height, 0), &tiff.into_inner())
}

/// A PNG of noise: it barely compresses, so it is heavy for its size in pixels.
pub fn noise_png(width: u32, height: u32) -> Vec<u8> {
    seeded_noise_png(width, height, 0)
}

/// `noise_png` from `seed`: each seed another picture.
pub fn seeded_noise_png(width: u32, height: u32, seed: u32) -> Vec<u8> {
    let mut state = 0x2545_f491_u32 ^ seed.wrapping_mul(0x9e37_79b9);
    let noise = RgbImage::from_fn(width, height, |_, _| {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let [r, g, b, _] = state.to_le_bytes();
        Rgb([r, g, b])
    });
    encoded(&DynamicImage::ImageRgb8(noise), ImageFormat::Png)
}

/// A JPEG of 16 x 16 pixels whose frame header claims `width` x `height`: a few hundred bytes
/// that ask a decoder for a picture of any size.
pub fn lying_jpeg(width: u16, height: u16) -> Vec<u8> {
    let mut bytes = jpeg(16, 16, 0);
    let frame = bytes
        .windows(2)
        .position(|marker| marker == [0xFF, 0xC0])
        .expect("a baseline frame header");
    bytes[frame + 5..frame + 7].copy_from_slice(&height.to_be_bytes());
    bytes[frame + 7..frame + 9].copy_from_slice(&width.to_be_bytes());
    bytes
}

/// A PNG of 16 x 16 pixels whose header claims `width` x `height`.
pub fn lying_png(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = png(16, 16, 0);
    bytes[16..20].copy_from_slice(&width.to_be_bytes());
    bytes[20..24].copy_from_slice(&height.to_be_bytes());
    let crc = crc32(&bytes[12..29]);
    bytes[29..33].copy_from_slice(&crc.to_be_bytes());
    bytes
}

/// A fully transparent 16-bit RGBA PNG of `width` x `height`, compressed about as far as deflate
/// can go (one bit for each 258 bytes; zlib at level 9 gives about the same): 10000 x 10000
/// pixels in 776 KB. The deflate stream is written by hand, which costs milliseconds.
pub fn transparent_png16(width: u32, height: u32) -> Vec<u8> {
    let raw_bytes = u64::from(height) * (1 + u64::from(width) * 8);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::new();
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[16, 6, 0, 0, 0]);
    png_chunk(&mut png, b"IHDR", &header);
    png_chunk(&mut png, b"IDAT", &zlib_of_zeros(raw_bytes));
    png_chunk(&mut png, b"IEND", &[]);
    png
}

fn png_chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    png.extend_from_slice(&u32::try_from(data.len()).unwrap().to_be_bytes());
    let start = png.len();
    png.extend_from_slice(kind);
    png.extend_from_slice(data);
    let crc = crc32(&png[start..]);
    png.extend_from_slice(&crc.to_be_bytes());
}

fn crc32(bytes: &[u8]) -> u32 {
    let table: Vec<u32> = (0..256u32)
        .map(|n| {
            (0..8).fold(n, |c, _| {
                if c & 1 == 1 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                }
            })
        })
        .collect();
    !bytes.iter().fold(!0u32, |crc, byte| {
        table[((crc ^ u32::from(*byte)) & 0xFF) as usize] ^ (crc >> 8)
    })
}

/// Deflate bits, least significant first.
#[derive(Default)]
struct Bits {
    bytes: Vec<u8>,
    filled: u32,
}

impl Bits {
    fn put(&mut self, value: u32, count: u32) {
        for bit in 0..count {
            if self.filled.is_multiple_of(8) {
                self.bytes.push(0);
            }
            let last = self.bytes.last_mut().unwrap();
            *last |= (((value >> bit) & 1) as u8) << (self.filled % 8);
            self.filled += 1;
        }
    }

    /// A Huffman code, most significant bit first.
    fn code(&mut self, code: u32, length: u32) {
        for bit in (0..length).rev() {
            self.put((code >> bit) & 1, 1);
        }
    }
}

/// A zlib stream of `count` zero bytes: one dynamic block whose literal/length code gives
/// "length 258" one bit and whose only distance (1) one bit.
fn zlib_of_zeros(count: u64) -> Vec<u8> {
    let mut bits = Bits::default();
    bits.put(1, 1); // the last block
    bits.put(2, 2); // dynamic Huffman codes
    bits.put(29, 5); // 286 literal/length codes
    bits.put(0, 5); // 1 distance code
    bits.put(14, 4); // 18 code length codes
    // Code lengths of the code length alphabet, in its odd order: 18 gets 1 bit, 1 and 2 get 2.
    for symbol in [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1] {
        bits.put(
            match symbol {
                18 => 1,
                1 | 2 => 2,
                _ => 0,
            },
            3,
        );
    }
    // Canonical codes: 18 is 0, 1 is 10, 2 is 11.
    let length_2 = |bits: &mut Bits| bits.code(0b11, 2);
    let length_1 = |bits: &mut Bits| bits.code(0b10, 2);
    let zeros = |bits: &mut Bits, run: u32| {
        bits.code(0, 1);
        bits.put(run - 11, 7);
    };
    length_2(&mut bits); // literal 0
    zeros(&mut bits, 138); // literals 1 to 255 have no code
    zeros(&mut bits, 117);
    length_2(&mut bits); // end of block
    zeros(&mut bits, 28); // lengths 3 to 257 have no code
    length_1(&mut bits); // length 258
    length_1(&mut bits); // distance 1
    // Literal/length codes: 258 is 0, literal 0 is 10, end of block 11; distance 1 is 0.
    bits.code(0b10, 2);
    let rest = count - 1;
    for _ in 0..rest / 258 {
        bits.code(0, 1);
        bits.code(0, 1);
    }
    for _ in 0..rest % 258 {
        bits.code(0b10, 2);
    }
    bits.code(0b11, 2);
    let adler = ((count % 65521) << 16 | 1) as u32;
    let mut zlib = vec![0x78, 0xDA];
    zlib.extend_from_slice(&bits.bytes);
    zlib.extend_from_slice(&adler.to_be_bytes());
    zlib
}

/// `count` photograph-like pictures of any size, quick to make: soft gradients, discs and grain,
/// each with a patch of its own; encoded at quality 90 like a camera would.
pub fn large_jpegs(width: u32, height: u32, count: u8) -> Vec<Vec<u8>> {
    let mut pixels = Vec::with_capacity(width as usize * height as usize * 3);
    let mut noise = 0x9E37_79B9_u32;
    for y in 0..height {
        let v = (y * 255 / height) as u8;
        for x in 0..width {
            noise ^= noise << 13;
            noise ^= noise >> 17;
            noise ^= noise << 5;
            let grain = (noise & 15) as u8;
            let u = (x * 255 / width) as u8;
            let disc = ((x / 512 + y / 512) % 5 == 0) as u8 * 60;
            pixels.extend_from_slice(&[
                (u / 2 + disc).wrapping_add(grain),
                (v / 2 + 40).wrapping_add(grain),
                (u / 3 + v / 3 + disc).wrapping_add(grain),
            ]);
        }
    }
    (0..count)
        .map(|seed| {
            for row in 0..64.min(height as usize) {
                let start = row * width as usize * 3;
                let end = start + 3 * 64.min(width as usize);
                pixels[start..end].fill(seed.wrapping_mul(40));
            }
            let mut bytes = Vec::new();
            jpeg_encoder::Encoder::new(&mut bytes, 90)
                .encode(
                    &pixels,
                    u16::try_from(width).unwrap(),
                    u16::try_from(height).unwrap(),
                    jpeg_encoder::ColorType::Rgb,
                )
                .unwrap();
            bytes
        })
        .collect()
}

/// A JPEG carrying the camera's EXIF (as `camera_fields`, without orientation) laid out the way
/// piexif writes it: big-endian, and the Exif IFD without the next-IFD offset that should follow
/// its entries, so that its values' first bytes read as one.
pub fn jpeg_with_piexif_exif(width: u32, height: u32) -> Vec<u8> {
    const ASCII: u16 = 2;
    const SHORT: u16 = 3;
    const LONG: u16 = 4;
    const RATIONAL: u16 = 5;
    let ascii = |text: &str| [text.as_bytes(), b"\0"].concat();
    let rational = |num: u32, denom: u32| [num.to_be_bytes(), denom.to_be_bytes()].concat();
    let exif_entries = vec![
        (0x829A, RATIONAL, rational(1, 250)),           // ExposureTime
        (0x829D, RATIONAL, rational(28, 10)),           // FNumber
        (0x8827, SHORT, 200u16.to_be_bytes().to_vec()), // PhotographicSensitivity
        (0x9003, ASCII, ascii("2024:05:17 14:03:22")),  // DateTimeOriginal
        (0x920A, RATIONAL, rational(50, 1)),            // FocalLength
        (0xA434, ASCII, ascii("EF 50mm f/1.8 STM")),    // LensModel
    ];
    // IFD0 at 8: three entries, then its next-IFD offset (0), then its values.
    let ifd0_values = 8 + 2 + 3 * 12 + 4;
    let make = ascii("Canon");
    let model = ascii("Canon EOS 90D");
    let exif_at = ifd0_values + make.len() + model.len();
    let ifd0_entries = vec![
        (0x010F, ASCII, make),                                   // Make
        (0x0110, ASCII, model),                                  // Model
        (0x8769, LONG, (exif_at as u32).to_be_bytes().to_vec()), // ExifIFDPointer
    ];
    let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
    tiff.extend(ifd(&ifd0_entries, 8, true));
    assert_eq!(tiff.len(), exif_at);
    tiff.extend(ifd(&exif_entries, exif_at, false));
    with_app1_exif(&jpeg(width, height, 0), &tiff)
}

/// An IFD at `at`: its entries, the next-IFD offset 0 when `next_word`, then the values longer
/// than four bytes.
fn ifd(entries: &[(u16, u16, Vec<u8>)], at: usize, next_word: bool) -> Vec<u8> {
    let unit = |kind: u16| match kind {
        3 => 2,
        4 => 4,
        5 => 8,
        _ => 1,
    };
    let mut values_at = at + 2 + entries.len() * 12 + if next_word { 4 } else { 0 };
    let mut head = (entries.len() as u16).to_be_bytes().to_vec();
    let mut values = Vec::new();
    for (tag, kind, value) in entries {
        head.extend_from_slice(&tag.to_be_bytes());
        head.extend_from_slice(&kind.to_be_bytes());
        head.extend_from_slice(&((value.len() / unit(*kind)) as u32).to_be_bytes());
        if value.len() <= 4 {
            let mut inline = value.clone();
            inline.resize(4, 0);
            head.extend_from_slice(&inline);
        } else {
            head.extend_from_slice(&(values_at as u32).to_be_bytes());
            values.extend_from_slice(value);
            values_at += value.len();
        }
    }
    if next_word {
        head.extend_from_slice(&[0; 4]);
    }
    head.extend(values);
    head
}

/// `jpeg` with an APP1 EXIF segment holding `tiff` right after its start marker.
fn with_app1_exif(jpeg: &[u8], tiff: &[u8]) -> Vec<u8> {
    let mut segment = b"Exif\0\0".to_vec();
    segment.extend_from_slice(tiff);
    let length = u16::try_from(segment.len() + 2).unwrap();
    let mut bytes = jpeg[..2].to_vec();
    bytes.extend_from_slice(&[0xFF, 0xE1]);
    bytes.extend_from_slice(&length.to_be_bytes());
    bytes.extend_from_slice(&segment);
    bytes.extend_from_slice(&jpeg[2..]);
    bytes
}

/// A detailed scene of waves of light, its own for each `seed`: its perceptual hash has many
/// bits either way, so its copies (smaller, re-encoded, cropped a little) look alike and another
/// seed's scene does not.
pub fn scene(width: u32, height: u32, seed: u32) -> DynamicImage {
    let s = seed as f32;
    DynamicImage::ImageRgb8(RgbImage::from_fn(width, height, |x, y| {
        let (u, v) = (x as f32 / width as f32, y as f32 / height as f32);
        let waves = (u * (9.0 + 3.0 * s) + s).sin() * (v * (4.0 + s)).cos()
            + 0.6 * (u * 5.0 - v * (7.0 + 2.0 * s) + 1.7 * s).sin();
        let light = (128.0 + 70.0 * waves).clamp(0.0, 255.0);
        let tint = (s * 47.0) % 90.0;
        Rgb([
            light as u8,
            (light * 0.8 + tint) as u8,
            (255.0 - light * 0.6) as u8,
        ])
    }))
}

/// `picture` as a JPEG of `quality` (1 to 100).
pub fn jpeg_of_quality(picture: &DynamicImage, quality: u8) -> Vec<u8> {
    let mut bytes = Vec::new();
    let encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, quality);
    picture.to_rgb8().write_with_encoder(encoder).unwrap();
    bytes
}
