//! The 'Following' feed: the newest pins of the people and boards the viewer follows, as far as
//! the viewer may see them now. It is merged on read (docs/performance.md): each followed person
//! is their public pins and the private boards of theirs shared with the viewer, each followed
//! board its pins, all newest first by id, walked side by side, so that a page reads its pins and
//! one more key of each source, whatever their size; what the viewer may see is decided at each
//! read, so a board made private, a share withdrawn or a deletion shows at once.

use std::collections::BTreeSet;

use crate::service::access::{shows_content_of, visible_only};
use crate::service::data::Data;
use crate::service::pin_lists::PinPage;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{PinId, UserId};
use corkboard_search::COUNTED_AT_MOST;
use corkboard_store::follows::{self, Followed};
use corkboard_store::pin_order::{self, Listed, PinKey};
use corkboard_store::walks::Direction;
use corkboard_store::{Source, boards, pins};

/// A page of the viewer's 'Following' feed: `first` pins after the one whose key is `after`;
/// with `counted`, its total too, counted up to `COUNTED_AT_MOST` (else 0).
pub async fn page(
    data: &Data,
    viewer: UserId,
    first: usize,
    after: Option<PinKey>,
    counted: bool,
) -> AppResult<PinPage> {
    data.read(move |read| {
        let lists = sources(read, viewer)?;
        let from = after.map(|key| key.1);
        let mut keys = pin_order::merged(read, &lists, from, Direction::Down, first + 1)?;
        let has_next = keys.len() > first;
        keys.truncate(first);
        let total = if counted {
            pin_order::merged(read, &lists, None, Direction::Down, COUNTED_AT_MOST + 1)?.len()
        } else {
            0
        };
        Ok(PinPage {
            pins: pins::get_each(read, keys.into_iter().map(|key| (key, PinId(key.1))))?,
            total: total.min(COUNTED_AT_MOST),
            total_capped: total > COUNTED_AT_MOST,
            has_previous: after.is_some(),
            has_next,
        })
    })
    .await
}

/// The indexes whose pins make the viewer's feed, each holding only pins the viewer may see:
/// a followed person's public pins and the pins of their boards shared with the viewer; a
/// followed board's pins while the viewer may see it, unless its owner is followed (then they
/// are among the owner's already).
fn sources(tx: &impl Source, viewer: UserId) -> AppResult<Vec<Listed>> {
    let followed = follows::followed_by(tx, viewer)?;
    let mut people = BTreeSet::new();
    let mut boards_followed = Vec::new();
    for item in followed {
        match item {
            Followed::User(user) if shows_content_of(tx, user)? => {
                people.insert(user);
            }
            Followed::User(_) => {}
            Followed::Board(board) => boards_followed.extend(boards::get(tx, board)?),
        }
    }
    let mut lists: Vec<Listed> = people
        .iter()
        .map(|user| Listed::PublicOfUser(*user))
        .collect();
    if !people.is_empty() {
        let shared = boards::shared_with(tx, viewer)?;
        lists.extend(
            shared
                .iter()
                .filter(|board| people.contains(&board.user))
                .map(|board| Listed::PrivateOnBoard(board.id)),
        );
    }
    boards_followed.retain(|board| !people.contains(&board.user));
    let seen = visible_only(tx, boards_followed, Some(viewer))?;
    lists.extend(seen.iter().map(|board| Listed::OnBoard(board.id)));
    Ok(lists)
}
