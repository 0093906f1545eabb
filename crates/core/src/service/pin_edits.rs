//! Changing pins: edit, rate, duplicate (re-pin), delete, and their places on boards. Each command
//! checks ownership here and runs in one write transaction.

use chrono::Utc;

use crate::media::ingest::remove_files;
use crate::service::access::{opened_pin, owned_board, owned_pin, pin_not_found};
use crate::service::context::Services;
use crate::service::data::Data;
use crate::service::pictures::shown_publicly;
use crate::service::quotas::check_new_pins;
use corkboard_domain::board::BoardRecord;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::{BoardId, PinId, UserId};
use corkboard_domain::pin::{PinRecord, PinText};
use corkboard_domain::policy::{self, may_place};
use corkboard_store::{board_links, board_pins, boards, pin_writes, pins};

/// The fields `updatePin` may change; `None` leaves a field as it is.
#[derive(Default)]
pub struct PinPatch {
    pub title: Option<String>,
    pub caption: Option<String>,
    pub rating: Option<i32>,
    pub unsafe_content: Option<bool>,
    pub tags: Option<Vec<String>>,
}

pub async fn update(
    data: &Data,
    viewer: UserId,
    id: PinId,
    patch: PinPatch,
) -> AppResult<PinRecord> {
    data.write(move |write| {
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
        pin_writes::update(write, &pin)?;
        Ok(pin)
    })
    .await
}

pub async fn rate(data: &Data, viewer: UserId, id: PinId, rating: i32) -> AppResult<PinRecord> {
    let patch = PinPatch {
        rating: Some(rating),
        ..PinPatch::default()
    };
    update(data, viewer, id, patch).await
}

/// A copy of a pin the viewer may see, owned by the viewer, on top of each of `boards`.
pub async fn duplicate(
    data: &Data,
    viewer: UserId,
    original: PinId,
    text: PinText,
    boards: Vec<BoardId>,
) -> AppResult<PinRecord> {
    let quotas = data.config.quotas.clone();
    data.write(move |write| {
        let source = opened_pin(write, Some(viewer), original)?;
        let private_picture = source.private_picture
            || (source.user != viewer && !shown_publicly(write, &source.picture.sha1)?);
        for board in &boards {
            let board = owned_board(write, viewer, *board)?;
            if private_picture && !board.secret {
                return Err(AppError::invalid("boards", policy::private_picture()));
            }
        }
        let weight = source.picture.weight;
        check_new_pins(write, &quotas, viewer, 1, weight)?;
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
            private_picture,
            ..source
        };
        pin_writes::insert(write, copy, &boards)
    })
    .await
}

/// Deletes a pin from every board; its picture's files go when no pin shows it any more.
/// Returns the pin and the boards it was on.
pub async fn delete(
    services: &Services,
    viewer: UserId,
    id: PinId,
) -> AppResult<(PinRecord, Vec<BoardRecord>)> {
    services
        .blocking(move |services| {
            let _files = services
                .picture_files
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            let (pin, boards, last_one) = services.store.write(|write| {
                let pin = owned_pin(write, viewer, id)?;
                let mut on_boards = Vec::new();
                for board in board_pins::boards_of(write, id)? {
                    on_boards.extend(boards::get(write, board)?);
                }
                let last_one = pin_writes::remove(write, &pin)?;
                Ok((pin, on_boards, last_one))
            })?;
            if last_one {
                remove_files(&pin.picture, &services.media);
            }
            Ok((pin, boards))
        })
        .await
}

/// Puts the viewer's pin on top of one of the viewer's boards; returns its order there.
pub async fn add_to_board(
    data: &Data,
    viewer: UserId,
    pin: PinId,
    board: BoardId,
) -> AppResult<(i64, PinRecord)> {
    data.write(move |write| {
        let record = owned_pin(write, viewer, pin)?;
        if !may_place(&record, &owned_board(write, viewer, board)?) {
            return Err(AppError::invalid("board", policy::private_picture()));
        }
        Ok((pin_writes::place_pin(write, pin, board)?, record))
    })
    .await
}

/// Takes a pin off one of the viewer's boards.
pub async fn remove_from_board(
    data: &Data,
    viewer: UserId,
    pin: PinId,
    board: BoardId,
) -> AppResult<BoardRecord> {
    data.write(move |write| {
        owned_board(write, viewer, board)?;
        if !pin_writes::take_pin(write, pin, board)? {
            return Err(AppError::not_found(pin_not_found()));
        }
        owned_board(write, viewer, board)
    })
    .await
}

/// Moves a pin of one of the viewer's boards to `order` (the highest shows first).
pub async fn set_order(
    data: &Data,
    viewer: UserId,
    pin: PinId,
    board: BoardId,
    order: i64,
) -> AppResult<PinRecord> {
    data.write(move |write| {
        owned_board(write, viewer, board)?;
        if board_pins::order_of(write, pin, board)?.is_none() {
            return Err(AppError::not_found(pin_not_found()));
        }
        board_links::set_order(write, pin, board, order)?;
        pins::get(write, pin)?.ok_or_else(|| AppError::not_found(pin_not_found()))
    })
    .await
}
