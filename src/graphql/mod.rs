//! The GraphQL API at `/api/graphql`: schema, request handler and GraphiQL.

pub mod accounts;
pub mod admin;
pub mod boards;
pub mod context;
pub mod errors;
pub mod imports;
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

/// The most a request may cost: a field costs 1, a list `first` (at most 50) times its items. The
/// UI's heaviest page (a user's boards, 50 of them with covers and counts) costs about a third of it.
pub const MAX_COST: usize = 12_000;
/// The deepest nesting of fields a request may have; the UI's deepest query has 7 levels.
pub const MAX_DEPTH: usize = 12;

/// Builds the schema; `services` are reachable from every resolver.
pub fn build_schema(services: Option<Services>) -> CorkboardSchema {
    let builder = Schema::build(
        QueryRoot::default(),
        MutationRoot::default(),
        EmptySubscription,
    )
    .limit_complexity(MAX_COST)
    .limit_depth(MAX_DEPTH);
    match services {
        Some(services) if !services.config.graphiql() => {
            builder.disable_introspection().data(services).finish()
        }
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
    let mut response = schema.execute(request).await;
    for error in &mut response.errors {
        errors::code_request_error(error);
    }
    response.into()
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
