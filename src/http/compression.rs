//! Compression: API answers compressed on the fly for browsers that accept it (zstd, else gzip),
//! when they are large enough to gain from it (visitors' kept answers are gzipped once, see
//! `graphql::answers`).

use std::cell::RefCell;
use std::io::Write;

use flate2::Compression;
use flate2::write::GzEncoder;
use poem::http::{HeaderValue, header};
use poem::{Endpoint, IntoResponse, Request, Response};

use corkboard_core::service::context::Services;

/// Answers smaller than this go out as they are: the gain would not pay for the work.
pub(crate) const SMALLEST: usize = 1024;

/// The zstd level of an answer compressed for one request: a 50-pin page (17 KB) takes about
/// 25 µs to 3.9 KB, where gzip took 50 µs to 4.1 KB at level 2 (zlib-rs).
const ZSTD_ON_THE_FLY: i32 = 1;

/// The gzip level of an answer compressed for one request, for a browser without zstd.
const GZIP_ON_THE_FLY: u32 = 2;

/// The gzip level of an answer compressed once for every visitor until the next change (about
/// 90 µs to 3.8 KB for that page). Kept answers stay gzip, for every browser: zstd at a level
/// that takes as long (6) makes them only 3% smaller.
pub(crate) const KEPT: u32 = 6;

/// `bytes` gzipped at `level` (0 to 9).
pub(crate) fn gzip(bytes: &[u8], level: u32) -> std::io::Result<Vec<u8>> {
    let mut encoder = GzEncoder::new(Vec::with_capacity(bytes.len() / 4), Compression::new(level));
    encoder.write_all(bytes)?;
    encoder.finish()
}

thread_local! {
    /// Each thread's zstd context, made once: making one costs a third of a small answer's work.
    static ZSTD: RefCell<Option<zstd::bulk::Compressor<'static>>> = const { RefCell::new(None) };
}

/// `bytes` as one zstd frame, at the on-the-fly level.
fn zstd(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    ZSTD.with_borrow_mut(|compressor| {
        let compressor = match compressor {
            Some(compressor) => compressor,
            None => compressor.insert(zstd::bulk::Compressor::new(ZSTD_ON_THE_FLY)?),
        };
        compressor.compress(bytes)
    })
}

/// How an answer goes out compressed.
#[derive(Clone, Copy)]
enum Coding {
    Zstd,
    Gzip,
}

impl Coding {
    /// zstd when the browser accepts it (Chromium and Firefox do), else gzip, else none.
    fn accepted_by(req: &Request) -> Option<Coding> {
        if accepts_encoding(req, "zstd") {
            Some(Coding::Zstd)
        } else {
            accepts_encoding(req, "gzip").then_some(Coding::Gzip)
        }
    }

    fn compress(self, bytes: &[u8]) -> std::io::Result<Vec<u8>> {
        match self {
            Coding::Zstd => zstd(bytes),
            Coding::Gzip => gzip(bytes, GZIP_ON_THE_FLY),
        }
    }

    fn header(self) -> HeaderValue {
        HeaderValue::from_static(match self {
            Coding::Zstd => "zstd",
            Coding::Gzip => "gzip",
        })
    }
}

/// Compresses larger API answers as the browser accepts them.
pub(crate) async fn compress_answers<E: Endpoint>(next: E, req: Request) -> poem::Result<Response> {
    let coding = Coding::accepted_by(&req);
    let metrics = req
        .data::<Services>()
        .map(|services| services.metrics.clone());
    let mut response = next.call(req).await?.into_response();
    response
        .headers_mut()
        .append(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    let compressed_already = response.headers().contains_key(header::CONTENT_ENCODING);
    let Some(coding) = coding.filter(|_| !compressed_already) else {
        return Ok(response);
    };
    let (parts, body) = response.into_parts();
    let bytes = body.into_bytes().await?;
    if bytes.len() < SMALLEST {
        return Ok(Response::from_parts(parts, bytes.into()));
    }
    let compressed = coding
        .compress(&bytes)
        .map_err(poem::error::InternalServerError)?;
    if let Some(metrics) = metrics {
        metrics.note_compression();
    }
    let mut response = Response::from_parts(parts, compressed.into());
    response
        .headers_mut()
        .insert(header::CONTENT_ENCODING, coding.header());
    response.headers_mut().remove(header::CONTENT_LENGTH);
    Ok(response)
}

/// Whether the request's `Accept-Encoding` lists `coding` without refusing it (`q=0`).
pub(crate) fn accepts_encoding(req: &Request, coding: &str) -> bool {
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
