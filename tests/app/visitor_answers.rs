//! Visitors' answers are kept until the next change: a signed-out query asked again reads nothing,
//! while every write (a new pin, a board made secret) and the search index that follows it are
//! seen by the next visitor at once, and a signed-in viewer or a mutation is never answered from
//! what a visitor was told.

use crate::common;

use common::pictures::png;
use common::pins::{add_board, create_pin};
use common::{TestApp, graphql_with, new_client};
use serde_json::{Value, json};

const PINS: &str = "query Last { pins(first: 10) { totalCount edges { node { caption } } } }";
const FOUND: &str =
    "query($s: String) { pins(search: $s, first: 10) { totalCount edges { node { caption } } } }";

fn total(answer: &Value) -> &Value {
    &answer["data"]["pins"]["totalCount"]
}

#[tokio::test]
async fn a_visitor_s_query_is_answered_again_until_something_changes() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Trips", false).await;
    create_pin(
        &app,
        &app.client,
        png(40, 30, 1),
        &[&board],
        "harbour at dawn",
    )
    .await;
    let visitor = new_client();
    let store = &app.server.as_ref().unwrap().services.store;

    let first = graphql_with(&visitor, &app.base_url, PINS, json!({})).await;
    assert_eq!(total(&first), 1, "{first}");
    // Asked again, it reads nothing (a second try, should the minute turn in between).
    let mut computed = true;
    for _ in 0..2 {
        let reads = store.read_count();
        let again = graphql_with(&visitor, &app.base_url, PINS, json!({})).await;
        assert_eq!(again, first);
        computed = store.read_count() != reads;
        if !computed {
            break;
        }
    }
    assert!(!computed, "the same answer was computed again");
    let kept = visitor
        .post(app.url("/api/graphql"))
        .json(&json!({ "query": PINS }))
        .send()
        .await
        .unwrap();
    assert_eq!(kept.headers()["content-type"], "application/json");
    assert_eq!(kept.json::<Value>().await.unwrap(), first);
    // Other variables are another question.
    let found = graphql_with(&visitor, &app.base_url, FOUND, json!({ "s": "harbour" })).await;
    assert_eq!(total(&found), 1, "{found}");
    let none = graphql_with(&visitor, &app.base_url, FOUND, json!({ "s": "garden" })).await;
    assert_eq!(total(&none), 0, "{none}");

    // A new pin: the list and the search index that follows the write both show it.
    create_pin(&app, &app.client, png(40, 30, 2), &[&board], "garden gate").await;
    let after = graphql_with(&visitor, &app.base_url, PINS, json!({})).await;
    assert_eq!(total(&after), 2, "{after}");
    let found = graphql_with(&visitor, &app.base_url, FOUND, json!({ "s": "garden" })).await;
    assert_eq!(total(&found), 1, "{found}");

    // The board made secret: its pins leave the visitor's answers, not the owner's.
    let hidden = app
        .graphql(
            "mutation($b: ID!) { updateBoard(id: $b, secret: true) { id } }",
            json!({ "b": board }),
        )
        .await;
    assert!(hidden["errors"].is_null(), "{hidden}");
    let after = graphql_with(&visitor, &app.base_url, PINS, json!({})).await;
    assert_eq!(total(&after), 0, "{after}");
    let owner = app.graphql(PINS, json!({})).await;
    assert_eq!(total(&owner), 2, "{owner}");
    let after = graphql_with(&visitor, &app.base_url, PINS, json!({})).await;
    assert_eq!(total(&after), 0, "{after}");

    // A write the search index has nothing to do with: a new board, still empty.
    let boards = "{ user(username: \"ada\") { boards(first: 10) { totalCount } } }";
    let before = graphql_with(&visitor, &app.base_url, boards, json!({})).await;
    add_board(&app, &app.client, "Plans", false).await;
    let after = graphql_with(&visitor, &app.base_url, boards, json!({})).await;
    let count = |answer: &Value| answer["data"]["user"]["boards"]["totalCount"].clone();
    assert_eq!(
        (count(&before), count(&after)),
        (json!(0), json!(1)),
        "{after}"
    );

    // A mutation asked twice is carried out twice: the second sign-up finds the first.
    let sign_up = "mutation { addUser(email: \"bo@example.org\", password: \"password-1\", username: \"bo\") { username } }";
    let made = graphql_with(&new_client(), &app.base_url, sign_up, json!({})).await;
    assert_eq!(made["data"]["addUser"]["username"], "bo", "{made}");
    let refused = graphql_with(&new_client(), &app.base_url, sign_up, json!({})).await;
    assert!(refused["errors"][0]["message"].is_string(), "{refused}");
    app.stop().await;
}
