//! `GET /healthz`: answers when the server and its database are usable.

use poem::web::Data;
use poem::{IntoResponse, handler, http::StatusCode};
use redb::ReadableDatabase;

use corkboard_core::service::context::Services;

#[handler]
pub async fn healthz(services: Data<&Services>) -> impl IntoResponse {
    let store = services.store.clone();
    let database_ok =
        tokio::task::spawn_blocking(move || store.db().is_ok_and(|db| db.begin_read().is_ok()))
            .await
            .unwrap_or(false);
    if database_ok {
        (StatusCode::OK, "ok")
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, "database unavailable")
    }
}
