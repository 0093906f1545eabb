//! User records and their unique username and email indexes.

use std::sync::Arc;

use redb::{ReadableTable, ReadableTableMetadata};

use super::codec::encode;
use super::kept_records::kept_or_read;
use super::search_sweeps::{self, Swept};
use super::tables::{USERS, USERS_BY_EMAIL, USERS_BY_USERNAME};
use super::writing::Writing;
use super::{Source, next_id};
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_domain::user::{USERNAME_MAX, UserRecord, email_key, username_key};
use corkboard_i18n::{Message, msg};

/// What a sign-up with an email that has an account is told: not that it has one.
pub fn email_not_usable() -> Message {
    msg!("error-email-not-usable")
}

pub fn get(tx: &impl Source, id: UserId) -> AppResult<Option<UserRecord>> {
    let users = tx.table(USERS)?;
    let found = users.get(id.0)?;
    found.map(|bytes| tx.decode(bytes.value())).transpose()
}

/// Like `get`, shared: as a read of the same state decoded it already and kept it
/// (`kept_records`), or decoded now and kept.
pub fn get_kept(tx: &impl Source, id: UserId) -> AppResult<Option<Arc<UserRecord>>> {
    kept_or_read(tx, |kept| &kept.users, id, || get(tx, id))
}

/// Like `get`, for ids that come from our own records.
pub fn load(tx: &impl Source, id: UserId) -> AppResult<UserRecord> {
    get(tx, id)?.ok_or_else(|| anyhow::anyhow!("user {id} is referenced but missing").into())
}

pub fn by_username(tx: &impl Source, username: &str) -> AppResult<Option<UserRecord>> {
    let id = tx
        .table(USERS_BY_USERNAME)?
        .get(username_key(username).as_str())?
        .map(|v| v.value());
    match id {
        Some(id) => get(tx, UserId(id)),
        None => Ok(None),
    }
}

pub fn by_email(tx: &impl Source, email: &str) -> AppResult<Option<UserRecord>> {
    let id = tx
        .table(USERS_BY_EMAIL)?
        .get(email_key(email).as_str())?
        .map(|v| v.value());
    match id {
        Some(id) => get(tx, UserId(id)),
        None => Ok(None),
    }
}

/// Stores a new user with a fresh id; refuses a taken username or email.
pub fn insert(write: &Writing, mut user: UserRecord) -> AppResult<UserRecord> {
    if by_username(write, &user.username)?.is_some() {
        return Err(AppError::invalid("username", msg!("error-username-taken")));
    }
    if by_email(write, &user.email)?.is_some() {
        return Err(AppError::invalid("email", email_not_usable()));
    }
    user.id = UserId(next_id(write)?);
    // The first account runs the instance.
    user.admin |= count(write)? == 0;
    write
        .open_table(USERS_BY_USERNAME)?
        .insert(username_key(&user.username).as_str(), user.id.0)?;
    write
        .open_table(USERS_BY_EMAIL)?
        .insert(email_key(&user.email).as_str(), user.id.0)?;
    write
        .open_table(USERS)?
        .insert(user.id.0, encode(&user)?.as_slice())?;
    Ok(user)
}

/// Saves a changed user, moving the username and email indexes when they changed.
pub fn update(write: &Writing, user: &UserRecord) -> AppResult<()> {
    let before = load(write, user.id)?;
    let names = |u: &UserRecord| {
        (
            u.username.clone(),
            u.profile.first_name.clone(),
            u.profile.last_name.clone(),
        )
    };
    if names(&before) != names(user) {
        search_sweeps::mark(write, Swept::PinsOf(user.id))?;
    }
    if username_key(&before.username) != username_key(&user.username) {
        if by_username(write, &user.username)?.is_some() {
            return Err(AppError::invalid("username", msg!("error-username-taken")));
        }
        let mut usernames = write.open_table(USERS_BY_USERNAME)?;
        usernames.remove(username_key(&before.username).as_str())?;
        usernames.insert(username_key(&user.username).as_str(), user.id.0)?;
    }
    if email_key(&before.email) != email_key(&user.email) {
        if by_email(write, &user.email)?.is_some() {
            return Err(AppError::invalid("newEmail", msg!("error-email-taken")));
        }
        let mut emails = write.open_table(USERS_BY_EMAIL)?;
        emails.remove(email_key(&before.email).as_str())?;
        emails.insert(email_key(&user.email).as_str(), user.id.0)?;
    }
    write
        .open_table(USERS)?
        .insert(user.id.0, encode(user)?.as_slice())?;
    Ok(())
}

/// Removes a user's record and its indexes (the caller removes what the user owned and their
/// follows first: `follow_writes::forget_user`).
pub fn remove(write: &Writing, user: &UserRecord) -> AppResult<()> {
    write
        .open_table(USERS_BY_USERNAME)?
        .remove(username_key(&user.username).as_str())?;
    write
        .open_table(USERS_BY_EMAIL)?
        .remove(email_key(&user.email).as_str())?;
    write.open_table(USERS)?.remove(user.id.0)?;
    super::recent_searches::clear(write, user.id)
}

/// `base` when no account has it, else `base-2`, `base-3`...
pub fn free_username(tx: &impl Source, base: &str) -> AppResult<String> {
    let mut candidate = base.to_owned();
    let mut counter = 1;
    while by_username(tx, &candidate)?.is_some() {
        counter += 1;
        let suffix = format!("-{counter}");
        let stem: String = base.chars().take(USERNAME_MAX - suffix.len()).collect();
        candidate = format!("{stem}{suffix}");
    }
    Ok(candidate)
}

/// The first `wanted` users that are `kept`, whose username starts with `prefix` (lowercase), in
/// the order of their usernames, at most `read` usernames read.
pub fn with_username_starting(
    tx: &impl Source,
    prefix: &str,
    read: usize,
    wanted: usize,
    kept: impl Fn(&UserRecord) -> bool,
) -> AppResult<Vec<UserRecord>> {
    let table = tx.table(USERS_BY_USERNAME)?;
    let mut found = Vec::new();
    for entry in table.range(prefix..)?.take(read) {
        let (username, id) = entry?;
        if found.len() == wanted || !username.value().starts_with(prefix) {
            break;
        }
        found.extend(get(tx, UserId(id.value()))?.filter(&kept));
    }
    Ok(found)
}

/// Every user, oldest first.
pub fn all(tx: &impl Source) -> AppResult<Vec<UserRecord>> {
    tx.table(USERS)?
        .iter()?
        .map(|entry| tx.decode(entry?.1.value()))
        .collect()
}

/// How many users there are.
pub fn count(tx: &impl Source) -> AppResult<u64> {
    Ok(tx.table(USERS)?.len()?)
}
