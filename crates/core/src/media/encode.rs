//! Encoding pictures for the web: JPEG, and lossy WebP through libwebp, written as they are made.

use std::io::Write;

use anyhow::Context;
use image::RgbImage;
use libwebp_sys as libwebp;

use corkboard_domain::error::{AppError, AppResult};
use corkboard_i18n::msg;

/// The formats previews and avatars are stored in, by their URL extension.
pub const FORMATS: [&str; 2] = ["jpeg", "webp"];
const JPEG_QUALITY: u8 = 85;
const WEBP_QUALITY: f32 = 80.0;
/// Pictures larger than this many pixels (the two widest previews of a photo) are encoded to
/// WebP with less effort.
const WEBP_LARGE_PIXELS: u32 = 1_000_000;

/// Encodes `picture` in `format` ("jpeg" or "webp").
pub fn encode(rgb: &RgbImage, format: &str) -> AppResult<Vec<u8>> {
    let mut bytes = Vec::new();
    write(rgb, format, &mut bytes)?;
    Ok(bytes)
}

/// Encodes `picture` in `format` into `out`, as it goes.
pub fn write(rgb: &RgbImage, format: &str, out: &mut dyn Write) -> AppResult<()> {
    match format {
        "webp" => write_webp(rgb, out),
        _ => {
            let (width, height) = (jpeg_side(rgb.width())?, jpeg_side(rgb.height())?);
            jpeg_encoder::Encoder::new(out, JPEG_QUALITY)
                .encode(rgb.as_raw(), width, height, jpeg_encoder::ColorType::Rgb)
                .context("cannot encode a JPEG")?;
            Ok(())
        }
    }
}

/// A JPEG is at most 65,535 pixels wide and high.
fn jpeg_side(pixels: u32) -> AppResult<u16> {
    u16::try_from(pixels)
        .map_err(|_| AppError::invalid("file", msg!("error-picture-too-large-for-jpeg")))
}

/// libwebp's effort: its default (4) for the grid's previews, which people see most; 2 for the
/// large ones, twice as fast for files within a few percent of the size.
fn webp_method(width: u32, height: u32) -> i32 {
    if width.saturating_mul(height) > WEBP_LARGE_PIXELS {
        2
    } else {
        4
    }
}

/// libwebp turns the RGB picture into YUV planes of its own (1.5 bytes a pixel) and encodes them.
fn write_webp(rgb: &RgbImage, out: &mut dyn Write) -> AppResult<()> {
    let mut picture = new_picture(rgb.width(), rgb.height())?;
    let stride = 3 * picture.width;
    // SAFETY: the picture is initialised and sized; libwebp reads width x height RGB pixels
    // from the buffer, which holds exactly that many, and frees its own planes below.
    unsafe {
        if libwebp::WebPPictureImportRGB(&mut picture, rgb.as_raw().as_ptr(), stride) == 0 {
            return Err(anyhow::anyhow!("libwebp cannot import a picture").into());
        }
        let written = encode_picture(&mut picture, out);
        libwebp::WebPPictureFree(&mut picture);
        written
    }
}

/// Encodes a picture as WebP from YUV planes made in its own buffer (it is spent): half a byte a
/// pixel besides, where libwebp's own import takes a byte and a half. The same file as `write`.
pub(crate) fn write_webp_spending(rgb: RgbImage, out: &mut dyn Write) -> AppResult<()> {
    let (width, height) = (rgb.width(), rgb.height());
    let mut picture = new_picture(width, height)?;
    let (mut luma, mut chroma) = yuv420_in_place(rgb)?;
    let half = chroma.len() / 2;
    let (u, v) = chroma.split_at_mut(half);
    picture.y = luma.as_mut_ptr();
    picture.u = u.as_mut_ptr();
    picture.v = v.as_mut_ptr();
    picture.y_stride = picture.width;
    picture.uv_stride = (picture.width + 1) / 2;
    // SAFETY: the planes are as large as the strides and the size say and outlive the call;
    // libwebp only reads them, and allocates nothing on the picture that would need freeing.
    unsafe { encode_picture(&mut picture, out) }
}

fn new_picture(width: u32, height: u32) -> AppResult<libwebp::WebPPicture> {
    let mut picture = libwebp::WebPPicture::new()
        .map_err(|()| anyhow::anyhow!("libwebp refused to set up a picture"))?;
    picture.use_argb = 0;
    picture.colorspace = libwebp::WebPEncCSP::WEBP_YUV420;
    picture.width = i32::try_from(width).context("a WebP's width")?;
    picture.height = i32::try_from(height).context("a WebP's height")?;
    Ok(picture)
}

/// Where libwebp's writer sends the encoded bytes, and the first error in doing so.
struct Sink<'a> {
    out: &'a mut dyn Write,
    error: Option<std::io::Error>,
}

