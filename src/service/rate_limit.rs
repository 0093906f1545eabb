//! Slows down password guessing: failed sign-ins are counted per account and per address.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::error::{AppError, AppResult};

/// Failures allowed per key within one window.
const MAX_FAILURES: u32 = 5;
const WINDOW: Duration = Duration::from_secs(15 * 60);
/// Above this many tracked keys, expired ones are dropped.
const PRUNE_ABOVE: usize = 10_000;

#[derive(Default)]
pub struct SignInLimiter {
    failures: Mutex<HashMap<String, (u32, Instant)>>,
}

impl SignInLimiter {
    /// Refuses when any of `keys` failed too often recently.
    pub fn check(&self, keys: &[String]) -> AppResult<()> {
        let failures = self.failures.lock().expect("limiter lock");
        let blocked = keys.iter().any(|key| {
            failures
                .get(key)
                .is_some_and(|(count, since)| *count >= MAX_FAILURES && since.elapsed() < WINDOW)
        });
        if blocked {
            return Err(AppError::RateLimited(
                "Too many failed sign-in attempts. Please wait a few minutes and try again.".into(),
            ));
        }
        Ok(())
    }

    pub fn record_failure(&self, keys: &[String]) {
        let mut failures = self.failures.lock().expect("limiter lock");
        if failures.len() > PRUNE_ABOVE {
            failures.retain(|_, (_, since)| since.elapsed() < WINDOW);
        }
        for key in keys {
            let entry = failures.entry(key.clone()).or_insert((0, Instant::now()));
            if entry.1.elapsed() >= WINDOW {
                *entry = (0, Instant::now());
            }
            entry.0 += 1;
        }
    }

    pub fn forget(&self, key: &str) {
        self.failures.lock().expect("limiter lock").remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_after_five_failures_and_forgets_on_success() {
        let limiter = SignInLimiter::default();
        let keys = vec!["account:ada".to_owned()];
        for _ in 0..MAX_FAILURES {
            assert!(limiter.check(&keys).is_ok());
            limiter.record_failure(&keys);
        }
        assert!(matches!(
            limiter.check(&keys),
            Err(AppError::RateLimited(_))
        ));
        assert!(limiter.check(&["account:bob".to_owned()]).is_ok());
        limiter.forget("account:ada");
        assert!(limiter.check(&keys).is_ok());
    }
}
