//! Temporary pins, by file name, with the bytes each user has waiting (`USER_TEMP_BYTES`), kept
//! in the same transaction.

use chrono::{DateTime, TimeDelta, Utc};
use redb::ReadableTable;

use super::codec::encode;
use super::tables::{TEMP_PINS, USER_TEMP_BYTES};
use super::writing::Writing;
use super::{Source, add_to_count};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;
use corkboard_domain::temp_pin::TempPinRecord;

pub fn insert(write: &Writing, temp: &TempPinRecord) -> AppResult<()> {
    let before = write
        .open_table(TEMP_PINS)?
        .insert(temp.file_name.as_str(), encode(temp)?.as_slice())?
        .map(|bytes| write.decode::<TempPinRecord>(bytes.value()))
        .transpose()?;
    if let Some(before) = before {
        bytes_changed(write, &before, false)?;
    }
    bytes_changed(write, temp, true)
}

pub fn get(tx: &impl Source, file_name: &str) -> AppResult<Option<TempPinRecord>> {
    let table = tx.table(TEMP_PINS)?;
    let found = table.get(file_name)?;
    found.map(|bytes| tx.decode(bytes.value())).transpose()
}

pub fn remove(write: &Writing, file_name: &str) -> AppResult<()> {
    let removed = write
        .open_table(TEMP_PINS)?
        .remove(file_name)?
        .map(|bytes| write.decode::<TempPinRecord>(bytes.value()))
        .transpose()?;
    if let Some(removed) = removed {
        bytes_changed(write, &removed, false)?;
    }
    Ok(())
}

/// The bytes of `user`'s temporary pins' files.
pub fn bytes_of(tx: &impl Source, user: UserId) -> AppResult<u64> {
    Ok(tx
        .table(USER_TEMP_BYTES)?
        .get(user.0)?
        .map_or(0, |bytes| bytes.value()))
}

/// Removes every temporary pin older than `lifetime` at `now`, and returns them.
pub fn remove_expired(
    write: &Writing,
    now: DateTime<Utc>,
    lifetime: TimeDelta,
) -> AppResult<Vec<TempPinRecord>> {
    let mut expired = Vec::new();
    for entry in write.open_table(TEMP_PINS)?.iter()? {
        let (_, bytes) = entry?;
        let temp: TempPinRecord = write.decode(bytes.value())?;
        if temp.expired(now, lifetime) {
            expired.push(temp);
        }
    }
    for temp in &expired {
        remove(write, &temp.file_name)?;
    }
    Ok(expired)
}

fn bytes_changed(write: &Writing, temp: &TempPinRecord, added: bool) -> AppResult<()> {
    let weight = i64::try_from(temp.picture.weight).unwrap_or(i64::MAX);
    let change = if added { weight } else { -weight };
    add_to_count(&mut write.open_table(USER_TEMP_BYTES)?, temp.user.0, change)
}
