//! Pins in display order, read a slice at a time straight from the indexes: public pins, a user's
//! pins, a user's public pins and a board's private pins newest first (by id), several of them
//! walked side by side, and a board's pins highest order first.

use redb::{ReadableTable, ReadableTableMetadata};

use super::tables::{
    BOARD_PINS, PINS_BY_USER, PRIVATE_BOARD_PINS, PUBLIC_PINS, PUBLIC_PINS_BY_USER,
};
use super::walks::{Direction, Ids, beyond, side_by_side, take, walked};
use super::{Source, board_sweeps, public_pins};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, PinId, UserId};

/// Where a pin stands in a list: its order on the board (0 elsewhere), then its id. Lists show the
/// highest key first.
pub type PinKey = (i64, u64);

/// A user's pins beyond `from`.
pub fn of_user(
    tx: &impl Source,
    user: UserId,
    from: Option<u64>,
    direction: Direction,
    limit: usize,
) -> AppResult<Vec<PinKey>> {
    merged(tx, &[Listed::OfUser(user)], from, direction, limit)
}

pub fn public_count(tx: &impl Source) -> AppResult<usize> {
    Ok(tx.table(PUBLIC_PINS)?.len()? as usize)
}

/// One index of pins newest first (by id) that `merged` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listed {
    /// Every public pin.
    Public,
    /// A user's pins.
    OfUser(UserId),
    /// A user's public pins.
    PublicOfUser(UserId),
    /// A board's pins on no public board: what a friend the board is shared with sees of it
    /// beyond the public pins.
    PrivateOnBoard(BoardId),
}

/// The pins of several indexes as one list shows them: each once, newest first (oldest first
/// walking up), up to `limit` beyond `from`. The indexes are walked side by side, so it reads
/// the keys it returns, one more of each index and the duplicates, however long the indexes.
pub fn merged(
    tx: &impl Source,
    lists: &[Listed],
    from: Option<u64>,
    direction: Direction,
    limit: usize,
) -> AppResult<Vec<PinKey>> {
    let needs = |index: fn(&Listed) -> bool| lists.iter().any(index);
    let public = needs(|list| *list == Listed::Public)
        .then(|| tx.table(PUBLIC_PINS))
        .transpose()?;
    let of_user = needs(|list| matches!(list, Listed::OfUser(_)))
        .then(|| tx.table(PINS_BY_USER))
        .transpose()?;
    let public_of_user = needs(|list| matches!(list, Listed::PublicOfUser(_)))
        .then(|| tx.table(PUBLIC_PINS_BY_USER))
        .transpose()?;
    let private_on_board = needs(|list| matches!(list, Listed::PrivateOnBoard(_)))
        .then(|| tx.table(PRIVATE_BOARD_PINS))
        .transpose()?;
    let hiding = (public.is_some() || public_of_user.is_some()) && board_sweeps::waiting(tx)?;
    let mut walks = Vec::with_capacity(lists.len());
    for list in lists {
        walks.push(match *list {
            Listed::Public => {
                let table = public.as_ref().expect("opened above");
                let range = table.range(beyond(from, direction, 0, u64::MAX))?;
                still_public(tx, walked(range, direction, |id| id), hiding)
            }
            Listed::OfUser(user) => {
                let table = of_user.as_ref().expect("opened above");
                keyed(table, user.0, from, direction)?
            }
            Listed::PublicOfUser(user) => {
                let table = public_of_user.as_ref().expect("opened above");
                still_public(tx, keyed(table, user.0, from, direction)?, hiding)
            }
            Listed::PrivateOnBoard(board) => {
                let table = private_on_board.as_ref().expect("opened above");
                keyed(table, board.0, from, direction)?
            }
        });
    }
    let ids = side_by_side(tx, walks, direction, limit)?;
    Ok(ids.into_iter().map(|id| (0, id)).collect())
}

/// The ids under `under` (a user or a board) in an index keyed by (that id, pin id), beyond
/// `from`, walked in `direction`.
fn keyed<'a>(
    table: &'a impl ReadableTable<(u64, u64), ()>,
    under: u64,
    from: Option<u64>,
    direction: Direction,
) -> AppResult<Ids<'a>> {
    let from = from.map(|id| (under, id));
    let range = table.range(beyond(from, direction, (under, 0), (under, u64::MAX)))?;
    Ok(walked(range, direction, |(_, id)| id))
}

/// The ids of `walk` still public: while a board waits for its sweep (`board_sweeps`), the
/// public indexes may hold pins its change made private, so each is checked against its boards.
fn still_public<'a>(tx: &'a impl Source, walk: Ids<'a>, hiding: bool) -> Ids<'a> {
    if !hiding {
        return walk;
    }
    Box::new(walk.filter_map(move |id| {
        let shown = id.and_then(|id| Ok((id, public_pins::is_public_now(tx, PinId(id))?)));
        match shown {
            Ok((id, true)) => Some(Ok(id)),
            Ok((_, false)) => None,
            Err(error) => Some(Err(error)),
        }
    }))
}

/// A board's pins beyond `from`.
pub fn on_board(
    tx: &impl Source,
    board: BoardId,
    from: Option<PinKey>,
    direction: Direction,
    limit: usize,
) -> AppResult<Vec<PinKey>> {
    let table = tx.table(BOARD_PINS)?;
    let from = from.map(|(order, id)| (board.0, order, id));
    let lowest = (board.0, i64::MIN, 0);
    let highest = (board.0, i64::MAX, u64::MAX);
    let range = table.range(beyond(from, direction, lowest, highest))?;
    take(tx, range, direction, limit, |(_, order, id)| (order, id))
}
