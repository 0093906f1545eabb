//! `GET /metrics` for Prometheus, and the count and duration of every request by route.

use std::time::Instant;

use poem::error::NotFoundError;
use poem::web::Data;
use poem::{Endpoint, Request, Response, handler};

use crate::http::session::viewer_of;
use corkboard_core::service::context::Services;
use corkboard_core::service::metrics::CONTENT_TYPE;
use corkboard_core::service::metrics_scrape::{scrape, scrape_for};

/// Records every request under its route (see `route_of`), with its status and duration.
pub(crate) async fn count_requests<E: Endpoint>(next: E, req: Request) -> poem::Result<Response> {
    let started = Instant::now();
    let route = route_of(req.uri().path());
    let metrics = req
        .data::<Services>()
        .map(|services| services.metrics.clone());
    let response = next.get_response(req).await;
    if let Some(metrics) = metrics {
        let seconds = started.elapsed().as_secs_f64();
        metrics.record_request(route, response.status().as_u16(), seconds);
    }
    Ok(response)
}

/// A path's route: a fixed name per endpoint, so that ids and names never become labels.
pub(crate) fn route_of(path: &str) -> &'static str {
    match path {
        "/api/graphql" => "/api/graphql",
        "/api/upload/pin" => "/api/upload/pin",
        "/api/upload/avatar" => "/api/upload/avatar",
        "/api/openapi.json" => "/api/openapi.json",
        "/healthz" => "/healthz",
        "/metrics" => "/metrics",
        _ if path.starts_with("/api/") => "/api",
        _ if path.starts_with("/media/") => "/media",
        _ if path.starts_with("/assets/") => "/assets",
        _ if path.starts_with("/feeds/") => "/feeds",
        _ => "ui",
    }
}

/// `GET /metrics` on the main address: for an admin's API key; not there at all when the
/// metrics have an address of their own (`metrics.listen`).
#[handler]
pub(crate) async fn metrics_for_admins(
    req: &Request,
    services: Data<&Services>,
) -> poem::Result<Response> {
    if services.config.metrics.listen.is_some() {
        return Err(NotFoundError.into());
    }
    let viewer = viewer_of(req, &services).await;
    Ok(exposition(scrape_for(&services, &viewer).await?))
}

/// `GET /metrics` on `metrics.listen`: for anyone who reaches that address.
#[handler]
pub(crate) async fn metrics_for_all(services: Data<&Services>) -> poem::Result<Response> {
    Ok(exposition(scrape(&services).await?))
}

fn exposition(text: String) -> Response {
    Response::builder()
        .content_type(CONTENT_TYPE)
        .header("cache-control", "no-store")
        .body(text)
}

#[cfg(test)]
mod tests {
    use super::route_of;

    #[test]
    fn routes_are_templates_not_paths() {
        assert_eq!(route_of("/media/previews/ab/cd/x_236.webp"), "/media");
        assert_eq!(route_of("/assets/main-AB12CD34.js"), "/assets");
        assert_eq!(route_of("/api/nothing/here"), "/api");
        assert_eq!(route_of("/feeds/users/ada.atom"), "/feeds");
        assert_eq!(route_of("/ada/holidays"), "ui");
        assert_eq!(route_of("/"), "ui");
        assert_eq!(route_of("/api/graphql"), "/api/graphql");
    }
}
