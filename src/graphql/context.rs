//! Who is asking: the viewer of a GraphQL request, and how resolvers reach the app state.

use async_graphql::Context;

use crate::app::AppState;
use crate::domain::ids::UserId;

/// The person behind a request; `user` is `None` for a visitor.
#[derive(Debug, Clone, Default)]
pub struct Viewer {
    pub user: Option<UserId>,
}

impl Viewer {
    pub fn anonymous() -> Viewer {
        Viewer::default()
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
