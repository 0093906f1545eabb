//! Signing in with a passkey, without an email: the browser offers a discoverable credential,
//! which names its account. The attempts count with the password ones from the same address, and
//! one that verifies starts the same session a password does.

use chrono::Utc;
use webauthn_rs::prelude::{
    AuthenticationResult, DiscoverableAuthentication, DiscoverableKey, Passkey,
    PublicKeyCredential, Webauthn,
};

use crate::service::auth::{DISABLED, open_session};
use crate::service::context::Services;
use crate::service::passkey_ceremonies::{
    self, Ceremony, as_json, from_stored, read_answer, unverified,
};
use crate::service::rate_limit::{address_sign_in_keys, passkey_ceremony_keys};
use crate::service::relying_party::required;
use crate::service::sessions::{SignedIn, TOO_MANY_SIGN_INS};
use crate::service::viewer::Viewer;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_i18n::msg;
use corkboard_store::passkeys::{self, CeremonyPurpose, PasskeyRecord};
use corkboard_store::users;
use corkboard_store::writing::Writing;

/// Begins a sign-in: the options for the browser's `navigator.credentials.get`, with no
/// credential listed (the browser offers those it holds for this site).
pub async fn start(services: &Services, viewer: &Viewer) -> AppResult<Ceremony> {
    viewer.require_own_origin()?;
    let party = required(&services.config)?;
    let keys = passkey_ceremony_keys(viewer.client_ip);
    services
        .limiter
        .take(&keys, msg!("error-too-many-passkey-sign-ins"))?;
    let (options, state) = party
        .start_discoverable_authentication()
        .map_err(|error| anyhow::anyhow!("cannot begin a passkey sign-in: {error:?}"))?;
    services
        .write(move |write| {
            passkey_ceremonies::begin(write, CeremonyPurpose::SignIn, &state, &options)
        })
        .await
}

/// Finishes a sign-in with the browser's answer `credential` (the JSON of its
/// `PublicKeyCredential`): the account its passkey belongs to is signed in, unless an admin
/// disabled it. A passkey unknown here (never added, removed, its account deleted) is refused.
pub async fn finish(
    services: &Services,
    viewer: &Viewer,
    ceremony: String,
    credential: String,
) -> AppResult<SignedIn> {
    viewer.require_own_origin()?;
    let party = required(&services.config)?;
    let keys = address_sign_in_keys(&services.config.limits, viewer.client_ip);
    services.limiter.take(&keys, TOO_MANY_SIGN_INS)?;
    let answer: PublicKeyCredential = read_answer(&credential)?;
    let outcome = services
        .write(move |write| {
            // A refusal still removes the ceremony (committed): it is answered once.
            let (mut record, mut passkey, result) = match verify(write, &party, &ceremony, &answer)
            {
                Ok(verified) => verified,
                Err(refusal) => return Ok(Err(refusal)),
            };
            passkey.update_credential(&result);
            record.credential = as_json(&passkey)?;
            record.last_used_at = Some(Utc::now());
            passkeys::save(write, &record)?;
            Ok(Ok(open_session(write, record.user)?))
        })
        .await?;
    let signed_in = outcome?;
    for (key, _) in &keys {
        services.limiter.give_back(key);
    }
    Ok(signed_in)
}

/// The passkey that answered the sign-in `ceremony`, as stored and as webauthn-rs reads it, and
/// what the authenticator said (its counter); what refuses it writes nothing but the ceremony's
/// removal.
fn verify(
    write: &Writing,
    party: &Webauthn,
    ceremony: &str,
    answer: &PublicKeyCredential,
) -> AppResult<(PasskeyRecord, Passkey, AuthenticationResult)> {
    let sign_in = |purpose| (purpose == CeremonyPurpose::SignIn).then_some(());
    let ((), state): (_, DiscoverableAuthentication) =
        passkey_ceremonies::finish(write, ceremony, sign_in)?;
    let (handle, credential_id) = party
        .identify_discoverable_authentication(answer)
        .map_err(|error| unverified(error, "a passkey's answer named no account"))?;
    let unknown = |why: &str| {
        tracing::warn!("a passkey was refused for signing in: {why}");
        AppError::invalid("credential", msg!("error-passkey-unknown"))
    };
    let Some(record) = passkeys::by_credential(write, credential_id)? else {
        return Err(unknown("no account here has it"));
    };
    if record.user_handle != handle.as_bytes() {
        return Err(unknown(
            "it names another account than the one it was added to",
        ));
    }
    let passkey: Passkey = from_stored(&record.credential)?;
    let result = party
        .finish_discoverable_authentication(answer, state, &[DiscoverableKey::from(&passkey)])
        .map_err(|error| unverified(error, "a passkey's sign-in did not verify"))?;
    if users::load(write, record.user)?.disabled {
        return Err(AppError::denied(DISABLED));
    }
    Ok((record, passkey, result))
}
