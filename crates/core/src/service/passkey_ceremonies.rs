//! The ceremonies of passkeys, each two requests (options for the browser, then its answer): the
//! state webauthn-rs needs between them is kept in the database under the SHA-256 of an id the
//! browser holds, for a few minutes, and taken out when the answer comes, right or wrong.

use chrono::{Duration, Utc};
use serde::Serialize;
use serde::de::DeserializeOwned;
use webauthn_rs::prelude::WebauthnError;

use crate::service::relying_party::CEREMONY_MINUTES;
use crate::service::secrets::{new_secret, secret_hash};
use corkboard_domain::error::{AppError, AppResult};
use corkboard_i18n::msg;
use corkboard_store::passkeys::{self, CeremonyPurpose, CeremonyRecord};
use corkboard_store::writing::Writing;

/// A ceremony begun: the id its answer names, and the options for the browser's
/// `navigator.credentials` call (webauthn-rs's JSON, `{"publicKey": {...}}`).
pub struct Ceremony {
    pub id: String,
    pub options: String,
}

/// Keeps the state of a ceremony begun for `purpose` and returns it with its `options`.
pub(crate) fn begin(
    write: &Writing,
    purpose: CeremonyPurpose,
    state: &impl Serialize,
    options: &impl Serialize,
) -> AppResult<Ceremony> {
    let id = new_secret();
    let ceremony = CeremonyRecord {
        purpose,
        state: as_json(state)?,
        expires_at: Utc::now() + Duration::minutes(CEREMONY_MINUTES as i64),
    };
    passkeys::insert_ceremony(write, &secret_hash(&id), &ceremony)?;
    Ok(Ceremony {
        id,
        options: as_json(options)?,
    })
}

/// Takes the ceremony `id` out of the database (it is finished once, rightly or not) and returns
/// what `wanted` takes of its purpose, with its state; an unknown, expired or finished one is
/// refused, and one `wanted` does not take (begun for another purpose, or by another user).
pub(crate) fn finish<T, S: DeserializeOwned>(
    write: &Writing,
    id: &str,
    wanted: impl FnOnce(CeremonyPurpose) -> Option<T>,
) -> AppResult<(T, S)> {
    let taken = passkeys::take_ceremony(write, &secret_hash(id))?;
    let Some(ceremony) = taken.filter(|ceremony| ceremony.expires_at > Utc::now()) else {
        tracing::warn!("a passkey's answer named a ceremony unknown, expired or already finished");
        return Err(expired());
    };
    let Some(taken) = wanted(ceremony.purpose) else {
        tracing::warn!("a passkey's answer named a ceremony begun for something else");
        return Err(expired());
    };
    Ok((taken, from_stored(&ceremony.state)?))
}

/// The refusal of a ceremony that cannot be finished (unknown, expired, used, another's).
fn expired() -> AppError {
    AppError::invalid("ceremony", msg!("error-passkey-request-expired"))
}

/// A browser's answer (a credential as JSON) read, or refused as unverifiable.
pub(crate) fn read_answer<T: DeserializeOwned>(credential: &str) -> AppResult<T> {
    serde_json::from_str(credential).map_err(|error| {
        tracing::warn!(%error, "a passkey's answer is not the JSON of a WebAuthn credential");
        not_verified()
    })
}

/// The refusal of an answer webauthn-rs could not verify, its reason in the log.
pub(crate) fn unverified(error: WebauthnError, what: &'static str) -> AppError {
    tracing::warn!(?error, "{what}");
    not_verified()
}

fn not_verified() -> AppError {
    AppError::invalid("credential", msg!("error-passkey-not-verified"))
}

/// What was stored as JSON (a ceremony's state, a passkey), read back.
pub(crate) fn from_stored<T: DeserializeOwned>(json: &str) -> AppResult<T> {
    serde_json::from_str(json)
        .map_err(|error| anyhow::anyhow!("stored passkey JSON is unreadable: {error}").into())
}

/// The JSON of what is stored or sent.
pub(crate) fn as_json(value: &impl Serialize) -> AppResult<String> {
    serde_json::to_string(value)
        .map_err(|error| anyhow::anyhow!("cannot write passkey JSON: {error}").into())
}