unsafe extern "C" fn write_to_sink(
    data: *const u8,
    size: usize,
    picture: *const libwebp::WebPPicture,
) -> std::ffi::c_int {
    // SAFETY: `custom_ptr` is the `Sink` that `encode_picture` set and keeps alive, and libwebp
    // passes `size` readable bytes at `data` (none when `size` is 0).
    let (sink, bytes) = unsafe {
        let sink = &mut *((*picture).custom_ptr as *mut Sink);
        let bytes = if size == 0 {
            &[][..]
        } else {
            std::slice::from_raw_parts(data, size)
        };
        (sink, bytes)
    };
    match sink.out.write_all(bytes) {
        Ok(()) => 1,
        Err(error) => {
            sink.error = Some(error);
            0
        }
    }
}

/// Encodes `picture` (its planes set) with the previews' settings, writing into `out`.
///
/// # Safety
/// The picture's planes must be valid for its size and strides.
unsafe fn encode_picture(picture: &mut libwebp::WebPPicture, out: &mut dyn Write) -> AppResult<()> {
    let mut config = libwebp::WebPConfig::new()
        .map_err(|()| anyhow::anyhow!("libwebp refused its default settings"))?;
    config.quality = WEBP_QUALITY;
    config.method = webp_method(picture.width as u32, picture.height as u32);
    config.thread_level = 1;
    let mut sink = Sink { out, error: None };
    picture.writer = Some(write_to_sink);
    picture.custom_ptr = (&mut sink as *mut Sink).cast();
    // SAFETY: the configuration is initialised, the picture valid (the caller's promise), and
    // the sink lives until WebPEncode returns.
    let encoded = unsafe { libwebp::WebPEncode(&config, picture) };
    picture.writer = None;
    picture.custom_ptr = std::ptr::null_mut();
    if let Some(error) = sink.error {
        return Err(anyhow::Error::from(error)
            .context("cannot write a WebP")
            .into());
    }
    if encoded == 0 {
        return Err(anyhow::anyhow!("cannot encode a WebP: {:?}", picture.error_code).into());
    }
    Ok(())
}

/// Makes the 4:2:0 planes of `rgb` with libwebp's own conversion, a strip of rows at a time: Y
/// written over the start of the picture's own buffer (each strip's rows end before the RGB of
/// the next strip begins), U then V in a buffer of a quarter of its size.
fn yuv420_in_place(rgb: RgbImage) -> AppResult<(Vec<u8>, Vec<u8>)> {
    const STRIP: u32 = 16;
    let (width, height) = (rgb.width(), rgb.height());
    let (row, uv_row) = (width as usize, width.div_ceil(2) as usize);
    let uv_size = uv_row * height.div_ceil(2) as usize;
    let mut pixels = rgb.into_raw();
    let mut chroma = vec![0; 2 * uv_size];
    let mut strip = new_picture(width, STRIP.min(height))?;
    let mut converted: AppResult<()> = Ok(());
    for top in (0..height).step_by(STRIP as usize) {
        strip.height = STRIP.min(height - top) as i32;
        let rows = strip.height as usize;
        let start = top as usize * row;
        // SAFETY: `rows` rows of RGB from row `top` on lie in `pixels`; libwebp reads them into
        // planes it allocates on the strip (freed below) and reports failure by returning 0.
        let imported = unsafe {
            libwebp::WebPPictureImportRGB(&mut strip, pixels[3 * start..].as_ptr(), 3 * strip.width)
        };
        if imported == 0 {
            converted = Err(anyhow::anyhow!("libwebp cannot convert a picture to YUV").into());
            break;
        }
        // SAFETY: the strip's planes hold `rows` rows of Y and half as many (rounded up) of U
        // and V, at the strides libwebp set.
        let plane = |plane: *const u8, stride: i32, at: usize, length: usize| unsafe {
            std::slice::from_raw_parts(plane.add(at * stride as usize), length)
        };
        for n in 0..rows {
            pixels[start + n * row..][..row].copy_from_slice(plane(
                strip.y,
                strip.y_stride,
                n,
                row,
            ));
        }
        let uv_start = top as usize / 2 * uv_row;
        for n in 0..rows.div_ceil(2) {
            let at = uv_start + n * uv_row;
            chroma[at..][..uv_row].copy_from_slice(plane(strip.u, strip.uv_stride, n, uv_row));
            chroma[uv_size + at..][..uv_row].copy_from_slice(plane(
                strip.v,
                strip.uv_stride,
                n,
                uv_row,
            ));
        }
    }
    // SAFETY: frees the planes libwebp allocated on the strip.
    unsafe { libwebp::WebPPictureFree(&mut strip) };
    converted?;
    pixels.truncate(row * height as usize);
    Ok((pixels, chroma))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn webp_from_planes_made_in_place_is_libwebp_s_own() {
        for (width, height) in [(301, 201), (64, 33), (1, 1)] {
            let picture = RgbImage::from_fn(width, height, |x, y| {
                image::Rgb([(x % 256) as u8, (y * 3 % 256) as u8, ((x + y) % 200) as u8])
            });
            let own = encode(&picture, "webp").unwrap();
            let mut spent = Vec::new();
            write_webp_spending(picture, &mut spent).unwrap();
            assert!(own == spent, "{width} x {height}");
        }
    }
}
