//! Signing in through an OpenID Connect provider: the round trip of a browser (`start` sends it
//! to the provider with a state bound to it by a cookie, `finish` takes it back), and what a
//! checked sign-in does to accounts (`accounts`).

mod accounts;
mod http_client;
pub mod provider;

pub use accounts::MOST_IDENTITIES;

use chrono::{Duration, Utc};

use crate::service::context::Services;
use crate::service::rate_limit::sign_in_keys;
use crate::service::secrets::{new_secret, secret_hash};
use crate::service::sessions::{SignedIn, TOO_MANY_SIGN_INS, secure};
use crate::service::viewer::Viewer;
use accounts::Settled;
use corkboard_domain::config::Config;
use corkboard_domain::error::AppResult;
use corkboard_store::identities::{self, Intent, PendingSignIn};

/// How long a browser may take to come back from the provider.
const ROUND_TRIP_MINUTES: i64 = 10;
/// The cookie that binds a round trip to the browser that started it.
pub const ROUND_TRIP_COOKIE: &str = "corkboard_oidc";
/// Where the round trip's cookie is sent: the callback's folder only.
const COOKIE_PATH: &str = "/api/auth/oidc/";
/// What sign-ins through the provider are counted under, as password ones are under an email.
const SIGN_IN_KEY: &str = "identity provider";

/// Why a sign-in through the provider failed, as the page it comes back to names it
/// (`?failure=CODE`); the log says more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    ProviderDown,
    Refused,
    Expired,
    InvalidToken,
    SignUpClosed,
    InviteNeeded,
    Disabled,
    AlreadyLinked,
    EmailTaken,
    TooManyIdentities,
}

impl Failure {
    pub fn code(self) -> &'static str {
        match self {
            Failure::ProviderDown => "provider-down",
            Failure::Refused => "refused",
            Failure::Expired => "expired",
            Failure::InvalidToken => "invalid-token",
            Failure::SignUpClosed => "sign-up-closed",
            Failure::InviteNeeded => "invite-needed",
            Failure::Disabled => "disabled",
            Failure::AlreadyLinked => "already-linked",
            Failure::EmailTaken => "email-taken",
            Failure::TooManyIdentities => "too-many-identities",
        }
    }
}

/// A failed round trip, and whether it was a link from the profile page (which it goes back to).
#[derive(Debug)]
pub struct Refusal {
    pub failure: Failure,
    pub linking: bool,
}

/// What a browser asks for when it leaves for the provider.
pub struct Asked {
    /// Linking the provider's account to the signed-in viewer, not signing in.
    pub link: bool,
    /// An invite link's secret, for a sign-up where registration is by invitation.
    pub invite: Option<String>,
    /// Where to go once back (a path of this site; anything else is ignored).
    pub next: Option<String>,
}

/// A browser leaving for the provider: where to send it, and the secret for its cookie.
pub struct Started {
    pub provider_url: String,
    pub browser_secret: String,
}

/// What the provider's redirect back brings.
pub struct Callback {
    pub code: Option<String>,
    pub state: Option<String>,
    /// The provider's refusal (`access_denied` when the person cancelled).
    pub error: Option<String>,
    /// The secret of the round trip's cookie, when the browser sent it.
    pub browser_secret: Option<String>,
}

/// A round trip done: the new session (none for a link), and where to go.
pub struct Finished {
    pub signed_in: Option<SignedIn>,
    pub next: String,
}

/// Sends a browser to the provider: a new state, PKCE verifier and nonce, kept ten minutes.
pub async fn start(services: &Services, viewer: &Viewer, asked: Asked) -> Result<Started, Refusal> {
    let refuse = |failure| Refusal {
        failure,
        linking: asked.link,
    };
    let Some(provider) = services.oidc.clone() else {
        return Err(refuse(Failure::ProviderDown));
    };
    let intent = match (asked.link, viewer.user) {
        (false, _) => Intent::SignIn,
        (true, Some(user)) => Intent::Link(user),
        (true, None) => {
            tracing::warn!("a link to the identity provider was asked without being signed in");
            return Err(refuse(Failure::Expired));
        }
    };
    let departure = services
        .blocking(move |_| Ok(provider.departure()))
        .await
        .map_err(|_| refuse(Failure::ProviderDown))?
        .map_err(refuse)?;
    let browser_secret = new_secret();
    let pending = PendingSignIn {
        intent,
        browser_hash: secret_hash(&browser_secret),
        pkce_verifier: departure.pkce_verifier,
        nonce: departure.nonce,
        invite: asked.invite.filter(|invite| !invite.is_empty()),
        next: asked.next.filter(|next| is_own_path(next)),
        expires_at: Utc::now() + Duration::minutes(ROUND_TRIP_MINUTES),
    };
    let state_hash = secret_hash(&departure.state);
    let saved = services
        .write(move |write| identities::save_pending(write, &state_hash, &pending))
        .await;
    if let Err(error) = saved {
        tracing::warn!(
            ?error,
            "a sign-in through the identity provider could not be kept"
        );
        return Err(refuse(Failure::ProviderDown));
    }
    Ok(Started {
        provider_url: departure.url,
        browser_secret,
    })
}

