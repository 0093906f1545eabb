//! The language of each request: its `locale` cookie (the UI's language switch and the profile's
//! choice set it) when it names a language the catalogs have, else the best match of its
//! `Accept-Language`, else English. It is the current locale while the request is answered, so
//! errors, titles and pages are said in it; answers that depend on it say so (`Vary`).

use poem::http::{HeaderValue, header};
use poem::{Endpoint, IntoResponse, Request, Response};

use crate::http::cookies::cookie;
use corkboard_i18n::Locale;

/// The cookie naming a person's language.
const LOCALE_COOKIE: &str = "locale";

/// The language `req` asks for.
fn of_request(req: &Request) -> Locale {
    let cookie = cookie(req, LOCALE_COOKIE);
    let accept_language = req
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok());
    Locale::negotiate(cookie, accept_language)
}

/// Answers the request with its language as the current locale.
pub(crate) async fn with_locale<E: Endpoint>(next: E, req: Request) -> poem::Result<Response> {
    let locale = of_request(&req);
    let mut response = locale
        .scope(async move { next.call(req).await.map(IntoResponse::into_response) })
        .await?;
    let immutable = response
        .headers()
        .get(header::CACHE_CONTROL)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.contains("immutable"));
    if !immutable {
        response
            .headers_mut()
            .append(header::VARY, HeaderValue::from_static("Accept-Language"));
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asking(cookie: Option<&str>, accept_language: Option<&str>) -> String {
        let mut req = Request::builder();
        if let Some(cookie) = cookie {
            req = req.header(header::COOKIE, cookie);
        }
        if let Some(accept_language) = accept_language {
            req = req.header(header::ACCEPT_LANGUAGE, accept_language);
        }
        of_request(&req.finish()).code()
    }

    #[test]
    fn the_cookie_then_accept_language_then_english() {
        assert_eq!(asking(None, Some("fr-FR,fr;q=0.9")), "fr");
        assert_eq!(asking(Some("session=x; locale=fr"), Some("en-US")), "fr");
        assert_eq!(asking(Some("locale=xx"), Some("fr")), "fr");
        assert_eq!(asking(Some("locale=en"), Some("fr")), "en");
        assert_eq!(asking(None, None), "en");
    }
}
