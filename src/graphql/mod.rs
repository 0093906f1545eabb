//! The GraphQL API at `/api/graphql`: schema, request handler and GraphiQL.

pub mod accounts;
pub mod boards;
pub mod context;
pub mod errors;
pub mod loaders;
pub mod mutation;
pub mod pagination;
pub mod pin_edits;
pub mod pin_lists;
pub mod pins;
pub mod query;
pub mod types;

use async_graphql::http::GraphiQLSource;
use async_graphql::{EmptySubscription, Schema};
use async_graphql_poem::{GraphQLRequest, GraphQLResponse};
use poem::web::{Data, Html};
use poem::{IntoResponse, handler};

use crate::service::context::Services;
use crate::service::viewer::Viewer;
use mutation::MutationRoot;
use query::QueryRoot;

pub type CorkboardSchema = Schema<QueryRoot, MutationRoot, EmptySubscription>;

/// Builds the schema; `services` are reachable from every resolver.
pub fn build_schema(services: Option<Services>) -> CorkboardSchema {
    let builder = Schema::build(
        QueryRoot::default(),
        MutationRoot::default(),
        EmptySubscription,
    );
    match services {
        Some(services) => builder.data(services).finish(),
        None => builder.finish(),
    }
}

/// The schema in SDL, as committed in `schema.graphql`.
pub fn schema_sdl() -> String {
    build_schema(None).sdl()
}

/// Answers a GraphQL request for the viewer the HTTP layer found.
#[handler]
pub async fn graphql(
    schema: Data<&CorkboardSchema>,
    services: Data<&Services>,
    viewer: Data<&Viewer>,
    request: GraphQLRequest,
) -> GraphQLResponse {
    let loaders = loaders::for_request(services.clone(), viewer.user);
    let request = request.0.data(viewer.clone()).data(loaders);
    schema.execute(request).await.into()
}

#[handler]
pub async fn graphiql() -> impl IntoResponse {
    Html(
        GraphiQLSource::build()
            .endpoint("/api/graphql")
            .title("Corkboard GraphQL")
            .finish(),
    )
}
