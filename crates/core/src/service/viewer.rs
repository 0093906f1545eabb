//! Who is asking: the viewer of a request (`recognise` finds it from an API key or a session).

use std::net::IpAddr;

use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::UserId;
use corkboard_i18n::msg;

/// The person behind a request; `user` is `None` for a visitor.
#[derive(Debug, Clone, Default)]
pub struct Viewer {
    pub user: Option<UserId>,
    /// Hash of the session token when signed in by cookie (not by API key).
    pub session_hash: Option<String>,
    pub client_ip: Option<IpAddr>,
    /// Whether the user is an admin of the instance.
    pub admin: bool,
    /// False when a browser says the request comes from another site's page.
    pub foreign_origin: bool,
    /// A trusted proxy says the request reached it over HTTPS.
    pub over_https: bool,
    /// The request came with the session or API key of an account an admin disabled: it is
    /// answered as a visitor's, and told why (`accountDisabled`).
    pub disabled_account: bool,
}

impl Viewer {
    /// Refuses what would sign a browser in (and set its cookie) when another site's page asks:
    /// that page could sign a person into an account of its choosing.
    pub(crate) fn require_own_origin(&self) -> AppResult<()> {
        if self.foreign_origin {
            return Err(AppError::denied(msg!("error-foreign-origin")));
        }
        Ok(())
    }

    /// The signed-in user, or PERMISSION_DENIED_ERROR asking to sign in.
    pub fn require_user(&self) -> AppResult<UserId> {
        self.user.ok_or_else(AppError::sign_in_required)
    }

    /// The signed-in admin, or PERMISSION_DENIED_ERROR.
    pub(crate) fn require_admin(&self) -> AppResult<UserId> {
        let user = self.require_user()?;
        if !self.admin {
            return Err(AppError::denied(msg!("error-admin-only")));
        }
        Ok(user)
    }
}
