//! Changing pins: edit, rate, duplicate (re-pin), delete, and their places on boards. Each command
//! checks ownership here and runs in one write transaction.

use chrono::Utc;

use crate::app::AppState;
use crate::domain::board::BoardRecord;
use crate::domain::ids::{BoardId, PinId, UserId};
use crate::domain::pin::{PinRecord, PinText};
use crate::error::{AppError, AppResult};
use crate::media::ingest::remove_files;
use crate::service::access::{PIN_NOT_FOUND, opened_pin, owned_board};
use crate::store::{Source, board_pins, pins};

/// The fields `updatePin` may change; `None` leaves a field as it is.
#[derive(Default)]
pub struct PinPatch {
    pub title: Option<String>,
    pub caption: Option<String>,
    pub rating: Option<i32>,
    pub unsafe_content: Option<bool>,
    pub tags: Option<Vec<String>>,
}

/// A pin the viewer owns, or NOT_FOUND_ERROR / PERMISSION_DENIED_ERROR.
fn owned_pin(tx: &impl Source, viewer: UserId, id: PinId) -> AppResult<PinRecord> {
    let pin = opened_pin(tx, Some(viewer), id)?;
    if pin.user == viewer {
        Ok(pin)
    } else {
        Err(AppError::denied("Only the owner can change this pin."))
    }
}

pub async fn update(
    state: &AppState,
    viewer: UserId,
    id: PinId,
    patch: PinPatch,
) -> AppResult<PinRecord> {
    state
        .blocking(move |state| {
            let pin = state.store.write(|write| {
                let mut pin = owned_pin(write, viewer, id)?;
                let title = match patch.title {
                    Some(title) => Some(title),
                    None => pin.title.clone(),
                };
                let text = PinText::checked(
                    title,
                    patch.caption.as_deref().unwrap_or(&pin.caption),
                    Some(patch.rating.unwrap_or(i32::from(pin.rating))),
                    Some(patch.unsafe_content.unwrap_or(pin.unsafe_content)),
                    Some(patch.tags.unwrap_or_else(|| pin.tags.clone())),
                )?;
                pin.title = text.title;
                pin.caption = text.caption;
                pin.rating = text.rating;
                pin.unsafe_content = text.unsafe_content;
                pin.tags = text.tags;
                pins::update(write, &pin)?;
                Ok(pin)
            })?;
            state.reindex(&[pin.id]);
            Ok(pin)
        })
        .await
}

pub async fn rate(
    state: &AppState,
    viewer: UserId,
    id: PinId,
    rating: i32,
) -> AppResult<PinRecord> {
    let patch = PinPatch {
        rating: Some(rating),
        ..PinPatch::default()
    };
    update(state, viewer, id, patch).await
}

/// A copy of a pin the viewer may see, owned by the viewer, on top of each of `boards`.
pub async fn duplicate(
    state: &AppState,
    viewer: UserId,
    original: PinId,
    text: PinText,
    boards: Vec<BoardId>,
) -> AppResult<PinRecord> {
    state
        .blocking(move |state| {
            let copy = state.store.write(|write| {
                let source = opened_pin(write, Some(viewer), original)?;
                for board in &boards {
                    owned_board(write, viewer, *board)?;
                }
                let copy = PinRecord {
                    id: PinId(0),
                    user: viewer,
                    title: text.title,
                    caption: text.caption,
                    rating: text.rating,
                    unsafe_content: text.unsafe_content,
                    tags: text.tags,
                    added_via: Some(source.id),
                    created_at: Utc::now(),
                    ..source
                };
                pins::insert(write, copy, &boards)
            })?;
            state.reindex(&[copy.id]);
            Ok(copy)
        })
        .await
}

/// Deletes a pin from every board; its picture's files go when no pin shows it any more.
/// Returns the pin and the boards it was on.
pub async fn delete(
    state: &AppState,
    viewer: UserId,
    id: PinId,
) -> AppResult<(PinRecord, Vec<BoardRecord>)> {
    state
        .blocking(move |state| {
            let _files = state
                .picture_files
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            let (pin, boards, last_one) = state.store.write(|write| {
                let pin = owned_pin(write, viewer, id)?;
                let mut boards = Vec::new();
                for board in board_pins::boards_of(write, id)? {
                    boards.extend(crate::store::boards::get(write, board)?);
                }
                let last_one = pins::remove(write, &pin)?;
                Ok((pin, boards, last_one))
            })?;
            state.reindex(&[id]);
            if last_one {
                let config = &state.config;
                remove_files(
                    &pin.picture,
                    &config.previews_dir(),
                    &config.originals_dir(),
                );
            }
            Ok((pin, boards))
        })
        .await
}

/// Puts the viewer's pin on top of one of the viewer's boards; returns its order there.
pub async fn add_to_board(
    state: &AppState,
    viewer: UserId,
    pin: PinId,
    board: BoardId,
) -> AppResult<(i64, PinRecord)> {
    state
        .blocking(move |state| {
            let placed = state.store.write(|write| {
                let record = owned_pin(write, viewer, pin)?;
                owned_board(write, viewer, board)?;
                Ok((board_pins::add(write, pin, board)?, record))
            })?;
            state.reindex(&[pin]);
            Ok(placed)
        })
        .await
}

/// Takes a pin off one of the viewer's boards.
pub async fn remove_from_board(
    state: &AppState,
    viewer: UserId,
    pin: PinId,
    board: BoardId,
) -> AppResult<BoardRecord> {
    state
        .blocking(move |state| {
            let record = state.store.write(|write| {
                owned_board(write, viewer, board)?;
                if !board_pins::remove(write, pin, board)? {
                    return Err(AppError::not_found(PIN_NOT_FOUND));
                }
                owned_board(write, viewer, board)
            })?;
            state.reindex(&[pin]);
            Ok(record)
        })
        .await
}

/// Moves a pin of one of the viewer's boards to `order` (the highest shows first).
pub async fn set_order(
    state: &AppState,
    viewer: UserId,
    pin: PinId,
    board: BoardId,
    order: i64,
) -> AppResult<PinRecord> {
    state
        .blocking(move |state| {
            state.store.write(|write| {
                owned_board(write, viewer, board)?;
                if board_pins::order_of(write, pin, board)?.is_none() {
                    return Err(AppError::not_found(PIN_NOT_FOUND));
                }
                board_pins::set_order(write, pin, board, order)?;
                pins::get(write, pin)?.ok_or_else(|| AppError::not_found(PIN_NOT_FOUND))
            })
        })
        .await
}
