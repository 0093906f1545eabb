//! Answers made per request that a client may already hold: each carries an `ETag` (a hash of its
//! body) and, when known, a `Last-Modified`; a request naming them (`If-None-Match`, else
//! `If-Modified-Since`) gets a 304. Each is checked again on every use (`no-cache`).

use std::hash::{DefaultHasher, Hash, Hasher};

use chrono::{DateTime, Utc};
use poem::http::{StatusCode, header};
use poem::{Request, Response};

/// `body` as `content_type`, or a 304 when the client holds it already.
pub(crate) fn answer(
    req: &Request,
    content_type: &str,
    body: String,
    modified: Option<DateTime<Utc>>,
) -> Response {
    let mut hasher = DefaultHasher::new();
    body.hash(&mut hasher);
    let etag = format!("\"{:016x}\"", hasher.finish());
    let mut builder = Response::builder()
        .header(header::CACHE_CONTROL, "no-cache")
        .header(header::ETAG, &etag);
    if let Some(modified) = modified {
        builder = builder.header(header::LAST_MODIFIED, http_date(modified));
    }
    if held(req, &etag, modified) {
        return builder.status(StatusCode::NOT_MODIFIED).finish();
    }
    builder.content_type(content_type).body(body)
}

/// Whether the client's copy is this one: its `If-None-Match` names the tag, or (without one)
/// nothing changed since its `If-Modified-Since`.
fn held(req: &Request, etag: &str, modified: Option<DateTime<Utc>>) -> bool {
    let header_value = |name| req.headers().get(name).and_then(|v| v.to_str().ok());
    if let Some(tags) = header_value(header::IF_NONE_MATCH) {
        return tags
            .split(',')
            .map(|tag| tag.trim().trim_start_matches("W/"))
            .any(|tag| tag == etag || tag == "*");
    }
    let since = header_value(header::IF_MODIFIED_SINCE)
        .and_then(|since| DateTime::parse_from_rfc2822(since).ok());
    match (since, modified) {
        (Some(since), Some(modified)) => modified.timestamp() <= since.timestamp(),
        _ => false,
    }
}

/// A time as HTTP writes it: `Sun, 06 Nov 1994 08:49:37 GMT`.
fn http_date(time: DateTime<Utc>) -> String {
    time.format("%a, %d %b %Y %H:%M:%S GMT").to_string()
}
