//! The web UI embedded in the binary: hashed assets cached forever, `index.html` for app routes.

use poem::http::{StatusCode, header};
use poem::{Endpoint, Request, Response, Result};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "ui/dist"]
struct UiBundle;

/// Serves the embedded UI; extension-less paths outside `/api` and `/media` get `index.html`.
pub struct UiAssets;

impl Endpoint for UiAssets {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Response> {
        let path = req.uri().path().trim_start_matches('/');
        if let Some(file) = UiBundle::get(path).filter(|_| !path.is_empty()) {
            let cache = if path.starts_with("assets/") {
                "public, max-age=31536000, immutable"
            } else {
                "no-cache"
            };
            return Ok(file_response(path, file, cache, &req));
        }
        let first_segment = path.split('/').next().unwrap_or_default();
        let last_segment = path.rsplit('/').next().unwrap_or_default();
        let is_app_route = !matches!(first_segment, "api" | "media") && !last_segment.contains('.');
        match UiBundle::get("index.html").filter(|_| is_app_route) {
            Some(index) => Ok(file_response("index.html", index, "no-cache", &req)),
            None => Ok(Response::builder()
                .status(StatusCode::NOT_FOUND)
                .body("Not found")),
        }
    }
}

fn file_response(
    path: &str,
    file: rust_embed::EmbeddedFile,
    cache: &str,
    req: &Request,
) -> Response {
    let etag = format!("\"{}\"", hex(&file.metadata.sha256_hash()[..16]));
    let builder = Response::builder()
        .header(header::CACHE_CONTROL, cache)
        .header(header::ETAG, &etag);
    if req
        .headers()
        .get(header::IF_NONE_MATCH)
        .is_some_and(|tag| tag == etag.as_str())
    {
        return builder.status(StatusCode::NOT_MODIFIED).finish();
    }
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    builder
        .content_type(mime.as_ref())
        .body(file.data.into_owned())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}
