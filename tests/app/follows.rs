//! Follows: a person or a board is followed and unfollowed, counted, and its pins come in the
//! follower's 'Following', newest first, page after page; follows go with what they name.

use crate::common;

use common::pictures::png;
use common::pins::{add_board, create_pin, share_board};
use common::{TestApp, error_code, graphql_with};
use serde_json::{Value, json};

const FOLLOW_USER: &str =
    "mutation($u: String!) { followUser(username: $u) { username followerCount viewerFollows } }";
const UNFOLLOW_USER: &str =
    "mutation($u: String!) { unfollowUser(username: $u) { followerCount viewerFollows } }";
const FOLLOW_BOARD: &str =
    "mutation($b: ID!) { followBoard(board: $b) { title followerCount viewerFollows } }";
const UNFOLLOW_BOARD: &str =
    "mutation($b: ID!) { unfollowBoard(board: $b) { followerCount viewerFollows } }";
const FOLLOWING: &str = "query($first: Int, $after: String) { following(first: $first, after: $after) { \
    totalCount pageInfo { hasNextPage endCursor } edges { node { id caption } } } }";

/// The answer to `query` as `client`, which must have no errors.
pub(crate) async fn ok(
    app: &TestApp,
    client: &reqwest::Client,
    query: &str,
    variables: Value,
) -> Value {
    let answer = graphql_with(client, &app.base_url, query, variables).await;
    assert!(answer["errors"].is_null(), "{answer}");
    answer["data"].clone()
}

/// The captions of the whole 'Following' feed of `client`, newest first, read `first` at a time,
/// and its total.
pub(crate) async fn feed(
    app: &TestApp,
    client: &reqwest::Client,
    first: usize,
) -> (Vec<String>, u64) {
    let (mut captions, mut after) = (Vec::new(), Value::Null);
    loop {
        let page = ok(
            app,
            client,
            FOLLOWING,
            json!({ "first": first, "after": after }),
        )
        .await;
        let page = &page["following"];
        for edge in page["edges"].as_array().unwrap() {
            captions.push(edge["node"]["caption"].as_str().unwrap().to_owned());
        }
        if !page["pageInfo"]["hasNextPage"].as_bool().unwrap() {
            return (captions, page["totalCount"].as_u64().unwrap());
        }
        after = page["pageInfo"]["endCursor"].clone();
    }
}

#[tokio::test]
async fn a_followed_person_s_pins_come_newest_first_with_their_shared_boards_not_their_private_ones()
 {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let ada = &app.client;
    let bob = app.client_signed_in_new("bob").await;
    let public = add_board(&app, ada, "Garden", false).await;
    let shared = add_board(&app, ada, "Plans", true).await;
    let private = add_board(&app, ada, "Diary", true).await;
    share_board(&app, ada, &shared, "bob").await;
    create_pin(&app, ada, png(40, 30, 1), &[&public], "first").await;
    create_pin(&app, ada, png(40, 30, 2), &[&shared], "second").await;
    create_pin(&app, ada, png(40, 30, 3), &[&private], "hidden").await;
    create_pin(&app, ada, png(40, 30, 4), &[&public, &shared], "third").await;

    assert_eq!(feed(&app, &bob, 50).await, (vec![], 0));
    let followed = ok(&app, &bob, FOLLOW_USER, json!({ "u": "ada" })).await;
    assert_eq!(followed["followUser"]["followerCount"], 1);
    assert_eq!(followed["followUser"]["viewerFollows"], true);
    // Following twice changes nothing.
    ok(&app, &bob, FOLLOW_USER, json!({ "u": "ada" })).await;
    let expected: Vec<String> = ["third", "second", "first"].map(String::from).to_vec();
    assert_eq!(feed(&app, &bob, 50).await, (expected.clone(), 3));
    assert_eq!(feed(&app, &bob, 1).await, (expected, 3));

    let me = ok(&app, &bob, "{ me { followingCount } }", json!({})).await;
    assert_eq!(me["me"]["followingCount"], 1);
    let seen = ok(
        &app,
        ada,
        "{ user(username: \"ada\") { followerCount viewerFollows followingCount } }",
        json!({}),
    )
    .await;
    assert_eq!(
        seen["user"],
        json!({ "followerCount": 1, "viewerFollows": false, "followingCount": 0 })
    );
    let by_bob = ok(
        &app,
        &bob,
        "{ user(username: \"ada\") { viewerFollows followingCount } }",
        json!({}),
    )
    .await;
    assert_eq!(
        by_bob["user"],
        json!({ "viewerFollows": true, "followingCount": null })
    );

    let unfollowed = ok(&app, &bob, UNFOLLOW_USER, json!({ "u": "ada" })).await;
    assert_eq!(
        unfollowed["unfollowUser"],
        json!({ "followerCount": 0, "viewerFollows": false })
    );
    assert_eq!(feed(&app, &bob, 50).await, (vec![], 0));
}

