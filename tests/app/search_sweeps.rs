//! A board's new title and an owner's new names reach the search index in the background: the
//! write indexes none of the pins before it returns, whatever their number, and searches find
//! the pins by the new words once swept, also when the server stopped before the sweep. Who may
//! see a board's pins (sharing it) is indexed before the write returns. (A file of its own: the
//! count of pins indexed after writes is process-wide.)

use crate::common;

use common::pictures::png;
use common::pins::{add_board, create_pin, duplicate_pin, share_board};
use common::{TestApp, graphql_with, new_client};
use corkboard_domain::ids::BoardId;
use corkboard_store::{Store, board_writes, boards};
use serde_json::json;

const SEARCH: &str = "query($q: String!) { pins(search: $q) { totalCount } }";

async fn found(app: &TestApp, client: &reqwest::Client, words: &str) -> u64 {
    let answer = graphql_with(client, &app.base_url, SEARCH, json!({ "q": words })).await;
    answer["data"]["pins"]["totalCount"]
        .as_u64()
        .unwrap_or_else(|| panic!("{answer}"))
}

/// How many pins' documents the app's index has indexed right after the writes that changed them.
fn followed_count(app: &TestApp) -> u64 {
    let server = app.server.as_ref().expect("a running server");
    server.services.search.followed_count()
}

/// Pins indexed right after the write `query` made as Ada, before it returned.
async fn indexed_by(app: &TestApp, query: &str) -> u64 {
    let before = followed_count(app);
    let answer = app.graphql(query, json!({})).await;
    assert!(answer["errors"].is_null(), "{answer}");
    followed_count(app) - before
}

#[tokio::test]
async fn new_titles_and_names_are_swept_in_after_the_write() {
    let mut app = TestApp::start().await;
    app.sign_up("ada").await;
    let bob = app.client_signed_in_new("bob").await;
    let visitor = new_client();
    let trip = add_board(&app, &app.client, "Paris trip", false).await;
    let first = create_pin(&app, &app.client, png(40, 30, 1), &[&trip], "one").await;
    for n in 1..40 {
        duplicate_pin(&app, &app.client, &first, &format!("copy {n}"), &trip).await;
    }
    let notes = add_board(&app, &app.client, "Paris notes", true).await;
    for n in 0..5 {
        duplicate_pin(&app, &app.client, &first, &format!("note {n}"), &notes).await;
    }
    assert_eq!(found(&app, &visitor, "paris").await, 40);

    let rename =
        format!("mutation {{ updateBoard(id: \"{trip}\", title: \"Lisbon walks\") {{ id }} }}");
    assert_eq!(
        indexed_by(&app, &rename).await,
        0,
        "no pin indexed by the rename"
    );
    app.wait_for_sweeps().await;
    assert_eq!(found(&app, &visitor, "lisbon").await, 40);
    assert_eq!(found(&app, &visitor, "paris").await, 0);
    assert_eq!(
        found(&app, &app.client, "paris").await,
        5,
        "the private board"
    );

    let names = "mutation { updateUser(firstName: \"Adélaïde\") { id } }";
    assert_eq!(
        indexed_by(&app, names).await,
        0,
        "no pin indexed by the new name"
    );
    app.wait_for_sweeps().await;
    assert_eq!(found(&app, &visitor, "adelaide").await, 40);
    assert_eq!(found(&app, &app.client, "adelaide").await, 45);

    assert_eq!(found(&app, &bob, "paris").await, 0);
    let before = followed_count(&app);
    share_board(&app, &app.client, &notes, "bob").await;
    assert_eq!(
        followed_count(&app) - before,
        5,
        "sharing is indexed at once"
    );
    assert_eq!(found(&app, &bob, "paris").await, 5);

    // A rename whose sweep did not run before a stop: the next start sweeps it.
    app.restart(|config| {
        let store = Store::open(&config.database_path()).unwrap();
        let id = BoardId(trip.parse().unwrap());
        store
            .write(|write| {
                let before = boards::get(write, id)?.unwrap();
                let after = corkboard_domain::board::BoardRecord {
                    title: "Porto stairs".into(),
                    ..before.clone()
                };
                board_writes::save(write, Some(&before), &after)
            })
            .unwrap();
    })
    .await;
    app.wait_for_sweeps().await;
    assert_eq!(found(&app, &visitor, "porto").await, 40);
    assert_eq!(found(&app, &visitor, "lisbon").await, 0);
    app.stop().await;
}
