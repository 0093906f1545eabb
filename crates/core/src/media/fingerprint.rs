//! What identifies a picture: its sha1, a perceptual hash that survives resizing and re-encoding,
//! and the dominant colour shown while it loads.

use image::imageops::FilterType;
use image::{DynamicImage, GenericImageView};
use sha1::{Digest, Sha1};

use corkboard_domain::pin::Picture;

pub fn sha1_hex(bytes: &[u8]) -> String {
    hex::encode(Sha1::digest(bytes))
}

/// A 64-bit difference hash: each bit says whether a pixel of a 9x8 grey thumbnail is brighter
/// than its right neighbour.
pub fn perceptual_hash(picture: &DynamicImage) -> u64 {
    let small = picture.resize_exact(9, 8, FilterType::Triangle).to_luma8();
    let mut hash = 0u64;
    for y in 0..8 {
        for x in 0..8 {
            let bit = small.get_pixel(x, y)[0] > small.get_pixel(x + 1, y)[0];
            hash = (hash << 1) | u64::from(bit);
        }
    }
    hash
}

/// Two pictures look alike when their hashes differ in at most this many bits.
pub(crate) const SIMILAR_BITS: u32 = 6;

pub(crate) fn looks_alike(a: u64, b: u64) -> bool {
    (a ^ b).count_ones() <= SIMILAR_BITS
}

/// The most common colour of a 32x32 thumbnail, by buckets of similar colours, as `#rrggbb`.
pub fn dominant_color(picture: &DynamicImage) -> String {
    let small = picture.resize_exact(32, 32, FilterType::Triangle);
    let mut buckets = [(0u32, [0u32; 3]); 512];
    for (_, _, pixel) in small.pixels() {
        let [r, g, b, _] = pixel.0;
        let index = (usize::from(r >> 5) << 6) | (usize::from(g >> 5) << 3) | usize::from(b >> 5);
        let bucket = &mut buckets[index];
        bucket.0 += 1;
        for (sum, value) in bucket.1.iter_mut().zip([r, g, b]) {
            *sum += u32::from(value);
        }
    }
    let (count, sums) = buckets
        .iter()
        .max_by_key(|(count, _)| *count)
        .copied()
        .unwrap_or_default();
    let channel = |sum: u32| sum.checked_div(count).unwrap_or(0);
    format!(
        "#{:02x}{:02x}{:02x}",
        channel(sums[0]),
        channel(sums[1]),
        channel(sums[2])
    )
}

/// Whether two pictures are the same picture: identical bytes, or the same shape and look (a
/// resized or re-encoded copy). Near-uniform pictures, whose hash says little, must be identical.
pub(crate) fn same_picture(a: &Picture, b: &Picture) -> bool {
    if a.sha1 == b.sha1 {
        return true;
    }
    let ratio = |picture: &Picture| f64::from(picture.width) / f64::from(picture.height.max(1));
    a.has_detailed_hash()
        && b.has_detailed_hash()
        && (ratio(a) / ratio(b) - 1.0).abs() < 0.02
        && looks_alike(a.perceptual_hash, b.perceptual_hash)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage};

    fn gradient(width: u32, height: u32, flip: bool) -> DynamicImage {
        DynamicImage::ImageRgb8(RgbImage::from_fn(width, height, |x, y| {
            let v = ((x * 255 / width + y * 40 / height) % 256) as u8;
            if flip {
                Rgb([255 - v, 255 - v, 255 - v])
            } else {
                Rgb([v, v / 2, 200])
            }
        }))
    }

    #[test]
    fn a_resized_copy_looks_alike_and_another_picture_does_not() {
        let original = gradient(640, 480, false);
        let smaller = original.resize_exact(200, 150, FilterType::Lanczos3);
        let other = gradient(640, 480, true);
        assert!(looks_alike(
            perceptual_hash(&original),
            perceptual_hash(&smaller)
        ));
        assert!(!looks_alike(
            perceptual_hash(&original),
            perceptual_hash(&other)
        ));
    }

    #[test]
    fn the_dominant_colour_is_the_most_common_one() {
        let picture = DynamicImage::ImageRgb8(RgbImage::from_fn(100, 100, |x, _| {
            if x < 80 {
                Rgb([200, 30, 30])
            } else {
                Rgb([10, 10, 250])
            }
        }));
        assert_eq!(dominant_color(&picture), "#c81e1e");
    }
}
