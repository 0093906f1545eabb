//! Tag suggestions from the search index, off the async runtime.

use crate::domain::ids::UserId;
use crate::error::AppResult;
use crate::service::context::Services;

/// Tags starting with `token` on pins the viewer may see, most used first, without `exclude`.
pub async fn suggest_tags(
    services: &Services,
    viewer: Option<UserId>,
    token: String,
    exclude: Vec<String>,
    first: usize,
) -> AppResult<Vec<(String, usize)>> {
    services
        .blocking(move |services| {
            services
                .search
                .suggest_tags(viewer, &token, &exclude, first)
        })
        .await
}
