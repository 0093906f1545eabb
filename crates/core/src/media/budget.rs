//! What a picture will cost, known before any of it is decoded: its header is read, what it
//! claims is checked against the size of its file, and the memory of each kind of picture work
//! is estimated, so that the services can wait for that much of the memory budget, or refuse.

use std::io::{BufRead, Cursor, Seek, SeekFrom};

use image::metadata::Orientation;
use image::{ImageDecoder, ImageFormat, ImageReader};

use crate::media::{avatar, previews};
use corkboard_domain::config::UploadConfig;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::sizes::{rounded, size_parts};
use corkboard_i18n::msg;

/// Memory no estimate names: the allocator's rounding, small buffers, the thumbnails.
const SLACK: u64 = 16 << 20;

/// A picture's header, read and checked; nothing decoded yet.
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    pub format: ImageFormat,
    pub width: u32,
    pub height: u32,
    /// What the decoder writes (its `total_bytes()`: 16-bit samples and alpha counted).
    pub decoded_bytes: u64,
    pub orientation: Orientation,
    file_bytes: u64,
    /// The decoder's own memory besides its output.
    decoder_bytes: u64,
}

impl Plan {
    /// Reads the header of the picture file `bytes` (see `read_from`).
    pub fn read(bytes: &[u8], limits: &UploadConfig, field: &str) -> AppResult<Plan> {
        Plan::read_from(&mut Cursor::new(bytes), bytes.len() as u64, limits, field)
    }

    /// Reads the header of a picture file of `file_bytes` bytes from `file`, and no more: refuses
    /// files over the size limit, pictures over the pixel limit, files that are not pictures,
    /// and headers that claim more pixels than their file can hold.
    pub(crate) fn read_from(
        file: &mut (impl BufRead + Seek),
        file_bytes: u64,
        limits: &UploadConfig,
        field: &str,
    ) -> AppResult<Plan> {
        if file_bytes > limits.max_file_bytes {
            let (amount, unit) = size_parts(limits.max_file_bytes);
            return Err(AppError::TooLarge(msg!(
                "error-file-too-large",
                amount = amount,
                unit = unit
            )));
        }
        let not_a_picture = || AppError::invalid(field, msg!("error-not-a-picture"));
        let mut start = [0; 32];
        let start = read_at(file, 0, &mut start).map_err(|_| not_a_picture())?;
        let format = image::guess_format(start).map_err(|_| not_a_picture())?;
        let header = match format {
            // image's JPEG decoder reads the whole file to read its header: read it here.
            ImageFormat::Jpeg => jpeg_header(file),
            ImageFormat::Png | ImageFormat::Gif | ImageFormat::WebP => decoder_header(file, format),
            _ => None,
        }
        .ok_or_else(not_a_picture)?;
        let (width, height) = (header.width, header.height);
        let pixels = u64::from(width) * u64::from(height);
        if pixels == 0 {
            return Err(not_a_picture());
        }
        if pixels > limits.max_pixels {
            return Err(AppError::invalid(
                field,
                msg!(
                    "error-picture-too-many-pixels",
                    megapixels = rounded(pixels as f64 / 1e6, 0),
                    max = rounded(limits.max_pixels as f64 / 1e6, 0)
                ),
            ));
        }
        let least = match format {
            ImageFormat::Png => png_raw_bytes(start) / 1100,
            ImageFormat::WebP if is_lossy_webp(file) => pixels / 4096,
            ImageFormat::WebP => 0,
            _ => least_file_bytes(format, pixels),
        };
        if file_bytes < least {
            tracing::info!(
                ?format,
                width,
                height,
                file_bytes,
                least_file_bytes = least,
                "a picture's header claims more pixels than its file can hold"
            );
            return Err(AppError::invalid(
                field,
                msg!("error-picture-header-lies", width = width, height = height),
            ));
        }
        let decoder_bytes = match format {
            // image's decoder copies the file; zune-jpeg keeps every coefficient (two bytes each)
            // of a progressive or multi-scan picture until its last scan.
            ImageFormat::Jpeg => file_bytes + header.jpeg_coefficient_bytes,
            // A few rows and the inflate window.
            ImageFormat::Png => 8 * header.decoded_bytes / u64::from(height) + (1 << 20),
            // The first frame, when it does not span the picture, in a buffer of its own.
            ImageFormat::Gif => 4 * pixels,
            // Planes: lossy YUV and alpha (2.5 bytes a pixel), lossless ARGB (4).
            _ => 4 * pixels,
        };
        Ok(Plan {
            format,
            width,
            height,
            decoded_bytes: header.decoded_bytes,
            orientation: header.orientation,
            file_bytes,
            decoder_bytes,
        })
    }