#[tokio::test]
async fn a_followed_board_brings_its_pins_only() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let ada = &app.client;
    let bob = app.client_signed_in_new("bob").await;
    let carol = app.client_signed_in_new("carol").await;
    let garden = add_board(&app, ada, "Garden", false).await;
    let kitchen = add_board(&app, ada, "Kitchen", false).await;
    create_pin(&app, ada, png(40, 30, 1), &[&garden], "rose").await;
    create_pin(&app, ada, png(40, 30, 2), &[&kitchen], "pan").await;
    create_pin(&app, ada, png(40, 30, 3), &[&garden, &kitchen], "herbs").await;

    let followed = ok(&app, &bob, FOLLOW_BOARD, json!({ "b": garden })).await;
    assert_eq!(
        followed["followBoard"],
        json!({ "title": "Garden", "followerCount": 1, "viewerFollows": true })
    );
    ok(&app, &carol, FOLLOW_BOARD, json!({ "b": garden })).await;
    let board = ok(
        &app,
        &carol,
        "query($b: ID!) { board(id: $b) { followerCount viewerFollows } }",
        json!({ "b": garden }),
    )
    .await;
    assert_eq!(
        board["board"],
        json!({ "followerCount": 2, "viewerFollows": true })
    );
    let expected: Vec<String> = ["herbs", "rose"].map(String::from).to_vec();
    assert_eq!(feed(&app, &bob, 50).await, (expected, 2));

    // Following the owner too shows each pin once.
    ok(&app, &bob, FOLLOW_USER, json!({ "u": "ada" })).await;
    assert_eq!(feed(&app, &bob, 2).await.0, ["herbs", "pan", "rose"]);

    ok(&app, &bob, UNFOLLOW_USER, json!({ "u": "ada" })).await;
    let unfollowed = ok(&app, &bob, UNFOLLOW_BOARD, json!({ "b": garden })).await;
    assert_eq!(
        unfollowed["unfollowBoard"],
        json!({ "followerCount": 1, "viewerFollows": false })
    );
    assert_eq!(feed(&app, &bob, 50).await, (vec![], 0));
}

#[tokio::test]
async fn follows_are_refused_when_they_make_no_sense_and_need_a_signed_in_viewer() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let ada = &app.client;
    let bob = app.client_signed_in_new("bob").await;
    let own = add_board(&app, ada, "Garden", false).await;
    let private = add_board(&app, ada, "Diary", true).await;

    let yourself = graphql_with(ada, &app.base_url, FOLLOW_USER, json!({ "u": "ada" })).await;
    assert_eq!(
        error_code(&yourself),
        Some("VALIDATION_ERROR"),
        "{yourself}"
    );
    assert_eq!(
        yourself["errors"][0]["message"],
        "You cannot follow yourself."
    );
    let own_board = graphql_with(ada, &app.base_url, FOLLOW_BOARD, json!({ "b": own })).await;
    assert_eq!(
        own_board["errors"][0]["message"],
        "You cannot follow your own board."
    );
    let unseen = graphql_with(&bob, &app.base_url, FOLLOW_BOARD, json!({ "b": private })).await;
    assert_eq!(
        error_code(&unseen),
        Some("PERMISSION_DENIED_ERROR"),
        "{unseen}"
    );
    let nobody = graphql_with(&bob, &app.base_url, FOLLOW_USER, json!({ "u": "zed" })).await;
    assert_eq!(error_code(&nobody), Some("NOT_FOUND_ERROR"), "{nobody}");

    let visitor = common::new_client();
    let signed_out =
        graphql_with(&visitor, &app.base_url, FOLLOW_USER, json!({ "u": "ada" })).await;
    assert_eq!(
        error_code(&signed_out),
        Some("PERMISSION_DENIED_ERROR"),
        "{signed_out}"
    );
    let feed = graphql_with(&visitor, &app.base_url, FOLLOWING, json!({})).await;
    assert_eq!(error_code(&feed), Some("PERMISSION_DENIED_ERROR"), "{feed}");
    let user = ok(
        &app,
        &visitor,
        "{ user(username: \"ada\") { followerCount viewerFollows } }",
        json!({}),
    )
    .await;
    assert_eq!(
        user["user"],
        json!({ "followerCount": 0, "viewerFollows": false })
    );
}

