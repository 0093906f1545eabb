//! A temporary pin: a picture uploaded or downloaded by a user, waiting to become a pin.

use chrono::{DateTime, TimeDelta, Utc};
use serde::{Deserialize, Serialize};

use crate::ids::UserId;
use crate::pin::Picture;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TempPinRecord {
    /// The file's name under `DATA_DIR/tmp/` and `/media/tmp/`: random, so unguessable.
    pub file_name: String,
    pub user: UserId,
    /// The name of the uploaded file, or the last part of the downloaded address.
    pub original_name: Option<String>,
    /// The address it was downloaded from.
    pub url: Option<String>,
    /// What inspecting it found (without stored previews yet).
    pub picture: Picture,
    pub created_at: DateTime<Utc>,
}

impl TempPinRecord {
    /// Whether it waited longer than `lifetime` (`quotas.temp_file_lifetime_seconds`) at `now`.
    pub fn expired(&self, now: DateTime<Utc>, lifetime: TimeDelta) -> bool {
        now - self.created_at > lifetime
    }
}
