//! Which names the server answers to, against DNS rebinding: a page on `evil.example` whose
//! name is made to point at the server's address sends `Host: evil.example` with a matching
//! `Origin`, which the same-origin checks alone would take for the app's own. A request that
//! changes something must name the server as `public_url` does, or by its listening address
//! (an IP address when it listens on all of them; `localhost` when it listens on loopback).
//! From a trusted proxy, its `X-Forwarded-Host` names the server; without one, the proxy chose.

use std::net::IpAddr;

use poem::http::{Method, StatusCode, header};
use poem::{Endpoint, IntoResponse, Request, Response};

use corkboard_core::service::context::Services;
use corkboard_domain::config::Config;
use corkboard_i18n::msg;

/// Refuses a request that may change something (anything but GET, HEAD and OPTIONS) when it
/// names another host, with a 421 in the API's JSON shape.
pub(crate) async fn own_host_only<E: Endpoint>(next: E, req: Request) -> poem::Result<Response> {
    let safe = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if !safe && let Some(services) = req.data::<Services>() {
        let config = &services.config;
        if let Some(host) = named_host(&req, config).filter(|host| !is_own_host(host, config)) {
            tracing::warn!(
                %host,
                "a request named another host; it was refused (to serve under that name, set \
                 public_url to it)"
            );
            return Ok(misdirected());
        }
    }
    next.call(req).await.map(IntoResponse::into_response)
}

/// The host the request names: `X-Forwarded-Host` from a trusted proxy (none when the proxy
/// sent none), else `Host` (empty when missing, which is no name of the server's either).
fn named_host(req: &Request, config: &Config) -> Option<String> {
    let header_value = |name: &str| {
        req.headers()
            .get(name)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned)
    };
    let peer = req.remote_addr().as_socket_addr().map(|addr| addr.ip());
    let from_proxy = peer.is_some_and(|peer| {
        let peer = peer.to_canonical();
        config.trusted_proxies.iter().any(|net| net.contains(&peer))
    });
    if from_proxy {
        return header_value("x-forwarded-host")
            .and_then(|hosts| hosts.split(',').next().map(|host| host.trim().to_owned()));
    }
    Some(header_value(header::HOST.as_str()).unwrap_or_default())
}

/// Whether `host` (a `Host` header's value: a name or address, maybe with a port) is this server.
pub(crate) fn is_own_host(host: &str, config: &Config) -> bool {
    let Some((name, port)) = parse_host(host) else {
        return false;
    };
    let public = config
        .public_url
        .as_deref()
        .and_then(|url| url::Url::parse(url).ok());
    if let Some(public) = public
        && public
            .host_str()
            .is_some_and(|public_name| public_name.eq_ignore_ascii_case(&name))
        && port.or(public.port_or_known_default()) == public.port_or_known_default()
    {
        return true;
    }
    let listen = config.listen.ip();
    let ip = name
        .trim_start_matches('[')
        .trim_end_matches(']')
        .parse::<IpAddr>()
        .ok()
        .map(|ip| ip.to_canonical());
    match ip {
        // An address cannot be made to point elsewhere: any of them when listening on all.
        Some(_) if listen.is_unspecified() => true,
        Some(ip) if listen.is_loopback() => ip.is_loopback(),
        Some(ip) => ip == listen.to_canonical(),
        None => {
            (listen.is_loopback() || listen.is_unspecified())
                && name.eq_ignore_ascii_case("localhost")
        }
    }
}

/// The name (lowercase, IPv6 in brackets) and port of a `Host` value.
fn parse_host(host: &str) -> Option<(String, Option<u16>)> {
    let url = url::Url::parse(&format!("http://{}", host.trim())).ok()?;
    let only_authority = url.path() == "/" && url.query().is_none() && url.username().is_empty();
    only_authority.then(|| (url.host_str().unwrap_or_default().to_owned(), url.port()))
}

fn misdirected() -> Response {
    let body = serde_json::json!({
        "code": "PERMISSION_DENIED_ERROR",
        "message": msg!("error-misdirected").text(),
    });
    Response::builder()
        .status(StatusCode::MISDIRECTED_REQUEST)
        .content_type("application/json")
        .body(body.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(listen: &str, public_url: Option<&str>) -> Config {
        Config {
            listen: listen.parse().unwrap(),
            public_url: public_url.map(str::to_owned),
            ..Config::default()
        }
    }

    #[test]
    fn a_loopback_server_answers_to_loopback_names_only() {
        let config = config("127.0.0.1:8080", None);
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST",
            "[::1]:8080",
            "127.0.0.2",
        ] {
            assert!(is_own_host(host, &config), "{host}");
        }
        for host in [
            "evil.example:8080",
            "192.168.1.9:8080",
            "",
            "a b",
            "x@127.0.0.1",
        ] {
            assert!(!is_own_host(host, &config), "{host}");
        }
    }

    #[test]
    fn a_public_server_answers_to_its_public_name_and_addresses() {
        let config = config("0.0.0.0:8080", Some("https://pins.example.org"));
        for host in [
            "pins.example.org",
            "PINS.example.org:443",
            "203.0.113.7:8080",
            "[2001:db8::1]",
        ] {
            assert!(is_own_host(host, &config), "{host}");
        }
        for host in ["pins.example.org:8443", "evil.example", "example.org"] {
            assert!(!is_own_host(host, &config), "{host}");
        }
        let one_address = self::config("203.0.113.7:8080", None);
        assert!(is_own_host("203.0.113.7:8080", &one_address));
        assert!(!is_own_host("203.0.113.8:8080", &one_address));
        assert!(!is_own_host("localhost:8080", &one_address));
    }
}
