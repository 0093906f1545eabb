//! Generated pictures for seeded pins: gradients, shapes and grain in varied sizes and shapes,
//! ingested by the same pipeline as uploads (previews, original, fingerprints).

use std::sync::Mutex;

use anyhow::Context;
use image::codecs::jpeg::JpegEncoder;
use image::{Rgb, RgbImage};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use corkboard_core::media::ingest::{inspect, store_files};
use corkboard_core::media::storage::MediaStore;
use corkboard_domain::config::Config;
use corkboard_domain::pin::Picture;

const WIDTHS: [u32; 5] = [640, 800, 1024, 1280, 1600];

/// Makes `count` pictures and stores their files in the media storage, on every core.
pub(crate) fn ingest_pictures(
    config: &Config,
    count: usize,
    seed: u64,
) -> anyhow::Result<Vec<Picture>> {
    let media = MediaStore::open(config)?;
    let next = Mutex::new(0usize);
    let done = Mutex::new(Vec::with_capacity(count));
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| -> anyhow::Result<()> {
                    loop {
                        let index = {
                            let mut next = next.lock().unwrap_or_else(|e| e.into_inner());
                            *next += 1;
                            *next - 1
                        };
                        if index >= count {
                            return Ok(());
                        }
                        let picture = ingest_one(config, &media, seed.wrapping_add(index as u64))?;
                        done.lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push((index, picture));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .try_for_each(|handle| handle.join().expect("a picture worker panicked"))
    })?;
    let mut pictures = done.into_inner().unwrap_or_else(|e| e.into_inner());
    pictures.sort_by_key(|(index, _)| *index);
    Ok(pictures.into_iter().map(|(_, picture)| picture).collect())
}

fn ingest_one(config: &Config, media: &MediaStore, seed: u64) -> anyhow::Result<Picture> {
    let bytes = jpeg(&generated(seed))?;
    let mut inspected = inspect(&bytes, &config.uploads, "picture")
        .map_err(|error| anyhow::anyhow!("a generated picture was refused: {error:?}"))?;
    store_files(&bytes, &mut inspected, media)
        .map_err(|error| anyhow::anyhow!("cannot store a generated picture: {error:?}"))?;
    Ok(inspected.picture)
}

/// A picture of its own for each seed: a tilted two-colour gradient, a few discs and bars, grain.
pub fn generated(seed: u64) -> RgbImage {
    let mut rng = StdRng::seed_from_u64(seed);
    let width = WIDTHS[rng.random_range(0..WIDTHS.len())];
    let height = (f64::from(width) * rng.random_range(0.6..1.6)) as u32;
    let from = random_colour(&mut rng);
    let to = random_colour(&mut rng);
    let angle: f64 = rng.random_range(0.0..std::f64::consts::TAU);
    let (dx, dy) = (angle.cos(), angle.sin());
    let span = f64::from(width).hypot(f64::from(height));
    let mut picture = RgbImage::from_fn(width, height, |x, y| {
        let t = ((f64::from(x) * dx + f64::from(y) * dy) / span + 1.0) / 2.0;
        Rgb(std::array::from_fn(|c| {
            (f64::from(from[c]) * (1.0 - t) + f64::from(to[c]) * t) as u8
        }))
    });
    for _ in 0..rng.random_range(3..9) {
        let colour = Rgb(random_colour(&mut rng));
        let (cx, cy) = (rng.random_range(0..width), rng.random_range(0..height));
        let radius = rng.random_range(width / 20..width / 4);
        let disc = rng.random_bool(0.5);
        for y in cy.saturating_sub(radius)..(cy + radius).min(height) {
            for x in cx.saturating_sub(radius)..(cx + radius).min(width) {
                let (ox, oy) = (x.abs_diff(cx), y.abs_diff(cy));
                if !disc || ox * ox + oy * oy <= radius * radius {
                    picture.put_pixel(x, y, colour);
                }
            }
        }
    }
    for pixel in picture.pixels_mut() {
        let grain: i16 = rng.random_range(-6..=6);
        for channel in &mut pixel.0 {
            *channel = (i16::from(*channel) + grain).clamp(0, 255) as u8;
        }
    }
    picture
}

fn random_colour(rng: &mut StdRng) -> [u8; 3] {
    std::array::from_fn(|_| rng.random())
}

fn jpeg(picture: &RgbImage) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    JpegEncoder::new_with_quality(&mut bytes, 88)
        .encode_image(picture)
        .context("cannot encode a generated picture")?;
    Ok(bytes)
}
