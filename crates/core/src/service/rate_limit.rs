//! Counts what addresses and emails do (sign-ins, sign-ups, mails) and refuses what goes past a
//! limit. An attempt is counted under all its keys at once, before the work, so concurrent
//! attempts cannot all slip under a limit.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use std::net::{IpAddr, Ipv6Addr};

use corkboard_domain::config::LimitsConfig;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::user::email_key;
use corkboard_i18n::Message;

const HOUR: Duration = Duration::from_secs(60 * 60);
const SIGN_IN_WINDOW: Duration = Duration::from_secs(15 * 60);

/// Passkey sign-ins one address may begin in the sign-in window: a sign-in page begins one as it
/// opens and one a click, far fewer than this.
const PASSKEY_CEREMONIES_PER_WINDOW: u32 = 60;

/// Above this many tracked keys, expired ones are dropped.
const PRUNE_ABOVE: usize = 10_000;

/// A limit: at most `max` events per `window`.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    pub max: u32,
    pub window: Duration,
}

/// One key and the rule it is counted by.
pub type Counted = (String, Rule);

#[derive(Default)]
pub struct Limiter {
    counts: Mutex<HashMap<String, (u32, Instant, Duration)>>,
}

impl Limiter {
    /// Counts one event under every key, or none of them when any key has reached its limit;
    /// then answers RATE_LIMITED with `message`.
    pub fn take(&self, keys: &[Counted], message: Message) -> AppResult<()> {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if counts.len() > PRUNE_ABOVE {
            counts.retain(|_, (_, since, window)| since.elapsed() < *window);
        }
        let full = keys.iter().any(|(key, rule)| {
            counts.get(key).is_some_and(|(count, since, _)| {
                *count >= rule.max && since.elapsed() < rule.window
            })
        });
        if full {
            return Err(AppError::RateLimited(message));
        }
        for (key, rule) in keys {
            let entry = counts
                .entry(key.clone())
                .or_insert((0, Instant::now(), rule.window));
            if entry.1.elapsed() >= rule.window {
                *entry = (0, Instant::now(), rule.window);
            }
            entry.0 += 1;
        }
        Ok(())
    }

    /// Takes back one event counted under `key` (an attempt that turned out right).
    pub(crate) fn give_back(&self, key: &str) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(entry) = counts.get_mut(key) {
            entry.0 = entry.0.saturating_sub(1);
        }
    }

    /// Forgets every event counted under `key`.
    pub fn forget(&self, key: &str) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        counts.remove(key);
    }
}

/// A client without a known address is counted as one.
fn address(client: Option<IpAddr>) -> String {
    client.map_or_else(|| "unknown".to_owned(), client_key)
}

/// The key every per-address limit counts a client under: its IPv4 address (an IPv4-mapped IPv6
/// address counts as its IPv4 one), or the /64 network of its IPv6 address, since one host or
/// home is given a whole /64 and could otherwise take a new address for each request.
pub fn client_key(ip: IpAddr) -> String {
    match ip.to_canonical() {
        IpAddr::V4(ip) => ip.to_string(),
        IpAddr::V6(ip) => {
            let network = Ipv6Addr::from(u128::from(ip) & !u128::from(u64::MAX));
            format!("{network}/64")
        }
    }
}

/// Sign-in attempts: per address, and per address and account (never per account alone, which
/// would let anyone lock an owner out).
pub(crate) fn sign_in_keys(
    limits: &LimitsConfig,
    email: &str,
    client: Option<IpAddr>,
) -> Vec<Counted> {
    let (per_address, rule) = address_sign_in_key(limits, client);
    let per_account = format!("{per_address}:{}", email_key(email));
    vec![(per_address, rule), (per_account, rule)]
}

/// Sign-in attempts that name no account beforehand (a passkey names its own): per address,
/// counted with the password attempts from it.
pub(crate) fn address_sign_in_keys(limits: &LimitsConfig, client: Option<IpAddr>) -> Vec<Counted> {
    vec![address_sign_in_key(limits, client)]
}

