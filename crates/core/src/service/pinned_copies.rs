//! A user's pins that already show a picture: its clones (the same picture: identical bytes, or a
//! resized or re-encoded copy of the same shape) and its near-duplicates (a look-alike of another
//! shape: a slightly cropped copy), found through the look-alike band index in bounded time.

use crate::media::fingerprint::same_picture;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;
use corkboard_domain::pin::{Picture, PinRecord};
use corkboard_store::{Source, look_alikes, pins};

/// The most clones, and the most near-duplicates, a search answers.
pub const MOST_COPIES: usize = 20;
/// The most of the user's pins read, over the picture itself and its look-alikes (the closest
/// first): a user who pinned one picture many times bounds the work. Other users' pins of the
/// same pictures are not read at all (`pins::of_user_showing`).
const MOST_READ: usize = 2_000;

/// The user's pins showing a picture or one like it, each list newest first.
#[derive(Default)]
pub struct PinnedCopies {
    pub clones: Vec<PinRecord>,
    pub near_duplicates: Vec<PinRecord>,
}

impl PinnedCopies {
    pub fn is_empty(&self) -> bool {
        self.clones.is_empty() && self.near_duplicates.is_empty()
    }
}

/// The user's pins showing `picture` (clones) or a picture at most `look_alikes::FOUND_BITS` of
/// perceptual hash from it (near-duplicates).
pub(crate) fn pinned_copies(
    tx: &impl Source,
    user: UserId,
    picture: &Picture,
) -> AppResult<PinnedCopies> {
    let look_alikes = look_alikes::near(tx, picture.perceptual_hash, look_alikes::FOUND_BITS)?;
    let pictures = std::iter::once(picture.sha1.clone()).chain(
        look_alikes
            .into_iter()
            .map(|(_, sha1)| sha1)
            .filter(|sha1| *sha1 != picture.sha1),
    );
    let mut own = Vec::new();
    let mut looked_at = 0;
    for sha1 in pictures {
        if looked_at == MOST_READ {
            break;
        }
        let ids = pins::of_user_showing(tx, user, &sha1, MOST_READ - looked_at)?;
        looked_at += ids.len();
        own.extend(ids);
    }
    let mut copies = PinnedCopies::default();
    for (_, pin) in pins::get_each(tx, own.into_iter().map(|id| ((), id)))? {
        let pin = PinRecord::clone(&pin);
        if same_picture(&pin.picture, picture) {
            copies.clones.push(pin);
        } else {
            copies.near_duplicates.push(pin);
        }
    }
    for list in [&mut copies.clones, &mut copies.near_duplicates] {
        list.sort_unstable_by_key(|pin| std::cmp::Reverse(pin.id));
        list.truncate(MOST_COPIES);
    }
    Ok(copies)
}
