//! Reading pins as a viewer may see them: a board's pins, covers, a pin's boards.

use crate::app::AppState;
use crate::domain::board::{BoardRecord, Visible};
use crate::domain::ids::{BoardId, FolderId, PinId, UserId};
use crate::domain::pin::PinRecord;
use crate::error::{AppError, AppResult};
use crate::service::access::{PIN_NOT_FOUND, opened_pin, pin_secret, pin_visible, visible_board};
use crate::service::temp_pins::clones_of;
use crate::store::{Source, board_pins, boards, pins};

pub const BOARD_COVERS: usize = 5;
pub const FOLDER_COVERS: usize = 4;

/// Up to five covers of a board: the chosen cover first, then the newest pins.
pub async fn board_covers(state: &AppState, board: BoardRecord) -> AppResult<Vec<PinRecord>> {
    state
        .blocking(move |state| {
            state
                .store
                .read(|read| covers_of(read, &board, BOARD_COVERS))
        })
        .await
}

/// Up to four covers of a folder, taken in turn from the covers of the boards the viewer may see.
pub async fn folder_covers(
    state: &AppState,
    viewer: Option<UserId>,
    folder: FolderId,
) -> AppResult<Vec<PinRecord>> {
    state
        .blocking(move |state| {
            state.store.read(|read| {
                let mut per_board = Vec::new();
                for board in boards::in_folder(read, folder)?
                    .iter()
                    .rev()
                    .filter(|b| b.visible_to(viewer))
                {
                    per_board.push(covers_of(read, board, FOLDER_COVERS)?);
                }
                let mut covers: Vec<PinRecord> = Vec::new();
                for round in 0..FOLDER_COVERS {
                    for pin in per_board
                        .iter()
                        .filter_map(|board_covers| board_covers.get(round))
                    {
                        if covers.len() < FOLDER_COVERS
                            && !covers.iter().any(|known| known.id == pin.id)
                        {
                            covers.push(pin.clone());
                        }
                    }
                }
                Ok(covers)
            })
        })
        .await
}

/// A board is visible, so are all its pins: covers need no further check.
fn covers_of(tx: &impl Source, board: &BoardRecord, count: usize) -> AppResult<Vec<PinRecord>> {
    let mut on_board: Vec<PinRecord> = Vec::new();
    for (_, id) in board_pins::on_board(tx, board.id)? {
        on_board.extend(pins::get(tx, id)?);
    }
    on_board.sort_by_key(|pin| std::cmp::Reverse(pin.created_at));
    if let Some(chosen) = board
        .cover
        .and_then(|cover| on_board.iter().position(|pin| pin.id == cover))
    {
        let pin = on_board.remove(chosen);
        on_board.insert(0, pin);
    }
    on_board.truncate(count);
    Ok(on_board)
}

/// Whether the pin is private: on no public board.
pub async fn is_secret(state: &AppState, pin: PinId) -> AppResult<bool> {
    state
        .blocking(move |state| {
            state.store.read(|read| match pins::get(read, pin)? {
                Some(pin) => pin_secret(read, &pin),
                None => Ok(true),
            })
        })
        .await
}

/// The pin's boards that the viewer may see.
pub async fn boards_of(
    state: &AppState,
    viewer: Option<UserId>,
    pin: PinId,
) -> AppResult<Vec<BoardRecord>> {
    state
        .blocking(move |state| {
            state.store.read(|read| {
                let mut found = Vec::new();
                for id in board_pins::boards_of(read, pin)? {
                    found.extend(boards::get(read, id)?.filter(|board| board.visible_to(viewer)));
                }
                Ok(found)
            })
        })
        .await
}

/// A pin the viewer may see, for showing beside another (`None` when hidden or gone).
pub async fn visible(
    state: &AppState,
    viewer: Option<UserId>,
    id: PinId,
) -> AppResult<Option<PinRecord>> {
    state
        .blocking(move |state| {
            state.store.read(|read| match pins::get(read, id)? {
                Some(pin) if pin_visible(read, viewer, &pin)? => Ok(Some(pin)),
                _ => Ok(None),
            })
        })
        .await
}

/// A pin opened directly by id.
pub async fn get(state: &AppState, viewer: Option<UserId>, id: PinId) -> AppResult<PinRecord> {
    state
        .blocking(move |state| state.store.read(|read| opened_pin(read, viewer, id)))
        .await
}

/// The viewer's other pins showing the same picture as pin `id`, newest first.
pub async fn clones(state: &AppState, viewer: UserId, id: PinId) -> AppResult<Vec<PinRecord>> {
    state
        .blocking(move |state| {
            state.store.read(|read| {
                let pin = opened_pin(read, Some(viewer), id)?;
                let mut clones = clones_of(read, viewer, &pin.picture)?;
                clones.retain(|clone| clone.id != id);
                Ok(clones)
            })
        })
        .await
}

/// A pin opened on a board: the board must be visible and the pin on it.
pub async fn on_board(
    state: &AppState,
    viewer: Option<UserId>,
    board: BoardId,
    id: PinId,
) -> AppResult<PinRecord> {
    state
        .blocking(move |state| {
            state.store.read(|read| {
                visible_board(read, viewer, board)?;
                if board_pins::order_of(read, id, board)?.is_none() {
                    return Err(AppError::not_found(PIN_NOT_FOUND));
                }
                opened_pin(read, viewer, id)
            })
        })
        .await
}

/// A pin opened among its owner's pins.
pub async fn of_user(
    state: &AppState,
    viewer: Option<UserId>,
    owner: UserId,
    id: PinId,
) -> AppResult<PinRecord> {
    state
        .blocking(move |state| {
            state.store.read(|read| {
                let pin = opened_pin(read, viewer, id)?;
                if pin.user != owner {
                    return Err(AppError::not_found(PIN_NOT_FOUND));
                }
                Ok(pin)
            })
        })
        .await
}
