//! The GraphQL API at `/api/graphql`: schema, request handler and GraphiQL.

pub mod context;
pub mod query;
pub mod types;

use async_graphql::http::GraphiQLSource;
use async_graphql::{EmptyMutation, EmptySubscription, Schema};
use async_graphql_poem::{GraphQLRequest, GraphQLResponse};
use poem::web::{Data, Html};
use poem::{IntoResponse, handler};

use crate::app::AppState;
use context::Viewer;
use query::QueryRoot;

pub type CorkboardSchema = Schema<QueryRoot, EmptyMutation, EmptySubscription>;

/// Builds the schema; `state` is reachable from every resolver.
pub fn build_schema(state: Option<AppState>) -> CorkboardSchema {
    let builder = Schema::build(QueryRoot::default(), EmptyMutation, EmptySubscription);
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
pub async fn graphql(schema: Data<&CorkboardSchema>, request: GraphQLRequest) -> GraphQLResponse {
    let viewer = Viewer::anonymous();
    schema.execute(request.0.data(viewer)).await.into()
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