    /// The file name extension of its format.
    pub fn extension(&self) -> &'static str {
        self.format
            .extensions_str()
            .first()
            .copied()
            .unwrap_or("bin")
    }

    pub fn pixels(&self) -> u64 {
        u64::from(self.width) * u64::from(self.height)
    }

    /// Whether turning the picture upright swaps its width and height (and needs a new buffer).
    fn turns(&self) -> bool {
        matches!(
            self.orientation,
            Orientation::Rotate90
                | Orientation::Rotate270
                | Orientation::Rotate90FlipH
                | Orientation::Rotate270FlipH
        )
    }

    /// Width and height once upright.
    pub(crate) fn upright_size(&self) -> (u32, u32) {
        if self.turns() {
            (self.height, self.width)
        } else {
            (self.width, self.height)
        }
    }

    /// The buffer the decoder writes into, which then holds the RGB picture (3 bytes a pixel).
    pub(crate) fn buffer_bytes(&self) -> u64 {
        self.decoded_bytes.max(3 * self.pixels())
    }

    /// Decoding: the buffer and the decoder's memory, then the buffer and its turned copy.
    fn decoding(&self) -> u64 {
        let turning = if self.turns() { 3 * self.pixels() } else { 0 };
        (self.buffer_bytes() + self.decoder_bytes).max(self.buffer_bytes() + turning)
    }

    /// What the decoded upright picture holds afterwards.
    fn decoded(&self) -> u64 {
        if self.turns() {
            3 * self.pixels()
        } else {
            self.buffer_bytes()
        }
    }

    /// Peak memory of inspecting the picture (decoding it, its fingerprints), its file included.
    pub(crate) fn inspect_bytes(&self) -> u64 {
        self.file_bytes + SLACK + self.decoding()
    }

    /// Peak memory of ingesting it: inspecting, then making and storing its previews.
    pub(crate) fn ingest_bytes(&self) -> u64 {
        let (width, height) = self.upright_size();
        let previews = self.decoded() + previews::work_bytes(width, height);
        self.file_bytes + SLACK + self.decoding().max(previews)
    }

    /// Peak memory of making an avatar of it.
    pub(crate) fn avatar_bytes(&self) -> u64 {
        let (width, height) = self.upright_size();
        let avatar = self.decoded() + avatar::work_bytes(width, height);
        self.file_bytes + SLACK + self.decoding().max(avatar)
    }
}

/// What a header says.
struct Header {
    width: u32,
    height: u32,
    decoded_bytes: u64,
    orientation: Orientation,
    jpeg_coefficient_bytes: u64,
}

/// The header as the decoder reads it (PNG, GIF and WebP decoders read no more than it).
fn decoder_header(file: &mut (impl BufRead + Seek), format: ImageFormat) -> Option<Header> {
    file.seek(SeekFrom::Start(0)).ok()?;
    let mut decoder = ImageReader::with_format(file, format)
        .into_decoder()
        .inspect_err(|error| tracing::info!(%error, "a picture's header cannot be read"))
        .ok()?;
    let (width, height) = decoder.dimensions();
    Some(Header {
        width,
        height,
        decoded_bytes: decoder.total_bytes(),
        orientation: decoder.orientation().unwrap_or(Orientation::NoTransforms),
        jpeg_coefficient_bytes: 0,
    })
}

