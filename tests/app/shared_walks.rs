//! A friend's lists (Last pins, and the pins of a user who shared private boards with them) show
//! each pin they may see once, count them exactly, and read as many index keys and records with
//! 136 pins on the shared boards as with 46: the walk reads each shared board a slice at a time.

use crate::common;

use std::collections::BTreeSet;

use common::pictures::png;
use common::pins::{add_board, create_pin, duplicate_pin, walk_pins};
use common::reads::store;
use common::{TestApp, graphql_with};
use serde_json::json;

const HOME: &str = "query($after: String) { pins(first: 20, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { id } } } }";
const ADAS_PINS: &str = "query($after: String) { user(username: \"ada\") { pins(first: 20, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { id } } } } }";

/// The index keys and records read by the first page of `query`.
async fn first_page_reads(app: &TestApp, client: &reqwest::Client, query: &str) -> (u64, u64) {
    let store = store(app);
    let (keys, records) = (store.keys_read(), store.records_read());
    let answer = graphql_with(client, &app.base_url, query, json!({})).await;
    assert!(answer["errors"].is_null(), "{answer}");
    (store.keys_read() - keys, store.records_read() - records)
}

/// Pins `count` copies of `original`, spread over `boards`; returns their ids.
async fn copies(app: &TestApp, original: &str, boards: &[&str], count: usize) -> Vec<u64> {
    let mut ids = Vec::new();
    for n in 0..count {
        let board = boards[n % boards.len()];
        let copy = duplicate_pin(app, &app.client, original, &format!("copy {n}"), board).await;
        ids.push(copy.parse().unwrap());
    }
    ids
}

/// Ada's change of a pin's or a board's place or sharing: `mutation` on `pin` and `board`.
async fn change(app: &TestApp, mutation: &str, pin: &str, board: &str) {
    let (query, variables) = match mutation {
        "shareBoard" | "unshareBoard" => (
            format!(
                "mutation($b: ID!) {{ {mutation}(board: $b, username: \"bob\") {{ message }} }}"
            ),
            json!({ "b": board }),
        ),
        _ => (
            format!(
                "mutation($p: ID!, $b: ID!) {{ {mutation}(pin: $p, board: $b) {{ __typename }} }}"
            ),
            json!({ "p": pin, "b": board }),
        ),
    };
    let answer = graphql_with(&app.client, &app.base_url, &query, variables).await;
    assert!(answer["errors"].is_null(), "{answer}");
}

/// Checks that both of the friend's lists show exactly `seen` (newest first), counted once each.
async fn assert_lists(app: &TestApp, friend: &reqwest::Client, seen: &BTreeSet<u64>) {
    let newest_first: Vec<u64> = seen.iter().rev().copied().collect();
    for query in [HOME, ADAS_PINS] {
        let (ids, total) = walk_pins(app, friend, query).await;
        assert_eq!(ids, newest_first, "{query}");
        assert_eq!(total, seen.len() as u64, "{query}");
    }
}

#[tokio::test]
async fn a_friends_lists_show_shared_pins_once_and_read_the_same_however_many_there_are() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let bob = app.client_signed_in_new("bob").await;
    let shared_1 = add_board(&app, &app.client, "Shared one", true).await;
    let shared_2 = add_board(&app, &app.client, "Shared two", true).await;
    let kept = add_board(&app, &app.client, "Kept", true).await;
    let public = add_board(&app, &app.client, "Public", false).await;
    for board in [&shared_1, &shared_2] {
        change(&app, "shareBoard", "", board).await;
    }

    // A pin on both shared boards, one on a shared board and the public one, one kept private.
    let original = create_pin(&app, &app.client, png(40, 30, 7), &[&shared_1], "o").await;
    let mut seen: BTreeSet<u64> = BTreeSet::from([original.parse().unwrap()]);
    change(&app, "addPinToBoard", &original, &shared_2).await;
    seen.extend(copies(&app, &original, &[&public], 25).await);
    let on_both = copies(&app, &original, &[&public], 1).await;
    change(&app, "addPinToBoard", &on_both[0].to_string(), &shared_1).await;
    seen.extend(on_both);
    // The copies alternate between the shared boards: the odd ones are on the second only.
    let spread = copies(&app, &original, &[&shared_1, &shared_2], 44).await;
    let mut only_on_2: Vec<u64> = spread.iter().skip(1).step_by(2).copied().collect();
    seen.extend(spread);
    copies(&app, &original, &[&kept], 3).await;
    assert_lists(&app, &bob, &seen).await;
    let few = (
        first_page_reads(&app, &bob, HOME).await,
        first_page_reads(&app, &bob, ADAS_PINS).await,
    );

    let spread = copies(&app, &original, &[&shared_1, &shared_2], 90).await;
    only_on_2.extend(spread.iter().skip(1).step_by(2));
    seen.extend(spread);
    assert_lists(&app, &bob, &seen).await;
    let many = (
        first_page_reads(&app, &bob, HOME).await,
        first_page_reads(&app, &bob, ADAS_PINS).await,
    );
    println!("keys and records read by a friend's home and Ada's pins: {few:?}, then {many:?}");
    assert_eq!(
        few, many,
        "a friend's lists grow with the pins on the shared boards"
    );

    // Bob loses the second board, and the pin on both shared boards leaves the first.
    change(&app, "unshareBoard", "", &shared_2).await;
    change(&app, "removePinFromBoard", &original, &shared_1).await;
    seen.remove(&original.parse().unwrap());
    for id in only_on_2 {
        seen.remove(&id);
    }
    assert_lists(&app, &bob, &seen).await;
    app.stop().await;
}
