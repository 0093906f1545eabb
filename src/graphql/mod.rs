//! The GraphQL API at `/api/graphql`: schema, request handler and GraphiQL.

pub mod accounts;
pub mod admin;
pub mod ahead;
pub mod answers;
pub mod board_lists;
pub mod boards;
pub mod connection;
pub mod context;
pub mod documents;
pub mod errors;
pub mod expansion;
pub mod follows;
pub mod ids;
pub mod imports;
pub mod in_turn;
pub mod languages;
pub mod list_bounds;
pub(crate) mod loaders;
pub mod merging;
pub mod mutation;
pub mod pagination;
pub mod passkeys;
pub mod pin_edits;
pub mod pin_lists;
pub mod pins;
pub mod prefetch;
pub mod query;
pub mod raw_json;
pub mod request;
pub mod share_links;
pub mod sign_in;
pub mod suggestions;
pub mod tiles;
pub mod types;

use std::sync::{Arc, OnceLock};

use async_graphql::http::GraphiQLSource;
use async_graphql::{EmptySubscription, Schema, ValidationMode};
use bytes::Bytes;
use poem::http::header;
use poem::web::{Data, Html};
use poem::{IntoResponse, Response, handler};

use crate::http::compression;
use answers::{Answers, Kept, Version};
use documents::Documents;

use corkboard_core::service::context::Services;
use corkboard_core::service::metrics::Metrics;
use corkboard_core::service::viewer::Viewer;
use corkboard_domain::config::GraphqlExecutor;
use mutation::MutationRoot;
use query::QueryRoot;

pub(crate) type CorkboardSchema = Schema<QueryRoot, MutationRoot, EmptySubscription>;

/// The most a request may cost: a field costs 1, a list `first` (at most 50) times its items. The
/// UI's heaviest page (a user's boards, 50 of them with covers and counts) costs about a third of it.
pub(crate) const MAX_COST: usize = 12_000;
/// The deepest nesting of fields a request may have; the UI's deepest query has 7 levels.
pub(crate) const MAX_DEPTH: usize = 12;

/// The schema twice: one checks a query against every rule of GraphQL, the other only its cost,
/// depth and fragment cycles, for a query whose text passed every rule before (`documents`).
/// Checking every rule took a tenth of a pin detail's time.
#[derive(Clone)]
pub(crate) struct Schemas {
    every_rule: CorkboardSchema,
    passed_before: CorkboardSchema,
}

impl Schemas {
    pub fn build(services: &Services) -> Schemas {
        Schemas {
            every_rule: build_schema(Some(services.clone())),
            passed_before: build_schema_checking(Some(services.clone()), ValidationMode::Fast),
        }
    }
}

/// Builds the schema; `services` are reachable from every resolver.
pub(crate) fn build_schema(services: Option<Services>) -> CorkboardSchema {
    build_schema_checking(services, ValidationMode::Strict)
}

