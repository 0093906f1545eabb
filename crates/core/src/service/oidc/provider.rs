//! The identity provider as Corkboard knows it: its discovery document and keys (fetched at
//! first use and kept; the keys fetched again when a token names one not among them, at most
//! once a minute), where a browser is sent to sign in, and the checked claims of the ID token it
//! comes back with. Every call here blocks: run it off the async runtime.

use std::str::FromStr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use openidconnect::core::{
    CoreAuthenticationFlow, CoreClient, CoreErrorResponseType, CoreIdToken, CoreIdTokenVerifier,
    CoreJwsSigningAlgorithm,
};
use openidconnect::{
    AuthorizationCode, ClaimsVerificationError, ClientId, ClientSecret, CsrfToken, IssuerUrl,
    JsonWebKeySet, LogoutRequest, Nonce, PkceCodeChallenge, PkceCodeVerifier,
    PostLogoutRedirectUrl, ProviderMetadataWithLogout, RedirectUrl, RequestTokenError, Scope,
    SignatureVerificationError, TokenResponse,
};
use serde_json::{Map, Value};

use super::Failure;
use super::http_client::{ProviderHttp, ProviderHttpError};
use corkboard_domain::config::Config;

/// How long a discovery document is kept before it is fetched again.
const DISCOVERY_KEPT: Duration = Duration::from_secs(24 * 60 * 60);
/// The key set is fetched again for a token naming an unknown key at most this often, so that
/// forged tokens cannot make Corkboard hammer the provider.
const KEYS_AGAIN_AFTER: Duration = Duration::from_secs(60);
/// The signatures accepted: public-key ones only. A MAC (HS256) would be checked with the
/// client secret, which a provider's other clients may share; `none` is no signature.
const SIGNATURES: [CoreJwsSigningAlgorithm; 9] = [
    CoreJwsSigningAlgorithm::RsaSsaPkcs1V15Sha256,
    CoreJwsSigningAlgorithm::RsaSsaPkcs1V15Sha384,
    CoreJwsSigningAlgorithm::RsaSsaPkcs1V15Sha512,
    CoreJwsSigningAlgorithm::RsaSsaPssSha256,
    CoreJwsSigningAlgorithm::RsaSsaPssSha384,
    CoreJwsSigningAlgorithm::RsaSsaPssSha512,
    CoreJwsSigningAlgorithm::EcdsaP256Sha256,
    CoreJwsSigningAlgorithm::EcdsaP384Sha384,
    CoreJwsSigningAlgorithm::EdDsa,
];

/// The configured provider; one per server.
pub struct Provider {
    /// The issuer as configured, without a trailing slash.
    issuer: String,
    client_id: ClientId,
    client_secret: Option<ClientSecret>,
    redirect: RedirectUrl,
    /// The scopes asked besides `openid`, which is always asked.
    scopes: Vec<String>,
    http: ProviderHttp,
    known: Mutex<Known>,
}

/// What was learnt from the provider, and when.
#[derive(Default)]
struct Known {
    metadata: Option<(ProviderMetadataWithLogout, Instant)>,
    keys_fetched_again_at: Option<Instant>,
}

/// A browser about to leave for the provider: where to, and what is kept until it comes back.
pub struct Departure {
    pub url: String,
    pub state: String,
    pub pkce_verifier: String,
    pub nonce: String,
}

/// Who the provider says signed in, checked.
pub struct Verified {
    /// The issuer exactly as the provider names itself.
    pub issuer: String,
    pub subject: String,
    pub email: Option<String>,
    pub email_verified: bool,
    pub preferred_username: Option<String>,
    /// Every claim of the ID token, for the admin claim.
    pub claims: Map<String, Value>,
    /// The ID token itself, kept with the session to end the provider's session at sign-out.
    pub id_token: String,
}

impl Provider {
    /// The provider of the settings, checked; `None` when none is configured.
    pub fn configured(config: &Config) -> anyhow::Result<Option<Provider>> {
        let settings = &config.accounts.oidc;
        let Some(issuer) = settings.configured_issuer()? else {
            return Ok(None);
        };
        let callback = format!("{}/api/auth/oidc/callback", config.public_base_url());
        let redirect = RedirectUrl::new(callback.clone()).map_err(|error| {
            anyhow::anyhow!("the callback address {callback} is not valid: {error}")
        })?;
        let host = issuer.host_str().unwrap_or_default().to_owned();
        Ok(Some(Provider {
            issuer: issuer.as_str().trim_end_matches('/').to_owned(),
            client_id: ClientId::new(settings.client_id.trim().to_owned()),
            client_secret: settings.client_secret.clone().map(ClientSecret::new),
            redirect,
            scopes: settings
                .scopes
                .iter()
                .filter(|scope| *scope != "openid")
                .cloned()
                .collect(),
            http: ProviderHttp::new(&config.fetch, &host),
            known: Mutex::default(),
        }))
    }

