//! The 'Following' feed: the newest pins of the people and boards the viewer follows, as far as
//! the viewer may see them now. It is fanned out on write (`store::feed`, docs/performance.md): a
//! page reads the viewer's own entries newest first and keeps each pin the viewer may see (its
//! `Audience`) and still reaches through its owner or one of its boards they may see, so a board
//! made private, a share withdrawn or a deletion shows at once. A page reads at most
//! `first * 4 + 50` entries, however many of them these checks drop.

use std::sync::Arc;

use crate::service::data::Data;
use crate::service::pin_lists::PinPage;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{PinId, UserId};
use corkboard_domain::pin::PinRecord;
use corkboard_domain::policy::{Audience, Visible};
use corkboard_search::COUNTED_AT_MOST;
use corkboard_store::follows::{self, Followed};
use corkboard_store::pin_order::PinKey;
use corkboard_store::{Source, board_pins, boards, feed, pins, users};

/// A page of the feed, and where the next one starts when it is not after the page's last pin
/// (the page stopped at its bound on entries read, past pins it did not show).
pub struct FeedPage {
    pub page: PinPage,
    pub end: Option<PinKey>,
}

/// A page of the viewer's 'Following' feed: `first` pins after the one whose key is `after`;
/// with `counted`, its total too, counted up to `COUNTED_AT_MOST` (else 0).
pub async fn page(
    data: &Data,
    viewer: UserId,
    first: usize,
    after: Option<PinKey>,
    counted: bool,
) -> AppResult<FeedPage> {
    data.read(move |read| {
        let walk = walk(read, viewer, after.map(|key| key.1), first)?;
        let (total, total_capped) = if counted {
            let all = walk_all(read, viewer)?;
            (all.shown.len(), all.more)
        } else {
            (0, false)
        };
        Ok(FeedPage {
            end: walk.stopped_at.map(|pin| (0, pin.0)),
            page: PinPage {
                pins: walk
                    .shown
                    .into_iter()
                    .map(|pin| ((0, pin.id.0), pin))
                    .collect(),
                total,
                total_capped,
                has_previous: after.is_some(),
                has_next: walk.more,
            },
        })
    })
    .await
}

/// The pins a walk of the feed shows, whether more may follow, and the last entry it read when
/// that is beyond the last pin shown.
struct Walk {
    shown: Vec<Arc<PinRecord>>,
    more: bool,
    stopped_at: Option<PinId>,
}

/// The feed counted as far as `COUNTED_AT_MOST` pins.
fn walk_all(tx: &impl Source, viewer: UserId) -> AppResult<Walk> {
    walk(tx, viewer, None, COUNTED_AT_MOST)
}

/// Up to `first` pins of the feed older than `before`, reading at most `first * 4 + 50`
/// entries: those that would all show first, then more while some were dropped.
fn walk(tx: &impl Source, viewer: UserId, before: Option<u64>, first: usize) -> AppResult<Walk> {
    let most = first * 4 + 50;
    let (mut shown, mut read, mut from) = (Vec::new(), 0, before);
    loop {
        let wanted = (first + 1 - shown.len()).min(most - read);
        let entries = feed::newest(tx, viewer, from, wanted)?;
        read += entries.len();
        let ids = entries.iter().map(|(pin, _)| (*pin, *pin));
        for (_, record) in pins::get_each(tx, ids)? {
            if sees(tx, viewer, &record)? {
                shown.push(record);
            }
        }
        let ended = entries.len() < wanted;
        from = entries.last().map(|(pin, _)| pin.0).or(from);
        if shown.len() > first {
            shown.truncate(first);
            return Ok(Walk {
                shown,
                more: true,
                stopped_at: None,
            });
        }
        if ended || read == most {
            return Ok(Walk {
                shown,
                more: !ended,
                stopped_at: (!ended).then(|| PinId(from.unwrap_or(0))),
            });
        }
    }
}

/// Whether the viewer may see the pin and still follows its owner or one of its boards they may
/// see.
fn sees(tx: &impl Source, viewer: UserId, pin: &PinRecord) -> AppResult<bool> {
    let mut on_boards = Vec::new();
    for board in board_pins::boards_of(tx, pin.id)? {
        on_boards.extend(boards::get(tx, board)?);
    }
    let Some(owner) = users::get_kept(tx, pin.user)? else {
        return Ok(false);
    };
    if !Audience::of_pin(&owner, &on_boards).admits(Some(viewer)) {
        return Ok(false);
    }
    if follows::follows(tx, viewer, Followed::User(pin.user))? {
        return Ok(true);
    }
    for board in on_boards {
        if board.visible_to(Some(viewer))
            && follows::follows(tx, viewer, Followed::Board(board.id))?
        {
            return Ok(true);
        }
    }
    Ok(false)
}