fn address_sign_in_key(limits: &LimitsConfig, client: Option<IpAddr>) -> Counted {
    let rule = Rule {
        max: limits.sign_in_failures,
        window: SIGN_IN_WINDOW,
    };
    (format!("sign-in:{}", address(client)), rule)
}

/// Passkey sign-ins begun (each keeps a ceremony in the database until it expires), per address.
pub(crate) fn passkey_ceremony_keys(client: Option<IpAddr>) -> Vec<Counted> {
    let rule = Rule {
        max: PASSKEY_CEREMONIES_PER_WINDOW,
        window: SIGN_IN_WINDOW,
    };
    vec![(format!("passkey-ceremony:{}", address(client)), rule)]
}

/// Sign-ups, per address.
pub(crate) fn sign_up_keys(limits: &LimitsConfig, client: Option<IpAddr>) -> Vec<Counted> {
    let rule = Rule {
        max: limits.sign_ups_per_hour,
        window: HOUR,
    };
    vec![(format!("sign-up:{}", address(client)), rule)]
}

/// Mails asked for, per address and per recipient.
pub(crate) fn mail_keys(
    limits: &LimitsConfig,
    email: &str,
    client: Option<IpAddr>,
) -> Vec<Counted> {
    let per_address = Rule {
        max: limits.mails_per_hour,
        window: HOUR,
    };
    let per_email = Rule {
        max: limits.mails_per_email_per_hour,
        window: HOUR,
    };
    vec![
        (format!("mail-from:{}", address(client)), per_address),
        (format!("mail-to:{}", email_key(email)), per_email),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    const SLOW: Message = corkboard_i18n::msg!("error-server-busy");

    fn key(ip: &str) -> String {
        client_key(ip.parse().unwrap())
    }

    #[test]
    fn ipv6_addresses_count_by_their_64_and_mapped_ipv4_as_ipv4() {
        assert_eq!(key("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_eq!(
            key("2001:db8:1:2:ffff:ffff:ffff:ffff"),
            key("2001:db8:1:2::7")
        );
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("::ffff:203.0.113.7"), "203.0.113.7");
        assert_eq!(key("203.0.113.7"), "203.0.113.7");
        assert_eq!(key("::1"), "::/64");
    }

    #[test]
    fn every_address_of_a_64_shares_one_sign_up_limit() {
        let limits = LimitsConfig {
            sign_ups_per_hour: 2,
            ..LimitsConfig::default()
        };
        let limiter = Limiter::default();
        for host in 1..=2 {
            let ip = format!("2001:db8::{host}").parse().ok();
            limiter.take(&sign_up_keys(&limits, ip), SLOW).unwrap();
        }
        let third = "2001:db8::ffff:3".parse().ok();
        assert!(limiter.take(&sign_up_keys(&limits, third), SLOW).is_err());
        let elsewhere = "2001:db8:0:1::1".parse().ok();
        assert!(
            limiter
                .take(&sign_up_keys(&limits, elsewhere), SLOW)
                .is_ok()
        );
    }

    const FIVE: Rule = Rule {
        max: 5,
        window: Duration::from_secs(900),
    };

    #[test]
    fn counts_all_keys_or_none_and_gives_back() {
        let limiter = Limiter::default();
        let both = [("a".to_owned(), FIVE), ("b".to_owned(), FIVE)];
        for _ in 0..5 {
            limiter.take(&both, SLOW).unwrap();
        }
        assert!(matches!(
            limiter.take(&both, SLOW),
            Err(AppError::RateLimited(_))
        ));
        let other = [("c".to_owned(), FIVE), ("b".to_owned(), FIVE)];
        assert!(limiter.take(&other, SLOW).is_err());
        assert!(limiter.take(&other[..1], SLOW).is_ok(), "c was not counted");
        limiter.give_back("a");
        limiter.forget("b");
        assert!(limiter.take(&both, SLOW).is_ok());
    }
}
