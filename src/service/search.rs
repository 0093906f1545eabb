//! Tag suggestions from the search index, off the async runtime.

use crate::app::AppState;
use crate::domain::ids::UserId;
use crate::error::AppResult;

/// Tags starting with `token` on pins the viewer may see, most used first, without `exclude`.
pub async fn suggest_tags(
    state: &AppState,
    viewer: Option<UserId>,
    token: String,
    exclude: Vec<String>,
    first: usize,
) -> AppResult<Vec<(String, usize)>> {
    state
        .blocking(move |state| state.search.suggest_tags(viewer, &token, &exclude, first))
        .await
}
