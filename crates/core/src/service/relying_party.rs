//! The WebAuthn relying party this server is: its id and the origin of its pages, from
//! `public_url`, or `localhost` for a server on a loopback address without one.

use webauthn_rs::prelude::{Url, Webauthn, WebauthnBuilder};

use corkboard_domain::config::Config;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_i18n::msg;

/// How long a ceremony waits for its browser, which is told the same.
pub(crate) const CEREMONY_MINUTES: u64 = 5;
/// The name a browser may show beside a passkey.
const NAME: &str = "Corkboard";
/// The one name browsers offer passkeys under over plain HTTP.
const LOCALHOST: &str = "localhost";

/// The relying party: `public_url`'s host name, for its origin (over HTTPS, or HTTP on
/// localhost: browsers offer passkeys nowhere else, nor on an IP address); without `public_url`,
/// on a loopback listener, `localhost` on any port. None: passkeys are off here.
pub(crate) fn relying_party(config: &Config) -> Option<Webauthn> {
    let (address, any_port) = match config.public_url.as_deref() {
        Some(public) => (Url::parse(public).ok()?, false),
        None if config.listen.ip().is_loopback() => (Url::parse("http://localhost").ok()?, true),
        None => return None,
    };
    let id = address.domain()?.to_ascii_lowercase();
    if address.scheme() != "https" && id != LOCALHOST {
        return None;
    }
    let origin = Url::parse(&address.origin().ascii_serialization()).ok()?;
    let lifetime = std::time::Duration::from_secs(CEREMONY_MINUTES * 60);
    let builder = WebauthnBuilder::new(&id, &origin).ok()?;
    builder
        .rp_name(NAME)
        .allow_any_port(any_port)
        .timeout(lifetime)
        .build()
        .ok()
}

/// Whether people may add passkeys and sign in with them here.
pub fn passkeys_available(config: &Config) -> bool {
    relying_party(config).is_some()
}

/// The relying party, or a refusal saying what passkeys need.
pub(crate) fn required(config: &Config) -> AppResult<Webauthn> {
    relying_party(config).ok_or(AppError::Validation {
        field: None,
        message: msg!("error-passkeys-unavailable"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_party_is_named_by_public_url_or_is_localhost() {
        for (listen, public_url, available) in [
            ("127.0.0.1:0", None, true),
            ("0.0.0.0:80", Some("https://pins.example.org/"), true),
            ("127.0.0.1:80", Some("http://localhost:8080"), true),
            ("0.0.0.0:80", None, false),
            ("0.0.0.0:80", Some("http://pins.example.org"), false),
            ("127.0.0.1:80", Some("http://127.0.0.1:8080"), false),
        ] {
            let config = Config {
                listen: listen.parse().unwrap(),
                public_url: public_url.map(str::to_owned),
                ..Config::default()
            };
            assert_eq!(passkeys_available(&config), available, "{public_url:?}");
        }
    }

    #[test]
    fn only_its_own_origin_is_allowed() {
        let config = Config {
            public_url: Some("https://pins.example.org/board/".into()),
            ..Config::default()
        };
        let origins = relying_party(&config)
            .unwrap()
            .get_allowed_origins()
            .to_vec();
        assert_eq!(origins, [Url::parse("https://pins.example.org").unwrap()]);
    }
}
