//! Reading users as a viewer may see them, and editing one's own profile.

use crate::app::AppState;
use crate::domain::ids::UserId;
use crate::domain::user::{Profile, UserRecord};
use crate::error::{AppError, AppResult};
use crate::store::{pins, users};

pub async fn by_id(state: &AppState, id: UserId) -> AppResult<UserRecord> {
    state
        .blocking(move |state| state.store.read(|read| users::load(read, id)))
        .await
}

/// A user by username; NOT_FOUND_ERROR when there is none.
pub async fn by_username(state: &AppState, username: String) -> AppResult<UserRecord> {
    state
        .blocking(move |state| state.store.read(|read| users::by_username(read, &username)))
        .await?
        .ok_or_else(|| AppError::not_found("This user does not exist."))
}

/// Sets the profile fields given in `changes` (an empty string clears one; `None` keeps it).
pub async fn update_profile(
    state: &AppState,
    user: UserId,
    changes: Profile,
) -> AppResult<UserRecord> {
    state
        .blocking(move |state| {
            let record = state.store.write(|write| {
                let mut record = users::load(write, user)?;
                record.profile = record.profile.clone().overlay(changes).normalized()?;
                users::update(write, &record)?;
                Ok(record)
            })?;
            let pins = state.store.read(|read| pins::of_user(read, user))?;
            state.reindex(&pins.iter().map(|pin| pin.id).collect::<Vec<_>>());
            Ok(record)
        })
        .await
}
