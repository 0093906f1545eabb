//! Reading pins as a viewer may see them: a pin opened directly or in a list, covers, a pin's
//! boards and privacy, clones. The `_many` readers serve a whole page in one read.

use std::collections::HashMap;
use std::sync::Arc;

use foldhash::fast::RandomState;

use crate::service::access::{opened_pin, pin_not_found, visible_board};
use crate::service::data::Data;
use crate::service::pinned_copies::pinned_copies;
use corkboard_domain::board::BoardRecord;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::{BoardId, FolderId, PinId, UserId};
use corkboard_domain::pin::PinRecord;
use corkboard_domain::policy::{Visible, sees_private_fields};
use corkboard_store::board_lists::{self, BoardList};
use corkboard_store::{Source, board_pins, boards, pins, public_pins};

pub const BOARD_COVERS: usize = 5;
pub const FOLDER_COVERS: usize = 4;

/// The newest boards of a folder its covers may come from: a folder of many empty boards reads
/// these, not all.
const BOARDS_FOR_FOLDER_COVERS: usize = 20;

/// The first covers of each board the viewer may see, as many as asked for it (at most
/// `BOARD_COVERS`): the chosen cover first, then the newest pins. Asked several times for one
/// board (its first cover, its second…), the board is read once, for the most asked.
pub(crate) fn board_covers_many(
    tx: &impl Source,
    viewer: Option<UserId>,
    wanted: impl IntoIterator<Item = (BoardId, usize)>,
) -> AppResult<HashMap<BoardId, Vec<Arc<PinRecord>>, RandomState>> {
    let mut counts: HashMap<BoardId, usize, RandomState> = HashMap::default();
    for (board, count) in wanted {
        let most = counts.entry(board).or_default();
        *most = (*most).max(count.min(BOARD_COVERS));
    }
    let mut found = HashMap::with_capacity_and_hasher(counts.len(), RandomState::default());
    for (id, count) in counts {
        if let Some(board) = boards::get(tx, id)?.filter(|b| b.visible_to(viewer)) {
            found.insert(id, covers_of(tx, &board, count)?);
        }
    }
    Ok(found)
}

/// Up to four covers of a folder: the first cover of each of the newest boards the viewer may
/// see in it (`BOARDS_FOR_FOLDER_COVERS` at most), then the second of each, and so on, each pin
/// once. Each board and its covers are read when its turn first comes: usually four boards.
pub fn folder_covers(
    tx: &impl Source,
    viewer: Option<UserId>,
    folder: FolderId,
) -> AppResult<Vec<Arc<PinRecord>>> {
    let list = BoardList::InFolder(folder);
    let newest = board_lists::page(tx, list, viewer, None, None, BOARDS_FOR_FOLDER_COVERS)?;
    let mut unread = newest.into_iter();
    let mut per_board: Vec<Vec<Arc<PinRecord>>> = Vec::new();
    let mut covers: Vec<Arc<PinRecord>> = Vec::new();
    for round in 0..FOLDER_COVERS {
        for at in 0.. {
            if covers.len() == FOLDER_COVERS {
                return Ok(covers);
            }
            if at == per_board.len() {
                let Some(board) = unread.next() else { break };
                let covers = match boards::get(tx, board)? {
                    Some(board) => covers_of(tx, &board, FOLDER_COVERS)?,
                    None => Vec::new(),
                };
                per_board.push(covers);
            }
            if let Some(pin) = per_board[at].get(round)
                && !covers.iter().any(|known| known.id == pin.id)
            {
                covers.push(pin.clone());
            }
        }
    }
    Ok(covers)
}

/// The first `count` covers of a board (at most `BOARD_COVERS`). A board is visible, so are all
/// its pins: covers need no further check.
fn covers_of(
    tx: &impl Source,
    board: &BoardRecord,
    count: usize,
) -> AppResult<Vec<Arc<PinRecord>>> {
    let ids = cover_ids(tx, board)?;
    let first = ids.iter().take(count).map(|id| ((), *id));
    let covers = pins::get_each(tx, first)?;
    Ok(covers.into_iter().map(|(_, pin)| pin).collect())
}

