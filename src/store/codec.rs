//! How records are written into redb values: MessagePack with field names, so that new optional
//! fields (with `#[serde(default)]`) need no migration.

use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::Context;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::AppResult;

pub fn encode<T: Serialize>(record: &T) -> AppResult<Vec<u8>> {
    Ok(rmp_serde::to_vec_named(record).context("cannot encode a record")?)
}

/// Records decoded by this process so far: what answering costs, whatever the transactions.
/// Process-wide, so a test that counts it keeps other work out of its process.
static DECODED: AtomicU64 = AtomicU64::new(0);

pub fn decoded_count() -> u64 {
    DECODED.load(Ordering::Relaxed)
}

pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> AppResult<T> {
    DECODED.fetch_add(1, Ordering::Relaxed);
    Ok(rmp_serde::from_slice(bytes).context("cannot decode a stored record")?)
}