/// A JPEG's frame header, first scan header and EXIF orientation, read segment by segment as
/// zune-jpeg reads them (the last EXIF segment counts); the decoder's output is grey (a byte a
/// pixel) for one component, else RGB.
fn jpeg_header(file: &mut (impl BufRead + Seek)) -> Option<Header> {
    file.seek(SeekFrom::Start(2)).ok()?;
    let mut frame: Option<(bool, Vec<u8>)> = None;
    let mut exif: Option<Vec<u8>> = None;
    let mut byte = [0; 1];
    loop {
        file.read_exact(&mut byte).ok()?;
        if byte[0] != 0xFF {
            continue;
        }
        file.read_exact(&mut byte).ok()?;
        let marker = byte[0];
        match marker {
            0xFF => {
                file.seek_relative(-1).ok()?;
                continue;
            }
            0x00 | 0x01 | 0xD0..=0xD7 => continue,
            0xD9 => return None,
            _ => {}
        }
        let mut length = [0; 2];
        file.read_exact(&mut length).ok()?;
        let length = usize::from(u16::from_be_bytes(length)).checked_sub(2)?;
        let mut read_segment = || {
            let mut segment = vec![0; length];
            file.read_exact(&mut segment).ok().map(|()| segment)
        };
        match marker {
            // Start of frame, except DHT (C4), JPG (C8) and DAC (CC).
            0xC0..=0xCF if !matches!(marker, 0xC4 | 0xC8 | 0xCC) => {
                let progressive = matches!(marker, 0xC2 | 0xC6 | 0xCA | 0xCE);
                frame = Some((progressive, read_segment()?));
            }
            0xE1 => {
                let segment = read_segment()?;
                if let Some(tiff) = segment.strip_prefix(b"Exif\0\0") {
                    exif = Some(tiff.to_vec());
                }
            }
            0xDA => {
                let (progressive, frame) = frame?;
                let scan = read_segment()?;
                return jpeg_frame(&frame, progressive, *scan.first()?, exif.as_deref());
            }
            _ => file.seek_relative(length as i64).ok()?,
        }
    }
}

/// Reads a frame header (precision, height, width, components with their sampling).
fn jpeg_frame(
    frame: &[u8],
    progressive: bool,
    first_scan_components: u8,
    exif: Option<&[u8]>,
) -> Option<Header> {
    let height = u32::from(u16::from_be_bytes([*frame.get(1)?, *frame.get(2)?]));
    let width = u32::from(u16::from_be_bytes([*frame.get(3)?, *frame.get(4)?]));
    let count = *frame.get(5)?;
    let sampling: Vec<(u64, u64)> = frame
        .get(6..6 + 3 * usize::from(count))?
        .chunks_exact(3)
        .map(|component| (u64::from(component[1] >> 4), u64::from(component[1] & 15)))
        .collect();
    let h_max = sampling.iter().map(|s| s.0).max()?.max(1);
    let v_max = sampling.iter().map(|s| s.1).max()?.max(1);
    // Whole MCUs of every component, two bytes a coefficient, when the scans come one by one.
    let jpeg_coefficient_bytes = if progressive || first_scan_components < count {
        let mcus_across = u64::from(width).div_ceil(8 * h_max);
        let mcus_down = u64::from(height).div_ceil(8 * v_max);
        sampling
            .iter()
            .map(|(h, v)| mcus_across * mcus_down * h * v * 64 * 2)
            .sum()
    } else {
        0
    };
    let bytes_per_pixel = if count == 1 { 1 } else { 3 };
    Some(Header {
        width,
        height,
        decoded_bytes: u64::from(width) * u64::from(height) * bytes_per_pixel,
        orientation: exif
            .and_then(Orientation::from_exif_chunk)
            .unwrap_or(Orientation::NoTransforms),
        jpeg_coefficient_bytes,
    })
}

