//! Who sent a request: the session cookie (from the app's own origin only) or an API key.

use std::net::IpAddr;

use poem::Request;
use poem::http::header;

use crate::app::AppState;
use crate::config::Config;
use crate::graphql::context::Viewer;
use crate::service::secrets::secret_hash;
use crate::service::{api_keys, auth};

pub const SESSION_COOKIE: &str = "corkboard_session";
const SESSION_SECONDS: i64 = 30 * 24 * 60 * 60;

/// Resolves the viewer; a cookie sent from another origin is ignored, so it can change nothing.
pub async fn viewer_of(req: &Request, state: &AppState) -> Viewer {
    let client_ip = req.remote_addr().as_socket_addr().map(|addr| addr.ip());
    let bearer = header_str(req, header::AUTHORIZATION.as_str())
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(|key| key.trim().to_owned());
    let cookie = session_token(req).filter(|_| {
        let same_origin = from_own_origin(req, &state.config);
        if !same_origin {
            tracing::warn!("a session cookie came from another origin; it was ignored");
        }
        same_origin
    });
    resolve(state, bearer, cookie, client_ip).await
}

async fn resolve(
    state: &AppState,
    bearer: Option<String>,
    cookie: Option<String>,
    client_ip: Option<IpAddr>,
) -> Viewer {
    let anonymous = Viewer {
        client_ip,
        ..Viewer::default()
    };
    if bearer.is_none() && cookie.is_none() {
        return anonymous;
    }
    let found = state
        .blocking(move |state| {
            if let Some(key) = bearer {
                return Ok(api_keys::user_of_key(state, &key)?.map(|user| (user, None)));
            }
            let Some(token) = cookie else { return Ok(None) };
            Ok(auth::user_of_session(state, &token)?.map(|user| (user, Some(secret_hash(&token)))))
        })
        .await;
    match found {
        Ok(Some((user, session_hash))) => Viewer {
            user: Some(user),
            session_hash,
            client_ip,
        },
        Ok(None) => anonymous,
        Err(error) => {
            tracing::error!(error = ?error, "cannot resolve the viewer");
            anonymous
        }
    }
}

fn header_str<'a>(req: &'a Request, name: &str) -> Option<&'a str> {
    req.headers()
        .get(name)
        .and_then(|value| value.to_str().ok())
}

fn session_token(req: &Request) -> Option<String> {
    req.headers()
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == SESSION_COOKIE)
        .map(|(_, token)| token.to_owned())
        .filter(|token| !token.is_empty())
}

/// True unless the browser says the request comes from another origin (`Origin`, else
/// `Sec-Fetch-Site`, else `Referer`). A request with none of them is not a browser's cross-site one.
pub fn from_own_origin(req: &Request, config: &Config) -> bool {
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

/// The `Set-Cookie` value that signs a browser in.
pub fn session_cookie(token: &str, config: &Config) -> String {
    format!(
        "{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={SESSION_SECONDS}{}",
        secure(config)
    )
}

/// The `Set-Cookie` value that signs a browser out.
pub fn clear_session_cookie(config: &Config) -> String {
    format!(
        "{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{}",
        secure(config)
    )
}

fn secure(config: &Config) -> &'static str {
    if config
        .public_url
        .as_deref()
        .is_some_and(|url| url.starts_with("https://"))
    {
        "; Secure"
    } else {
        ""
    }
}
