//! Changing a user's avatar.

use crate::app::AppState;
use crate::domain::ids::UserId;
use crate::domain::user::UserRecord;
use crate::error::AppResult;
use crate::media::avatar::store_avatar;
use crate::store::users;

/// Stores the picture's avatar files (bounded image work, off the async runtime) and points the user at them.
pub async fn set_avatar(state: &AppState, user: UserId, bytes: Vec<u8>) -> AppResult<UserRecord> {
    state
        .picture_work(move |state| {
            let hash = store_avatar(&bytes, &state.config.uploads, &state.config.avatars_dir())?;
            state.store.write(|write| {
                let mut record = users::load(write, user)?;
                record.avatar = Some(hash);
                users::update(write, &record)?;
                Ok(record)
            })
        })
        .await
}
