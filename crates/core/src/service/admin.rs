//! What an admin does to accounts: list them, promote, disable and enable, delete with all
//! they own; each action checked here and logged.

use crate::media::avatar::remove_avatar;
use crate::media::ingest::remove_files;
use crate::service::context::Services;
use crate::service::data::Data;
use crate::service::viewer::Viewer;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_domain::pin::Picture;
use corkboard_domain::user::UserRecord;
use corkboard_i18n::msg;
use corkboard_store::accounts::{self, TokenPurpose};
use corkboard_store::board_lists::{self, BoardList};
use corkboard_store::{
    board_writes, boards, folder_writes, folders, follow_writes, identities, passkeys, pin_writes,
    pins, temp_pins, user_pins, users,
};

/// Every account whose username or email holds `query` (any case), newest first.
pub async fn accounts(
    data: &Data,
    viewer: &Viewer,
    query: Option<String>,
) -> AppResult<Vec<UserRecord>> {
    viewer.require_admin()?;
    let query = query.map(|q| q.trim().to_lowercase()).unwrap_or_default();
    data.read(move |read| {
        let mut found = users::all(read)?;
        found.retain(|user| {
            user.username.to_lowercase().contains(&query)
                || user.email.to_lowercase().contains(&query)
        });
        found.reverse();
        Ok(found)
    })
    .await
}

/// What an account holds, as the admin page shows it.
pub struct Holdings {
    pub pins: usize,
    pub boards: usize,
    /// The bytes of its pins' originals.
    pub storage_bytes: u64,
    /// The bytes of its uploads waiting to be pinned.
    pub waiting_bytes: u64,
}

pub async fn holdings(data: &Data, viewer: &Viewer, user: UserId) -> AppResult<Holdings> {
    viewer.require_admin()?;
    data.read(move |read| {
        // Kept counts: an account's row costs the same whatever its library.
        Ok(Holdings {
            pins: user_pins::counts(read, user)?.all,
            boards: board_lists::count(read, BoardList::OfUser(user), Some(user), None)?,
            storage_bytes: user_pins::bytes(read, user)?,
            waiting_bytes: temp_pins::bytes_of(read, user)?,
        })
    })
    .await
}

/// Makes an account an admin, or not; the last admin stays one.
pub async fn set_admin(
    data: &Data,
    viewer: &Viewer,
    user: UserId,
    admin: bool,
) -> AppResult<UserRecord> {
    let by = viewer.require_admin()?;
    let changed = data
        .write(move |write| {
            let mut record = load(write, user)?;
            if !admin && record.admin && !record.disabled && admins(write)? == 1 {
                return Err(AppError::invalid("admin", msg!("error-last-admin")));
            }
            record.admin = admin;
            users::update(write, &record)?;
            Ok(record)
        })
        .await?;
    tracing::info!(admin = %by, user = %user, made_admin = admin, "an admin changed an account's rights");
    Ok(changed)
}

/// Disables an account (its sessions end, its API keys and content are refused and hidden at
/// once) or enables it again.
pub async fn set_disabled(
    data: &Data,
    viewer: &Viewer,
    user: UserId,
    disabled: bool,
) -> AppResult<UserRecord> {
    let by = viewer.require_admin()?;
    if by == user {
        return Err(AppError::invalid(
            "userId",
            msg!("error-disable-own-account"),
        ));
    }
    let changed = data
        .write(move |write| set_disabled_in(write, user, disabled))
        .await?;
    tracing::info!(admin = %by, user = %user, disabled, "an admin disabled or enabled an account");
    Ok(changed)
}

/// Disables or enables an account in one transaction (see `set_disabled`).
pub(crate) fn set_disabled_in(
    write: &corkboard_store::writing::Writing,
    user: UserId,
    disabled: bool,
) -> AppResult<UserRecord> {
    let mut record = load(write, user)?;
    record.disabled = disabled;
    users::update(write, &record)?;
    // A disabled account's sessions are kept but refused (`recognise`), so that its open tabs
    // are told why; enabling it ends them, so that none comes back signed in.
    if !disabled {
        accounts::remove_sessions_of(write, user, None)?;
    }
    board_writes::follow_owner(write, user)?;
    Ok(record)
}

/// Deletes an account with its folders, boards and pins, once the admin typed its username;
/// the pictures no other pin shows are removed from disk.
pub async fn delete_account(
    services: &Services,
    viewer: &Viewer,
    user: UserId,
    confirmation: String,
) -> AppResult<()> {
    let by = viewer.require_admin()?;
    if by == user {
        return Err(AppError::invalid(
            "userId",
            msg!("error-delete-own-account"),
        ));
    }
    let username = services
        .blocking(move |services| {
            let _files = services
                .picture_files
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            let (record, unshown, avatar_unused) = services.store.write(|write| {
                let record = load(write, user)?;
                if confirmation.trim() != record.username {
                    return Err(AppError::invalid(
                        "confirmation",
                        msg!(
                            "error-delete-confirmation",
                            username = record.username.as_str()
                        ),
                    ));
                }
                let (unshown, avatar_unused) = remove_account(write, &record)?;
                Ok((record, unshown, avatar_unused))
            })?;
            for picture in &unshown {
                remove_files(picture, &services.media);
            }
            if let Some(hash) = avatar_unused {
                remove_avatar(&hash, &services.media);
            }
            Ok(record.username)
        })
        .await?;
    tracing::info!(admin = %by, user = %user, %username, "an admin deleted an account");
    Ok(())
}

/// Removes everything of an account in one transaction; returns the pictures no pin shows any
/// more, and its avatar when no one else has it.
fn remove_account(
    write: &corkboard_store::writing::Writing,
    user: &UserRecord,
) -> AppResult<(Vec<Picture>, Option<String>)> {
    let mut unshown = Vec::new();
    for pin in pins::of_user(write, user.id)? {
        if pin_writes::remove(write, &pin)? {
            unshown.push(pin.picture);
        }
    }
    for board in boards::of_user(write, user.id)? {
        board_writes::remove(write, &board)?;
    }
    for folder in folders::of_user(write, user.id)? {
        folder_writes::remove(write, &folder)?;
    }
    for before in boards::shared_with(write, user.id)? {
        let mut after = before.clone();
        after.shared_with.retain(|reader| *reader != user.id);
        board_writes::save(write, Some(&before), &after)?;
    }
    accounts::remove_sessions_of(write, user.id, None)?;
    accounts::remove_api_keys_of(write, user.id)?;
    identities::remove_of_user(write, user.id)?;
    passkeys::remove_of_user(write, user.id)?;
    for purpose in [TokenPurpose::PasswordReset, TokenPurpose::EmailVerification] {
        accounts::remove_tokens_of(write, user.id, purpose)?;
    }
    follow_writes::forget_user(write, user.id)?;
    users::remove(write, user)?;
    let avatar_unused = match &user.avatar {
        Some(hash)
            if !users::all(write)?
                .iter()
                .any(|u| u.avatar.as_ref() == Some(hash)) =>
        {
            Some(hash.clone())
        }
        _ => None,
    };
    Ok((unshown, avatar_unused))
}

fn load(tx: &impl corkboard_store::Source, user: UserId) -> AppResult<UserRecord> {
    users::get(tx, user)?.ok_or_else(|| AppError::not_found(msg!("error-user-not-found")))
}

/// The admins who can act: a disabled admin cannot sign in.
fn admins(tx: &impl corkboard_store::Source) -> AppResult<usize> {
    let usable = |user: &&UserRecord| user.admin && !user.disabled;
    Ok(users::all(tx)?.iter().filter(usable).count())
}
