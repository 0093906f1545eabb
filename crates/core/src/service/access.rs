//! The visibility policy (`domain::policy`) applied to stored records: what a viewer may open,
//! what they own, and which pins of the indexes they may see.

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;

use corkboard_domain::board::{BoardRecord, FolderRecord};
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::{BoardId, FolderId, PinId, UserId};
use corkboard_domain::pin::PinRecord;
use corkboard_domain::policy::{Audience, Visible, may_change, no_access, shows_content};
use corkboard_i18n::{Message, msg};
use corkboard_store::{Source, board_pins, boards, folders, pins, users};

/// The message for a pin that does not exist.
pub fn pin_not_found() -> Message {
    msg!("error-pin-not-found")
}

/// Whether the account shows its content (it is not disabled; see `policy::shows_content`).
/// Asked for each of a page's boards, of one owner: a read finds it once.
pub(crate) fn shows_content_of(tx: &impl Source, owner: UserId) -> AppResult<bool> {
    tx.remembered(("shows content", owner.0), || {
        Ok(users::get(tx, owner)?.is_some_and(|owner| shows_content(&owner)))
    })
}

/// The record when it exists and the viewer may see it, else the error to answer.
pub fn shown<T: Visible>(
    tx: &impl Source,
    record: Option<T>,
    viewer: Option<UserId>,
) -> AppResult<T> {
    let record = record.ok_or_else(|| AppError::not_found(T::not_found()))?;
    if !shows_content_of(tx, record.owner())? {
        return Err(AppError::not_found(T::not_found()));
    }
    if record.visible_to(viewer) {
        Ok(record)
    } else {
        Err(AppError::denied(no_access()))
    }
}

/// The records the viewer may see, newest first (`records` being oldest first).
pub(crate) fn visible_newest_first<T: Visible>(
    tx: &impl Source,
    records: Vec<T>,
    viewer: Option<UserId>,
) -> AppResult<Vec<T>> {
    let mut records = visible_only(tx, records, viewer)?;
    records.reverse();
    Ok(records)
}

/// The records the viewer may see, in their order; each owner's account is read once.
pub(crate) fn visible_only<T: Visible>(
    tx: &impl Source,
    mut records: Vec<T>,
    viewer: Option<UserId>,
) -> AppResult<Vec<T>> {
    let mut shows = BTreeMap::new();
    records.retain(|record| record.visible_to(viewer));
    for record in &records {
        if let Entry::Vacant(entry) = shows.entry(record.owner()) {
            entry.insert(shows_content_of(tx, record.owner())?);
        }
    }
    records.retain(|record| shows[&record.owner()]);
    Ok(records)
}

/// A board the viewer may see, or NOT_FOUND_ERROR / PERMISSION_DENIED_ERROR.
pub(crate) fn visible_board(
    tx: &impl Source,
    viewer: Option<UserId>,
    id: BoardId,
) -> AppResult<BoardRecord> {
    shown(tx, boards::get(tx, id)?, viewer)
}

/// A board the viewer owns, or NOT_FOUND_ERROR / PERMISSION_DENIED_ERROR.
pub(crate) fn owned_board(tx: &impl Source, viewer: UserId, id: BoardId) -> AppResult<BoardRecord> {
    let board = visible_board(tx, Some(viewer), id)?;
    if may_change(viewer, board.user) {
        Ok(board)
    } else {
        Err(AppError::denied(msg!("error-owner-only-board")))
    }
}

/// A folder the viewer may see, or NOT_FOUND_ERROR / PERMISSION_DENIED_ERROR.
pub(crate) fn visible_folder(
    tx: &impl Source,
    viewer: Option<UserId>,
    id: FolderId,
) -> AppResult<FolderRecord> {
    shown(tx, folders::get(tx, id)?, viewer)
}

/// A folder the viewer owns, or NOT_FOUND_ERROR / PERMISSION_DENIED_ERROR.
pub(crate) fn owned_folder(
    tx: &impl Source,
    viewer: UserId,
    id: FolderId,
) -> AppResult<FolderRecord> {
    let folder = visible_folder(tx, Some(viewer), id)?;
    if may_change(viewer, folder.user) {
        Ok(folder)
    } else {
        Err(AppError::denied(msg!("error-owner-only-folder")))
    }
}

/// Who may see a pin, from the boards it is on.
pub fn audience(tx: &impl Source, pin: &PinRecord) -> AppResult<Audience> {
    let mut on_boards = Vec::new();
    for board in board_pins::boards_of(tx, pin.id)? {
        on_boards.extend(boards::get(tx, board)?);
    }
    Ok(Audience::of_pin(&users::load(tx, pin.user)?, &on_boards))
}

/// A pin the viewer opens directly, or NOT_FOUND_ERROR / PERMISSION_DENIED_ERROR.
pub(crate) fn opened_pin(
    tx: &impl Source,
    viewer: Option<UserId>,
    id: PinId,
) -> AppResult<PinRecord> {
    let pin = pins::get(tx, id)?.ok_or_else(|| AppError::not_found(pin_not_found()))?;
    if audience(tx, &pin)?.admits(viewer) {
        Ok(pin)
    } else {
        Err(AppError::denied(no_access()))
    }
}

/// A pin the viewer owns, or NOT_FOUND_ERROR / PERMISSION_DENIED_ERROR.
pub(crate) fn owned_pin(tx: &impl Source, viewer: UserId, id: PinId) -> AppResult<PinRecord> {
    let pin = opened_pin(tx, Some(viewer), id)?;
    if may_change(viewer, pin.user) {
        Ok(pin)
    } else {
        Err(AppError::denied(msg!("error-owner-only-pin")))
    }
}

/// Which pins on private boards shared with the viewer a walk needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SharedPins {
    /// None: a list of the viewer's own pins, or of one board already shown.
    Unneeded,
    /// Those of one owner's boards: a list of that user's pins.
    Of(UserId),
    /// All of them: Last pins.
    All,
}

/// The boards shared with the viewer whose private pins a walk needs. With the public-pins
/// indexes and the viewer's own pins, their pins are the pins the viewer may see, as the indexes
/// hold the policy's audiences: lists walk these instead of loading each pin's audience.
pub(crate) fn shared_boards(
    tx: &impl Source,
    viewer: Option<UserId>,
    needed: SharedPins,
) -> AppResult<Vec<BoardId>> {
    let Some(viewer) = viewer.filter(|_| needed != SharedPins::Unneeded) else {
        return Ok(Vec::new());
    };
    let mut wanted = boards::shared_with(tx, viewer)?;
    if let SharedPins::Of(owner) = needed {
        wanted.retain(|board| board.user == owner);
    }
    // A board shared with the viewer is visible to them; this drops those of hidden owners.
    let shown = visible_newest_first(tx, wanted, Some(viewer))?;
    Ok(shown.into_iter().map(|board| board.id).collect())
}