    /// The issuer as configured, without a trailing slash.
    pub fn issuer(&self) -> &str {
        &self.issuer
    }

    /// Where to send a browser to sign in, with a new state, PKCE verifier and nonce.
    pub fn departure(&self) -> Result<Departure, Failure> {
        let metadata = self.metadata()?;
        let client = CoreClient::from_provider_metadata(
            metadata,
            self.client_id.clone(),
            self.client_secret.clone(),
        )
        .set_redirect_uri(self.redirect.clone());
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let (url, state, nonce) = client
            .authorize_url(
                CoreAuthenticationFlow::AuthorizationCode,
                CsrfToken::new_random,
                Nonce::new_random,
            )
            .add_scopes(self.scopes.iter().cloned().map(Scope::new))
            .set_pkce_challenge(challenge)
            .url();
        Ok(Departure {
            url: url.into(),
            state: state.secret().clone(),
            pkce_verifier: verifier.secret().clone(),
            nonce: nonce.secret().clone(),
        })
    }

    /// Trades the code the browser came back with for tokens, and checks the ID token: its
    /// signature by the provider's keys, issuer, audience, expiry and nonce.
    pub fn arrival(
        &self,
        code: &str,
        pkce_verifier: &str,
        nonce: &str,
    ) -> Result<Verified, Failure> {
        let metadata = self.metadata()?;
        let client = CoreClient::from_provider_metadata(
            metadata.clone(),
            self.client_id.clone(),
            self.client_secret.clone(),
        )
        .set_redirect_uri(self.redirect.clone());
        let exchange = client.exchange_code(AuthorizationCode::new(code.to_owned()));
        let tokens = exchange
            .map_err(|error| {
                tracing::warn!(%error, "the identity provider's discovery names no token endpoint");
                Failure::ProviderDown
            })?
            .set_pkce_verifier(PkceCodeVerifier::new(pkce_verifier.to_owned()))
            .request(&self.http)
            .map_err(token_failure)?;
        let Some(id_token) = tokens.id_token() else {
            tracing::warn!("the identity provider's token answer has no ID token");
            return Err(Failure::InvalidToken);
        };
        let nonce = Nonce::new(nonce.to_owned());
        let checked = match id_token.claims(&self.verifier(&metadata), &nonce) {
            Err(ClaimsVerificationError::SignatureVerification(
                SignatureVerificationError::NoMatchingKey,
            )) => {
                let metadata = self.keys_fetched_again()?;
                id_token.claims(&self.verifier(&metadata), &nonce)
            }
            checked => checked,
        };
        let claims = checked.map_err(|error| {
            tracing::warn!(
                error = %error_chain(&error),
                "the identity provider's ID token was refused"
            );
            Failure::InvalidToken
        })?;
        Ok(Verified {
            issuer: metadata.issuer().as_str().to_owned(),
            subject: claims.subject().to_string(),
            email: claims.email().map(|email| email.to_string()),
            email_verified: claims.email_verified().unwrap_or(false),
            preferred_username: claims.preferred_username().map(|name| name.to_string()),
            claims: payload_of(&id_token.to_string()),
            id_token: id_token.to_string(),
        })
    }

    /// The provider's address that ends its session of `id_token` and comes back to `after`,
    /// when it offers one.
    pub fn logout_url(&self, id_token: &str, after: &str) -> Option<String> {
        let metadata = self.metadata().ok()?;
        let end = metadata
            .additional_metadata()
            .end_session_endpoint
            .clone()?;
        let hint = CoreIdToken::from_str(id_token).ok()?;
        let after = PostLogoutRedirectUrl::new(after.to_owned()).ok()?;
        let request = LogoutRequest::from(end)
            .set_id_token_hint(&hint)
            .set_client_id(self.client_id.clone())
            .set_post_logout_redirect_uri(after);
        Some(request.http_get_url().into())
    }

