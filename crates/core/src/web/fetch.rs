//! Fetching from the web with ureq, safely: http and https only, public addresses only (checked
//! on every redirect, at the moment of connecting), a timeout, a size cap and a browser's manners.

use std::io::Read;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use ipnet::IpNet;
use ureq::http::Uri;
use ureq::unversioned::resolver::{DefaultResolver, ResolvedSocketAddrs, Resolver};
use ureq::unversioned::transport::{DefaultConnector, NextTimeout};
use ureq::{Agent, ResponseExt};
use url::Url;

use crate::web::address::is_public;
use corkboard_domain::config::FetchConfig;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::sizes::size_parts;
use corkboard_i18n::{Message, msg};

const USER_AGENT: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) \
                          Chrome/131.0.0.0 Safari/537.36";
const MAX_REDIRECTS: u32 = 5;
/// The form field errors point at.
const FIELD: &str = "url";

/// What a fetch brought back.
pub struct Fetched {
    pub bytes: Vec<u8>,
    /// The media type without parameters, lowercase ("" when the server sent none).
    pub content_type: String,
    /// Where the answer came from, after redirects.
    pub url: Url,
}

/// What one fetch job may still spend: a deadline for all its requests together, and the
/// server's stop, after which it makes no more.
#[derive(Clone)]
pub struct Budget {
    deadline: Instant,
    stopping: Arc<AtomicBool>,
}

impl Budget {
    pub fn new(within: Duration, stopping: Arc<AtomicBool>) -> Budget {
        Budget {
            deadline: Instant::now() + within,
            stopping,
        }
    }

    /// Refuses more work once the deadline has passed or the server is stopping.
    pub fn check(&self) -> AppResult<()> {
        if self.stopping.load(Ordering::Relaxed) {
            return Err(stopping());
        }
        if Instant::now() >= self.deadline {
            return Err(AppError::invalid(FIELD, too_slow()));
        }
        Ok(())
    }

    pub fn deadline(&self) -> Instant {
        self.deadline
    }
}

/// The answer to work cut short by the server's stop.
pub fn stopping() -> AppError {
    AppError::RateLimited(msg!("error-server-restarting"))
}

fn too_slow() -> Message {
    msg!("error-site-too-slow")
}

/// An HTTP client that only talks to the public internet (unless configured otherwise).
#[derive(Clone)]
pub struct Fetcher {
    agent: Agent,
    /// The longest one request may take.
    timeout: Duration,
}

impl Fetcher {
    pub fn new(config: &FetchConfig) -> Fetcher {
        let agent_config = Agent::config_builder()
            .proxy(None)
            .max_redirects(MAX_REDIRECTS)
            .timeout_global(Some(Duration::from_secs(config.timeout_seconds)))
            .user_agent(USER_AGENT)
            .build();
        let resolver = PublicResolver::of(config, None);
        Fetcher {
            agent: Agent::with_parts(agent_config, DefaultConnector::default(), resolver),
            timeout: Duration::from_secs(config.timeout_seconds),
        }
    }

    /// GETs `address`, accepting `accept`, reading at most `max_bytes` of the answer, within
    /// `budget`. The `Referer` is `referer` (the page a picture was found on) or else the
    /// address's own site.
    pub fn get(
        &self,
        budget: &Budget,
        address: &str,
        accept: &str,
        max_bytes: u64,
        referer: Option<&Url>,
    ) -> AppResult<Fetched> {
        self.fetch(budget, address, accept, max_bytes, referer, None)
    }

    /// GETs `address` from an API that wants `authorization` (e.g. `Token abc`), which is sent
    /// to that address only: never to the address a redirect points at.
    pub(crate) fn get_authorized(
        &self,
        budget: &Budget,
        address: &str,
        accept: &str,
        max_bytes: u64,
        authorization: &str,
    ) -> AppResult<Fetched> {
        self.fetch(
            budget,
            address,
            accept,
            max_bytes,
            None,
            Some(authorization),
        )
    }

