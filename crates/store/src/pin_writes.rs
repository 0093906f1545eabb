//! Writing pins: inserting, changing and removing a pin, and putting it on a board or taking it
//! off, each with every index it is in (its owner's, its picture's and its look's, its boards', the
//! public ones, the feeds) and its search mark.

use redb::ReadableTable;

use super::codec::{decode, encode};
use super::public_pins::{refresh_public, set_public};
use super::tables::{
    OWN_PICTURE_PINS, PICTURES, PINS, PINS_BY_PICTURE, PINS_BY_USER, PRIVATE_PICTURE_PINS,
};
use super::writing::Writing;
use super::{
    Source, board_links, board_pins, board_writes, boards, feed, look_alikes, next_id,
    search_pending, user_pins,
};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, PinId, UserId};
use corkboard_domain::pin::PinRecord;

/// Stores a new pin with a fresh id, counts its picture, and puts it on top of each board.
pub fn insert(write: &Writing, mut pin: PinRecord, on_boards: &[BoardId]) -> AppResult<PinRecord> {
    pin.id = PinId(next_id(write)?);
    write
        .open_table(PINS)?
        .insert(pin.id.0, encode(&pin)?.as_slice())?;
    write
        .open_table(PINS_BY_USER)?
        .insert((pin.user.0, pin.id.0), ())?;
    keep_private_picture(write, &pin)?;
    user_pins::pin_changed(write, pin.user, true, pin.picture.weight)?;
    let mut pictures = write.open_table(PICTURES)?;
    let count = pictures
        .get(pin.picture.sha1.as_str())?
        .map_or(0, |count| count.value());
    pictures.insert(pin.picture.sha1.as_str(), count + 1)?;
    if count == 0 {
        look_alikes::add(write, &pin.picture)?;
    }
    write
        .open_table(PINS_BY_PICTURE)?
        .insert((pin.picture.sha1.as_str(), pin.id.0), ())?;
    write
        .open_table(OWN_PICTURE_PINS)?
        .insert((pin.user.0, pin.picture.sha1.as_str(), pin.id.0), ())?;
    search_pending::mark(write, [pin.id])?;
    for board in on_boards {
        place_pin(write, pin.id, *board)?;
    }
    Ok(pin)
}

/// Saves a changed pin.
pub fn update(write: &Writing, pin: &PinRecord) -> AppResult<()> {
    search_pending::mark(write, [pin.id])?;
    write
        .open_table(PINS)?
        .insert(pin.id.0, encode(pin)?.as_slice())?;
    keep_private_picture(write, pin)
}

/// Keeps the pin among its owner's pins of a picture shared privately while it is one.
fn keep_private_picture(write: &Writing, pin: &PinRecord) -> AppResult<()> {
    let mut kept = write.open_table(PRIVATE_PICTURE_PINS)?;
    if pin.private_picture {
        kept.insert((pin.user.0, pin.id.0), ())?;
    } else {
        kept.remove((pin.user.0, pin.id.0))?;
    }
    Ok(())
}

/// Whether one of the owner's pins on `board` shows a picture shared with them privately (the
/// board must then stay private): the owner's few such pins are looked up, not the board's.
pub fn holds_private_picture(tx: &impl Source, owner: UserId, board: BoardId) -> AppResult<bool> {
    let table = tx.table(PRIVATE_PICTURE_PINS)?;
    for entry in table.range((owner.0, 0)..=(owner.0, u64::MAX))? {
        let pin = PinId(entry?.0.value().1);
        if board_pins::order_of(tx, pin, board)?.is_some() {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Fills the pins of pictures shared privately from every pin (migration 29).
pub(crate) fn fill_private_pictures(write: &Writing) -> AppResult<()> {
    let pins = write.open_table(PINS)?;
    let mut kept = write.open_table(PRIVATE_PICTURE_PINS)?;
    for entry in pins.iter()? {
        let (_, bytes) = entry?;
        let pin: PinRecord = decode(bytes.value())?;
        if pin.private_picture {
            kept.insert((pin.user.0, pin.id.0), ())?;
        }
    }
    Ok(())
}

/// Fills each owner's pins by picture from every pin (migration 31).
pub(crate) fn fill_own_pictures(write: &Writing) -> AppResult<()> {
    let pins = write.open_table(PINS)?;
    let mut own = write.open_table(OWN_PICTURE_PINS)?;
    for entry in pins.iter()? {
        let (_, bytes) = entry?;
        let pin: PinRecord = decode(bytes.value())?;
        own.insert((pin.user.0, pin.picture.sha1.as_str(), pin.id.0), ())?;
    }
    Ok(())
}

/// Removes a pin from its boards, the indexes and the feeds; true when no pin shows its picture
/// any more.
pub fn remove(write: &Writing, pin: &PinRecord) -> AppResult<bool> {
    search_pending::mark(write, [pin.id])?;
    feed::removed(write, pin)?;
    for board in board_pins::boards_of(write, pin.id)? {
        take_pin(write, pin.id, board)?;
    }
    write.open_table(PINS)?.remove(pin.id.0)?;
    write
        .open_table(PINS_BY_USER)?
        .remove((pin.user.0, pin.id.0))?;
    write
        .open_table(PRIVATE_PICTURE_PINS)?
        .remove((pin.user.0, pin.id.0))?;
    set_public(write, pin.id, pin.user, false)?;
    user_pins::pin_changed(write, pin.user, false, pin.picture.weight)?;
    write
        .open_table(PINS_BY_PICTURE)?
        .remove((pin.picture.sha1.as_str(), pin.id.0))?;
    write.open_table(OWN_PICTURE_PINS)?.remove((
        pin.user.0,
        pin.picture.sha1.as_str(),
        pin.id.0,
    ))?;
    let mut pictures = write.open_table(PICTURES)?;
    let sha1 = pin.picture.sha1.as_str();
    let count = pictures.get(sha1)?.map_or(0, |count| count.value());
    if count > 1 {
        pictures.insert(sha1, count - 1)?;
        Ok(false)
    } else {
        pictures.remove(sha1)?;
        look_alikes::remove(write, &pin.picture)?;
        Ok(true)
    }
}

/// Puts a pin on top of a board (above its highest order); a pin already there keeps its place.
pub fn place_pin(write: &Writing, pin: PinId, board: BoardId) -> AppResult<i64> {
    if let Some(order) = board_pins::order_of(write, pin, board)? {
        return Ok(order);
    }
    let order = board_pins::top_order(write, board)?;
    board_links::set_order(write, pin, board, order)?;
    refresh_public(write, pin)?;
    Ok(order)
}

/// Takes a pin off a board, clearing the board's cover when it was this pin; false when it was not there.
pub fn take_pin(write: &Writing, pin: PinId, board: BoardId) -> AppResult<bool> {
    if !board_links::unlink(write, pin, board)? {
        return Ok(false);
    }
    if let Some(before) = boards::get(write, board)?
        && before.cover == Some(pin)
    {
        let mut after = before.clone();
        after.cover = None;
        board_writes::save(write, Some(&before), &after)?;
    }
    refresh_public(write, pin)?;
    Ok(true)
}
