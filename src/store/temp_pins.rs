//! Temporary pins, by file name.

use chrono::{DateTime, Utc};
use redb::{ReadableTable, WriteTransaction};

use super::Source;
use super::codec::{decode, encode};
use super::tables::TEMP_PINS;
use crate::domain::temp_pin::TempPinRecord;
use crate::error::AppResult;

pub fn insert(write: &WriteTransaction, temp: &TempPinRecord) -> AppResult<()> {
    write
        .open_table(TEMP_PINS)?
        .insert(temp.file_name.as_str(), encode(temp)?.as_slice())?;
    Ok(())
}

pub fn get(tx: &impl Source, file_name: &str) -> AppResult<Option<TempPinRecord>> {
    let table = tx.table(TEMP_PINS)?;
    let found = table.get(file_name)?;
    found.map(|bytes| decode(bytes.value())).transpose()
}

pub fn remove(write: &WriteTransaction, file_name: &str) -> AppResult<()> {
    write.open_table(TEMP_PINS)?.remove(file_name)?;
    Ok(())
}

/// Removes every temporary pin expired at `now`, and returns them.
pub fn remove_expired(
    write: &WriteTransaction,
    now: DateTime<Utc>,
) -> AppResult<Vec<TempPinRecord>> {
    let mut table = write.open_table(TEMP_PINS)?;
    let mut expired = Vec::new();
    for entry in table.iter()? {
        let (_, bytes) = entry?;
        let temp: TempPinRecord = decode(bytes.value())?;
        if temp.expired(now) {
            expired.push(temp);
        }
    }
    for temp in &expired {
        table.remove(temp.file_name.as_str())?;
    }
    Ok(expired)
}
