//! Pin records and their places on boards, in both directions.

use redb::ReadableTable;

use super::Source;
use super::codec::decode;
use super::tables::{BOARD_PINS, PIN_BOARDS, PINS};
use crate::domain::ids::{BoardId, PinId};
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
