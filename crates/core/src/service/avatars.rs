//! Changing a user's avatar.

use std::io::{Read, Seek};

use crate::media::avatar::store_avatar;
use crate::media::budget::Plan;
use crate::media::decode::decode_picture;
use crate::service::context::Services;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;
use corkboard_domain::user::UserRecord;
use corkboard_store::users;

/// Stores the picture's avatar files (bounded image work, off the async runtime) and points the user at them.
pub async fn set_avatar(
    services: &Services,
    user: UserId,
    picture: impl Read + Seek + Send + 'static,
) -> AppResult<UserRecord> {
    let spooled = services
        .spool_picture(picture, "avatar", Plan::avatar_bytes)
        .await?;
    services
        .picture_work("avatar", spooled.memory, move |services| {
            let uploads = &services.config.uploads;
            let bytes = spooled.read()?;
            let picture = decode_picture(&bytes, uploads, "avatar")?;
            let hash = store_avatar(&bytes, picture, &services.media)?;
            services.store.write(|write| {
                let mut record = users::load(write, user)?;
                record.avatar = Some(hash);
                users::update(write, &record)?;
                Ok(record)
            })
        })
        .await
}
