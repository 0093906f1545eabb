//! Pin records, their owners' index, and how many pins show each picture.

use std::sync::Arc;

use redb::{ReadableTable, ReadableTableMetadata, WriteTransaction};

use super::codec::{self, decode, encode};
use super::tables::{PICTURES, PINS, PINS_BY_PICTURE, PINS_BY_USER};
use super::{
    Source, board_pins, boards, ids_under, next_id, pin_ids_in, pin_order, search_pending,
    user_pins,
};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, PinId, UserId};
use corkboard_domain::pin::PinRecord;

pub fn get(tx: &impl Source, id: PinId) -> AppResult<Option<PinRecord>> {
    let pins = tx.table(PINS)?;
    let found = pins.get(id.0)?;
    found.map(|bytes| decode(bytes.value())).transpose()
}

/// The pins of `ids` that exist, each beside its key, in the order of `ids`: those a read of the
/// same state decoded already as they were kept (`kept_records`), the others decoded now.
pub fn get_each<K>(
    tx: &impl Source,
    ids: impl IntoIterator<Item = (K, PinId)>,
) -> AppResult<Vec<(K, Arc<PinRecord>)>> {
    let (keys, ids): (Vec<K>, Vec<PinId>) = ids.into_iter().unzip();
    let kept = tx.kept();
    let mut found = match kept {
        Some((kept, state)) => kept.pins.get_each(state, &ids),
        None => vec![None; ids.len()],
    };
    codec::count_found(found.iter().flatten().count());
    let mut decoded = Vec::new();
    if found.iter().any(Option::is_none) {
        let pins = tx.table(PINS)?;
        for (place, id) in found.iter_mut().zip(&ids) {
            if place.is_none()
                && let Some(bytes) = pins.get(id.0)?
            {
                let record = Arc::new(decode::<PinRecord>(bytes.value())?);
                decoded.push((record.id, record.clone()));
                *place = Some(record);
            }
        }
    }
    if let Some((kept, state)) = kept
        && !decoded.is_empty()
    {
        kept.pins.keep(state, decoded);
    }
    Ok(keys
        .into_iter()
        .zip(found)
        .filter_map(|(key, pin)| Some((key, pin?)))
        .collect())
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
    user_pins::pin_changed(write, pin.user, true, pin.picture.weight)?;
    let mut pictures = write.open_table(PICTURES)?;
    let count = pictures
        .get(pin.picture.sha1.as_str())?
        .map_or(0, |count| count.value());
    pictures.insert(pin.picture.sha1.as_str(), count + 1)?;
    write
        .open_table(PINS_BY_PICTURE)?
        .insert((pin.picture.sha1.as_str(), pin.id.0), ())?;
    search_pending::mark(write, [pin.id])?;
    for board in on_boards {
        boards::place_pin(write, pin.id, *board)?;
    }
    Ok(pin)
}

/// A user's pins, oldest first.
pub fn of_user(tx: &impl Source, user: UserId) -> AppResult<Vec<PinRecord>> {
    let mut found = Vec::new();
    for id in ids_of_user(tx, user)? {
        found.extend(get(tx, id)?);
    }
    Ok(found)
}

/// The ids of a user's pins, without reading the pins.
pub(crate) fn ids_of_user(tx: &impl Source, user: UserId) -> AppResult<Vec<PinId>> {
    let ids = ids_under(tx, PINS_BY_USER, user.0)?;
    Ok(ids.into_iter().map(PinId).collect())
}

/// Saves a changed pin.
pub fn update(write: &WriteTransaction, pin: &PinRecord) -> AppResult<()> {
    search_pending::mark(write, [pin.id])?;
    write
        .open_table(PINS)?
        .insert(pin.id.0, encode(pin)?.as_slice())?;
    Ok(())
}

/// Removes a pin from its boards and the indexes; true when no pin shows its picture any more.
pub fn remove(write: &WriteTransaction, pin: &PinRecord) -> AppResult<bool> {
    search_pending::mark(write, [pin.id])?;
    for board in board_pins::boards_of(write, pin.id)? {
        boards::take_pin(write, pin.id, board)?;
    }
    write.open_table(PINS)?.remove(pin.id.0)?;
    write
        .open_table(PINS_BY_USER)?
        .remove((pin.user.0, pin.id.0))?;
    board_pins::set_public(write, pin.id, pin.user, false)?;
    user_pins::pin_changed(write, pin.user, false, pin.picture.weight)?;
    write
        .open_table(PINS_BY_PICTURE)?
        .remove((pin.picture.sha1.as_str(), pin.id.0))?;
    let mut pictures = write.open_table(PICTURES)?;
    let sha1 = pin.picture.sha1.as_str();
    let count = pictures.get(sha1)?.map_or(0, |count| count.value());
    if count > 1 {
        pictures.insert(sha1, count - 1)?;
        Ok(false)
    } else {
        pictures.remove(sha1)?;
        Ok(true)
    }
}

/// The first pin showing the picture with this sha1 that is `wanted`, read one pin at a time
/// (each counted in `pin_order::keys_read`): a picture many pins show is not loaded whole.
pub fn first_showing(
    tx: &impl Source,
    sha1: &str,
    mut wanted: impl FnMut(PinId) -> AppResult<bool>,
) -> AppResult<Option<PinId>> {
    let table = tx.table(PINS_BY_PICTURE)?;
    for entry in table.range((sha1, 0)..=(sha1, u64::MAX))? {
        let pin = PinId(entry?.0.value().1);
        pin_order::note_keys_read(1);
        if wanted(pin)? {
            return Ok(Some(pin));
        }
    }
    Ok(None)
}

/// Pins showing the picture with this sha1, at most `most` of them.
pub fn showing(tx: &impl Source, sha1: &str, most: usize) -> AppResult<Vec<PinId>> {
    let table = tx.table(PINS_BY_PICTURE)?;
    let range = table.range((sha1, 0)..=(sha1, u64::MAX))?;
    range
        .take(most)
        .map(|entry| Ok(PinId(entry?.0.value().1)))
        .collect()
}

/// The ids of a user's newest pins, newest first, at most `most` of them.
pub fn newest_ids_of_user(tx: &impl Source, user: UserId, most: usize) -> AppResult<Vec<PinId>> {
    let table = tx.table(PINS_BY_USER)?;
    let range = table.range((user.0, 0)..=(user.0, u64::MAX))?;
    range
        .rev()
        .take(most)
        .map(|entry| Ok(PinId(entry?.0.value().1)))
        .collect()
}

/// How many pins show the picture of this sha1.
pub fn picture_count(tx: &impl Source, sha1: &str) -> AppResult<u64> {
    Ok(tx
        .table(PICTURES)?
        .get(sha1)?
        .map_or(0, |count| count.value()))
}

/// Every pin id, oldest first.
pub fn all_ids(tx: &impl Source) -> AppResult<Vec<PinId>> {
    pin_ids_in(tx, PINS)
}

/// How many pins there are.
pub fn count(tx: &impl Source) -> AppResult<u64> {
    Ok(tx.table(PINS)?.len()?)
}
