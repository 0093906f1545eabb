//! Who may have a picture's files (previews, original): everyone when a public pin shows it,
//! else whoever may see one of the pins showing it.

use crate::service::access::audience;
use crate::service::data::Data;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;
use corkboard_store::{Source, pins, public_pins};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PictureAccess {
    /// A public pin shows it: anyone, and caches, may keep it.
    Public,
    /// Only some may see it, this viewer among them.
    Private,
    /// No pin this viewer may see shows it (or no pin at all).
    Hidden,
}

pub async fn access(data: &Data, viewer: Option<UserId>, sha1: String) -> AppResult<PictureAccess> {
    data.read(move |read| {
        if shown_publicly(read, &sha1)? {
            return Ok(PictureAccess::Public);
        }
        let admits_viewer = |pin| match pins::get(read, pin)? {
            Some(pin) => Ok(audience(read, &pin)?.admits(viewer)),
            None => Ok(false),
        };
        if viewer.is_some() && pins::first_showing(read, &sha1, admits_viewer)?.is_some() {
            return Ok(PictureAccess::Private);
        }
        Ok(PictureAccess::Hidden)
    })
    .await
}

/// Whether a public pin shows the picture of this sha1 (its files are then public).
pub(crate) fn shown_publicly(tx: &impl Source, sha1: &str) -> AppResult<bool> {
    let public = |pin| public_pins::is_public(tx, pin);
    Ok(pins::first_showing(tx, sha1, public)?.is_some())
}
