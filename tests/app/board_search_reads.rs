//! Finding a user's boards by the beginnings of their title words reads the index keys and the
//! records of the boards with such a word only: as many with 500 other boards as with 10, for a
//! visitor, a friend and the owner.

use crate::common;

use common::pins::{add_board, share_board};
use common::reads::{assert_consistent, store};
use common::{TestApp, graphql_with, new_client};
use serde_json::json;

/// Boards `from..to` of Ada's that "gar" does not find: some with words just before and after
/// those starting with "gar" in the index, every third private.
async fn add_other_boards(app: &TestApp, from: usize, to: usize) {
    for n in from..to {
        let title = ["Board {n}", "Gallery {n}", "Gate {n}"][n % 3].replace("{n}", &n.to_string());
        add_board(app, &app.client, &title, n % 3 == 2).await;
    }
}

/// The index keys and records read to find Ada's boards for "gar": the fewest of three tries,
/// since the background work of earlier requests reads too. Each try is a new text, which no
/// visitor's kept answer serves.
async fn reads_to_find(app: &TestApp, client: &reqwest::Client) -> (u64, u64, usize) {
    let mut fewest = (u64::MAX, u64::MAX, 0);
    for try_number in 0..3 {
        let query = format!(
            "{{ user(username: \"ada\") {{ boardsMatching(search: \"gar\") {{ id }} }} }} # {try_number}"
        );
        let store = store(app);
        let (keys, records) = (store.keys_read(), store.records_read());
        let answer = graphql_with(client, &app.base_url, &query, json!({})).await;
        let keys = store.keys_read() - keys;
        let records = store.records_read() - records;
        assert!(answer["errors"].is_null(), "{answer}");
        let found = answer["data"]["user"]["boardsMatching"].as_array().unwrap();
        fewest = (fewest.0.min(keys), fewest.1.min(records), found.len());
    }
    fewest
}

#[tokio::test]
async fn finding_boards_by_title_reads_the_same_whatever_the_other_boards() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let viewers = [
        new_client(),
        app.client_signed_in_new("bob").await,
        app.client.clone(),
    ];
    for (title, secret) in [
        ("My garden", false),
        ("Garage sale", true),
        ("Gardening tools", true),
    ] {
        let id = add_board(&app, &app.client, title, secret).await;
        if secret {
            share_board(&app, &app.client, &id, "bob").await;
        }
    }

    add_other_boards(&app, 0, 10).await;
    let mut few = Vec::new();
    for viewer in &viewers {
        few.push(reads_to_find(&app, viewer).await);
    }
    add_other_boards(&app, 10, 500).await;
    let mut many = Vec::new();
    for viewer in &viewers {
        many.push(reads_to_find(&app, viewer).await);
    }
    println!("keys, records and boards found: {few:?} with 10 other boards, {many:?} with 500");
    let found: Vec<usize> = few.iter().map(|(_, _, found)| *found).collect();
    assert_eq!(found, [1, 3, 3], "a visitor, Bob and Ada");
    assert_eq!(many, few);
    assert_consistent(&app);
    app.stop().await;
}