/// The ids of a board's first `BOARD_COVERS` covers: the chosen cover (when still on the board),
/// then the newest pins, from the board's date index (at most `BOARD_COVERS + 1` pins read,
/// whatever the size of the board); in a read, as a read of the same state found them
/// (`kept_records`).
fn cover_ids(tx: &impl Source, board: &BoardRecord) -> AppResult<Arc<Vec<PinId>>> {
    let kept = tx.kept();
    if let Some((kept, state)) = kept
        && let Some(ids) = kept.covers.get(state, board.id)
    {
        return Ok(ids);
    }
    let chosen = match board.cover {
        Some(cover) if board_pins::order_of(tx, cover, board.id)?.is_some() => Some(cover),
        _ => None,
    };
    let newest = board_pins::newest_on_board(tx, board.id, BOARD_COVERS + 1)?;
    let mut ids: Vec<PinId> = chosen.into_iter().collect();
    ids.extend(newest.into_iter().filter(|id| Some(*id) != chosen));
    ids.truncate(BOARD_COVERS);
    let ids = Arc::new(ids);
    if let Some((kept, state)) = kept {
        kept.covers.keep(state, [(board.id, ids.clone())]);
    }
    Ok(ids)
}

/// Whether a pin is private: on no public board, by the public-pins index (a pin gone is).
pub(crate) fn is_secret(tx: &impl Source, id: PinId) -> AppResult<bool> {
    Ok(!public_pins::is_public(tx, id)?)
}

/// The pin's boards that the viewer may see.
pub async fn boards_of(
    data: &Data,
    viewer: Option<UserId>,
    pin: PinId,
) -> AppResult<Vec<BoardRecord>> {
    data.read(move |read| {
        let mut found = Vec::new();
        for id in board_pins::boards_of(read, pin)? {
            found.extend(boards::get(read, id)?.filter(|board| board.visible_to(viewer)));
        }
        Ok(found)
    })
    .await
}

/// A pin the viewer may see, for showing beside another (`None` when hidden or gone).
pub async fn visible(
    data: &Data,
    viewer: Option<UserId>,
    id: PinId,
) -> AppResult<Option<PinRecord>> {
    data.read(move |read| match opened_pin(read, viewer, id) {
        Ok(pin) => Ok(Some(pin)),
        Err(AppError::NotFound(_) | AppError::PermissionDenied(_)) => Ok(None),
        Err(error) => Err(error),
    })
    .await
}

/// A pin opened directly by id.
pub async fn get(data: &Data, viewer: Option<UserId>, id: PinId) -> AppResult<PinRecord> {
    data.read(move |read| opened_pin(read, viewer, id)).await
}

/// The owner's other pins showing the same picture as pin `id`, newest first: for the owner
/// alone, empty for anyone else.
pub async fn clones(
    data: &Data,
    viewer: Option<UserId>,
    owner: UserId,
    id: PinId,
) -> AppResult<Vec<PinRecord>> {
    if !sees_private_fields(viewer, owner) {
        return Ok(Vec::new());
    }
    data.read(move |read| {
        let pin = opened_pin(read, Some(owner), id)?;
        let mut clones = pinned_copies(read, owner, &pin.picture)?.clones;
        clones.retain(|clone| clone.id != id);
        Ok(clones)
    })
    .await
}

/// A pin opened on a board: the board must be visible and the pin on it.
pub async fn on_board(
    data: &Data,
    viewer: Option<UserId>,
    board: BoardId,
    id: PinId,
) -> AppResult<PinRecord> {
    data.read(move |read| {
        visible_board(read, viewer, board)?;
        if board_pins::order_of(read, id, board)?.is_none() {
            return Err(AppError::not_found(pin_not_found()));
        }
        opened_pin(read, viewer, id)
    })
    .await
}

/// A pin opened among its owner's pins.
pub async fn of_user(
    data: &Data,
    viewer: Option<UserId>,
    owner: UserId,
    id: PinId,
) -> AppResult<PinRecord> {
    data.read(move |read| {
        let pin = opened_pin(read, viewer, id)?;
        if pin.user != owner {
            return Err(AppError::not_found(pin_not_found()));
        }
        Ok(pin)
    })
    .await
}
