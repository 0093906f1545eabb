//! Who is asking: the viewer of a request, found from an API key or a session token.

use std::net::IpAddr;

use crate::domain::ids::UserId;
use crate::error::{AppError, AppResult};
use crate::service::context::Services;
use crate::service::secrets::secret_hash;
use crate::service::{api_keys, auth};

/// The person behind a request; `user` is `None` for a visitor.
#[derive(Debug, Clone, Default)]
pub struct Viewer {
    pub user: Option<UserId>,
    /// Hash of the session token when signed in by cookie (not by API key).
    pub session_hash: Option<String>,
    pub client_ip: Option<IpAddr>,
    /// False when a browser says the request comes from another site's page.
    pub foreign_origin: bool,
}

impl Viewer {
    /// Refuses what would sign a browser in (and set its cookie) when another site's page asks:
    /// that page could sign a person into an account of its choosing.
    pub fn require_own_origin(&self) -> AppResult<()> {
        if self.foreign_origin {
            return Err(AppError::denied(
                "Please sign in from Corkboard's own pages.",
            ));
        }
        Ok(())
    }

    /// The signed-in user, or PERMISSION_DENIED_ERROR asking to sign in.
    pub fn require_user(&self) -> AppResult<UserId> {
        self.user.ok_or_else(AppError::sign_in_required)
    }
}

/// The viewer holding `bearer` (an API key) or else the session `cookie`; a visitor when
/// neither is valid.
pub async fn resolve(
    services: &Services,
    bearer: Option<String>,
    cookie: Option<String>,
    client_ip: Option<IpAddr>,
    foreign_origin: bool,
) -> Viewer {
    let anonymous = Viewer {
        client_ip,
        foreign_origin,
        ..Viewer::default()
    };
    if bearer.is_none() && cookie.is_none() {
        return anonymous;
    }
    let found = services
        .blocking(move |services| {
            if let Some(key) = bearer {
                return Ok(api_keys::user_of_key(services, &key)?.map(|user| (user, None)));
            }
            let Some(token) = cookie else { return Ok(None) };
            let user = auth::user_of_session(services, &token)?;
            Ok(user.map(|user| (user, Some(secret_hash(&token)))))
        })
        .await;
    match found {
        Ok(Some((user, session_hash))) => Viewer {
            user: Some(user),
            session_hash,
            client_ip,
            foreign_origin,
        },
        Ok(None) => anonymous,
        Err(error) => {
            tracing::error!(error = ?error, "cannot resolve the viewer");
            anonymous
        }
    }
}
