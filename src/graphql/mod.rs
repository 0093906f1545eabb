//! The GraphQL API at `/api/graphql`: schema, request handler and GraphiQL.

pub mod accounts;
pub mod boards;
pub mod context;
pub mod covers;
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
use poem::{IntoResponse, Request, handler};

use crate::app::AppState;
use crate::http::session::viewer_of;
use mutation::MutationRoot;
use query::QueryRoot;

pub type CorkboardSchema = Schema<QueryRoot, MutationRoot, EmptySubscription>;

/// Builds the schema; `state` is reachable from every resolver.
pub fn build_schema(state: Option<AppState>) -> CorkboardSchema {
    let builder = Schema::build(
        QueryRoot::default(),
        MutationRoot::default(),
        EmptySubscription,
    );
    match state {
        Some(state) => builder.data(state).finish(),
        None => builder.finish(),
    }
}

/// The schema in SDL, as committed in `schema.graphql`.
pub fn schema_sdl() -> String {
    build_schema(None).sdl()
}

#[handler]
pub async fn graphql(
    req: &Request,
    schema: Data<&CorkboardSchema>,
    state: Data<&AppState>,
    request: GraphQLRequest,
) -> GraphQLResponse {
    let viewer = viewer_of(req, &state).await;
    let request = request.0.data(viewer).data(covers::CoverCache::default());
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
