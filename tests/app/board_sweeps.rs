//! A board of many pins made private, public or deleted: nobody else sees its pins once the
//! write has returned, even before its pins have followed it in the background, and after that
//! the database is consistent; a sweep a stop cut short is finished at the next start.

use crate::common;

use common::pictures::png;
use common::pins::{
    add_board, create_pin, duplicate_pin, duplicate_pin_tagged, set_board_secret, share_board,
    walk_pins,
};
use common::reads::assert_consistent;
use common::{TestApp, graphql_with, new_client};
use corkboard_domain::board::BoardRecord;
use corkboard_domain::ids::BoardId;
use corkboard_store::board_sweeps::{self, SWEPT_ABOVE};
use corkboard_store::writing::Writing;
use corkboard_store::{Store, board_writes, boards};
use serde_json::{Value, json};

const LAST_PINS: &str = "query($after: String) { pins(first: 100, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { id } } } }";

/// The ids of the first 50 pins a search finds for `client`, and how many it finds.
async fn found(app: &TestApp, client: &reqwest::Client, words: &str) -> (Vec<u64>, u64) {
    let query =
        "query($q: String!) { pins(first: 50, search: $q) { totalCount edges { node { id } } } }";
    let answer = graphql_with(client, &app.base_url, query, json!({ "q": words })).await;
    assert!(answer["errors"].is_null(), "{answer}");
    let pins = &answer["data"]["pins"];
    let ids = pins["edges"].as_array().unwrap().iter();
    let ids = ids.map(|edge| edge["node"]["id"].as_str().unwrap().parse().unwrap());
    (ids.collect(), pins["totalCount"].as_u64().unwrap())
}

/// Changes the board in the running server's database without telling anyone, as if its sweep
/// had not run yet: the board is marked, its pins' entries unchanged.
fn change_unswept(app: &TestApp, board: BoardId, change: impl FnOnce(&mut BoardRecord)) {
    let store = &app.server.as_ref().unwrap().services.store;
    let db = store.db().unwrap();
    let write = Writing::new(db.begin_write().unwrap(), None);
    let before = boards::get(&write, board).unwrap().unwrap();
    let mut after = before.clone();
    change(&mut after);
    board_writes::save(&write, Some(&before), &after).unwrap();
    write.commit().unwrap();
    assert_eq!(store.read(board_sweeps::count).unwrap(), 1);
}

/// A board of `SWEPT_ABOVE + 1` pins of `client`'s: "one", then "copy 1" and so on, tagged
/// "glow" and "filament".
async fn big_board(app: &TestApp, client: &reqwest::Client, title: &str, secret: bool) -> String {
    let board = add_board(app, client, title, secret).await;
    let first = create_pin(app, client, png(40, 30, 1), &[&board], "one").await;
    for n in 1..=SWEPT_ABOVE {
        duplicate_pin_tagged(
            app,
            client,
            &first,
            &format!("copy {n}"),
            &board,
            &["glow", "filament"],
        )
        .await;
    }
    board
}

/// The tags `client` is offered for `token`.
async fn suggested(app: &TestApp, client: &reqwest::Client, token: &str) -> Vec<Value> {
    let query = "query($t: String!) { tagSuggestions(token: $t) { name } }";
    let answer = graphql_with(client, &app.base_url, query, json!({ "t": token })).await;
    let names = answer["data"]["tagSuggestions"].as_array().unwrap().iter();
    names.map(|tag| tag["name"].clone()).collect()
}

/// The pin found next after `pin` among those tagged "glow", as `client` sees them.
async fn next_glowing(app: &TestApp, client: &reqwest::Client, pin: &str) -> Value {
    let query = "query($id: ID!) { pin(id: $id, tag: \"glow\") { nextID } }";
    let answer = graphql_with(client, &app.base_url, query, json!({ "id": pin })).await;
    answer["data"]["pin"]["nextID"].clone()
}

