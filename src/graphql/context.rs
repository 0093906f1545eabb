//! Who is asking: the viewer of a GraphQL request, and how resolvers reach the app state.

use std::net::IpAddr;

use async_graphql::Context;

use crate::app::AppState;
use crate::domain::ids::UserId;
use crate::error::{AppError, AppResult};

/// The person behind a request; `user` is `None` for a visitor.
#[derive(Debug, Clone, Default)]
pub struct Viewer {
    pub user: Option<UserId>,
    /// Hash of the session token when signed in by cookie (not by API key).
    pub session_hash: Option<String>,
    pub client_ip: Option<IpAddr>,
}

impl Viewer {
    /// The signed-in user, or PERMISSION_DENIED_ERROR asking to sign in.
    pub fn require_user(&self) -> AppResult<UserId> {
        self.user.ok_or_else(AppError::sign_in_required)
    }

    pub fn is(&self, user: UserId) -> bool {
        self.user == Some(user)
    }
}

/// The app state and the viewer, as every resolver needs them.
pub trait ContextExt {
    fn state(&self) -> &AppState;
    fn viewer(&self) -> &Viewer;
}

impl ContextExt for Context<'_> {
    fn state(&self) -> &AppState {
        self.data_unchecked::<AppState>()
    }

    fn viewer(&self) -> &Viewer {
        self.data_unchecked::<Viewer>()
    }
}
