//! A signed-in user's last distinct searches, newest first (`RECENT_SEARCHES`), for the header's
//! suggestions: recorded when a page of results is asked, cleared on request.

use redb::{Durability, ReadableTable};

use super::codec::encode;
use super::tables::RECENT_SEARCHES;
use super::writing::Writing;
use super::{Source, Store, write_unfollowed};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;

/// How many searches are kept a user.
pub const KEPT: usize = 10;

/// The user's last searches, newest first.
pub fn of(tx: &impl Source, user: UserId) -> AppResult<Vec<String>> {
    let table = tx.table(RECENT_SEARCHES)?;
    let found = table.get(user.0)?;
    Ok(found
        .map(|bytes| tx.decode(bytes.value()))
        .transpose()?
        .unwrap_or_default())
}

/// Puts `search` first among the user's searches (once, whatever its case), keeping `KEPT`.
/// A search already first writes nothing. Committed without waiting for the disk and unseen
/// by the search index: a search asked a page at a time must not cost a durable write, and a
/// crash may lose the last few.
pub fn record(store: &Store, user: UserId, search: &str) -> AppResult<()> {
    let same = |kept: &String| kept.to_lowercase() == search.to_lowercase();
    if store.read(|read| of(read, user))?.first().is_some_and(same) {
        return Ok(());
    }
    write_unfollowed(store, Durability::None, |write| {
        let mut searches = of(write, user)?;
        searches.retain(|kept| !same(kept));
        searches.insert(0, search.to_owned());
        searches.truncate(KEPT);
        write
            .open_table(RECENT_SEARCHES)?
            .insert(user.0, encode(&searches)?.as_slice())?;
        Ok(())
    })
}

/// Forgets the user's searches.
pub fn clear(write: &Writing, user: UserId) -> AppResult<()> {
    write.open_table(RECENT_SEARCHES)?.remove(user.0)?;
    Ok(())
}
