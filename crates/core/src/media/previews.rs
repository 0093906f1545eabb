//! The preview ladder: widths 236, 474, 738, 1476 and 2048 narrower than the picture, plus its own
//! width when it is not wider than 2048 (a wider picture's full size is its kept original), each
//! as JPEG and WebP; resized with fast_image_resize (Lanczos3), each file stored as soon as it
//! is encoded.

use anyhow::Context;
use fast_image_resize::{FilterType, ResizeAlg, ResizeOptions, Resizer};
use image::RgbImage;
use rayon::prelude::*;

use crate::media::encode::{FORMATS, encode, write_webp_spending};
use crate::media::workers;
use corkboard_domain::error::AppResult;
use corkboard_domain::pin::scaled_height;

pub(crate) const PREVIEW_WIDTHS: [u32; 5] = [236, 474, 738, 1476, 2048];

/// The widest preview; a wider picture gets no preview of its own size.
const WIDEST: u32 = PREVIEW_WIDTHS[PREVIEW_WIDTHS.len() - 1];

/// The widths stored for a picture `width` pixels wide, smallest first.
pub(crate) fn ladder(width: u32) -> Vec<u32> {
    let mut widths: Vec<u32> = PREVIEW_WIDTHS.into_iter().filter(|w| *w < width).collect();
    if width <= WIDEST {
        widths.push(width);
    }
    widths
}

/// The ladder's widths narrower than a picture `width` pixels wide, largest first.
fn narrower(width: u32) -> impl Iterator<Item = u32> {
    ladder(width).into_iter().rev().filter(move |w| *w < width)
}

/// Hands every preview of `picture` to `store(width, format, bytes)`, on the picture threads:
/// the narrower sizes are resized each from the next larger one (each resize shared out by
/// rows), then every thread takes the next file to encode, costliest first, so that none waits
/// alone at the end (a WebP takes three to seven times a JPEG of its size).
pub(crate) fn make_previews(
    picture: RgbImage,
    store: impl Fn(u32, &str, Vec<u8>) -> AppResult<()> + Sync,
) -> AppResult<()> {
    workers::pool().install(|| {
        let sizes = smaller_sizes(&picture)?;
        let own = (picture.width() <= WIDEST).then_some(Encoding::Own(picture));
        let webp_then_jpeg = FORMATS.into_iter().rev();
        let files = webp_then_jpeg.flat_map(|format| {
            let widest_first = sizes.iter().rev();
            widest_first.map(move |size| Encoding::Size(size, format))
        });
        own.into_iter()
            .chain(files)
            .par_bridge()
            .try_for_each(|encoding| encoding.store_with(&store))
    })
}

/// What a picture thread takes from the list at a time.
enum Encoding<'a> {
    /// The picture's own size: its JPEG, then its WebP from YUV planes made in its own buffer
    /// (which spends it).
    Own(RgbImage),
    /// A narrower size in one format.
    Size(&'a RgbImage, &'static str),
}

impl Encoding<'_> {
    fn store_with(self, store: &impl Fn(u32, &str, Vec<u8>) -> AppResult<()>) -> AppResult<()> {
        match self {
            Encoding::Own(picture) => {
                let width = picture.width();
                store(width, FORMATS[0], encode(&picture, FORMATS[0])?)?;
                let mut bytes = Vec::new();
                write_webp_spending(picture, &mut bytes)?;
                store(width, FORMATS[1], bytes)
            }
            Encoding::Size(size, format) => store(size.width(), format, encode(size, format)?),
        }
    }
}

/// The ladder's sizes narrower than the picture, smallest first.
fn smaller_sizes(picture: &RgbImage) -> AppResult<Vec<RgbImage>> {
    let mut resizer = Resizer::new();
    let options = ResizeOptions::new().resize_alg(ResizeAlg::Convolution(FilterType::Lanczos3));
    let mut sizes: Vec<RgbImage> = Vec::new();
    for width in narrower(picture.width()) {
        let source = sizes.last().unwrap_or(picture);
        let height = scaled_height(picture.width(), picture.height(), width);
        let mut resized = RgbImage::new(width, height);
        resizer
            .resize(source, &mut resized, &options)
            .context("cannot resize a preview")?;
        sizes.push(resized);
    }
    sizes.reverse();
    Ok(sizes)
}

/// Memory of making the previews of a `width` x `height` picture, besides the picture itself:
/// the smaller sizes; while resizing, fast_image_resize's buffer (the source's width by the
/// new height: it resizes down first); while encoding, the two threads' encoders, then (when
/// the ladder has the picture's own size) the U and V planes, libwebp's own memory and its
/// output for it.
pub(crate) fn work_bytes(width: u32, height: u32) -> u64 {
    let pixels = u64::from(width) * u64::from(height);
    let mut sizes = 0;
    let mut resizing: u64 = 0;
    let mut source_width = u64::from(width);
    let mut largest = 0;
    for new_width in narrower(width) {
        let new_height = u64::from(scaled_height(width, height, new_width));
        let size = 3 * u64::from(new_width) * new_height;
        resizing = resizing.max(3 * source_width * new_height);
        sizes += size;
        largest = largest.max(size);
        source_width = u64::from(new_width);
    }
    // libwebp's YUV (half the RGB) and its output for a size, JPEG's few rows.
    let encoding = 2 * largest;
    let own_webp = if width <= WIDEST {
        pixels / 2 + pixels / 4 + pixels / 8
    } else {
        0
    };
    sizes + resizing.max(encoding).max(own_webp + largest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_keeps_narrower_widths_and_the_original() {
        assert_eq!(ladder(4000), [236, 474, 738, 1476, 2048]);
        assert_eq!(ladder(2049), [236, 474, 738, 1476, 2048]);
        assert_eq!(ladder(2048), [236, 474, 738, 1476, 2048]);
        assert_eq!(ladder(2000), [236, 474, 738, 1476, 2000]);
        assert_eq!(ladder(800), [236, 474, 738, 800]);
        assert_eq!(ladder(236), [236]);
        assert_eq!(ladder(100), [100]);
    }

    /// The file names of the previews of a `width` x `height` picture, written into `folder`.
    fn previews_made(width: u32, height: u32, folder: &std::path::Path) -> Vec<String> {
        let picture =
            RgbImage::from_fn(width, height, |x, _| image::Rgb([(x % 256) as u8, 60, 90]));
        make_previews(picture, |width, format, bytes| {
            std::fs::write(folder.join(format!("{width}.{format}")), bytes).unwrap();
            Ok(())
        })
        .unwrap();
        let mut made: Vec<String> = std::fs::read_dir(folder)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect();
        made.sort();
        made
    }

    #[test]
    fn previews_have_their_widths_and_formats() {
        let folder = tempfile::tempdir().unwrap();
        let made = previews_made(500, 250, folder.path());
        assert_eq!(
            made,
            [
                "236.jpeg", "236.webp", "474.jpeg", "474.webp", "500.jpeg", "500.webp"
            ]
        );
        for name in made {
            let width: u32 = name.split('.').next().unwrap().parse().unwrap();
            let decoded = image::open(folder.path().join(name)).unwrap();
            assert_eq!(decoded.width(), width);
            assert_eq!(decoded.height(), scaled_height(500, 250, width));
        }
    }

    #[test]
    fn a_picture_wider_than_the_ladder_gets_no_preview_of_its_own_size() {
        let folder = tempfile::tempdir().unwrap();
        let made = previews_made(2100, 8, folder.path());
        assert_eq!(made.len(), 10, "{made:?}");
        assert!(
            !made.iter().any(|name| name.starts_with("2100")),
            "{made:?}"
        );
    }
}
