//! Random secrets (session tokens, mailed tokens, API keys), their stored hashes, and passwords.

use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use sha2::{Digest, Sha256};

use corkboard_domain::config::Config;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_i18n::msg;

/// 32 random bytes, URL-safe.
pub(crate) fn new_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// What is stored instead of a secret: its SHA-256, in hex.
pub fn secret_hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// An argon2id hash of the password, with its own salt, as a PHC string.
pub fn hash_password(password: &str) -> AppResult<String> {
    let hash = Argon2::default()
        .hash_password(password.as_bytes())
        .map_err(|error| anyhow::anyhow!("cannot hash a password: {error}"))?;
    Ok(hash.to_string())
}

pub(crate) fn password_matches(password: &str, hash: &str) -> bool {
    Argon2::default()
        .verify_password(password.as_bytes(), hash)
        .is_ok()
}

/// Refuses signing in or up, or setting a password, when passwords are off
/// (`accounts.passwords`).
pub(crate) fn require_passwords(config: &Config) -> AppResult<()> {
    if !config.accounts.passwords {
        return Err(AppError::denied(msg!("error-passwords-off")));
    }
    Ok(())
}

/// Spends the time of one password check, so that an unknown email answers as slowly as a known one.
pub(crate) fn waste_a_password_check(password: &str) {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let hash = DUMMY.get_or_init(|| hash_password("not a real password").unwrap_or_default());
    password_matches(password, hash);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_argon2id_and_verify() {
        let hash = hash_password("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(password_matches("correct horse", &hash));
        assert!(!password_matches("wrong horse", &hash));
    }

    #[test]
    fn secrets_are_unique_and_hashed() {
        let (a, b) = (new_secret(), new_secret());
        assert_ne!(a, b);
        assert_eq!(secret_hash(&a).len(), 64);
        assert_ne!(secret_hash(&a), a);
    }
}