/// Takes a browser back from the provider: the round trip it started is found by its state
/// (once: a replay finds nothing), checked to be this browser's, the code traded for a checked
/// ID token, and the account signed in, made or linked.
pub async fn finish(
    services: &Services,
    viewer: &Viewer,
    callback: Callback,
) -> Result<Finished, Refusal> {
    let (pending, linking) = match pending_of(services, &callback).await {
        Ok(pending) => {
            let linking = matches!(pending.intent, Intent::Link(_));
            (pending, linking)
        }
        Err(failure) => {
            return Err(Refusal {
                failure,
                linking: false,
            });
        }
    };
    let refuse = |failure| Refusal { failure, linking };
    if let Some(error) = &callback.error {
        tracing::warn!(%error, "the identity provider did not sign the person in");
        return Err(refuse(Failure::Refused));
    }
    let (Some(code), Some(provider)) = (callback.code, services.oidc.clone()) else {
        tracing::warn!("the identity provider came back without a code");
        return Err(refuse(Failure::Refused));
    };
    let keys = sign_in_keys(&services.config.limits, SIGN_IN_KEY, viewer.client_ip);
    if services.limiter.take(&keys, TOO_MANY_SIGN_INS).is_err() {
        tracing::warn!("too many sign-ins through the identity provider from one address");
        return Err(refuse(Failure::Refused));
    }
    let (verifier, nonce) = (pending.pkce_verifier.clone(), pending.nonce.clone());
    let verified = services
        .blocking(move |_| Ok(provider.arrival(&code, &verifier, &nonce)))
        .await
        .map_err(|_| refuse(Failure::ProviderDown))?
        .map_err(refuse)?;
    keys.iter()
        .for_each(|(key, _)| services.limiter.give_back(key));
    let next = pending.next.clone().unwrap_or_else(|| match linking {
        true => "/profile/".to_owned(),
        false => "/".to_owned(),
    });
    match accounts::settle(services, viewer, pending, verified).await {
        Ok(Settled::Done(signed_in)) => Ok(Finished {
            signed_in: signed_in.map(|signed_in| *signed_in),
            next,
        }),
        Ok(Settled::Refused(failure)) => Err(refuse(failure)),
        Err(error) => {
            tracing::warn!(
                ?error,
                "a sign-in through the identity provider could not be stored"
            );
            Err(refuse(Failure::ProviderDown))
        }
    }
}

/// The round trip `callback` names, taken out of the store, if it is this browser's and in time.
async fn pending_of(services: &Services, callback: &Callback) -> Result<PendingSignIn, Failure> {
    let Some(state) = &callback.state else {
        tracing::warn!("the identity provider came back without a state");
        return Err(Failure::Expired);
    };
    let state_hash = secret_hash(state);
    let taken: AppResult<Option<PendingSignIn>> = services
        .write(move |write| identities::take_pending(write, &state_hash))
        .await;
    let pending = match taken {
        Ok(Some(pending)) => pending,
        Ok(None) => {
            tracing::warn!("a sign-in came back with a state that is unknown or already used");
            return Err(Failure::Expired);
        }
        Err(error) => {
            tracing::warn!(?error, "a sign-in's state could not be read");
            return Err(Failure::ProviderDown);
        }
    };
    if pending.expires_at <= Utc::now() {
        tracing::warn!("a sign-in came back after more than ten minutes");
        return Err(Failure::Expired);
    }
    let same_browser = callback
        .browser_secret
        .as_deref()
        .is_some_and(|secret| secret_hash(secret) == pending.browser_hash);
    if !same_browser {
        tracing::warn!(
            "a sign-in came back in another browser than the one that left, or without its cookie"
        );
        return Err(Failure::Expired);
    }
    Ok(pending)
}

/// The provider's address that ends its own session when a session it signed in ends, if the
/// settings and the provider allow it.
pub async fn logout_url(services: &Services, id_token: String) -> Option<String> {
    let provider = services.oidc.clone()?;
    if !services.config.accounts.oidc.end_provider_session {
        return None;
    }
    let after = format!("{}/login/", services.config.public_base_url());
    services
        .blocking(move |_| Ok(provider.logout_url(&id_token, &after)))
        .await
        .ok()
        .flatten()
}

/// Says at start whether people sign in through a provider, and which (never the secret).
pub fn announce(services: &Services) {
    match &services.oidc {
        Some(provider) => tracing::info!(
            issuer = provider.issuer(),
            "signing in through the identity provider is on"
        ),
        None => tracing::info!("signing in through an identity provider is off"),
    }
    if !services.config.accounts.passwords {
        tracing::info!("signing in with a password is off (accounts.passwords)");
    }
}

/// The `Set-Cookie` value that binds a round trip to `viewer`'s browser: sent back only to the
/// callback, by a top-level navigation from the provider (`SameSite=Lax`).
pub fn round_trip_cookie(secret: &str, config: &Config, viewer: &Viewer) -> String {
    let max_age = Duration::minutes(ROUND_TRIP_MINUTES).num_seconds();
    format!(
        "{ROUND_TRIP_COOKIE}={secret}; Path={COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age={max_age}{}",
        secure(config, viewer)
    )
}

/// The `Set-Cookie` value that forgets a round trip's cookie.
pub fn clear_round_trip_cookie(config: &Config, viewer: &Viewer) -> String {
    format!(
        "{ROUND_TRIP_COOKIE}=; Path={COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=0{}",
        secure(config, viewer)
    )
}

/// Whether `next` is a path of this site: it starts with one slash, and names no other host.
fn is_own_path(next: &str) -> bool {
    next.starts_with('/')
        && !next.starts_with("//")
        && !next.contains('\\')
        && !next.chars().any(char::is_control)
}

#[cfg(test)]
mod tests {
    use super::is_own_path;

    #[test]
    fn only_paths_of_this_site_are_followed() {
        assert!(is_own_path("/ada/boards/sea/"));
        for elsewhere in [
            "//evil.example/",
            "https://evil.example/",
            "/\\evil.example",
            "",
            "ada",
        ] {
            assert!(!is_own_path(elsewhere), "{elsewhere}");
        }
    }
}
