//! A friend's home list walks the public pins, their own and each board shared with them side by
//! side: with eight shared boards it reads one index key and one board record more for each board
//! than with two (not a page of each, nor the owner again), and still shows every pin once, newest
//! first.

use crate::common;

use common::pictures::png;
use common::pins::{add_board, create_pin, duplicate_pin, share_board, walk_pins};
use common::reads::store;
use common::{TestApp, graphql_with};
use serde_json::json;

const HOME: &str = "query($after: String) { pins(first: 20, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { id } } } }";
/// Private pins on each shared board.
const PINS_A_BOARD: usize = 5;

/// A new secret board of Ada's, shared with Bob, holding `PINS_A_BOARD` copies of `original`.
async fn shared_board(app: &TestApp, original: &str, n: usize) -> Vec<u64> {
    let board = add_board(app, &app.client, &format!("Shared {n}"), true).await;
    share_board(app, &app.client, &board, "bob").await;
    let mut ids = Vec::new();
    for copy in 0..PINS_A_BOARD {
        let caption = format!("shared {n} copy {copy}");
        let id = duplicate_pin(app, &app.client, original, &caption, &board).await;
        ids.push(id.parse().unwrap());
    }
    ids
}

/// The index keys and records read by Bob's first home page.
async fn first_page_reads(app: &TestApp, bob: &reqwest::Client) -> (u64, u64) {
    let store = store(app);
    let (keys, records) = (store.keys_read(), store.records_read());
    let answer = graphql_with(bob, &app.base_url, HOME, json!({})).await;
    assert!(answer["errors"].is_null(), "{answer}");
    (store.keys_read() - keys, store.records_read() - records)
}

/// Checks that Bob's home list shows `seen` exactly, newest first, counted once each.
async fn assert_home(app: &TestApp, bob: &reqwest::Client, seen: &[u64]) {
    let mut newest_first = seen.to_vec();
    newest_first.sort_unstable_by(|a, b| b.cmp(a));
    let (ids, total) = walk_pins(app, bob, HOME).await;
    assert_eq!(ids, newest_first);
    assert_eq!(total, seen.len() as u64);
}

#[tokio::test]
async fn a_friends_home_reads_one_key_and_one_record_more_per_shared_board() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let bob = app.client_signed_in_new("bob").await;
    let public = add_board(&app, &app.client, "Public", false).await;
    let original = create_pin(&app, &app.client, png(40, 30, 3), &[&public], "o").await;
    let mut seen: Vec<u64> = vec![original.parse().unwrap()];
    for n in 0..2 {
        seen.extend(shared_board(&app, &original, n).await);
    }
    for copy in 0..30 {
        let id = duplicate_pin(&app, &app.client, &original, &format!("{copy}"), &public).await;
        seen.push(id.parse().unwrap());
    }
    assert_home(&app, &bob, &seen).await;
    let (two_keys, two_records) = first_page_reads(&app, &bob).await;

    for n in 2..8 {
        seen.extend(shared_board(&app, &original, n).await);
    }
    assert_home(&app, &bob, &seen).await;
    let (eight_keys, eight_records) = first_page_reads(&app, &bob).await;
    println!(
        "keys and records read by Bob's first home page: {two_keys} and {two_records} with two shared boards, {eight_keys} and {eight_records} with eight"
    );
    assert!(
        eight_keys <= two_keys + 6,
        "six more shared boards cost {} more keys",
        eight_keys - two_keys
    );
    assert!(
        eight_records <= two_records + 6,
        "six more shared boards cost {} more records",
        eight_records - two_records
    );
    app.stop().await;
}
