//! Who sent a request, and from where: the session cookie (from the app's own origin only) or an
//! API key; the client address (see `proxies`).

use poem::http::header;
use poem::{Endpoint, IntoResponse, Request, Response};

use crate::http::cookies::cookie;
use crate::http::proxies::client_of;
use corkboard_core::service::context::Services;
use corkboard_core::service::recognise;
use corkboard_core::service::sessions::SESSION_COOKIE;
use corkboard_core::service::viewer::Viewer;
use corkboard_domain::config::Config;

/// Finds who sent the request and attaches the `Viewer` to it for the handlers.
pub(crate) async fn with_viewer<E: Endpoint>(next: E, mut req: Request) -> poem::Result<Response> {
    let viewer = match req.data::<Services>() {
        Some(services) => viewer_of(&req, services).await,
        None => Viewer::default(),
    };
    req.set_data(viewer);
    next.call(req).await.map(IntoResponse::into_response)
}

/// Resolves the viewer; a cookie sent from another origin is ignored, so it can change nothing.
pub(crate) async fn viewer_of(req: &Request, services: &Services) -> Viewer {
    let own_origin = from_own_origin(req, &services.config);
    viewer_trusting(req, services, own_origin).await
}

/// The viewer of a share from the phone (the manifest's `share_target`): the OS opens the
/// installed app with a top-level POST that the browser itself starts, so it may carry
/// `Origin: null` (or none) with `Sec-Fetch-Site: none`. A web page cannot send that: a form on
/// another site is `Sec-Fetch-Site: cross-site` with that site's `Origin`, and its cookie is
/// ignored as everywhere else.
pub(crate) async fn viewer_of_share(req: &Request, services: &Services) -> Viewer {
    let origin = header_str(req, header::ORIGIN.as_str());
    let user_started = header_str(req, "sec-fetch-site") == Some("none")
        && origin.is_none_or(|origin| origin == "null");
    let own_origin = user_started || from_own_origin(req, &services.config);
    viewer_trusting(req, services, own_origin).await
}

async fn viewer_trusting(req: &Request, services: &Services, own_origin: bool) -> Viewer {
    let client = client_of(req, &services.config.trusted_proxies);
    let bearer = header_str(req, header::AUTHORIZATION.as_str())
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(|key| key.trim().to_owned());
    let cookie = session_token(req).filter(|_| {
        if !own_origin {
            tracing::warn!("a session cookie came from another origin; it was ignored");
        }
        own_origin
    });
    let anonymous = Viewer {
        client_ip: client.ip,
        over_https: client.https,
        foreign_origin: !own_origin,
        ..Viewer::default()
    };
    recognise::resolve(services, bearer, cookie, anonymous).await
}

fn header_str<'a>(req: &'a Request, name: &str) -> Option<&'a str> {
    req.headers()
        .get(name)
        .and_then(|value| value.to_str().ok())
}

fn session_token(req: &Request) -> Option<String> {
    cookie(req, SESSION_COOKIE)
        .filter(|token| !token.is_empty())
        .map(str::to_owned)
}

/// True unless the browser says the request comes from another origin (`Origin`, else
/// `Sec-Fetch-Site`, else `Referer`). A request with none of them is not a browser's cross-site one.
pub(crate) fn from_own_origin(req: &Request, config: &Config) -> bool {
    let host = header_str(req, header::HOST.as_str()).unwrap_or_default();
    if let Some(origin) = header_str(req, header::ORIGIN.as_str()) {
        return origin_is_own(origin, host, config);
    }
    if let Some(site) = header_str(req, "sec-fetch-site") {
        return matches!(site, "same-origin" | "none");
    }
    if let Some(referer) = header_str(req, header::REFERER.as_str()) {
        return origin_is_own(referer, host, config);
    }
    true
}

fn origin_is_own(origin: &str, host: &str, config: &Config) -> bool {
    let Ok(origin) = url::Url::parse(origin) else {
        return false;
    };
    let public = config
        .public_url
        .as_deref()
        .and_then(|url| url::Url::parse(url).ok());
    if public.is_some_and(|public| public.origin() == origin.origin()) {
        return true;
    }
    let authority = match (origin.host_str(), origin.port()) {
        (Some(name), Some(port)) => format!("{name}:{port}"),
        (Some(name), None) => name.to_owned(),
        (None, _) => return false,
    };
    !host.is_empty() && authority.eq_ignore_ascii_case(host)
}
