//! Follows: the users and boards a user follows, who follows each, and how many (the feed
//! follows them in `follow_writes`).

use std::collections::{BTreeMap, BTreeSet};

use redb::ReadableTable;

use super::tables::{FOLLOWER_COUNTS, FOLLOWERS, FOLLOWS};
use super::writing::Writing;
use super::{Source, add_to_count};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, UserId};

/// What a user follows: a person (all they let the follower see) or one board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Followed {
    User(UserId),
    Board(BoardId),
}

impl Followed {
    /// Its kind and id, as the tables key it.
    fn key(self) -> (u8, u64) {
        match self {
            Followed::User(user) => (0, user.0),
            Followed::Board(board) => (1, board.0),
        }
    }

    /// What the tables' kind and id name.
    pub(crate) fn from_key(kind: u8, id: u64) -> Self {
        match kind {
            0 => Followed::User(UserId(id)),
            _ => Followed::Board(BoardId(id)),
        }
    }
}

/// Makes `follower` follow `followed`; false when they already did.
pub(crate) fn follow(write: &Writing, follower: UserId, followed: Followed) -> AppResult<bool> {
    let (kind, id) = followed.key();
    let had = write
        .open_table(FOLLOWS)?
        .insert((kind, follower.0, id), ())?
        .is_some();
    if had {
        return Ok(false);
    }
    write
        .open_table(FOLLOWERS)?
        .insert((kind, id, follower.0), ())?;
    add_to_count(&mut write.open_table(FOLLOWER_COUNTS)?, (kind, id), 1)?;
    Ok(true)
}

/// Makes `follower` stop following `followed`; false when they did not.
pub(crate) fn unfollow(write: &Writing, follower: UserId, followed: Followed) -> AppResult<bool> {
    let (kind, id) = followed.key();
    let had = write
        .open_table(FOLLOWS)?
        .remove((kind, follower.0, id))?
        .is_some();
    if !had {
        return Ok(false);
    }
    write
        .open_table(FOLLOWERS)?
        .remove((kind, id, follower.0))?;
    add_to_count(&mut write.open_table(FOLLOWER_COUNTS)?, (kind, id), -1)?;
    Ok(true)
}

pub fn follows(tx: &impl Source, follower: UserId, followed: Followed) -> AppResult<bool> {
    let (kind, id) = followed.key();
    Ok(tx.table(FOLLOWS)?.get((kind, follower.0, id))?.is_some())
}

/// How many users follow `followed`.
pub fn follower_count(tx: &impl Source, followed: Followed) -> AppResult<u64> {
    let counts = tx.table(FOLLOWER_COUNTS)?;
    let count = counts.get(followed.key())?.map(|count| count.value());
    Ok(count.unwrap_or(0))
}

/// The users `follower` follows, then the boards, each in id order.
pub fn followed_by(tx: &impl Source, follower: UserId) -> AppResult<Vec<Followed>> {
    let mut found = under(tx, FOLLOWS, (0, follower.0))?
        .into_iter()
        .map(|id| Followed::User(UserId(id)))
        .collect::<Vec<_>>();
    found.extend(
        under(tx, FOLLOWS, (1, follower.0))?
            .into_iter()
            .map(|id| Followed::Board(BoardId(id))),
    );
    Ok(found)
}

/// The users who follow `followed`, in id order.
pub fn followers_of(tx: &impl Source, followed: Followed) -> AppResult<Vec<UserId>> {
    let ids = under(tx, FOLLOWERS, followed.key())?;
    Ok(ids.into_iter().map(UserId).collect())
}

/// The last parts of the keys of `table` that start with `prefix`.
fn under(
    tx: &impl Source,
    table: redb::TableDefinition<(u8, u64, u64), ()>,
    (kind, id): (u8, u64),
) -> AppResult<Vec<u64>> {
    let table = tx.table(table)?;
    let range = table.range((kind, id, 0)..=(kind, id, u64::MAX))?;
    Ok(range
        .map(|entry| entry.map(|(key, _)| key.value().2))
        .collect::<Result<_, _>>()?)
}

/// The entries of `FOLLOWS` or `FOLLOWERS`, as `check` reads them.
pub(crate) type FollowEntries = BTreeSet<((u8, u64, u64), ())>;
/// The entries of `FOLLOWER_COUNTS`, as `check` reads them.
pub(crate) type FollowerCounts = BTreeSet<((u8, u64), u64)>;

/// What the follow tables hold, built from the follows themselves (`FOLLOWS`): the expected
/// `FOLLOWERS` and `FOLLOWER_COUNTS`, for `check`.
pub(crate) fn expected(follows: &FollowEntries) -> (FollowEntries, FollowerCounts) {
    let mut counts: BTreeMap<(u8, u64), u64> = BTreeMap::new();
    let followers = follows
        .iter()
        .map(|((kind, follower, followed), _)| {
            *counts.entry((*kind, *followed)).or_default() += 1;
            ((*kind, *followed, *follower), ())
        })
        .collect();
    (followers, counts.into_iter().collect())
}
