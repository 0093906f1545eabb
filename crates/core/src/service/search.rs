//! Tag suggestions from the search index, off the async runtime, checked while a board waits for
//! its sweep.

use crate::service::data::Data;
use crate::service::pin_lists::first_seen_by_tag;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;
use corkboard_store::board_sweeps;
use corkboard_store::walks::Direction;

/// Tags starting with `token` on pins the viewer may see, most used first, without `exclude`.
pub async fn suggest_tags(
    data: &Data,
    viewer: Option<UserId>,
    token: String,
    exclude: Vec<String>,
    first: usize,
) -> AppResult<Vec<(String, usize)>> {
    data.reading(move |data| tags_seen(data, viewer, &token, &exclude, first))
        .await
}

/// `suggest_tags` on this thread.
pub(crate) fn tags_seen(
    data: &Data,
    viewer: Option<UserId>,
    token: &str,
    exclude: &[String],
    first: usize,
) -> AppResult<Vec<(String, usize)>> {
    let suggested = data.search.suggest_tags(viewer, token, exclude, first)?;
    if !data.store.read(board_sweeps::waiting)? {
        return Ok(suggested);
    }
    // While a board waits for its sweep, a tag may be on pins it hid only: each shown is
    // on a pin the viewer may see now (its count may still include the hidden ones).
    let mut seen = Vec::with_capacity(suggested.len());
    for (tag, count) in suggested {
        if first_seen_by_tag(data, viewer, &tag, None, Direction::Down)?.is_some() {
            seen.push((tag, count));
        }
    }
    Ok(seen)
}