#[tokio::test]
async fn deleting_a_board_or_an_account_takes_its_follows_and_check_finds_the_tables_consistent() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let ada = &app.client;
    let bob = app.client_signed_in_new("bob").await;
    app.client_signed_in_new("carol").await;
    let garden = add_board(&app, ada, "Garden", false).await;
    let bobs = add_board(&app, &bob, "Bob's", false).await;
    create_pin(&app, ada, png(40, 30, 1), &[&garden], "rose").await;
    ok(&app, &bob, FOLLOW_BOARD, json!({ "b": garden })).await;
    ok(&app, &bob, FOLLOW_USER, json!({ "u": "carol" })).await;
    ok(&app, ada, FOLLOW_USER, json!({ "u": "bob" })).await;
    ok(&app, ada, FOLLOW_BOARD, json!({ "b": bobs })).await;

    ok(
        &app,
        ada,
        "mutation($id: ID!) { deleteBoard(id: $id) { id } }",
        json!({ "id": garden }),
    )
    .await;
    let me = ok(&app, &bob, "{ me { followingCount } }", json!({})).await;
    assert_eq!(me["me"]["followingCount"], 1);
    assert_eq!(feed(&app, &bob, 50).await, (vec![], 0));

    let bob_id = ok(&app, &bob, "{ me { id } }", json!({})).await["me"]["id"].clone();
    let deleted = "mutation($u: ID!, $c: String!) { deleteAccount(userId: $u, confirmation: $c) { message } }";
    ok(&app, ada, deleted, json!({ "u": bob_id, "c": "bob" })).await;
    let me = ok(&app, ada, "{ me { followingCount } }", json!({})).await;
    assert_eq!(me["me"]["followingCount"], 0);
    let carol = ok(
        &app,
        ada,
        "{ user(username: \"carol\") { followerCount } }",
        json!({}),
    )
    .await;
    assert_eq!(carol["user"]["followerCount"], 0);

    let services = &app.server.as_ref().unwrap().services;
    let report = services
        .store
        .read(corkboard_store::check::database)
        .unwrap();
    assert!(report.is_consistent(), "{:?}", report.problems);
    assert_eq!(report.counts["follows"], 0);
}