/// The fewest bytes in which a whole file of `format` can hold `pixels` pixels, with room to
/// spare: no real picture comes near it, while a header that lies about its size (the decoder
/// then makes up the missing pixels, at full cost) falls far below. PNG and WebP, whose floors
/// depend on more than their pixels, are in `read_from`.
fn least_file_bytes(format: ImageFormat, pixels: u64) -> u64 {
    match format {
        // Each 8x8 block of the most finely sampled component is coded at least once, and a
        // Huffman code is at least a bit long: a bit for each 64 pixels. Half of that. (Arithmetic
        // coding, which can do with less, is not decoded here.) A flat grey picture from libjpeg
        // takes three times the bound, photographs a hundred times and more.
        ImageFormat::Jpeg => pixels / 1024,
        // An LZW code is at most 12 bits long and stands for at most 4096 pixels: 1.5 bytes for
        // 4096 pixels at best. One byte for 4096.
        ImageFormat::Gif => pixels / 4096,
        _ => 0,
    }
}

/// A PNG's filtered image data before compression, from its header at the start of the file:
/// each row's filter byte and its samples at the file's own depth. Deflate packs at most 258
/// bytes into 2 bits (1032 to 1); dividing by 1100 leaves room for rounding.
fn png_raw_bytes(start: &[u8]) -> u64 {
    let Some(header) = start.get(16..29) else {
        return 0;
    };
    let width = u64::from(u32::from_be_bytes([
        header[0], header[1], header[2], header[3],
    ]));
    let height = u64::from(u32::from_be_bytes([
        header[4], header[5], header[6], header[7],
    ]));
    let channels = match header[9] {
        2 => 3,
        4 => 2,
        6 => 4,
        _ => 1,
    };
    let bits_per_pixel = u64::from(header[8]) * channels;
    height * (1 + (width * bits_per_pixel).div_ceil(8))
}

/// Whether a WebP file's picture is lossy ("VP8 ") rather than lossless or animated. Lossy WebP
/// codes the two prediction modes of each 16x16 macroblock with fixed probabilities, more than
/// a bit and a half, so its floor is half a bit for each 256 pixels; lossless WebP can code a
/// flat picture in next to nothing and has none (its memory is still budgeted).
fn is_lossy_webp(file: &mut (impl BufRead + Seek)) -> bool {
    let mut at = 12;
    for _ in 0..64 {
        let mut chunk = [0; 8];
        if !matches!(read_at(file, at, &mut chunk), Ok(read) if read.len() == 8) {
            return false;
        }
        match &chunk[..4] {
            b"VP8 " => return true,
            b"VP8L" | b"ANIM" | b"ANMF" => return false,
            _ => {}
        }
        let size = u64::from(u32::from_le_bytes([chunk[4], chunk[5], chunk[6], chunk[7]]));
        at += 8 + size + (size & 1);
    }
    false
}

