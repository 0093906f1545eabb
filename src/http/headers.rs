//! Security headers on every answer: no MIME sniffing, no framing, referrers kept to the site,
//! and a Content-Security-Policy that lets the UI load only its own scripts and styles.

use poem::http::{HeaderValue, header};
use poem::{Endpoint, IntoResponse, Request, Response};

/// Pictures may come from anywhere (the scan page shows a web page's pictures before one is
/// pinned); everything else only from Corkboard itself.
pub(crate) const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src * data: blob:; \
     script-src 'self'; style-src 'self'; connect-src 'self'; object-src 'none'; \
     base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

pub(crate) async fn security_headers<E: Endpoint>(next: E, req: Request) -> poem::Result<Response> {
    // GraphiQL, a developer's page, loads its scripts from a CDN: it gets no policy.
    let graphiql = req.uri().path() == "/api/graphql" && req.method() == poem::http::Method::GET;
    let mut response = next.call(req).await?.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    if !graphiql {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        );
    }
    Ok(response)
}
