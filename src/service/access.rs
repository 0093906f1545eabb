//! Permission checks shared by the services: what a viewer may open, and what they own.

use crate::domain::board::{BoardRecord, FolderRecord, Visible};
use crate::domain::ids::{BoardId, FolderId, PinId, UserId};
use crate::domain::pin::PinRecord;
use crate::error::{AppError, AppResult};
use crate::store::{Source, board_pins, boards, folders, pins};

/// The spec's message for PERMISSION_DENIED_ERROR.
pub const NO_ACCESS: &str = "Sorry, it seems you don't have access to this.";

/// A board the viewer may see, or NOT_FOUND_ERROR / PERMISSION_DENIED_ERROR.
pub fn visible_board(
    tx: &impl Source,
    viewer: Option<UserId>,
    id: BoardId,
) -> AppResult<BoardRecord> {
    shown(boards::get(tx, id)?, viewer)
}

/// The record when it exists and the viewer may see it, else the error to answer.
pub fn shown<T: Visible>(record: Option<T>, viewer: Option<UserId>) -> AppResult<T> {
    let record = record.ok_or_else(|| AppError::not_found(T::NOT_FOUND))?;
    if record.visible_to(viewer) {
        Ok(record)
    } else {
        Err(AppError::denied(NO_ACCESS))
    }
}

/// The records the viewer may see, newest first (`records` being oldest first).
pub fn visible_newest_first<T: Visible>(mut records: Vec<T>, viewer: Option<UserId>) -> Vec<T> {
    records.retain(|record| record.visible_to(viewer));
    records.reverse();
    records
}

/// A board the viewer owns, or NOT_FOUND_ERROR / PERMISSION_DENIED_ERROR.
pub fn owned_board(tx: &impl Source, viewer: UserId, id: BoardId) -> AppResult<BoardRecord> {
    let board = visible_board(tx, Some(viewer), id)?;
    if board.user == viewer {
        Ok(board)
    } else {
        Err(AppError::denied("Only the owner can change this board."))
    }
}

/// A folder the viewer may see, or NOT_FOUND_ERROR / PERMISSION_DENIED_ERROR.
pub fn visible_folder(
    tx: &impl Source,
    viewer: Option<UserId>,
    id: FolderId,
) -> AppResult<FolderRecord> {
    shown(folders::get(tx, id)?, viewer)
}

/// A folder the viewer owns, or NOT_FOUND_ERROR / PERMISSION_DENIED_ERROR.
pub fn owned_folder(tx: &impl Source, viewer: UserId, id: FolderId) -> AppResult<FolderRecord> {
    let folder = visible_folder(tx, Some(viewer), id)?;
    if folder.user == viewer {
        Ok(folder)
    } else {
        Err(AppError::denied("Only the owner can change this folder."))
    }
}

/// A pin is visible to its owner, to everyone when public, and to whoever may see one of its boards.
pub fn pin_visible(tx: &impl Source, viewer: Option<UserId>, pin: &PinRecord) -> AppResult<bool> {
    if viewer == Some(pin.user) || board_pins::is_public(tx, pin.id)? {
        return Ok(true);
    }
    if viewer.is_none() {
        return Ok(false);
    }
    for board in board_pins::boards_of(tx, pin.id)? {
        if boards::get(tx, board)?.is_some_and(|board| board.visible_to(viewer)) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// A pin is private (`secret`) unless it is on at least one public board.
pub fn pin_secret(tx: &impl Source, pin: &PinRecord) -> AppResult<bool> {
    Ok(!board_pins::is_public(tx, pin.id)?)
}

/// The message for a pin that does not exist.
pub const PIN_NOT_FOUND: &str = "This pin does not exist.";

/// A pin the viewer opens directly, or NOT_FOUND_ERROR / PERMISSION_DENIED_ERROR.
pub fn opened_pin(tx: &impl Source, viewer: Option<UserId>, id: PinId) -> AppResult<PinRecord> {
    let pin = pins::get(tx, id)?.ok_or_else(|| AppError::not_found(PIN_NOT_FOUND))?;
    if pin_visible(tx, viewer, &pin)? {
        Ok(pin)
    } else {
        Err(AppError::denied(NO_ACCESS))
    }
}
