//! The boards of the pin forms' board choice: a user's boards found by the beginnings of their
//! title words (`User.boardsMatching`), and boards asked for by id (`Query.boards`), each showing
//! only what the viewer may see.

use crate::common;

use common::pins::{add_board, add_folder, share_board};
use common::{TestApp, error_code, graphql_with, new_client};
use serde_json::{Value, json};

const MATCHING: &str = "query($s: String!, $f: Int) { user(username: \"ada\") { boardsMatching(search: $s, first: $f) { title } } }";
const BY_IDS: &str = "query($ids: [ID!]!) { boards(ids: $ids) { id } }";

/// The titles of Ada's boards that `client` finds for `search`, at most `first`.
async fn titles_found(
    app: &TestApp,
    client: &reqwest::Client,
    search: &str,
    first: Option<i32>,
) -> Vec<String> {
    let variables = json!({ "s": search, "f": first });
    let answer = graphql_with(client, &app.base_url, MATCHING, variables).await;
    assert!(answer["errors"].is_null(), "{answer}");
    let found = answer["data"]["user"]["boardsMatching"].as_array().unwrap();
    found
        .iter()
        .map(|board| board["title"].as_str().unwrap().to_owned())
        .collect()
}

/// The ids of the boards `client` gets for `ids`.
async fn boards_by_ids(app: &TestApp, client: &reqwest::Client, ids: &[&str]) -> Vec<String> {
    let answer = graphql_with(client, &app.base_url, BY_IDS, json!({ "ids": ids })).await;
    assert!(answer["errors"].is_null(), "{answer}");
    let found = answer["data"]["boards"].as_array().unwrap();
    found
        .iter()
        .map(|board| board["id"].as_str().unwrap().to_owned())
        .collect()
}

async fn ok(app: &TestApp, query: &str, variables: Value) {
    let answer = app.graphql(query, variables).await;
    assert!(answer["errors"].is_null(), "{answer}");
}

#[tokio::test]
async fn boards_are_found_by_the_beginnings_of_their_title_words() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let me = &app.client;
    let my_garden = add_board(&app, me, "My Garden", false).await;
    add_board(&app, me, "Red garden", false).await;
    let blue = add_board(&app, me, "Blue garden", true).await;
    add_board(&app, me, "Kitchen", false).await;
    add_board(&app, me, "Café Ünter den Linden", false).await;
    let bob = app.client_signed_in_new("bob").await;
    add_board(&app, &bob, "Bob's garden", false).await;

    let gardens = ["Blue garden", "Red garden", "My Garden"];
    assert_eq!(titles_found(&app, me, "gar", None).await, gardens);
    assert_eq!(titles_found(&app, me, "GAR", None).await, gardens);
    assert_eq!(
        titles_found(&app, me, "red gar", None).await,
        ["Red garden"]
    );
    assert_eq!(
        titles_found(&app, me, "gar, red!", None).await,
        ["Red garden"]
    );
    assert!(titles_found(&app, me, "arden", None).await.is_empty());
    assert!(titles_found(&app, me, "red kit", None).await.is_empty());
    let unter = ["Café Ünter den Linden"];
    assert_eq!(titles_found(&app, me, "ün CAF", None).await, unter);
    assert!(titles_found(&app, me, "", None).await.is_empty());
    assert!(titles_found(&app, me, " -- !", None).await.is_empty());

    // `first` keeps the newest, between 1 and 50.
    let newest = ["Blue garden", "Red garden"];
    assert_eq!(titles_found(&app, me, "gar", Some(2)).await, newest);
    assert_eq!(
        titles_found(&app, me, "gar", Some(0)).await,
        ["Blue garden"]
    );
    assert_eq!(
        titles_found(&app, me, "gar", Some(-3)).await,
        ["Blue garden"]
    );
    assert_eq!(titles_found(&app, me, "gar", Some(500)).await, gardens);

    // A renamed board is found by its new title only; a deleted one no more.
    let rename = "mutation($b: ID!, $t: String!) { updateBoard(id: $b, title: $t) { id } }";
    ok(&app, rename, json!({ "b": my_garden, "t": "Orchard" })).await;
    let gardens = ["Blue garden", "Red garden"];
    assert_eq!(titles_found(&app, me, "gar", None).await, gardens);
    assert!(titles_found(&app, me, "my", None).await.is_empty());
    assert_eq!(titles_found(&app, me, "orch", None).await, ["Orchard"]);
    let delete = "mutation($b: ID!) { deleteBoard(id: $b) { id } }";
    ok(&app, delete, json!({ "b": blue })).await;
    assert_eq!(titles_found(&app, me, "gar", None).await, ["Red garden"]);
    common::reads::assert_consistent(&app);
    app.stop().await;
}