#[tokio::test]
async fn the_feed_drops_what_the_follower_may_no_longer_see_at_once() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let ada = &app.client;
    let bob = app.client_signed_in_new("bob").await;
    let carol = app.client_signed_in_new("carol").await;
    // Bob follows ada; carol follows ada's board "Garden" only.
    let garden = add_board(&app, ada, "Garden", false).await;
    let plans = add_board(&app, ada, "Plans", true).await;
    share_board(&app, ada, &plans, "bob").await;
    let rose = create_pin(&app, ada, png(40, 30, 1), &[&garden], "rose").await;
    create_pin(&app, ada, png(40, 30, 2), &[&plans], "plan").await;
    create_pin(&app, ada, png(40, 30, 3), &[&garden], "tulip").await;
    ok(&app, &bob, FOLLOW_USER, json!({ "u": "ada" })).await;
    ok(&app, &carol, FOLLOW_BOARD, json!({ "b": garden })).await;
    assert_eq!(feed(&app, &bob, 50).await.0, ["tulip", "plan", "rose"]);
    assert_eq!(feed(&app, &carol, 50).await.0, ["tulip", "rose"]);

    // The board turns private: carol sees nothing of it, bob only what is shared with him.
    common::pins::set_board_secret(&app, ada, &garden, true).await;
    assert_eq!(feed(&app, &bob, 50).await.0, ["plan"]);
    assert_eq!(feed(&app, &carol, 50).await, (vec![], 0));
    // Shared with carol, it comes back; withdrawn, it goes again.
    share_board(&app, ada, &garden, "carol").await;
    assert_eq!(feed(&app, &carol, 50).await.0, ["tulip", "rose"]);
    let unshare =
        "mutation($b: ID!, $u: String!) { unshareBoard(board: $b, username: $u) { message } }";
    ok(&app, ada, unshare, json!({ "b": garden, "u": "carol" })).await;
    ok(&app, ada, unshare, json!({ "b": plans, "u": "bob" })).await;
    assert_eq!(feed(&app, &carol, 50).await, (vec![], 0));
    assert_eq!(feed(&app, &bob, 50).await, (vec![], 0));

    // Public again, then a pin deleted and the board deleted.
    common::pins::set_board_secret(&app, ada, &garden, false).await;
    assert_eq!(feed(&app, &carol, 50).await.0, ["tulip", "rose"]);
    ok(
        &app,
        ada,
        "mutation($id: ID!) { deletePin(id: $id) { user { id } } }",
        json!({ "id": rose }),
    )
    .await;
    assert_eq!(feed(&app, &carol, 50).await.0, ["tulip"]);
    assert_eq!(feed(&app, &bob, 50).await.0, ["tulip"]);
    ok(
        &app,
        ada,
        "mutation($id: ID!) { deleteBoard(id: $id) { id } }",
        json!({ "id": garden }),
    )
    .await;
    assert_eq!(feed(&app, &carol, 50).await, (vec![], 0));
    assert_eq!(feed(&app, &bob, 50).await, (vec![], 0));
    // A board no longer seen may still be unfollowed: it answers null.
    let unseen = ok(&app, &carol, UNFOLLOW_BOARD, json!({ "b": plans })).await;
    assert_eq!(unseen["unfollowBoard"], Value::Null);
}

/// The index keys one request for a page of the feed reads (signed in: no kept answer).
async fn keys_of_a_page(app: &TestApp, client: &reqwest::Client) -> u64 {
    let store = common::reads::store(app);
    let before = store.keys_read();
    let query = "{ following(first: 2) { edges { node { id } } pageInfo { hasNextPage } } }";
    ok(app, client, query, json!({})).await;
    store.keys_read() - before
}

#[tokio::test]
async fn a_page_of_the_feed_reads_as_many_keys_however_many_pins_are_followed() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let ada = &app.client;
    let bob = app.client_signed_in_new("bob").await;
    app.client_signed_in_new("carol").await;
    let garden = add_board(&app, ada, "Garden", false).await;
    let first = create_pin(&app, ada, png(40, 30, 1), &[&garden], "pin 0").await;
    for n in 1..4 {
        common::pins::duplicate_pin(&app, ada, &first, &format!("pin {n}"), &garden).await;
    }
    ok(&app, &bob, FOLLOW_BOARD, json!({ "b": garden })).await;
    ok(&app, &bob, FOLLOW_USER, json!({ "u": "carol" })).await;
    let small = keys_of_a_page(&app, &bob).await;
    // Two pins and one more entry, to know that more follow.
    assert_eq!(small, 3);
    for n in 4..40 {
        common::pins::duplicate_pin(&app, ada, &first, &format!("pin {n}"), &garden).await;
    }
    assert_eq!(keys_of_a_page(&app, &bob).await, small);
    assert_eq!(feed(&app, &bob, 50).await.0.len(), 40);
}

/// How many entries the fanned-out feeds hold, all followers together, once `check` finds the
/// database consistent.
fn feed_entries(app: &TestApp) -> usize {
    common::reads::assert_consistent(app);
    let store = common::reads::store(app);
    store.read(corkboard_store::check::database).unwrap().counts["feed"]
}

