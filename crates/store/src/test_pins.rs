//! Pins for the store's own tests.

use chrono::Utc;
use corkboard_domain::ids::{PinId, UserId};
use corkboard_domain::pin::{Picture, PinRecord};

/// A pin of `user` with a caption and one fixed picture.
pub(crate) fn pin_of(user: UserId) -> PinRecord {
    PinRecord {
        id: PinId(0),
        user,
        picture: Picture {
            sha1: "ab".repeat(20),
            ..Picture::default()
        },
        source_file_url: None,
        title: None,
        caption: "c".into(),
        rating: 0,
        unsafe_content: false,
        tags: Vec::new(),
        added_via: None,
        created_at: Utc::now(),
        private_picture: false,
    }
}
