//! Who may have a picture's files (previews, original): everyone when a public pin shows it,
//! else whoever may see one of the pins showing it.

use crate::domain::ids::UserId;
use crate::error::AppResult;
use crate::service::access::audience;
use crate::service::context::Services;
use crate::store::{board_pins, pins};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PictureAccess {
    /// A public pin shows it: anyone, and caches, may keep it.
    Public,
    /// Only some may see it, this viewer among them.
    Private,
    /// No pin this viewer may see shows it (or no pin at all).
    Hidden,
}

pub async fn access(
    services: &Services,
    viewer: Option<UserId>,
    sha1: String,
) -> AppResult<PictureAccess> {
    services
        .read(move |read| {
            let showing = pins::showing(read, &sha1)?;
            for pin in &showing {
                if board_pins::is_public(read, *pin)? {
                    return Ok(PictureAccess::Public);
                }
            }
            if viewer.is_some() {
                for pin in showing {
                    if let Some(pin) = pins::get(read, pin)?
                        && audience(read, &pin)?.admits(viewer)
                    {
                        return Ok(PictureAccess::Private);
                    }
                }
            }
            Ok(PictureAccess::Hidden)
        })
        .await
}
