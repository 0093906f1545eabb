//! Pin, board and user records and boards' covers are kept between reads
//! (`store::kept_records`): a page asked again reads none anew, and a change to a pin, a board,
//! its covers or a user is seen by the next read of every list and cover.

use crate::common;

use common::TestApp;
use common::pictures::png;
use common::pins::{add_board, create_pin};
use common::reads::store;
use serde_json::{Value, json};

const HOME: &str = "{ pins(first: 50) { edges { node { id caption unsafe } } } }";
const BOARDS: &str = "{ user(username: \"ada\") { boards(first: 50) { edges { node { id \
    cover1 { id caption unsafe } } } } } }";

/// Signs ada up, with a board "Holidays" of two pins, "older" and then "sea"; returns the id of
/// "sea".
async fn ada_with_two_pins(app: &TestApp) -> String {
    app.sign_up("ada").await;
    let board = add_board(app, &app.client, "Holidays", false).await;
    create_pin(app, &app.client, png(40, 30, 1), &[&board], "older").await;
    create_pin(app, &app.client, png(40, 30, 2), &[&board], "sea").await
}

/// The caption and `unsafe` of the newest pin, in the home list and as the board's cover.
async fn seen(app: &TestApp) -> Vec<Value> {
    let home = app.graphql(HOME, json!({})).await;
    let boards = app.graphql(BOARDS, json!({})).await;
    let newest = &home["data"]["pins"]["edges"][0]["node"];
    let cover = &boards["data"]["user"]["boards"]["edges"][0]["node"]["cover1"];
    assert_eq!(newest["id"], cover["id"], "{home}\n{boards}");
    vec![
        newest["caption"].clone(),
        newest["unsafe"].clone(),
        cover["caption"].clone(),
        cover["unsafe"].clone(),
    ]
}

#[tokio::test]
async fn a_changed_pin_is_seen_at_once_though_records_are_kept() {
    let app = TestApp::start().await;
    let pin = ada_with_two_pins(&app).await;
    assert_eq!(
        seen(&app).await,
        [json!("sea"), json!(false), json!("sea"), json!(false)]
    );

    // Asked again (signed in, so computed anew), the page finds its records kept.
    let before = store(&app).records_read();
    let answer = app.graphql(HOME, json!({})).await;
    assert_eq!(answer["data"]["pins"]["edges"].as_array().unwrap().len(), 2);
    assert_eq!(
        store(&app).records_read() - before,
        2,
        "two records, kept or decoded"
    );

    let update =
        "mutation($p: ID!) { updatePin(id: $p, caption: \"harbour\", unsafe: true) { id } }";
    let answer = app.graphql(update, json!({ "p": pin })).await;
    assert!(answer["errors"].is_null(), "{answer}");
    assert_eq!(
        seen(&app).await,
        [json!("harbour"), json!(true), json!("harbour"), json!(true)]
    );
    app.stop().await;
}

#[tokio::test]
async fn a_changed_board_is_seen_at_once_though_records_are_kept() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Holidays", false).await;
    let first_pin = create_pin(&app, &app.client, png(40, 30, 1), &[&board], "sea").await;
    let tiles = "{ user(username: \"ada\") { boards(first: 50) { edges { node { title \
        caption pins { totalCount } cover1 { id } } } } } }";
    let tile = |answer: &Value| answer["data"]["user"]["boards"]["edges"][0]["node"].clone();
    let first = app.graphql(tiles, json!({})).await;
    assert_eq!(tile(&first)["title"], "Holidays", "{first}");
    assert_eq!(tile(&first)["pins"]["totalCount"], 1, "{first}");

    // Asked again, the board's record is found kept.
    let again = app.graphql(tiles, json!({})).await;
    assert_eq!(tile(&again), tile(&first));

    let update = "mutation($b: ID!) { updateBoard(id: $b, title: \"Summer\", \
        caption: \"By the sea\") { id } }";
    let answer = app.graphql(update, json!({ "b": board })).await;
    assert!(answer["errors"].is_null(), "{answer}");
    let changed = app.graphql(tiles, json!({})).await;
    assert_eq!(tile(&changed)["title"], "Summer", "{changed}");
    assert_eq!(tile(&changed)["caption"], "By the sea", "{changed}");
    assert_eq!(tile(&changed)["pins"]["totalCount"], 1, "{changed}");

    // Its covers, kept too, follow a new pin and a chosen cover.
    let newer = create_pin(&app, &app.client, png(40, 30, 2), &[&board], "gull").await;
    let added = app.graphql(tiles, json!({})).await;
    assert_eq!(tile(&added)["cover1"]["id"], json!(newer), "{added}");
    let choose = "mutation($b: ID!, $p: ID!) { updateBoard(id: $b, cover1: $p) { id } }";
    let answer = app
        .graphql(choose, json!({ "b": board, "p": first_pin }))
        .await;
    assert!(answer["errors"].is_null(), "{answer}");
    let chosen = app.graphql(tiles, json!({})).await;
    assert_eq!(tile(&chosen)["cover1"]["id"], json!(first_pin), "{chosen}");
    app.stop().await;
}

#[tokio::test]
async fn a_changed_user_is_seen_at_once_though_records_are_kept() {
    let app = TestApp::start().await;
    ada_with_two_pins(&app).await;
    let owners = "{ pins(first: 50) { edges { node { user { username firstName } } } } }";
    let first_names = |answer: &Value| -> Vec<Value> {
        let edges = answer["data"]["pins"]["edges"].as_array().unwrap().iter();
        edges
            .map(|edge| edge["node"]["user"]["firstName"].clone())
            .collect()
    };
    let first = app.graphql(owners, json!({})).await;
    assert_eq!(first_names(&first), [Value::Null, Value::Null], "{first}");

    // Asked again, the owner is found kept.
    let again = app.graphql(owners, json!({})).await;
    assert_eq!(again, first);

    let update = "mutation { updateUser(firstName: \"Ada\") { id } }";
    let answer = app.graphql(update, json!({})).await;
    assert!(answer["errors"].is_null(), "{answer}");
    let changed = app.graphql(owners, json!({})).await;
    assert_eq!(first_names(&changed), ["Ada", "Ada"], "{changed}");
    app.stop().await;
}
