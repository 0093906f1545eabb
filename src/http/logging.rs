//! One log line per request: method, path (never the query, which may hold tokens, and with a
//! share link's token left out), status, time.

use std::time::Instant;

use poem::{Endpoint, Request, Response, Result};

pub(crate) async fn log_request<E: Endpoint>(next: E, req: Request) -> Result<Response> {
    let started = Instant::now();
    let method = req.method().clone();
    let path = without_tokens(req.uri().path());
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

/// `path` with the token of a share link's pages (`/shared/{token}/...`) and feed
/// (`/feeds/shared/{token}.atom`) replaced by `{token}`: whoever reads the log must not open them.
fn without_tokens(path: &str) -> String {
    for prefix in ["/shared/", "/feeds/shared/"] {
        if let Some(rest) = path.strip_prefix(prefix) {
            let end = rest.find(['/', '.']).unwrap_or(rest.len());
            return format!("{prefix}{{token}}{}", &rest[end..]);
        }
    }
    path.to_owned()
}

#[cfg(test)]
mod tests {
    use super::without_tokens;

    #[test]
    fn share_link_tokens_are_left_out() {
        assert_eq!(
            without_tokens("/shared/s3cr3t/pins/7/"),
            "/shared/{token}/pins/7/"
        );
        assert_eq!(
            without_tokens("/feeds/shared/s3cr3t.atom"),
            "/feeds/shared/{token}.atom"
        );
        assert_eq!(without_tokens("/ann/boards/sea/"), "/ann/boards/sea/");
    }
}
