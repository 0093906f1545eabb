//! "More like this": the pins that look alike a pin (pictures a few bits of perceptual hash
//! apart, closer in colour first) and those that read alike (its words), in one ranking, one pin
//! a picture, without the pin's own picture, each checked with the policy before it is shown.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use crate::service::access::opened_pin;
use crate::service::data::Data;
use crate::service::pin_lists::PinPage;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{PinId, UserId};
use corkboard_domain::pin::PinRecord;
use corkboard_domain::policy::Audience;
use corkboard_store::memo::Memo;
use corkboard_store::pin_order::PinKey;
use corkboard_store::{Source, board_pins, look_alikes, pins};

/// Pictures at most this many bits of perceptual hash apart look alike (all are found: see
/// `look_alikes::FOUND_BITS`).
const LOOK_ALIKE_BITS: u32 = look_alikes::FOUND_BITS;
/// The most look-alike pictures, and read-alike pins, ranked: a list holds at most their sum.
const MOST_LOOK_ALIKES: usize = 100;
const MOST_READ_ALIKES: usize = 100;
/// The most pins of one picture read to find one the viewer may see.
const PINS_READ_A_PICTURE: usize = 20;
/// How many bits of hash a colour as far apart as can be costs (black against white).
const COLOUR_BITS: f32 = 8.0;

/// A page of the pins like `pin`: `first` after the one whose key is `after` (keys are ranks).
pub async fn page(
    data: &Data,
    viewer: Option<UserId>,
    pin: PinId,
    first: usize,
    after: Option<PinKey>,
) -> AppResult<PinPage> {
    let offset = after.map_or(0, |(rank, _)| rank.max(-1) as usize + 1);
    // Only the read-alikes up to this page's end (and one to tell there is more) are read.
    let wanted = offset.saturating_add(first).saturating_add(1);
    let read_limit = wanted.min(MOST_READ_ALIKES);
    data.reading(move |data| {
        let pin = data.store.read(|read| opened_pin(read, viewer, pin))?;
        let read_alikes = data.search.read_alikes(viewer, &pin, read_limit)?;
        let more_to_read = read_alikes.len() == read_limit && read_limit < MOST_READ_ALIKES;
        let ranked = data
            .store
            .read(|read| ranked(read, viewer, &pin, read_alikes))?;
        let total = ranked.len();
        let pins: Vec<(PinKey, Arc<PinRecord>)> = ranked
            .into_iter()
            .enumerate()
            .skip(offset)
            .take(first)
            .map(|(rank, pin)| ((rank as i64, pin.id.0), pin))
            .collect();
        Ok(PinPage {
            has_next: more_to_read || offset.saturating_add(first) < total,
            has_previous: after.is_some(),
            pins,
            total,
            total_capped: more_to_read,
        })
    })
    .await
}

/// The pins like `pin` the viewer may see, best first: a look-alike ranks above every pin that
/// only reads alike, and reading alike too lifts it; one pin a picture, the best.
fn ranked(
    read: &impl Source,
    viewer: Option<UserId>,
    pin: &PinRecord,
    read_alikes: Vec<(u64, f32)>,
) -> AppResult<Vec<Arc<PinRecord>>> {
    let looks: BTreeMap<String, u32> =
        look_alikes::near(read, pin.picture.perceptual_hash, LOOK_ALIKE_BITS)?
            .into_iter()
            .filter(|(_, sha1)| *sha1 != pin.picture.sha1)
            .take(MOST_LOOK_ALIKES)
            .map(|(bits, sha1)| (sha1, bits))
            .collect();
    let mut memo = Memo::new(read);
    let seen = |memo: &mut Memo<_>, candidate: &PinRecord| -> AppResult<bool> {
        let boards = memo.boards(&board_pins::boards_of(read, candidate.id)?)?;
        let owner = memo.owner(candidate.user)?;
        Ok(Audience::of_pin(&owner, boards.iter().map(|board| &**board)).admits(viewer))
    };
    let mut candidates: BTreeMap<PinId, (f32, Arc<PinRecord>)> = BTreeMap::new();
    for sha1 in looks.keys() {
        for id in pins::showing(read, sha1, PINS_READ_A_PICTURE)? {
            if let Some(found) = pins::get(read, id)?
                && found.id != pin.id
                && seen(&mut memo, &found)?
            {
                candidates.insert(found.id, (0.0, Arc::new(found)));
                break;
            }
        }
    }
    let best = read_alikes
        .first()
        .map_or(1.0, |(_, score)| score.max(f32::MIN_POSITIVE));
    let found = pins::get_each(
        read,
        read_alikes.iter().map(|(id, score)| (*score, PinId(*id))),
    )?;
    for (score, found) in found {
        if found.id == pin.id || found.picture.sha1 == pin.picture.sha1 {
            continue;
        }
        if candidates.contains_key(&found.id) || seen(&mut memo, &found)? {
            let entry = candidates.entry(found.id).or_insert((0.0, found));
            // Below 1, the least a look-alike scores.
            entry.0 = 0.99 * score / best;
        }
    }
    let look_score = |candidate: &PinRecord| {
        looks.get(&candidate.picture.sha1).map_or(0.0, |bits| {
            let apart = *bits as f32
                + COLOUR_BITS
                    * colour_distance(
                        &pin.picture.dominant_color,
                        &candidate.picture.dominant_color,
                    );
            2.0 - apart / (LOOK_ALIKE_BITS as f32 + COLOUR_BITS + 1.0)
        })
    };
    let mut scored: Vec<(f32, Arc<PinRecord>)> = candidates
        .into_values()
        .map(|(read_score, candidate)| (read_score + look_score(&candidate), candidate))
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.id.cmp(&a.1.id)));
    let mut pictures = BTreeSet::new();
    Ok(scored
        .into_iter()
        .filter(|(_, candidate)| pictures.insert(candidate.picture.sha1.clone()))
        .map(|(_, candidate)| candidate)
        .collect())
}

/// How far apart two colours (`#rrggbb`) are, from 0 (the same) to 1 (black and white).
fn colour_distance(a: &str, b: &str) -> f32 {
    let channels = |colour: &str| {
        let hex = colour.trim_start_matches('#');
        [0, 2, 4].map(|at| {
            hex.get(at..at + 2)
                .and_then(|part| u8::from_str_radix(part, 16).ok())
                .unwrap_or(0)
        })
    };
    let (a, b) = (channels(a), channels(b));
    let apart: u32 = a
        .iter()
        .zip(&b)
        .map(|(x, y)| u32::from(x.abs_diff(*y)))
        .sum();
    apart as f32 / (3.0 * 255.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_apart_from_0_to_1() {
        assert_eq!(colour_distance("#102030", "#102030"), 0.0);
        assert_eq!(colour_distance("#000000", "#ffffff"), 1.0);
        assert_eq!(colour_distance("#ff0000", "#000000"), 1.0 / 3.0);
    }
}
