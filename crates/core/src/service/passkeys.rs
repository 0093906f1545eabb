//! Passkeys on the profile page: adding one (a WebAuthn registration), naming, listing and
//! removing them; the last way into an account is never removed.

use chrono::Utc;
use webauthn_rs::prelude::{
    CredentialID, Passkey, PasskeyRegistration, RegisterPublicKeyCredential, Uuid, Webauthn,
};
use webauthn_rs_proto::ResidentKeyRequirement;

use crate::service::data::Data;
use crate::service::passkey_ceremonies::{self, Ceremony, as_json, read_answer, unverified};
use crate::service::relying_party::required;
use crate::service::sign_in_methods::ways_in;
use crate::service::viewer::Viewer;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_domain::user::UserRecord;
use corkboard_i18n::msg;
use corkboard_store::passkeys::{self, CeremonyPurpose, PasskeyRecord};
use corkboard_store::users;
use corkboard_store::writing::Writing;

/// The most passkeys one account may hold.
pub const MOST_PASSKEYS: usize = 20;
const NAME_MAX: usize = 60;

/// Begins adding a passkey to the viewer's account: the options for the browser's
/// `navigator.credentials.create`, which asks for a discoverable credential (one that names the
/// account, for sign-in without an email) and excludes the account's passkeys.
pub async fn start_registration(data: &Data, viewer: &Viewer) -> AppResult<Ceremony> {
    viewer.require_own_origin()?;
    let user = viewer.require_user()?;
    let party = required(&data.config)?;
    data.write(move |write| {
        let record = users::load(write, user)?;
        let held = passkeys::of_user(write, user)?;
        within_most(held.len())?;
        let user_handle = match held.first() {
            Some(passkey) => passkey.user_handle.clone(),
            None => Uuid::new_v4().as_bytes().to_vec(),
        };
        let handle = Uuid::from_slice(&user_handle)
            .map_err(|error| anyhow::anyhow!("a stored passkey user handle: {error}"))?;
        let excluded: Vec<CredentialID> = held
            .iter()
            .map(|passkey| passkey.credential_id.clone().into())
            .collect();
        let (mut options, state) = party
            .start_passkey_registration(handle, &record.username, &record.username, Some(excluded))
            .map_err(|error| anyhow::anyhow!("cannot begin a passkey registration: {error:?}"))?;
        // webauthn-rs discourages a resident key, which a sign-in without an email needs; it
        // does not check what the authenticator chose.
        if let Some(selection) = options.public_key.authenticator_selection.as_mut() {
            selection.resident_key = Some(ResidentKeyRequirement::Required);
            selection.require_resident_key = true;
        }
        let purpose = CeremonyPurpose::Registration { user, user_handle };
        passkey_ceremonies::begin(write, purpose, &state, &options)
    })
    .await
}

/// Finishes adding a passkey named `name` with the browser's answer `credential` (the JSON of its
/// `PublicKeyCredential`): refused when the answer does not verify, or when its credential is
/// registered already, to this account or another.
pub async fn finish_registration(
    data: &Data,
    viewer: &Viewer,
    ceremony: String,
    name: String,
    credential: String,
) -> AppResult<PasskeyRecord> {
    viewer.require_own_origin()?;
    let user = viewer.require_user()?;
    let name = valid_name(&name)?;
    let party = required(&data.config)?;
    let answer: RegisterPublicKeyCredential = read_answer(&credential)?;
    let outcome = data
        .write(move |write| {
            // A refusal still removes the ceremony (committed): it is answered once.
            let (passkey, user_handle) = match verify(write, &party, user, &ceremony, &answer) {
                Ok(verified) => verified,
                Err(refusal) => return Ok(Err(refusal)),
            };
            let record = PasskeyRecord {
                id: 0,
                user,
                name,
                credential_id: passkey.cred_id().to_vec(),
                user_handle,
                credential: as_json(&passkey)?,
                created_at: Utc::now(),
                last_used_at: None,
            };
            Ok(Ok(passkeys::insert(write, record)?))
        })
        .await?;
    let record = outcome?;
    tracing::info!(%user, passkey = record.id, "a passkey was added");
    Ok(record)
}

/// The new passkey of a registration `user` began as `ceremony`, and the user handle it keeps;
/// what refuses it writes nothing but the ceremony's removal.
fn verify(
    write: &Writing,
    party: &Webauthn,
    user: UserId,
    ceremony: &str,
    answer: &RegisterPublicKeyCredential,
) -> AppResult<(Passkey, Vec<u8>)> {
    let begun_by_user = |purpose| match purpose {
        CeremonyPurpose::Registration {
            user: begun_by,
            user_handle,
        } if begun_by == user => Some(user_handle),
        _ => None,
    };
    let (user_handle, state): (_, PasskeyRegistration) =
        passkey_ceremonies::finish(write, ceremony, begun_by_user)?;
    let already = || {
        tracing::warn!("a passkey already registered was offered again");
        AppError::invalid("credential", msg!("error-passkey-already-registered"))
    };
    let passkey = match party.finish_passkey_registration(answer, &state) {
        Ok(passkey) => passkey,
        // One of the account's own, which the options excluded, does not verify.
        Err(_) if passkeys::by_credential(write, &answer.raw_id)?.is_some() => {
            return Err(already());
        }
        Err(error) => return Err(unverified(error, "a new passkey did not verify")),
    };
    if passkeys::by_credential(write, passkey.cred_id())?.is_some() {
        return Err(already());
    }
    within_most(passkeys::of_user(write, user)?.len())?;
    Ok((passkey, user_handle))
}

/// Renames one of the user's passkeys.
pub async fn rename(
    data: &Data,
    user: UserId,
    id: String,
    name: String,
) -> AppResult<PasskeyRecord> {
    let name = valid_name(&name)?;
    data.write(move |write| {
        let mut passkey = own(write, user, &id)?;
        passkey.name = name;
        passkeys::save(write, &passkey)?;
        Ok(passkey)
    })
    .await
}

/// Removes one of the user's passkeys, unless the account could then no longer sign in.
pub async fn remove(data: &Data, user: UserId, id: String) -> AppResult<UserRecord> {
    let record = data
        .write(move |write| {
            let passkey = own(write, user, &id)?;
            let record = users::load(write, user)?;
            if ways_in(write, &record)? == 1 {
                return Err(AppError::invalid("id", msg!("error-passkey-last-way-in")));
            }
            passkeys::remove(write, &passkey)?;
            Ok(record)
        })
        .await?;
    tracing::info!(%user, "a passkey was removed");
    Ok(record)
}

/// One of `user`'s passkeys by its id; NOT_FOUND_ERROR for another's or none.
fn own(write: &Writing, user: UserId, id: &str) -> AppResult<PasskeyRecord> {
    let found = match id.parse() {
        Ok(id) => passkeys::get(write, id)?,
        Err(_) => None,
    };
    found
        .filter(|passkey| passkey.user == user)
        .ok_or_else(|| AppError::not_found(msg!("error-passkey-not-found")))
}

fn valid_name(name: &str) -> AppResult<String> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > NAME_MAX {
        return Err(AppError::invalid(
            "name",
            msg!("error-passkey-name", max = NAME_MAX),
        ));
    }
    Ok(name.to_owned())
}

fn within_most(held: usize) -> AppResult<()> {
    if held >= MOST_PASSKEYS {
        return Err(AppError::invalid(
            "name",
            msg!("error-passkeys-too-many", max = MOST_PASSKEYS),
        ));
    }
    Ok(())
}