#[tokio::test]
async fn others_find_only_the_boards_they_may_see() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let me = &app.client;
    let bob = app.client_signed_in_new("bob").await;
    let visitor = new_client();
    add_board(&app, me, "Public garden", false).await;
    let shared = add_board(&app, me, "Shared garden", true).await;
    add_board(&app, me, "Secret garden", true).await;

    let all = ["Secret garden", "Shared garden", "Public garden"];
    assert_eq!(titles_found(&app, me, "garden", None).await, all);
    for client in [&bob, &visitor] {
        let found = titles_found(&app, client, "garden", None).await;
        assert_eq!(found, ["Public garden"]);
        // `first` counts the boards found, not those read past.
        let first = titles_found(&app, client, "garden", Some(1)).await;
        assert_eq!(first, ["Public garden"]);
    }

    share_board(&app, me, &shared, "bob").await;
    let found = titles_found(&app, &bob, "gar", None).await;
    assert_eq!(found, ["Shared garden", "Public garden"]);
    let found = titles_found(&app, &visitor, "gar", None).await;
    assert_eq!(found, ["Public garden"]);
    app.stop().await;
}

#[tokio::test]
async fn boards_by_id_keep_their_order_once_each_and_leave_out_what_is_not_seen() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let me = &app.client;
    let bob = app.client_signed_in_new("bob").await;
    let visitor = new_client();
    let public = add_board(&app, me, "Public", false).await;
    let secret = add_board(&app, me, "Secret", true).await;
    let shared = add_board(&app, me, "Shared", true).await;
    share_board(&app, me, &shared, "bob").await;
    let other = add_board(&app, &bob, "Bob's", false).await;
    let folder = add_folder(&app, me, "Travel").await;
    let gone = add_board(&app, me, "Gone", false).await;
    let delete = "mutation($b: ID!) { deleteBoard(id: $b) { id } }";
    ok(&app, delete, json!({ "b": gone })).await;

    let asked = [
        shared.as_str(),
        "nonsense",
        &other,
        &secret,
        &gone,
        &folder,
        &public,
        &shared,
        "999999",
        &other,
    ];
    let found = boards_by_ids(&app, me, &asked).await;
    assert_eq!(found, [&*shared, &other, &secret, &public]);
    let found = boards_by_ids(&app, &bob, &asked).await;
    assert_eq!(found, [&*shared, &other, &public]);
    let found = boards_by_ids(&app, &visitor, &asked).await;
    assert_eq!(found, [&*other, &public]);
    assert!(boards_by_ids(&app, me, &[]).await.is_empty());

    let hundred: Vec<&str> = std::iter::repeat_n(public.as_str(), 100).collect();
    assert_eq!(boards_by_ids(&app, me, &hundred).await, [&*public]);
    let too_many: Vec<&str> = std::iter::repeat_n(public.as_str(), 101).collect();
    let answer = app.graphql(BY_IDS, json!({ "ids": too_many })).await;
    assert_eq!(error_code(&answer), Some("VALIDATION_ERROR"), "{answer}");
    let message = answer["errors"][0]["message"].as_str().unwrap();
    assert_eq!(message, "Ask for at most 100 boards at a time.");
    app.stop().await;
}