    fn verifier(&self, metadata: &ProviderMetadataWithLogout) -> CoreIdTokenVerifier<'static> {
        CoreIdTokenVerifier::new_public_client(
            self.client_id.clone(),
            metadata.issuer().clone(),
            metadata.jwks().clone(),
        )
        .set_allowed_algs(SIGNATURES)
    }

    /// The discovery document with the provider's keys: kept, or fetched now.
    fn metadata(&self) -> Result<ProviderMetadataWithLogout, Failure> {
        {
            let known = self.known.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((metadata, at)) = &known.metadata
                && at.elapsed() < DISCOVERY_KEPT
            {
                return Ok(metadata.clone());
            }
        }
        let metadata = self.discover()?;
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        known.metadata = Some((metadata.clone(), Instant::now()));
        Ok(metadata)
    }

    /// Fetches the discovery document and the keys. The configured issuer may differ from the
    /// one the provider names by a trailing slash: the provider's own is the one tokens carry.
    fn discover(&self) -> Result<ProviderMetadataWithLogout, Failure> {
        let mut tried = None;
        for issuer in [self.issuer.clone(), format!("{}/", self.issuer)] {
            let issuer = IssuerUrl::new(issuer).map_err(|error| {
                tracing::warn!(%error, "the identity provider's issuer is not a valid address");
                Failure::ProviderDown
            })?;
            match ProviderMetadataWithLogout::discover(&issuer, &self.http) {
                Ok(metadata) => {
                    tracing::info!(issuer = %metadata.issuer().as_str(), "the identity provider's discovery document was read");
                    return Ok(metadata);
                }
                Err(openidconnect::DiscoveryError::Validation(cause)) => tried = Some(cause),
                Err(error) => {
                    tracing::warn!(
                        issuer = %self.issuer,
                        error = %error_chain(&error),
                        "the identity provider's discovery document could not be read"
                    );
                    return Err(Failure::ProviderDown);
                }
            }
        }
        tracing::warn!(
            issuer = %self.issuer,
            cause = %tried.unwrap_or_default(),
            "the identity provider names another issuer than the configured one"
        );
        Err(Failure::ProviderDown)
    }

    /// Fetches the provider's keys again (a token names a key not among them: the provider
    /// may have rotated its keys), unless that was done less than a minute ago.
    fn keys_fetched_again(&self) -> Result<ProviderMetadataWithLogout, Failure> {
        let mut metadata = self.metadata()?;
        {
            let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
            if known
                .keys_fetched_again_at
                .is_some_and(|at| at.elapsed() < KEYS_AGAIN_AFTER)
            {
                return Ok(metadata);
            }
            known.keys_fetched_again_at = Some(Instant::now());
        }
        let keys = JsonWebKeySet::fetch(metadata.jwks_uri(), &self.http).map_err(|error| {
            tracing::warn!(error = %error_chain(&error), "the identity provider's keys could not be fetched again");
            Failure::ProviderDown
        })?;
        tracing::info!("the identity provider's keys were fetched again for a key not among them");
        metadata = metadata.set_jwks(keys);
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        known.metadata = Some((metadata.clone(), Instant::now()));
        Ok(metadata)
    }
}

/// What a failed token request tells the person; the log says why, without the answer's body
/// (which may hold tokens).
fn token_failure(
    error: RequestTokenError<
        ProviderHttpError,
        openidconnect::StandardErrorResponse<CoreErrorResponseType>,
    >,
) -> Failure {
    match error {
        RequestTokenError::ServerResponse(answer) => {
            tracing::warn!(
                error = %answer.error(),
                description = answer.error_description().map(String::as_str).unwrap_or_default(),
                "the identity provider refused the sign-in's code"
            );
            match answer.error() {
                CoreErrorResponseType::InvalidGrant => Failure::Expired,
                _ => Failure::Refused,
            }
        }
        RequestTokenError::Request(error) => {
            tracing::warn!(%error, "the identity provider's token endpoint did not answer");
            Failure::ProviderDown
        }
        RequestTokenError::Parse(error, _) => {
            tracing::warn!(path = %error.path(), "the identity provider's token answer could not be read");
            Failure::InvalidToken
        }
        RequestTokenError::Other(cause) => {
            tracing::warn!(%cause, "the identity provider's token answer was refused");
            Failure::InvalidToken
        }
    }
}

/// The claims of a JWT already checked: its middle part, decoded.
fn payload_of(jwt: &str) -> Map<String, Value> {
    jwt.split('.')
        .nth(1)
        .and_then(|payload| URL_SAFE_NO_PAD.decode(payload).ok())
        .and_then(|json| serde_json::from_slice(&json).ok())
        .unwrap_or_default()
}

/// An error with its causes, for the log.
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