    fn fetch(
        &self,
        budget: &Budget,
        address: &str,
        accept: &str,
        max_bytes: u64,
        referer: Option<&Url>,
        authorization: Option<&str>,
    ) -> AppResult<Fetched> {
        budget.check()?;
        let url = web_address(address)?;
        let referer = referer.map_or_else(
            || url.origin().ascii_serialization() + "/",
            |page| page.to_string(),
        );
        let left = budget.deadline().saturating_duration_since(Instant::now());
        let mut request = self
            .agent
            .get(url.as_str())
            .header("Accept", accept)
            .header("Referer", &referer)
            .config()
            .timeout_global(Some(left.min(self.timeout)))
            .build();
        if let Some(authorization) = authorization {
            // No redirect may carry the credentials elsewhere.
            request = request
                .header("Authorization", authorization)
                .config()
                .max_redirects(0)
                .build();
        }
        let response = request
            .call()
            .map_err(|error| fetch_error(address, error))?;
        if authorization.is_some() && response.status().is_redirection() {
            tracing::info!(%address, "an API with a token redirects elsewhere");
            return Err(AppError::invalid(FIELD, msg!("error-token-redirected")));
        }
        let final_url = Url::parse(&response.get_uri().to_string()).unwrap_or(url);
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.split(';').next())
            .unwrap_or_default()
            .trim()
            .to_ascii_lowercase();
        let mut bytes = Vec::new();
        response
            .into_body()
            .into_reader()
            .take(max_bytes + 1)
            .read_to_end(&mut bytes)
            .map_err(|error| fetch_error(address, ureq::Error::Io(error)))?;
        if bytes.len() as u64 > max_bytes {
            let (amount, unit) = size_parts(max_bytes);
            return Err(AppError::TooLarge(msg!(
                "error-download-too-large",
                amount = amount,
                unit = unit
            )));
        }
        Ok(Fetched {
            bytes,
            content_type,
            url: final_url,
        })
    }
}

/// The longest web address accepted (as browsers and servers commonly allow).
const MAX_ADDRESS_LENGTH: usize = 2048;

/// A web address a person gave: http or https, with a host, not too long.
pub(crate) fn web_address(address: &str) -> AppResult<Url> {
    let invalid = || AppError::invalid(FIELD, msg!("error-address-invalid"));
    if address.len() > MAX_ADDRESS_LENGTH {
        return Err(AppError::invalid(
            FIELD,
            msg!("error-address-too-long", max = MAX_ADDRESS_LENGTH),
        ));
    }
    let url = Url::parse(address.trim()).map_err(|_| invalid())?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        return Err(invalid());
    }
    Ok(url)
}

/// A message a person understands; the log keeps the cause.
fn fetch_error(address: &str, error: ureq::Error) -> AppError {
    let message = match &error {
        ureq::Error::Other(inner) if inner.is::<PrivateAddress>() => {
            msg!("error-address-private")
        }
        ureq::Error::StatusCode(status) => {
            msg!("error-site-status", status = u32::from(*status))
        }
        ureq::Error::Timeout(_) => too_slow(),
        ureq::Error::TooManyRedirects | ureq::Error::RedirectFailed => {
            msg!("error-too-many-redirects")
        }
        ureq::Error::HostNotFound => msg!("error-host-not-found"),
        ureq::Error::BadUri(_) => msg!("error-address-invalid"),
        ureq::Error::Io(inner) if inner.kind() == std::io::ErrorKind::TimedOut => too_slow(),
        _ => msg!("error-site-unreachable"),
    };
    tracing::info!(%address, %error, "a web fetch failed");
    AppError::invalid(FIELD, message)
}

/// Refuses host names that resolve to non-public addresses, so that every connection (redirects
/// included) goes where the check said it would.
#[derive(Debug)]
pub(crate) struct PublicResolver {
    allow_private: bool,
    allowed_networks: Vec<IpNet>,
    /// A host the operator named in the settings (the identity provider's), which may be on
    /// any network.
    named_by_operator: Option<String>,
}

impl PublicResolver {
    pub(crate) fn of(config: &FetchConfig, named_by_operator: Option<String>) -> PublicResolver {
        PublicResolver {
            allow_private: config.allow_private_networks,
            allowed_networks: config.allowed_networks.clone(),
            named_by_operator,
        }
    }
}

#[derive(Debug)]
struct PrivateAddress;

impl std::fmt::Display for PrivateAddress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the host resolves to a non-public address")
    }
}

impl std::error::Error for PrivateAddress {}

impl Resolver for PublicResolver {
    fn resolve(
        &self,
        uri: &Uri,
        config: &ureq::config::Config,
        timeout: NextTimeout,
    ) -> Result<ResolvedSocketAddrs, ureq::Error> {
        let resolved = DefaultResolver::default().resolve(uri, config, timeout)?;
        let named = self
            .named_by_operator
            .as_deref()
            .is_some_and(|host| uri.host() == Some(host));
        if self.allow_private || named {
            return Ok(resolved);
        }
        let mut public = self.empty();
        let allowed =
            |ip: IpAddr| is_public(ip) || self.allowed_networks.iter().any(|net| net.contains(&ip));
        for address in resolved.iter().filter(|address| allowed(address.ip())) {
            public.push(*address);
        }
        if public.is_empty() {
            return Err(ureq::Error::Other(Box::new(PrivateAddress)));
        }
        Ok(public)
    }
}
