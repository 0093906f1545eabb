//! A temporary pin: a picture uploaded or downloaded by a user, waiting to become a pin.

use chrono::{DateTime, TimeDelta, Utc};
use serde::{Deserialize, Serialize};

use crate::domain::ids::UserId;
use crate::domain::pin::Picture;

/// How long a temporary file waits for `addPin` before the clean-up removes it.
pub const TEMP_PIN_LIFETIME: TimeDelta = TimeDelta::days(1);

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
    pub fn expired(&self, now: DateTime<Utc>) -> bool {
        now - self.created_at > TEMP_PIN_LIFETIME
    }
}
