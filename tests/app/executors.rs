//! The plain paths kept as the benchmark's references give the same answers as the ones that
//! serve, byte for byte once parsed: async-graphql's executor as it comes (`api.executor =
//! "plain"`) as Corkboard's own answering, and the services asked round by round (`api.planner =
//! "plain"`) as the reads ahead.

use serde_json::{Value, json};

use crate::common;
use common::pictures::png;
use common::pins::{add_board, add_folder, create_pin, move_to_folder, share_board};
use common::{TestApp, graphql_with, new_client};
use corkboard_domain::config::{Config, GraphqlExecutor, LoadPlanner};

const PIN: &str = "fragment Tile on Pin { id title caption tags width height dominantColor
  previewsSizes user { username avatar(minSize: 60) } boards(first: 3) { edges { node { slug title } } } }";

/// The kinds of pages the UI asks for: lists, a board with its pins, a user's boards with covers
/// and counts, a folder, a pin, a search, suggestions, and one field asked twice with other
/// fields each time (answers merged).
fn questions(board: &str, pin: &str) -> Vec<(String, Value)> {
    let pins = "totalCount pageInfo { hasNextPage endCursor } edges { cursor node { ...Tile } }";
    vec![
        (format!("{PIN} query {{ pins(first: 5) {{ {pins} }} }}"), json!({})),
        (
            format!("{PIN} query($u: String!, $b: String!) {{ user(username: $u) {{ id username
              board(slug: $b) {{ id title secret pins(first: 5) {{ {pins} }} }} }} }}"),
            json!({ "u": "ada", "b": board }),
        ),
        (
            format!("{PIN} query($u: String!) {{ user(username: $u) {{ boards(first: 10) {{
              totalCount edges {{ node {{ id slug title secret cover1 {{ ...Tile }}
              folder {{ slug }} pins {{ totalCount }} }} }} }}
              folders(first: 10) {{ edges {{ node {{ slug name boards(first: 5) {{ totalCount }} }} }} }} }} }}"),
            json!({ "u": "ada" }),
        ),
        (
            format!("{PIN} query($id: ID!) {{ pin(id: $id) {{ ...Tile createdAt sourceDomain }} }}"),
            json!({ "id": pin }),
        ),
        (
            format!("{PIN} query($q: String) {{ pins(search: $q, first: 5) {{ {pins} }} }}"),
            json!({ "q": "harbour" }),
        ),
        (
            "query { tagSuggestions(token: \"tr\") { name count } }".to_owned(),
            json!({}),
        ),
        (
            "query($id: ID!) { pin(id: $id) { user { username } } pin2: pin(id: $id) { id }
              p: pin(id: $id) { user { id } } }"
                .to_owned(),
            json!({ "id": pin }),
        ),
    ]
}

async fn answers(app: &TestApp, client: &reqwest::Client, board: &str, pin: &str) -> Vec<Value> {
    let mut answers = Vec::new();
    for (query, variables) in questions(board, pin) {
        answers.push(graphql_with(client, &app.base_url, &query, variables).await);
    }
    answers
}

#[tokio::test]
async fn the_plain_executor_answers_as_our_own() {
    answer_alike(|config| config.api.executor = GraphqlExecutor::Plain).await;
}

#[tokio::test]
async fn the_services_asked_plainly_answer_as_the_reads_ahead() {
    answer_alike(|config| config.api.planner = LoadPlanner::Plain).await;
}

/// Ada's boards, a folder, a board shared with Bob and pins on them, asked by Ada, Bob and a
/// visitor; then the same questions of the server restarted as `plain` sets it.
async fn answer_alike(plain: impl FnOnce(&mut Config)) {
    let mut app = TestApp::start().await;
    app.sign_up("ada").await;
    let bob = app.client_signed_in_new("bob").await;
    let trips = add_board(&app, &app.client, "Trips", false).await;
    let notes = add_board(&app, &app.client, "Notes", true).await;
    let folder = add_folder(&app, &app.client, "Travel").await;
    move_to_folder(&app, &app.client, &trips, &folder).await;
    share_board(&app, &app.client, &notes, "bob").await;
    let mut pin = String::new();
    for n in 0..6 {
        let boards: &[&str] = if n % 2 == 0 {
            &[&trips]
        } else {
            &[&trips, &notes]
        };
        let caption = format!("harbour light {n} #travel #trips");
        pin = create_pin(&app, &app.client, png(40, 30, n), boards, &caption).await;
    }
    let clients = [app.client.clone(), bob, new_client()];
    let mut served = Vec::new();
    for client in &clients {
        served.push(answers(&app, client, "trips", &pin).await);
    }
    assert!(
        served.iter().flatten().all(|a| a["errors"].is_null()),
        "{served:?}"
    );

    app.restart_configured(plain).await;
    for (client, served) in clients.iter().zip(served) {
        assert_eq!(answers(&app, client, "trips", &pin).await, served);
    }
}
