//! One log line per request: method, path (never the query, which may hold tokens), status, time.

use std::time::Instant;

use poem::{Endpoint, Request, Response, Result};

pub(crate) async fn log_request<E: Endpoint>(next: E, req: Request) -> Result<Response> {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.uri().path().to_owned();
    let response = next.get_response(req).await;
    tracing::info!(
        %method,
        path,
        status = response.status().as_u16(),
        ms = started.elapsed().as_secs_f64() * 1000.0,
        "request"
    );
    Ok(response)
}