#[tokio::test]
async fn the_feed_is_fanned_out_on_write_brought_in_at_a_follow_and_taken_out_at_unfollow() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let ada = &app.client;
    let bob = app.client_signed_in_new("bob").await;
    let garden = add_board(&app, ada, "Garden", false).await;
    let kitchen = add_board(&app, ada, "Kitchen", false).await;
    create_pin(&app, ada, png(40, 30, 1), &[&garden], "rose").await;
    create_pin(&app, ada, png(40, 30, 2), &[&kitchen], "pan").await;
    assert_eq!(feed_entries(&app), 0);

    // Following the board brings its newest pins in; a pin placed on it after comes in too.
    ok(&app, &bob, FOLLOW_BOARD, json!({ "b": garden })).await;
    assert_eq!(feed_entries(&app), 1);
    let tulip = create_pin(&app, ada, png(40, 30, 3), &[&kitchen], "tulip").await;
    assert_eq!(feed_entries(&app), 1);
    let add = "mutation($p: ID!, $b: ID!) { addPinToBoard(pin: $p, board: $b) { order } }";
    ok(&app, ada, add, json!({ "p": tulip, "b": garden })).await;
    create_pin(&app, ada, png(40, 30, 4), &[&garden], "fern").await;
    assert_eq!(feed_entries(&app), 3);
    assert_eq!(feed(&app, &bob, 50).await.0, ["fern", "tulip", "rose"]);

    // Following the owner too brings the rest; a pin taken off the board stays, through her.
    ok(&app, &bob, FOLLOW_USER, json!({ "u": "ada" })).await;
    assert_eq!(feed_entries(&app), 4);
    let take = "mutation($p: ID!, $b: ID!) { removePinFromBoard(pin: $p, board: $b) { id } }";
    ok(&app, ada, take, json!({ "p": tulip, "b": garden })).await;
    assert_eq!(
        feed(&app, &bob, 50).await.0,
        ["fern", "tulip", "pan", "rose"]
    );

    // Unfollowing her takes out what the board no longer brings; unfollowing it, the rest.
    ok(&app, &bob, UNFOLLOW_USER, json!({ "u": "ada" })).await;
    assert_eq!(feed_entries(&app), 2);
    assert_eq!(feed(&app, &bob, 50).await.0, ["fern", "rose"]);
    ok(&app, &bob, UNFOLLOW_BOARD, json!({ "b": garden })).await;
    assert_eq!(feed_entries(&app), 0);
    assert_eq!(feed(&app, &bob, 50).await, (vec![], 0));
}

#[tokio::test]
async fn a_page_reads_a_bounded_number_of_entries_however_many_it_may_no_longer_show() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let ada = &app.client;
    let carol = app.client_signed_in_new("carol").await;
    let garden = add_board(&app, ada, "Garden", false).await;
    let first = create_pin(&app, ada, png(40, 30, 1), &[&garden], "pin 0").await;
    ok(&app, &carol, FOLLOW_BOARD, json!({ "b": garden })).await;
    for n in 1..70 {
        common::pins::duplicate_pin(&app, ada, &first, &format!("pin {n}"), &garden).await;
    }
    assert_eq!(feed(&app, &carol, 50).await.0.len(), 70);

    // The board turns private: its pins leave carol's feed at once, though their entries stay.
    common::pins::set_board_secret(&app, ada, &garden, true).await;
    assert_eq!(feed_entries(&app), 70);
    assert_eq!(feed(&app, &carol, 2).await, (vec![], 0));
    // A page of 2 reads 2 * 4 + 50 entries at most, then says where the next one starts.
    let fewer = keys_of_a_page(&app, &carol).await;
    assert_eq!(fewer, 58);
    let query =
        "{ following(first: 2) { edges { node { id } } pageInfo { hasNextPage endCursor } } }";
    let page = ok(&app, &carol, query, json!({})).await;
    assert_eq!(page["following"]["edges"], json!([]));
    assert_eq!(page["following"]["pageInfo"]["hasNextPage"], true);
    assert!(page["following"]["pageInfo"]["endCursor"].is_string());
    for n in 70..100 {
        common::pins::duplicate_pin(&app, ada, &first, &format!("pin {n}"), &garden).await;
    }
    assert_eq!(keys_of_a_page(&app, &carol).await, fewer);
    // Public again, all show, newest first.
    common::pins::set_board_secret(&app, ada, &garden, false).await;
    let (captions, total) = feed(&app, &carol, 20).await;
    assert_eq!((captions.len(), total), (100, 100));
    assert_eq!(captions[0], "pin 99");
}
