//! Pin records, found by id, by owner and by picture, and how many pins show each picture
//! (written, with every index, by `pin_writes`).

use std::sync::Arc;

use redb::{ReadableTable, ReadableTableMetadata};

use super::tables::{OWN_PICTURE_PINS, PICTURES, PINS, PINS_BY_PICTURE, PINS_BY_USER};
use super::{Source, ids_under, pin_ids_in};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{PinId, UserId};
use corkboard_domain::pin::PinRecord;

pub fn get(tx: &impl Source, id: PinId) -> AppResult<Option<PinRecord>> {
    let pins = tx.table(PINS)?;
    let found = pins.get(id.0)?;
    found.map(|bytes| tx.decode(bytes.value())).transpose()
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
    tx.note_records_read(found.iter().flatten().count());
    let mut decoded = Vec::new();
    if found.iter().any(Option::is_none) {
        let pins = tx.table(PINS)?;
        for (place, id) in found.iter_mut().zip(&ids) {
            if place.is_none()
                && let Some(bytes) = pins.get(id.0)?
            {
                let record = Arc::new(tx.decode::<PinRecord>(bytes.value())?);
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

/// The first pin showing the picture with this sha1 that is `wanted`, read one pin at a time
/// (each counted in `Store::keys_read`): a picture many pins show is not loaded whole.
pub fn first_showing(
    tx: &impl Source,
    sha1: &str,
    mut wanted: impl FnMut(PinId) -> AppResult<bool>,
) -> AppResult<Option<PinId>> {
    let table = tx.table(PINS_BY_PICTURE)?;
    for entry in table.range((sha1, 0)..=(sha1, u64::MAX))? {
        let pin = PinId(entry?.0.value().1);
        tx.note_keys_read(1);
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

/// Up to `most` of the user's own pins showing the picture of this sha1, oldest first: looked up,
/// however many other users pinned it.
pub fn of_user_showing(
    tx: &impl Source,
    user: UserId,
    sha1: &str,
    most: usize,
) -> AppResult<Vec<PinId>> {
    let table = tx.table(OWN_PICTURE_PINS)?;
    let range = table.range((user.0, sha1, 0)..=(user.0, sha1, u64::MAX))?;
    range
        .take(most)
        .map(|entry| Ok(PinId(entry?.0.value().2)))
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
