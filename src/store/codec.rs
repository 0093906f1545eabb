//! How records are written into redb values: MessagePack with field names, so that new optional
//! fields (with `#[serde(default)]`) need no migration.

use anyhow::Context;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::AppResult;

pub fn encode<T: Serialize>(record: &T) -> AppResult<Vec<u8>> {
    Ok(rmp_serde::to_vec_named(record).context("cannot encode a record")?)
}

pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> AppResult<T> {
    Ok(rmp_serde::from_slice(bytes).context("cannot decode a stored record")?)
}
