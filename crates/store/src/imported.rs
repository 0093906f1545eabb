//! Where imported records came from (`imported-1`), and the id naming this instance in exports.

use redb::ReadableTable;

use super::Source;
use super::tables::{IMPORTED, META};
use super::writing::Writing;
use corkboard_domain::error::AppResult;

/// The `meta` key of this instance's random id (made by migration 13).
pub(crate) const INSTANCE_ID_KEY: &str = "instance_id";

/// This instance's id, as exports name it (16 hex digits).
pub fn instance_id(tx: &impl Source) -> AppResult<String> {
    let id = tx.table(META)?.get(INSTANCE_ID_KEY)?.map(|v| v.value());
    Ok(format!("{:016x}", id.unwrap_or_default()))
}

/// Which record of an archive: its origin, the local owner (0 for a user), a kind and its id there.
#[derive(Debug, Clone, Copy)]
pub struct Origin<'a> {
    pub archive: &'a str,
    pub owner: u64,
    pub kind: &'a str,
    pub id: u64,
}

/// The local id the record was imported as, if it was.
pub fn get(tx: &impl Source, origin: Origin) -> AppResult<Option<u64>> {
    let key = (origin.archive, origin.owner, origin.kind, origin.id);
    Ok(tx.table(IMPORTED)?.get(key)?.map(|v| v.value()))
}

/// Remembers that the record was imported as `local`.
pub fn put(write: &Writing, origin: Origin, local: u64) -> AppResult<()> {
    let key = (origin.archive, origin.owner, origin.kind, origin.id);
    write.open_table(IMPORTED)?.insert(key, local)?;
    Ok(())
}

/// The local ids of every record of `kind` imported from `archive` for `owner`.
pub fn locals(tx: &impl Source, archive: &str, owner: u64, kind: &str) -> AppResult<Vec<u64>> {
    let table = tx.table(IMPORTED)?;
    let range = table.range((archive, owner, kind, 0)..=(archive, owner, kind, u64::MAX))?;
    Ok(range
        .map(|entry| entry.map(|(_, local)| local.value()))
        .collect::<Result<_, _>>()?)
}
