//! `GET /api/export`: the signed-in user's archive (see `service::export`), streamed from a
//! temporary file.

use poem::web::Data;
use poem::{Body, Request, Response, handler};

use crate::http::session::viewer_of;
use crate::service::context::Services;
use crate::service::export::export_own;

#[handler]
pub async fn export_mine(req: &Request, services: Data<&Services>) -> poem::Result<Response> {
    let viewer = viewer_of(req, &services).await;
    let (file, name) = export_own(&services, &viewer).await?;
    let length = file.metadata().map(|m| m.len()).ok();
    let mut response = Response::builder()
        .content_type("application/zip")
        .header(
            "content-disposition",
            format!("attachment; filename=\"{name}\""),
        )
        .header("cache-control", "no-store");
    if let Some(length) = length {
        response = response.header("content-length", length);
    }
    Ok(response.body(Body::from_async_read(tokio::fs::File::from_std(file))))
}
