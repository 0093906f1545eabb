//! Permission checks shared by the services: what a viewer may open, and what they own.

use crate::domain::board::{BoardRecord, FolderRecord};
use crate::domain::ids::{BoardId, FolderId, UserId};
use crate::error::{AppError, AppResult};
use crate::store::{Source, boards, folders};

/// The spec's message for PERMISSION_DENIED_ERROR.
pub const NO_ACCESS: &str = "Sorry, it seems you don't have access to this.";

/// A board the viewer may see, or NOT_FOUND_ERROR / PERMISSION_DENIED_ERROR.
pub fn visible_board(
    tx: &impl Source,
    viewer: Option<UserId>,
    id: BoardId,
) -> AppResult<BoardRecord> {
    let board =
        boards::get(tx, id)?.ok_or_else(|| AppError::not_found("This board does not exist."))?;
    if board.visible_to(viewer) {
        Ok(board)
    } else {
        Err(AppError::denied(NO_ACCESS))
    }
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
    let folder =
        folders::get(tx, id)?.ok_or_else(|| AppError::not_found("This folder does not exist."))?;
    if folder.visible_to(viewer) {
        Ok(folder)
    } else {
        Err(AppError::denied(NO_ACCESS))
    }
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
