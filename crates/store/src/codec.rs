//! How records are written into redb values: MessagePack, each struct an array of its fields.

use anyhow::Context;
use serde::Serialize;
use serde::de::DeserializeOwned;

use corkboard_domain::error::AppResult;

/// A struct is written as the array of its fields, in the order they are declared: a field's
/// place is its name. A new field goes at the end, with `#[serde(default)]`, so that records
/// written before it still read; a field is never moved or removed
/// (`tests::stored_records_keep_their_fields_in_place`). Records written by earlier versions
/// have their field names, and read as well: decoding takes either, and a record loses its names
/// when it is next written. Without them a pin's record is about a third smaller, and a page of
/// 50 pins takes about a tenth less work.
pub fn encode<T: Serialize>(record: &T) -> AppResult<Vec<u8>> {
    Ok(rmp_serde::to_vec(record).context("cannot encode a record")?)
}

/// Reads a record `encode` wrote. A transaction's `Source::decode` counts the records it reads
/// (`read_counts`).
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> AppResult<T> {
    Ok(rmp_serde::from_slice(bytes).context("cannot decode a stored record")?)
}
