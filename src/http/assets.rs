//! The web UI embedded in the binary: hashed assets cached forever, `index.html` for app routes
//! (with its link preview for the pages that have one, `link_previews`, and in the request's
//! language: `<html lang>` and its few words, as the installable app's manifest), each sent as
//! its brotli or gzip copy (made at build time) to browsers that accept it.

use poem::http::{StatusCode, header};
use poem::{Endpoint, Request, Response, Result};
use rust_embed::RustEmbed;

use crate::http::compression::accepts_encoding;
use crate::http::conditional;
use crate::http::html::escaped;
use crate::http::link_previews::previewed;
use corkboard_core::service::context::Services;
use corkboard_i18n::{Locale, Message, msg};

/// The words of `index.html` (written in English by the UI's build) said in another language.
const INDEX_WORDS: [Message; 2] = [msg!("page-description"), msg!("page-noscript")];
/// The installable app's manifest, whose description the build wrote in English.
const MANIFEST: &str = "manifest.webmanifest";

#[derive(RustEmbed)]
#[folder = "ui/dist"]
struct UiBundle;

/// Serves the embedded UI; extension-less paths outside `/api` and `/media` get `index.html`.
pub(crate) struct UiAssets;

impl Endpoint for UiAssets {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Response> {
        let path = req.uri().path().trim_start_matches('/');
        if let Some(file) = UiBundle::get(path).filter(|_| !path.is_empty() && !is_copy(path)) {
            let cache = if path.starts_with("assets/") {
                "public, max-age=31536000, immutable"
            } else {
                "no-cache"
            };
            let locale = Locale::current();
            if path == MANIFEST && locale != Locale::english() {
                return Ok(manifest_in(&file.data, &locale, &req));
            }
            return Ok(file_response(path, file, cache, &req));
        }
        let first_segment = path.split('/').next().unwrap_or_default();
        let last_segment = path.rsplit('/').next().unwrap_or_default();
        let is_app_route = !matches!(first_segment, "api" | "media") && !last_segment.contains('.');
        let Some(index) = UiBundle::get("index.html").filter(|_| is_app_route) else {
            return Ok(Response::builder()
                .status(StatusCode::NOT_FOUND)
                .body(msg!("page-not-found").text()));
        };
        let locale = Locale::current();
        let previewed = previewed_page(&req, &index.data).await;
        let page = match previewed {
            Some(page) => page,
            None if locale == Locale::english() => {
                return Ok(file_response("index.html", index, "no-cache", &req));
            }
            None => String::from_utf8_lossy(&index.data).into_owned(),
        };
        let page = in_language(page, &locale);
        Ok(conditional::answer(
            &req,
            "text/html; charset=utf-8",
            page,
            None,
        ))
    }
}

/// `index.html` (as the build wrote it, in English) said in `locale`.
fn in_language(index: String, locale: &Locale) -> String {
    if *locale == Locale::english() {
        return index;
    }
    let html = format!("<html lang=\"{}\">", escaped(&locale.code()));
    let mut page = index.replacen("<html lang=\"en\">", &html, 1);
    for words in &INDEX_WORDS {
        let english = escaped(&words.text_in(&Locale::english()));
        page = page.replacen(&english, &escaped(&words.text_in(locale)), 1);
    }
    page
}

/// The manifest (as the build wrote it, in English) with its description said in `locale`.
fn manifest_in(manifest: &[u8], locale: &Locale, req: &Request) -> Response {
    let words = msg!("manifest-description");
    let english = serde_json::to_string(&words.text_in(&Locale::english())).unwrap_or_default();
    let said = serde_json::to_string(&words.text_in(locale)).unwrap_or_default();
    let manifest = String::from_utf8_lossy(manifest).replacen(&english, &said, 1);
    conditional::answer(req, "application/manifest+json", manifest, None)
}

/// `index.html` with the link preview of the page asked for, when it has one.
async fn previewed_page(req: &Request, index: &[u8]) -> Option<String> {
    let services = req.data::<Services>()?;
    let index = std::str::from_utf8(index).ok()?;
    let (path, query) = (req.uri().path(), req.uri().query().unwrap_or_default());
    match previewed(services, index, path, query).await {
        Ok(page) => page,
        Err(error) => {
            error.log_if_internal();
            None
        }
    }
}

fn file_response(
    path: &str,
    file: rust_embed::EmbeddedFile,
    cache: &str,
    req: &Request,
) -> Response {
    let (encoding, file) = match compressed_copy(path, req) {
        Some((encoding, copy)) => (Some(encoding), copy),
        None => (None, file),
    };
    let etag = format!(
        "\"{}{}\"",
        hex::encode(&file.metadata.sha256_hash()[..16]),
        encoding.map(|e| format!("-{e}")).unwrap_or_default()
    );
    let mut builder = Response::builder()
        .header(header::CACHE_CONTROL, cache)
        .header(header::ETAG, &etag)
        .header(header::VARY, "Accept-Encoding");
    if let Some(encoding) = encoding {
        builder = builder.header(header::CONTENT_ENCODING, encoding);
    }
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

/// The brotli, else gzip, copy of `path` when the browser accepts it and the build made one.
fn compressed_copy(path: &str, req: &Request) -> Option<(&'static str, rust_embed::EmbeddedFile)> {
    [("br", "br"), ("gzip", "gz")]
        .into_iter()
        .filter(|(coding, _)| accepts_encoding(req, coding))
        .find_map(|(coding, extension)| {
            UiBundle::get(&format!("{path}.{extension}")).map(|copy| (coding, copy))
        })
}

/// The build's compressed copies are sent in place of their file, never by their own name.
fn is_copy(path: &str) -> bool {
    path.ends_with(".br") || path.ends_with(".gz")
}
