//! Reading users as a viewer may see them, and editing one's own profile.

use chrono::{DateTime, Utc};

use crate::service::data::Data;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_domain::policy::{sees_private_fields, shows_content};
use corkboard_domain::user::{Profile, UserRecord};
use corkboard_i18n::{Message, msg};
use corkboard_store::{Source, users};

/// What only the user themself sees of their account.
pub struct PrivateFields<'a> {
    pub email: &'a str,
    pub email_verified: bool,
    pub last_login_at: Option<DateTime<Utc>>,
    pub admin: bool,
}

/// The user's private fields when the viewer may see them.
pub fn private_fields(viewer: Option<UserId>, user: &UserRecord) -> Option<PrivateFields<'_>> {
    sees_private_fields(viewer, user.id).then_some(PrivateFields {
        email: &user.email,
        email_verified: user.email_verified,
        last_login_at: user.last_login_at,
        admin: user.admin,
    })
}

pub async fn by_id(data: &Data, id: UserId) -> AppResult<UserRecord> {
    data.read(move |read| users::load(read, id)).await
}

/// What a person reads for a user there is none of to show.
pub fn not_found() -> Message {
    msg!("error-user-not-found")
}

/// A user by username; NOT_FOUND_ERROR when there is none, or when the account is disabled.
pub fn named(tx: &impl Source, username: &str) -> AppResult<UserRecord> {
    users::by_username(tx, username)?
        .filter(shows_content)
        .ok_or_else(|| AppError::not_found(not_found()))
}

/// Sets the profile fields given in `changes` (an empty string clears one; `None` keeps it).
pub async fn update_profile(data: &Data, user: UserId, changes: Profile) -> AppResult<UserRecord> {
    data.write(move |write| {
        let mut record = users::load(write, user)?;
        record.profile = record.profile.clone().overlay(changes).normalized()?;
        users::update(write, &record)?;
        Ok(record)
    })
    .await
}
