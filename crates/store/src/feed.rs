//! The 'Following' feed fanned out on write (`FEED`): a pin placed on a board goes in the feed of
//! each follower of the board and of its owner, a follow brings in its source's newest pins, and
//! an entry goes when its pin goes or its follower no longer follows its owner or one of its
//! boards. Who may see each pin is decided at each read (`service::following`), not here.

use redb::ReadableTable;

use super::follows::{self, Followed};
use super::tables::{FEED, FOLLOWS};
use super::walks::Direction;
use super::writing::Writing;
use super::{Source, board_pins, pin_order, pins};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, PinId, UserId};
use corkboard_domain::pin::PinRecord;

/// How many of its newest pins a person or a board followed brings into the follower's feed.
pub const BACKFILLED: usize = 200;

/// Up to `limit` pins of the follower's feed older than `before` (all without), newest first,
/// each with its owner (counted in `Store::keys_read`).
pub fn newest(
    tx: &impl Source,
    follower: UserId,
    before: Option<u64>,
    limit: usize,
) -> AppResult<Vec<(PinId, UserId)>> {
    let table = tx.table(FEED)?;
    let range = match before {
        Some(before) => table.range((follower.0, 0)..(follower.0, before))?,
        None => table.range((follower.0, 0)..=(follower.0, u64::MAX))?,
    };
    let mut found = Vec::new();
    for entry in range.rev().take(limit) {
        let (key, owner) = entry?;
        found.push((PinId(key.value().1), UserId(owner.value())));
    }
    tx.note_keys_read(found.len());
    Ok(found)
}

/// Puts a pin just placed on `board` in the feed of each follower of the board and of the pin's
/// owner, whoever may see the board.
pub(crate) fn placed(write: &Writing, pin: PinId, board: BoardId) -> AppResult<()> {
    let Some(record) = pins::get(write, pin)? else {
        return Ok(());
    };
    let mut followers = follows::followers_of(write, Followed::Board(board))?;
    followers.extend(follows::followers_of(write, Followed::User(record.user))?);
    let mut feed = write.open_table(FEED)?;
    for follower in followers {
        feed.insert((follower.0, pin.0), record.user.0)?;
    }
    Ok(())
}

/// Takes a pin just taken off `board` out of the feeds of the board's followers that reach it
/// no more (through its owner or another of its boards).
pub(crate) fn taken(write: &Writing, pin: PinId, board: BoardId) -> AppResult<()> {
    for follower in follows::followers_of(write, Followed::Board(board))? {
        let owner = write
            .open_table(FEED)?
            .get((follower.0, pin.0))?
            .map(|owner| UserId(owner.value()));
        if let Some(owner) = owner
            && !reached(write, follower, pin, owner)?
        {
            write.open_table(FEED)?.remove((follower.0, pin.0))?;
        }
    }
    Ok(())
}

/// Takes a pin being removed out of every feed: those of its owner's and its boards' followers.
pub(crate) fn removed(write: &Writing, pin: &PinRecord) -> AppResult<()> {
    let mut followers = follows::followers_of(write, Followed::User(pin.user))?;
    for board in board_pins::boards_of(write, pin.id)? {
        followers.extend(follows::followers_of(write, Followed::Board(board))?);
    }
    let mut feed = write.open_table(FEED)?;
    for follower in followers {
        feed.remove((follower.0, pin.id.0))?;
    }
    Ok(())
}

/// Brings the newest pins of what the follower now follows into their feed.
pub(crate) fn followed(write: &Writing, follower: UserId, followed: Followed) -> AppResult<()> {
    let newest: Vec<PinId> = match followed {
        Followed::User(user) => {
            let keys = pin_order::of_user(write, user, None, Direction::Down, BACKFILLED)?;
            keys.into_iter().map(|(_, id)| PinId(id)).collect()
        }
        Followed::Board(board) => board_pins::newest_on_board(write, board, BACKFILLED)?,
    };
    for pin in newest {
        if let Some(record) = pins::get(write, pin)? {
            write
                .open_table(FEED)?
                .insert((follower.0, pin.0), record.user.0)?;
        }
    }
    Ok(())
}

/// Takes out of the follower's feed the pins of `owner` (whom, or one of whose boards, they just
/// stopped following) that they reach no more: one walk of their feed, comparing owners, so that
/// no entry is left to a follow that is gone.
pub(crate) fn unfollowed(write: &Writing, follower: UserId, owner: UserId) -> AppResult<()> {
    let of_owner = {
        let feed = write.open_table(FEED)?;
        let mut of_owner = Vec::new();
        for entry in feed.range((follower.0, 0)..=(follower.0, u64::MAX))? {
            let (key, pin_owner) = entry?;
            if pin_owner.value() == owner.0 {
                of_owner.push(PinId(key.value().1));
            }
        }
        of_owner
    };
    for pin in of_owner {
        if !reached(write, follower, pin, owner)? {
            write.open_table(FEED)?.remove((follower.0, pin.0))?;
        }
    }
    Ok(())
}

/// Empties the feed of a user whose account is going.
pub(crate) fn forget(write: &Writing, follower: UserId) -> AppResult<()> {
    write
        .open_table(FEED)?
        .retain_in((follower.0, 0)..=(follower.0, u64::MAX), |_, _| false)?;
    Ok(())
}

/// Whether the follower follows the pin's owner or one of the boards it is on.
fn reached(tx: &impl Source, follower: UserId, pin: PinId, owner: UserId) -> AppResult<bool> {
    if follows::follows(tx, follower, Followed::User(owner))? {
        return Ok(true);
    }
    for board in board_pins::boards_of(tx, pin)? {
        if follows::follows(tx, follower, Followed::Board(board))? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Fills each follower's feed with the newest pins of what they follow (migration 28).
pub(crate) fn fill(write: &Writing) -> AppResult<()> {
    let all = write
        .open_table(FOLLOWS)?
        .iter()?
        .map(|entry| entry.map(|(key, _)| key.value()))
        .collect::<Result<Vec<_>, _>>()?;
    for (kind, follower, id) in all {
        followed(write, UserId(follower), Followed::from_key(kind, id))?;
    }
    Ok(())
}
