//! Pictures that look alike, found without reading them all: multi-index hashing of the 64-bit
//! perceptual hashes, each picture kept under the four 16-bit bands of its hash (`LOOK_ALIKES`).
//! Two hashes at most `FOUND_BITS` apart differ in at most one bit in at least one band
//! (pigeonhole), so a look-up reads each band's value and its 16 one-bit neighbours: 68 short
//! ranges, then keeps the candidates truly that close.

use std::collections::{BTreeMap, BTreeSet};

use redb::ReadableTable;

use super::Source;
use super::tables::{LOOK_ALIKES, PINS};
use super::writing::Writing;
use corkboard_domain::error::AppResult;
use corkboard_domain::pin::{Picture, PinRecord};

const BANDS: u8 = 4;
const BAND_BITS: u32 = 16;
/// How many bits apart two hashes may be and always be found: with one differing bit allowed
/// in a band, four bands find any two hashes differing in fewer than 2 × 4 bits.
pub const FOUND_BITS: u32 = 2 * BANDS as u32 - 1;
/// The most entries read from one range, so that a crowded band value (many pictures of plain
/// skies share one) bounds the work of a look-up: 68 ranges, at most 17,408 entries.
const MOST_PER_RANGE: usize = 256;

/// The value of band `band` of `hash`, the highest bits first.
fn band_of(hash: u64, band: u8) -> u16 {
    (hash >> (u32::from(BANDS - 1 - band) * BAND_BITS)) as u16
}

/// Keeps a picture first shown by a pin (nothing for a hash that says little).
pub(crate) fn add(write: &Writing, picture: &Picture) -> AppResult<()> {
    if !picture.has_detailed_hash() {
        return Ok(());
    }
    let hash = picture.perceptual_hash;
    let mut table = write.open_table(LOOK_ALIKES)?;
    for band in 0..BANDS {
        table.insert((band, band_of(hash, band), picture.sha1.as_str()), hash)?;
    }
    Ok(())
}

/// Forgets a picture no pin shows any more.
pub(crate) fn remove(write: &Writing, picture: &Picture) -> AppResult<()> {
    let hash = picture.perceptual_hash;
    let mut table = write.open_table(LOOK_ALIKES)?;
    for band in 0..BANDS {
        table.remove((band, band_of(hash, band), picture.sha1.as_str()))?;
    }
    Ok(())
}

/// The pictures whose hashes are at most `bits` (up to `FOUND_BITS`) from `hash`, as (bits
/// apart, sha1), closest first, then by sha1; none for a hash that says little.
pub fn near(tx: &impl Source, hash: u64, bits: u32) -> AppResult<Vec<(u32, String)>> {
    let probe = Picture {
        perceptual_hash: hash,
        ..Picture::default()
    };
    if !probe.has_detailed_hash() {
        return Ok(Vec::new());
    }
    let bits = bits.min(FOUND_BITS);
    let table = tx.table(LOOK_ALIKES)?;
    let mut found: BTreeMap<String, u32> = BTreeMap::new();
    for band in 0..BANDS {
        let exact = band_of(hash, band);
        let neighbours = (0..BAND_BITS).map(|bit| exact ^ (1 << bit));
        for value in std::iter::once(exact).chain(neighbours) {
            let end = match value.checked_add(1) {
                Some(next) => (band, next, ""),
                None => (band + 1, 0, ""),
            };
            let mut read = 0;
            for entry in table.range((band, value, "")..end)?.take(MOST_PER_RANGE) {
                let (key, other) = entry?;
                read += 1;
                let apart = (hash ^ other.value()).count_ones();
                if apart <= bits {
                    found.entry(key.value().2.to_owned()).or_insert(apart);
                }
            }
            tx.note_keys_read(read);
        }
    }
    let mut near: Vec<(u32, String)> = found.into_iter().map(|(sha1, bits)| (bits, sha1)).collect();
    near.sort();
    Ok(near)
}

/// The entries `LOOK_ALIKES` should hold for these pins: each picture once under each band.
pub(crate) fn expected<'a>(
    pins: impl IntoIterator<Item = &'a PinRecord>,
) -> BTreeSet<((u8, u16, String), u64)> {
    let mut entries = BTreeSet::new();
    for picture in pins.into_iter().map(|pin| &pin.picture) {
        if picture.has_detailed_hash() {
            let hash = picture.perceptual_hash;
            for band in 0..BANDS {
                entries.insert(((band, band_of(hash, band), picture.sha1.clone()), hash));
            }
        }
    }
    entries
}

/// Fills `LOOK_ALIKES` from the pins (migration 25).
pub(crate) fn fill(write: &Writing) -> AppResult<()> {
    let mut pictures: BTreeMap<String, Picture> = BTreeMap::new();
    for entry in write.open_table(PINS)?.iter()? {
        let pin: PinRecord = super::codec::decode(entry?.1.value())?;
        pictures
            .entry(pin.picture.sha1.clone())
            .or_insert(pin.picture);
    }
    for picture in pictures.values() {
        add(write, picture)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
