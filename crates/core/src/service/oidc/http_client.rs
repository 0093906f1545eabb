//! How Corkboard speaks HTTP to the identity provider: ureq, without redirects, bounded in time
//! and size. The issuer's host may be on any network (the operator named it); every other host
//! its documents name (a token endpoint, a key set elsewhere) must be public, as for any fetch.

use std::time::Duration;

use openidconnect::{HttpRequest, HttpResponse, SyncHttpClient};
use ureq::Agent;
use ureq::unversioned::transport::DefaultConnector;

use crate::web::fetch::PublicResolver;
use corkboard_domain::config::FetchConfig;

/// The longest the provider may take to answer one request.
const TIMEOUT: Duration = Duration::from_secs(10);
/// The largest answer read from it (a discovery document, a key set, a token response).
const MAX_BYTES: u64 = 1 << 20;

pub(crate) struct ProviderHttp {
    agent: Agent,
}

impl ProviderHttp {
    pub fn new(fetch: &FetchConfig, issuer_host: &str) -> ProviderHttp {
        let config = Agent::config_builder()
            .proxy(None)
            .max_redirects(0)
            .http_status_as_error(false)
            .timeout_global(Some(TIMEOUT))
            .user_agent(concat!("Corkboard/", env!("CARGO_PKG_VERSION")))
            .build();
        let resolver = PublicResolver::of(fetch, Some(issuer_host.to_owned()));
        ProviderHttp {
            agent: Agent::with_parts(config, DefaultConnector::default(), resolver),
        }
    }
}

/// Why the provider could not be asked: it did not answer, or failed (a 5xx status).
#[derive(Debug)]
pub(crate) enum ProviderHttpError {
    Transport(ureq::Error),
    Status(u16),
}

impl std::fmt::Display for ProviderHttpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProviderHttpError::Transport(error) => write!(f, "{error}"),
            ProviderHttpError::Status(status) => write!(f, "it answered with status {status}"),
        }
    }
}

impl std::error::Error for ProviderHttpError {}

impl SyncHttpClient for ProviderHttp {
    type Error = ProviderHttpError;

    fn call(&self, request: HttpRequest) -> Result<HttpResponse, ProviderHttpError> {
        let response = self
            .agent
            .run(request)
            .map_err(ProviderHttpError::Transport)?;
        if response.status().is_server_error() {
            return Err(ProviderHttpError::Status(response.status().as_u16()));
        }
        let (parts, mut body) = response.into_parts();
        let bytes = body
            .with_config()
            .limit(MAX_BYTES)
            .read_to_vec()
            .map_err(ProviderHttpError::Transport)?;
        Ok(HttpResponse::from_parts(parts, bytes))
    }
}