/// Reads up to `buffer.len()` bytes at `offset`; the bytes read.
fn read_at<'a>(
    file: &mut (impl BufRead + Seek),
    offset: u64,
    buffer: &'a mut [u8],
) -> std::io::Result<&'a [u8]> {
    file.seek(SeekFrom::Start(offset))?;
    let mut filled = 0;
    while filled < buffer.len() {
        match file.read(&mut buffer[filled..])? {
            0 => break,
            read => filled += read,
        }
    }
    Ok(&buffer[..filled])
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{DynamicImage, RgbImage};

    fn encoded(picture: &DynamicImage, format: ImageFormat) -> Vec<u8> {
        let mut bytes = Cursor::new(Vec::new());
        picture.write_to(&mut bytes, format).unwrap();
        bytes.into_inner()
    }

    fn jpeg(picture: &RgbImage, progressive: bool, grey: bool) -> Vec<u8> {
        let mut bytes = Vec::new();
        let mut encoder = jpeg_encoder::Encoder::new(&mut bytes, 85);
        encoder.set_progressive(progressive);
        let (width, height) = (picture.width() as u16, picture.height() as u16);
        if grey {
            let grey = DynamicImage::ImageRgb8(picture.clone()).to_luma8();
            encoder
                .encode(&grey, width, height, jpeg_encoder::ColorType::Luma)
                .unwrap();
        } else {
            encoder
                .encode(picture, width, height, jpeg_encoder::ColorType::Rgb)
                .unwrap();
        }
        bytes
    }

    #[test]
    fn flat_pictures_the_smallest_honest_files_pass_the_floors() {
        let flat = RgbImage::from_pixel(1000, 1000, image::Rgb([200, 30, 90]));
        let mut files = vec![
            jpeg(&flat, false, false),
            jpeg(&flat, true, true),
            crate::media::encode::encode(&flat, "webp").unwrap(),
        ];
        for format in [ImageFormat::Png, ImageFormat::Gif, ImageFormat::WebP] {
            files.push(encoded(&DynamicImage::ImageRgb8(flat.clone()), format));
        }
        for file in files {
            let plan = Plan::read(&file, &UploadConfig::default(), "pin").unwrap();
            assert_eq!((plan.width, plan.height), (1000, 1000), "{:?}", plan.format);
        }
    }

    #[test]
    fn headers_claiming_more_pixels_than_their_file_holds_are_refused() {
        let small = RgbImage::from_pixel(16, 16, image::Rgb([200, 30, 90]));
        let mut lying = jpeg(&small, false, false);
        let frame = lying.windows(2).position(|m| m == [0xFF, 0xC0]).unwrap();
        lying[frame + 5..frame + 9].copy_from_slice(&[0x27, 0x10, 0x27, 0x10]);
        let Err(AppError::Validation { message, .. }) =
            Plan::read(&lying, &UploadConfig::default(), "pin")
        else {
            panic!("a lying JPEG passes");
        };
        assert_eq!(
            message.text(),
            "This picture is damaged: its file is far too small to hold the 10000 x 10000 pixels \
             it claims."
        );
    }

    #[test]
    fn a_jpeg_header_reads_as_the_decoder_reads_it() {
        let picture = RgbImage::from_fn(300, 200, |x, y| image::Rgb([x as u8, y as u8, 90]));
        for (progressive, grey) in [(false, false), (true, false), (false, true), (true, true)] {
            let bytes = jpeg(&picture, progressive, grey);
            let plan = Plan::read(&bytes, &UploadConfig::default(), "pin").unwrap();
            let decoder = ImageReader::new(Cursor::new(&bytes))
                .with_guessed_format()
                .unwrap()
                .into_decoder()
                .unwrap();
            assert_eq!((plan.width, plan.height), decoder.dimensions());
            assert_eq!(plan.decoded_bytes, decoder.total_bytes());
            assert_eq!(plan.decoder_bytes > bytes.len() as u64, progressive);
        }
    }

    #[test]
    fn estimates_count_deep_samples_transparency_and_turning() {
        let deep = DynamicImage::ImageRgba16(image::ImageBuffer::new(100, 50));
        let plan = Plan::read(
            &encoded(&deep, ImageFormat::Png),
            &UploadConfig::default(),
            "pin",
        )
        .unwrap();
        assert_eq!((plan.decoded_bytes, plan.buffer_bytes()), (40_000, 40_000));

        let picture = RgbImage::from_fn(300, 200, |x, y| image::Rgb([x as u8, y as u8, 90]));
        let mut turned = jpeg(&picture, false, false);
        // An EXIF segment saying "turn 90 degrees clockwise" (orientation 6), after the SOI.
        let tiff = b"MM\0\x2a\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x06\0\0\0\0\0\0";
        let mut segment = vec![0xFF, 0xE1, 0, (2 + 6 + tiff.len()) as u8];
        segment.extend_from_slice(b"Exif\0\0");
        segment.extend_from_slice(tiff);
        turned.splice(2..2, segment);
        let plan = Plan::read(&turned, &UploadConfig::default(), "pin").unwrap();
        assert_eq!(plan.upright_size(), (200, 300));
        assert_eq!(plan.decoding(), 2 * 3 * 300 * 200);
    }
}
