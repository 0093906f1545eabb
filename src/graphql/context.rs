//! How resolvers reach the services, the viewer and the request's loaders.

use async_graphql::Context;

use crate::graphql::loaders::Loaders;
use corkboard_core::service::context::Services;
use corkboard_core::service::viewer::Viewer;

/// The services, the viewer and the loaders, as every resolver needs them.
pub(crate) trait ContextExt {
    fn services(&self) -> &Services;
    fn viewer(&self) -> &Viewer;
    fn loaders(&self) -> &Loaders;
}

impl ContextExt for Context<'_> {
    fn services(&self) -> &Services {
        self.data_unchecked::<Services>()
    }

    fn viewer(&self) -> &Viewer {
        self.data_unchecked::<Viewer>()
    }

    fn loaders(&self) -> &Loaders {
        self.data_unchecked::<Loaders>()
    }
}