fn build_schema_checking(services: Option<Services>, rules: ValidationMode) -> CorkboardSchema {
    let builder = Schema::build(
        QueryRoot::default(),
        MutationRoot::default(),
        EmptySubscription,
    )
    .validation_mode(rules)
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

/// Answers a GraphQL request for the viewer the HTTP layer found; a visitor's query may be
/// answered with what the same query was told since the last change (see `answers`).
#[handler]
pub async fn graphql(
    schemas: Data<&Schemas>,
    services: Data<&Services>,
    answers: Data<&Arc<Answers>>,
    documents: Data<&Arc<Documents>>,
    viewer: Data<&Viewer>,
    http: &poem::Request,
    body: Bytes,
) -> Response {
    let mut request = match request::from_json(&body) {
        Ok(request) => request,
        Err(message) => return request::refusal(&message),
    };
    // A disabled account's answers are told so (`accountDisabled`): never kept for visitors.
    let asked = match (viewer.user, viewer.disabled_account) {
        (None, false) => answers::key_of(&request).map(|key| (key, Version::now(&services))),
        _ => None,
    };
    if let Some((key, version)) = &asked
        && let Some(answer) = answers.get(key, *version)
    {
        return kept(&answer, http, &services.metrics);
    }
    let plain = services.config.api.executor == GraphqlExecutor::Plain;
    let parsed = match plain {
        true => Documents::parse_anew(&mut request),
        false => documents.parse(&mut request),
    };
    let known = match parsed {
        Ok(known) => known,
        Err(error) => return refused(request::parse_error(&error)),
    };
    if let Some(refusal) = known.refused {
        return refused(request::validation_error(refusal.message(), None));
    }
    let kept_as = asked.filter(|_| documents::is_query(&mut request));
    let loaders = loaders::for_request(services.clone(), viewer.user);
    let query = (!known.passed_every_rule && !plain).then(|| request.query.clone());
    let request = request.data(viewer.clone()).data(loaders);
    let schema = match known.passed_every_rule {
        true => &schemas.passed_before,
        false => &schemas.every_rule,
    };
    let mut response = match known.merges_objects {
        true => merging::with_objects_as_maps(schema.execute(request)).await,
        false => schema.execute(request).await,
    };
    if let Some(query) = query
        && response.errors.iter().all(|error| !error.path.is_empty())
    {
        documents.passed_every_rule(&query);
    }
    for error in &mut response.errors {
        errors::code_schema_error(error);
    }
    request::shorten_errors(&mut response.errors);
    let keepable = response.is_ok() && response.http_headers.is_empty();
    if let Some((key, version)) = kept_as.filter(|_| keepable) {
        let answer = Kept::new(Bytes::from(json_of(&response, plain)));
        answers.put(key, answer.clone(), version, Version::now(&services));
        // Compressed on the fly, like any answer: many a search is asked once, and the kept
        // gzip (three times the work) is made when the answer is asked again.
        return json().body(answer.json.clone());
    }
    answered(response, plain)
}

/// `response` as JSON: serde's writer for the plain executor, else ours (`raw_json`), which
/// copies the objects answered as JSON text as they are.
fn json_of(response: &async_graphql::Response, plain: bool) -> Vec<u8> {
    match plain {
        true => serde_json::to_vec(response).unwrap_or_default(),
        false => raw_json::response(response),
    }
}

/// `response` as the HTTP answer, with the headers its fields set (a session's cookie). The
/// schema sets no cache hints, so no `Cache-Control` is derived from them.
fn answered(response: async_graphql::Response, plain: bool) -> Response {
    let mut answer = json().body(json_of(&response, plain));
    answer.headers_mut().extend(response.http_headers);
    answer
}

/// The answer to a request refused before it ran.
fn refused(error: async_graphql::ServerError) -> Response {
    answered(async_graphql::Response::from_errors(vec![error]), false)
}

fn json() -> poem::ResponseBuilder {
    Response::builder().content_type("application/json")
}

/// A kept answer served again, gzipped (once for all) for a browser that accepts it.
fn kept(answer: &Kept, http: &poem::Request, metrics: &Metrics) -> Response {
    let json = json();
    let accepts_gzip = compression::accepts_encoding(http, "gzip");
    match accepts_gzip.then(|| answer.gzipped(metrics)).flatten() {
        Some(gzipped) => json.header(header::CONTENT_ENCODING, "gzip").body(gzipped),
        None => json.body(answer.json.clone()),
    }
}

/// The GraphiQL page, rendered from its template once (a rendering compiles the template).
#[handler]
pub async fn graphiql() -> impl IntoResponse {
    static PAGE: OnceLock<String> = OnceLock::new();
    let page = PAGE.get_or_init(|| {
        GraphiQLSource::build()
            .endpoint("/api/graphql")
            .title("Corkboard GraphQL")
            .finish()
    });
    Html(page.as_str())
}