#[tokio::test]
async fn nobody_else_sees_the_pins_of_a_big_board_made_private_before_they_are_swept() {
    let mut app = TestApp::start().await;
    app.sign_up("ada").await;
    let visitor = new_client();
    let harbour = add_board(&app, &app.client, "Harbour walks", false).await;
    let quay = add_board(&app, &app.client, "Quay", false).await;
    let first = create_pin(&app, &app.client, png(40, 30, 1), &[&harbour, &quay], "one").await;
    for n in 1..=SWEPT_ABOVE {
        duplicate_pin(&app, &app.client, &first, &format!("copy {n}"), &harbour).await;
    }
    let first: u64 = first.parse().unwrap();
    let everyone = SWEPT_ABOVE + 1;
    assert_eq!(walk_pins(&app, &visitor, LAST_PINS).await.0.len(), everyone);
    assert_eq!(found(&app, &visitor, "harbour").await.1, everyone as u64);

    // Before the sweep: the lists, the search and the pins themselves show only the pin on Quay.
    let board = BoardId(harbour.parse().unwrap());
    change_unswept(&app, board, |board| board.secret = true);
    let (shown, _) = walk_pins(&app, &visitor, &format!("{LAST_PINS} # unswept")).await;
    assert_eq!(shown, [first]);
    assert_eq!(found(&app, &visitor, "copy").await.0, Vec::<u64>::new());
    assert_eq!(found(&app, &visitor, "one").await.0, [first]);
    let hidden = found(&app, &app.client, "copy").await.0[0];
    let answer = graphql_with(
        &visitor,
        &app.base_url,
        "query($id: ID!) { pin(id: $id) { id } }",
        json!({ "id": hidden.to_string() }),
    )
    .await;
    assert!(answer["data"]["pin"].is_null(), "{answer}");
    assert_eq!(found(&app, &app.client, "copy").await.1, SWEPT_ABOVE as u64);

    // The next write starts the sweep; then the indexes agree with the boards.
    set_board_secret(&app, &app.client, &harbour, false).await;
    app.wait_for_sweeps().await;
    assert_consistent(&app);
    assert_eq!(walk_pins(&app, &visitor, LAST_PINS).await.0.len(), everyone);

    // Made private and deleted through the API: hidden at once, swept in the background.
    set_board_secret(&app, &app.client, &harbour, true).await;
    assert_eq!(found(&app, &visitor, "copy").await.0, Vec::<u64>::new());
    app.wait_for_sweeps().await;
    assert_consistent(&app);
    set_board_secret(&app, &app.client, &harbour, false).await;
    app.wait_for_sweeps().await;

    // A sweep a stop cut short is finished at the next start.
    app.restart(|config| {
        let store = Store::open(&config.database_path()).unwrap();
        store
            .write(|write| {
                let before = boards::get(write, board)?.unwrap();
                let after = corkboard_domain::board::BoardRecord {
                    secret: true,
                    ..before.clone()
                };
                board_writes::save(write, Some(&before), &after)
            })
            .unwrap();
        assert_eq!(store.read(board_sweeps::count).unwrap(), 1);
    })
    .await;
    app.wait_for_sweeps().await;
    assert_consistent(&app);
    assert_eq!(walk_pins(&app, &visitor, LAST_PINS).await.0, [first]);

    let deleted = format!("mutation {{ deleteBoard(id: \"{harbour}\") {{ id }} }}");
    set_board_secret(&app, &app.client, &harbour, false).await;
    let answer = app.graphql(&deleted, json!({})).await;
    assert!(answer["errors"].is_null(), "{answer}");
    assert_eq!(walk_pins(&app, &visitor, LAST_PINS).await.0, [first]);
    app.wait_for_sweeps().await;
    assert_consistent(&app);
    let (own, total) = walk_pins(&app, &app.client, LAST_PINS).await;
    assert_eq!(
        (own.len(), total),
        (everyone, everyone as u64),
        "the pins stay"
    );
}

#[tokio::test]
async fn a_big_board_shared_or_unshared_and_its_owner_disabled_or_enabled_reach_every_pin() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let bob = app.client_signed_in_new("bob").await;
    let cy = app.client_signed_in_new("cy").await;
    let visitor = new_client();
    let shelf = add_board(&app, &bob, "Shelf", false).await;
    let vase = create_pin(&app, &bob, png(40, 30, 2), &[&shelf], "vase").await;
    let older = duplicate_pin_tagged(&app, &bob, &vase, "older", &shelf, &["glow"]).await;
    let lamps = big_board(&app, &bob, "Lamps", true).await;
    let newer = duplicate_pin_tagged(&app, &bob, &vase, "newer", &shelf, &["glow"]).await;
    let board = BoardId(lamps.parse().unwrap());
    let everyone = SWEPT_ABOVE as u64 + 1;
    assert_eq!(found(&app, &cy, "lamps").await.1, 0);

    // Shared: the friend finds every pin once swept.
    share_board(&app, &bob, &lamps, "cy").await;
    app.wait_for_sweeps().await;
    assert_consistent(&app);
    assert_eq!(found(&app, &cy, "lamps").await.1, everyone);
    assert_ne!(next_glowing(&app, &cy, &newer).await, json!(older));
    assert_eq!(suggested(&app, &cy, "fil").await, [json!("filament")]);

    // Unshared: the friend finds none even before the sweep; the owner still finds them all.
    change_unswept(&app, board, |board| board.shared_with.clear());
    assert_eq!(found(&app, &cy, "copy").await.0, Vec::<u64>::new());
    assert_eq!(next_glowing(&app, &cy, &newer).await, json!(older));
    assert_eq!(suggested(&app, &cy, "fil").await, Vec::<Value>::new());
    assert_eq!(suggested(&app, &cy, "gl").await, [json!("glow")]);
    assert_eq!(found(&app, &bob, "lamps").await.1, everyone);
    set_board_secret(&app, &bob, &lamps, false).await;
    app.wait_for_sweeps().await;
    assert_consistent(&app);
    assert_eq!(found(&app, &visitor, "lamps").await.1, everyone);

    // The owner disabled: nobody sees a pin of theirs, even before the sweep; enabled: all again.
    let me = graphql_with(&bob, &app.base_url, "{ me { id } }", json!({})).await;
    let set_disabled = |disabled: bool| {
        let query = "mutation($u: ID!, $d: Boolean!) { setAccountDisabled(userId: $u, disabled: $d) { disabled } }";
        let variables = json!({ "u": me["data"]["me"]["id"], "d": disabled });
        let app = &app;
        async move { assert!(app.graphql(query, variables).await["errors"].is_null()) }
    };
    set_disabled(true).await;
    assert_eq!(found(&app, &visitor, "copy").await.0, Vec::<u64>::new());
    assert_eq!(
        walk_pins(&app, &visitor, LAST_PINS).await.0,
        Vec::<u64>::new()
    );
    app.wait_for_sweeps().await;
    assert_consistent(&app);
    assert_eq!(found(&app, &visitor, "lamps").await.1, 0);
    set_disabled(false).await;
    app.wait_for_sweeps().await;
    assert_consistent(&app);
    assert_eq!(found(&app, &visitor, "lamps").await.1, everyone);
    assert_eq!(
        walk_pins(&app, &visitor, LAST_PINS).await.0.len() as u64,
        everyone + 3,
        "the big board's pins and the shelf's three"
    );
}
