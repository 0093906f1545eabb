//! Pin records and their places on boards, in both directions.

use redb::{ReadableTable, WriteTransaction};

use super::codec::{decode, encode};
use super::tables::{BOARD_PINS, PICTURES, PIN_BOARDS, PINS, PINS_BY_USER};
use super::{Source, ids_under, next_id};
use crate::domain::ids::{BoardId, PinId, UserId};
use crate::domain::pin::PinRecord;
use crate::error::AppResult;

pub fn get(tx: &impl Source, id: PinId) -> AppResult<Option<PinRecord>> {
    let pins = tx.table(PINS)?;
    let found = pins.get(id.0)?;
    found.map(|bytes| decode(bytes.value())).transpose()
}

/// A board's pins with their order, highest order first.
pub fn on_board(tx: &impl Source, board: BoardId) -> AppResult<Vec<(i64, PinId)>> {
    let table = tx.table(BOARD_PINS)?;
    let range = table.range((board.0, i64::MIN, 0)..=(board.0, i64::MAX, u64::MAX))?;
    let mut entries = range
        .map(|entry| entry.map(|(key, _)| (key.value().1, PinId(key.value().2))))
        .collect::<Result<Vec<_>, _>>()?;
    entries.reverse();
    Ok(entries)
}

/// The boards a pin is on.
pub fn boards_of(tx: &impl Source, pin: PinId) -> AppResult<Vec<BoardId>> {
    let table = tx.table(PIN_BOARDS)?;
    let range = table.range((pin.0, 0)..=(pin.0, u64::MAX))?;
    Ok(range
        .map(|entry| entry.map(|(key, _)| BoardId(key.value().1)))
        .collect::<Result<_, _>>()?)
}

/// Stores a new pin with a fresh id, counts its picture, and puts it on top of each board.
pub fn insert(
    write: &WriteTransaction,
    mut pin: PinRecord,
    on_boards: &[BoardId],
) -> AppResult<PinRecord> {
    pin.id = PinId(next_id(write)?);
    write
        .open_table(PINS)?
        .insert(pin.id.0, encode(&pin)?.as_slice())?;
    write
        .open_table(PINS_BY_USER)?
        .insert((pin.user.0, pin.id.0), ())?;
    let mut pictures = write.open_table(PICTURES)?;
    let count = pictures
        .get(pin.picture.sha1.as_str())?
        .map_or(0, |count| count.value());
    pictures.insert(pin.picture.sha1.as_str(), count + 1)?;
    for board in on_boards {
        add_to_board(write, pin.id, *board)?;
    }
    Ok(pin)
}

/// Puts a pin on top of a board (above its highest order); a pin already there keeps its place.
pub fn add_to_board(write: &WriteTransaction, pin: PinId, board: BoardId) -> AppResult<i64> {
    let mut pin_boards = write.open_table(PIN_BOARDS)?;
    if let Some(order) = pin_boards.get((pin.0, board.0))? {
        return Ok(order.value());
    }
    let mut board_pins = write.open_table(BOARD_PINS)?;
    let top = board_pins
        .range((board.0, i64::MIN, 0)..=(board.0, i64::MAX, u64::MAX))?
        .next_back()
        .transpose()?
        .map(|(key, _)| key.value().1);
    let order = top.map_or(0, |top| top + 1);
    board_pins.insert((board.0, order, pin.0), ())?;
    pin_boards.insert((pin.0, board.0), order)?;
    Ok(order)
}

/// A user's pins, oldest first.
pub fn of_user(tx: &impl Source, user: UserId) -> AppResult<Vec<PinRecord>> {
    let mut found = Vec::new();
    for id in ids_under(tx, PINS_BY_USER, user.0)? {
        found.extend(get(tx, PinId(id))?);
    }
    Ok(found)
}
