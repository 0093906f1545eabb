//! The preview ladder: widths 236, 474, 738, 1476 and 2048 narrower than the picture, plus its own
//! width, each as JPEG and WebP; resized with fast_image_resize (Lanczos3).

use anyhow::Context;
use fast_image_resize::{FilterType, ResizeAlg, ResizeOptions, Resizer};
use image::RgbImage;
use rayon::prelude::*;

use crate::error::AppResult;
use crate::media::encode::{FORMATS, encode};
use crate::media::workers;

pub const PREVIEW_WIDTHS: [u32; 5] = [236, 474, 738, 1476, 2048];

/// The widths stored for a picture `width` pixels wide, smallest first.
pub fn ladder(width: u32) -> Vec<u32> {
    let mut widths: Vec<u32> = PREVIEW_WIDTHS.into_iter().filter(|w| *w < width).collect();
    widths.push(width);
    widths
}

/// One encoded preview.
pub struct Preview {
    pub width: u32,
    pub format: &'static str,
    pub bytes: Vec<u8>,
}

/// Every preview of `picture`, smallest first. Each size is resized from the next larger one;
/// the encodings then run side by side on the picture threads.
pub fn make_previews(picture: &RgbImage) -> AppResult<Vec<Preview>> {
    let mut resizer = Resizer::new();
    let options = ResizeOptions::new().resize_alg(ResizeAlg::Convolution(FilterType::Lanczos3));
    let mut sizes: Vec<RgbImage> = Vec::new();
    for width in ladder(picture.width()).into_iter().rev() {
        let source = sizes.last().unwrap_or(picture);
        if width == source.width() {
            sizes.push(source.clone());
            continue;
        }
        let height = scaled_height(picture.width(), picture.height(), width);
        let mut resized = RgbImage::new(width, height);
        resizer
            .resize(source, &mut resized, &options)
            .context("cannot resize a preview")?;
        sizes.push(resized);
    }
    // Largest first, so that the longest encodings start first.
    let jobs: Vec<(&RgbImage, &'static str)> = sizes
        .iter()
        .flat_map(|size| FORMATS.into_iter().rev().map(move |format| (size, format)))
        .collect();
    let mut previews = workers::pool().install(|| {
        jobs.into_par_iter()
            .map(|(size, format)| {
                Ok(Preview {
                    width: size.width(),
                    format,
                    bytes: encode(size, format)?,
                })
            })
            .collect::<AppResult<Vec<Preview>>>()
    })?;
    previews.sort_by_key(|preview| (preview.width, preview.format));
    Ok(previews)
}

fn scaled_height(width: u32, height: u32, new_width: u32) -> u32 {
    ((u64::from(height) * u64::from(new_width) + u64::from(width) / 2) / u64::from(width)).max(1)
        as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_keeps_narrower_widths_and_the_original() {
        assert_eq!(ladder(4000), [236, 474, 738, 1476, 2048, 4000]);
        assert_eq!(ladder(800), [236, 474, 738, 800]);
        assert_eq!(ladder(236), [236]);
        assert_eq!(ladder(100), [100]);
    }

    #[test]
    fn previews_have_their_widths_and_formats() {
        let picture = RgbImage::from_fn(500, 250, |x, _| image::Rgb([(x % 256) as u8, 60, 90]));
        let previews = make_previews(&picture).unwrap();
        let made: Vec<(u32, &str)> = previews.iter().map(|p| (p.width, p.format)).collect();
        assert_eq!(
            made,
            [
                (236, "jpeg"),
                (236, "webp"),
                (474, "jpeg"),
                (474, "webp"),
                (500, "jpeg"),
                (500, "webp")
            ]
        );
        for preview in &previews {
            let decoded = image::load_from_memory(&preview.bytes).unwrap();
            assert_eq!(decoded.width(), preview.width);
            assert_eq!(decoded.height(), scaled_height(500, 250, preview.width));
        }
    }
}
