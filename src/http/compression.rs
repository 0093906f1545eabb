//! Compression: API answers gzipped on the fly for browsers that accept it, when they are large
//! enough to gain from it.

use std::io::Write;

use flate2::Compression;
use flate2::write::GzEncoder;
use poem::http::{HeaderValue, header};
use poem::{Endpoint, IntoResponse, Request, Response};

/// Answers smaller than this go out as they are: the gain would not pay for the work.
const SMALLEST: usize = 1024;

pub async fn gzip_answers<E: Endpoint>(next: E, req: Request) -> poem::Result<Response> {
    let accepts_gzip = accepts_encoding(&req, "gzip");
    let mut response = next.call(req).await?.into_response();
    response
        .headers_mut()
        .append(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    if !accepts_gzip || response.headers().contains_key(header::CONTENT_ENCODING) {
        return Ok(response);
    }
    let (parts, body) = response.into_parts();
    let bytes = body.into_bytes().await?;
    if bytes.len() < SMALLEST {
        return Ok(Response::from_parts(parts, bytes.into()));
    }
    let mut encoder = GzEncoder::new(Vec::with_capacity(bytes.len() / 4), Compression::new(6));
    encoder
        .write_all(&bytes)
        .map_err(poem::error::InternalServerError)?;
    let gzipped = encoder.finish().map_err(poem::error::InternalServerError)?;
    let mut response = Response::from_parts(parts, gzipped.into());
    response
        .headers_mut()
        .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    response.headers_mut().remove(header::CONTENT_LENGTH);
    Ok(response)
}

/// Whether the request's `Accept-Encoding` lists `coding` without refusing it (`q=0`).
pub fn accepts_encoding(req: &Request, coding: &str) -> bool {
    let accepted = req.header(header::ACCEPT_ENCODING).unwrap_or_default();
    accepted.split(',').any(|part| {
        let mut parts = part.split(';');
        let named = parts
            .next()
            .is_some_and(|name| name.trim().eq_ignore_ascii_case(coding));
        let refused = parts.any(|param| {
            param
                .trim()
                .strip_prefix("q=")
                .and_then(|q| q.parse::<f32>().ok())
                .is_some_and(|q| q <= 0.0)
        });
        named && !refused
    })
}
