//! The metrics page: the data folder's figures read, then every metric encoded.

use crate::service::context::Services;
use crate::service::metrics::Figures;
use crate::service::viewer::Viewer;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_i18n::msg;
use corkboard_store::{board_sweeps, pins, search_pending, search_sweeps, users};

/// The metrics, for an admin's API key only (a script's, not a browser's session).
pub async fn scrape_for(services: &Services, viewer: &Viewer) -> AppResult<String> {
    viewer.require_admin()?;
    if viewer.session_hash.is_some() {
        return Err(AppError::denied(msg!("error-metrics-need-admin-key")));
    }
    scrape(services).await
}

/// Reads the database's counts, the search index's size and the media folders' sizes, then
/// encodes every metric.
pub async fn scrape(services: &Services) -> AppResult<String> {
    services
        .blocking(|services| {
            let metrics = &services.metrics;
            let (pins, users, pending, sweeps, board_sweeps) = services.store.read(|read| {
                Ok((
                    pins::count(read)?,
                    users::count(read)?,
                    search_pending::count(read)?,
                    search_sweeps::count(read)?,
                    board_sweeps::count(read)?,
                ))
            })?;
            let figures = Figures {
                pins,
                users,
                search_pending: pending,
                search_sweeps: sweeps,
                board_sweeps,
                search_documents: services.search.len(),
            };
            metrics.encode(figures, &services.media)
        })
        .await
}
