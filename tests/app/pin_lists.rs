//! Pins out: paged lists while pins come and go, neighbours, permissions of every pin mutation,
//! delete cascades, board order, and privacy following the boards.

use crate::common;

use common::pictures::png;
use common::pins::{add_board, create_pin};
use common::{TestApp, error_code, graphql_with, new_client};
use serde_json::{Value, json};

async fn ask(app: &TestApp, client: &reqwest::Client, query: &str, variables: Value) -> Value {
    graphql_with(client, &app.base_url, query, variables).await
}

/// Every id of a connection, page by page (`first` each), with the total of the first page.
async fn walk(
    app: &TestApp,
    client: &reqwest::Client,
    query: &str,
    path: &[&str],
    first: usize,
) -> (Vec<String>, u64) {
    let mut ids = Vec::new();
    let mut after = Value::Null;
    let mut total = 0;
    for page in 0.. {
        let answer = ask(
            app,
            client,
            query,
            json!({ "first": first, "after": after }),
        )
        .await;
        let mut connection = &answer["data"];
        for key in path {
            connection = &connection[*key];
        }
        assert!(connection.is_object(), "{answer}");
        if page == 0 {
            total = connection["totalCount"].as_u64().unwrap();
        }
        for edge in connection["edges"].as_array().unwrap() {
            ids.push(edge["node"]["id"].as_str().unwrap().to_owned());
        }
        if !connection["pageInfo"]["hasNextPage"].as_bool().unwrap() {
            break;
        }
        after = connection["pageInfo"]["endCursor"].clone();
    }
    (ids, total)
}

#[tokio::test]
async fn pages_stay_right_while_pins_are_added_and_deleted() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Everything", false).await;
    let mut created = Vec::new();
    for i in 0..105 {
        created.push(
            create_pin(
                &app,
                &app.client,
                png(40, 30, i),
                &[&board],
                &format!("pin {i}"),
            )
            .await,
        );
    }
    let newest_first: Vec<String> = created.iter().rev().cloned().collect();

    let lists = [
        (
            "query($first: Int, $after: String) { pins(first: $first, after: $after) { totalCount edges { node { id } } pageInfo { endCursor hasNextPage } } }",
            vec!["pins"],
        ),
        (
            "query($first: Int, $after: String) { user(username: \"ada\") { pins(first: $first, after: $after) { totalCount edges { node { id } } pageInfo { endCursor hasNextPage } } } }",
            vec!["user", "pins"],
        ),
    ];
    let visitor = new_client();
    for (query, path) in &lists {
        let (ids, total) = walk(&app, &visitor, query, path, 50).await;
        assert_eq!(total, 105);
        assert_eq!(ids, newest_first);
    }

    // Between two pages: delete the next page's first pin and one already seen, add a new one.
    let query = lists[0].0;
    let first_page = ask(&app, &visitor, query, json!({ "first": 50 })).await;
    let cursor = first_page["data"]["pins"]["pageInfo"]["endCursor"].clone();
    for id in [&newest_first[50], &newest_first[10]] {
        let answer = app
            .graphql(
                "mutation($id: ID!) { deletePin(id: $id) { user { username } } }",
                json!({ "id": id }),
            )
            .await;
        assert!(answer["errors"].is_null(), "{answer}");
    }
    let newer = create_pin(&app, &app.client, png(40, 30, 999), &[&board], "new").await;
    let rest = ask(
        &app,
        &visitor,
        query,
        json!({ "first": 50, "after": cursor }),
    )
    .await;
    let rest_ids: Vec<&str> = rest["data"]["pins"]["edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|edge| edge["node"]["id"].as_str().unwrap())
        .collect();
    let expected: Vec<&str> = newest_first[51..101].iter().map(String::as_str).collect();
    assert_eq!(rest_ids, expected, "no pin skipped or shown twice");
    assert_eq!(rest["data"]["pins"]["totalCount"], 105 - 2 + 1);
    assert!(!rest_ids.contains(&newer.as_str()));

    let board_query = "query($id: ID!, $first: Int, $after: String) { board(id: $id) { pins(first: $first, after: $after) { totalCount edges { order node { id } } pageInfo { endCursor hasNextPage } } } }";
    let page = ask(
        &app,
        &visitor,
        board_query,
        json!({ "id": board, "first": 2 }),
    )
    .await;
    let edges = &page["data"]["board"]["pins"]["edges"];
    assert_eq!(
        edges[0]["node"]["id"],
        newer.as_str(),
        "a new pin goes on top of its board"
    );
    assert!(edges[0]["order"].as_i64() > edges[1]["order"].as_i64());
    assert_eq!(page["data"]["board"]["pins"]["totalCount"], 104);
    let bad = ask(
        &app,
        &visitor,
        board_query,
        json!({ "id": board, "after": "garbage" }),
    )
    .await;
    assert_eq!(error_code(&bad), Some("VALIDATION_ERROR"));
    app.stop().await;
}

const NEIGHBOURS: &str = "query($id: ID!) { pin(id: $id) { prevID nextID } }";

#[tokio::test]
async fn neighbours_follow_each_list_and_skip_what_the_viewer_may_not_see() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let public = add_board(&app, &app.client, "Public", false).await;
    let private = add_board(&app, &app.client, "Private", true).await;
    let a = create_pin(&app, &app.client, png(40, 30, 1), &[&public], "a").await;
    let hidden = create_pin(&app, &app.client, png(40, 30, 2), &[&private], "hidden").await;
    let c = create_pin(&app, &app.client, png(40, 30, 3), &[&public], "c").await;
    let visitor = new_client();

    let seen = ask(&app, &visitor, NEIGHBOURS, json!({ "id": c })).await;
    assert_eq!(
        seen["data"]["pin"],
        json!({ "prevID": null, "nextID": a }),
        "{seen}"
    );
    let own = app.graphql(NEIGHBOURS, json!({ "id": c })).await;
    assert_eq!(own["data"]["pin"]["nextID"], hidden.as_str());
    let middle = app.graphql(NEIGHBOURS, json!({ "id": hidden })).await;
    assert_eq!(middle["data"]["pin"], json!({ "prevID": c, "nextID": a }));

    let in_user = "query($id: ID!) { user(username: \"ada\") { pin(id: $id) { prevID nextID } } }";
    let answer = ask(&app, &visitor, in_user, json!({ "id": a })).await;
    assert_eq!(
        answer["data"]["user"]["pin"],
        json!({ "prevID": c, "nextID": null })
    );

    // Board order: move a on top, so the board reads a, c.
    let order = app
        .graphql("mutation($p: ID!, $b: ID!) { orderPinInBoard(pin: $p, board: $b, order: 10) { order node { id } } }", json!({ "p": a, "b": public }))
        .await;
    assert_eq!(order["data"]["orderPinInBoard"]["order"], 10, "{order}");
    let in_board = "query($b: ID!, $id: ID!) { board(id: $b) { pin(id: $id) { prevID nextID } pins { edges { node { id } } } } }";
    let answer = ask(&app, &visitor, in_board, json!({ "b": public, "id": a })).await;
    assert_eq!(
        answer["data"]["board"]["pin"],
        json!({ "prevID": null, "nextID": c })
    );
    assert_eq!(
        answer["data"]["board"]["pins"]["edges"][0]["node"]["id"],
        a.as_str()
    );
    let not_on_board = ask(
        &app,
        &app.client,
        in_board,
        json!({ "b": public, "id": hidden }),
    )
    .await;
    assert_eq!(error_code(&not_on_board), Some("NOT_FOUND_ERROR"));
    app.stop().await;
}

#[tokio::test]
async fn a_pin_is_private_exactly_while_none_of_its_boards_is_public() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Mine", false).await;
    let pin = create_pin(&app, &app.client, png(40, 30, 1), &[&board], "x").await;
    let visitor = new_client();
    let check = "query($id: ID!) { pin(id: $id) { secret } }";
    let home = "{ pins { totalCount } }";
    assert_eq!(
        ask(&app, &visitor, check, json!({ "id": pin })).await["data"]["pin"]["secret"],
        false
    );

    let hide = "mutation($id: ID!, $s: Boolean!) { updateBoard(id: $id, secret: $s) { id } }";
    app.graphql(hide, json!({ "id": board, "s": true })).await;
    let denied = ask(&app, &visitor, check, json!({ "id": pin })).await;
    assert_eq!(error_code(&denied), Some("PERMISSION_DENIED_ERROR"));
    assert_eq!(
        ask(&app, &visitor, home, json!({})).await["data"]["pins"]["totalCount"],
        0
    );
    assert_eq!(
        app.graphql(home, json!({})).await["data"]["pins"]["totalCount"],
        1
    );
    assert_eq!(
        app.graphql(check, json!({ "id": pin })).await["data"]["pin"]["secret"],
        true
    );

    let bob = app.client_signed_in_new("bob").await;
    assert_eq!(
        ask(&app, &bob, home, json!({})).await["data"]["pins"]["totalCount"],
        0
    );
    app.graphql(
        "mutation($b: ID!) { shareBoard(board: $b, username: \"bob\") { message } }",
        json!({ "b": board }),
    )
    .await;
    assert_eq!(
        ask(&app, &bob, home, json!({})).await["data"]["pins"]["totalCount"],
        1,
        "shared with bob"
    );
    let bobs_view = ask(
        &app,
        &bob,
        "{ user(username: \"ada\") { pins { totalCount } } }",
        json!({}),
    )
    .await;
    assert_eq!(bobs_view["data"]["user"]["pins"]["totalCount"], 1);

    app.graphql(hide, json!({ "id": board, "s": false })).await;
    assert_eq!(
        ask(&app, &visitor, home, json!({})).await["data"]["pins"]["totalCount"],
        1
    );
    app.stop().await;
}

#[tokio::test]
async fn every_pin_mutation_checks_who_asks() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let adas_board = add_board(&app, &app.client, "Ada's", false).await;
    let adas_private = add_board(&app, &app.client, "Ada's private", true).await;
    let pin = create_pin(&app, &app.client, png(40, 30, 1), &[&adas_board], "ada's").await;
    let secret_pin = create_pin(
        &app,
        &app.client,
        png(40, 30, 2),
        &[&adas_private],
        "secret",
    )
    .await;
    let bob = app.client_signed_in_new("bob").await;
    let bobs_board = add_board(&app, &bob, "Bob's", false).await;
    let bobs_pin = create_pin(&app, &bob, png(40, 30, 3), &[&bobs_board], "bob's").await;

    let attempts = [
        (
            "mutation($p: ID!) { updatePin(id: $p, caption: \"mine now\") { id } }",
            json!({ "p": pin }),
        ),
        (
            "mutation($p: ID!) { ratePin(id: $p, rating: 1) { id } }",
            json!({ "p": pin }),
        ),
        (
            "mutation($p: ID!) { deletePin(id: $p) { user { id } } }",
            json!({ "p": pin }),
        ),
        (
            "mutation($p: ID!, $b: ID!) { addPinToBoard(pin: $p, board: $b) { order } }",
            json!({ "p": pin, "b": bobs_board }),
        ),
        (
            "mutation($p: ID!, $b: ID!) { addPinToBoard(pin: $p, board: $b) { order } }",
            json!({ "p": bobs_pin, "b": adas_board }),
        ),
        (
            "mutation($p: ID!, $b: ID!) { removePinFromBoard(pin: $p, board: $b) { id } }",
            json!({ "p": pin, "b": adas_board }),
        ),
        (
            "mutation($p: ID!, $b: ID!) { orderPinInBoard(pin: $p, board: $b, order: 99) { order } }",
            json!({ "p": pin, "b": adas_board }),
        ),
        (
            "mutation($p: ID!, $b: ID!) { updateBoard(id: $b, cover1: $p) { id } }",
            json!({ "p": pin, "b": adas_board }),
        ),
        (
            "mutation($p: ID!) { duplicatePin(pin: $p, caption: \"copy\") { id } }",
            json!({ "p": secret_pin }),
        ),
    ];
    for (mutation, variables) in &attempts {
        let answer = ask(&app, &bob, mutation, variables.clone()).await;
        assert_eq!(
            error_code(&answer),
            Some("PERMISSION_DENIED_ERROR"),
            "bob: {mutation}: {answer}"
        );
        let answer = ask(&app, &new_client(), mutation, variables.clone()).await;
        assert_eq!(
            error_code(&answer),
            Some("PERMISSION_DENIED_ERROR"),
            "visitor: {mutation}: {answer}"
        );
    }
    let untouched = app
        .graphql(
            "query($p: ID!) { pin(id: $p) { caption rating boards { totalCount } } }",
            json!({ "p": pin }),
        )
        .await;
    assert_eq!(
        untouched["data"]["pin"],
        json!({ "caption": "ada's", "rating": 0, "boards": { "totalCount": 1 } })
    );

    // What bob may do: re-pin ada's public pin onto his board, then manage and edit his copy.
    let copy = ask(&app, &bob, "mutation($p: ID!, $b: ID!) { duplicatePin(pin: $p, caption: \"copy\", tags: [\"a b\"], boards: [$b]) { id addedVia { id } user { username } tags } }", json!({ "p": pin, "b": bobs_board })).await;
    let copy = &copy["data"]["duplicatePin"];
    assert_eq!(copy["addedVia"]["id"], pin.as_str(), "{copy}");
    assert_eq!(copy["user"]["username"], "bob");
    assert_eq!(copy["tags"], json!(["a", "b"]));
    let clones = ask(
        &app,
        &bob,
        "query($p: ID!) { me { clones(pin: $p) { id } } }",
        json!({ "p": pin }),
    )
    .await;
    assert_eq!(clones["data"]["me"]["clones"][0]["id"], copy["id"]);
    let edited = ask(&app, &bob, "mutation($p: ID!) { updatePin(id: $p, title: \"T\", rating: 5, unsafe: true) { title caption rating unsafe } }", json!({ "p": copy["id"] })).await;
    assert_eq!(
        edited["data"]["updatePin"],
        json!({ "title": "T", "caption": "copy", "rating": 5, "unsafe": true })
    );
    let cleared = ask(
        &app,
        &bob,
        "mutation($p: ID!) { updatePin(id: $p, title: \"\") { title } }",
        json!({ "p": copy["id"] }),
    )
    .await;
    assert_eq!(cleared["data"]["updatePin"]["title"], Value::Null);
    let bad = ask(
        &app,
        &bob,
        "mutation($p: ID!) { ratePin(id: $p, rating: 9) { id } }",
        json!({ "p": copy["id"] }),
    )
    .await;
    assert_eq!(error_code(&bad), Some("VALIDATION_ERROR"));
    app.stop().await;
}

#[tokio::test]
async fn deleting_a_pin_cleans_its_boards_covers_and_last_files() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let first_board = add_board(&app, &app.client, "One", false).await;
    let second_board = add_board(&app, &app.client, "Two", false).await;
    let picture = png(300, 200, 4);
    let older = create_pin(
        &app,
        &app.client,
        png(300, 200, 5),
        &[&first_board],
        "older",
    )
    .await;
    let pin = create_pin(
        &app,
        &app.client,
        picture.clone(),
        &[&first_board, &second_board],
        "x",
    )
    .await;
    let twin = create_pin(&app, &app.client, picture, &[&second_board], "twin").await;

    app.graphql(
        "mutation($b: ID!, $p: ID!) { updateBoard(id: $b, cover1: $p) { id } }",
        json!({ "b": first_board, "p": pin }),
    )
    .await;
    let not_on_it = app
        .graphql(
            "mutation($b: ID!, $p: ID!) { updateBoard(id: $b, cover1: $p) { id } }",
            json!({ "b": first_board, "p": twin }),
        )
        .await;
    assert_eq!(error_code(&not_on_it), Some("VALIDATION_ERROR"));
    let preview = app
        .graphql(
            "query($p: ID!) { pin(id: $p) { preview(minWidth: 236) } }",
            json!({ "p": pin }),
        )
        .await["data"]["pin"]["preview"]
        .as_str()
        .unwrap()
        .to_owned();

    let deleted = app
        .graphql(
            "mutation($p: ID!) { deletePin(id: $p) { user { username } boards { id } } }",
            json!({ "p": pin }),
        )
        .await;
    assert_eq!(deleted["data"]["deletePin"]["user"]["username"], "ada");
    assert_eq!(
        deleted["data"]["deletePin"]["boards"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let gone = app
        .graphql("query($p: ID!) { pin(id: $p) { id } }", json!({ "p": pin }))
        .await;
    assert_eq!(error_code(&gone), Some("NOT_FOUND_ERROR"));
    let board = app
        .graphql(
            "query($b: ID!) { board(id: $b) { cover1 { id } pins { totalCount } } }",
            json!({ "b": first_board }),
        )
        .await;
    assert_eq!(
        board["data"]["board"],
        json!({ "cover1": { "id": older }, "pins": { "totalCount": 1 } })
    );
    let kept = app.client.get(app.url(&preview)).send().await.unwrap();
    assert_eq!(kept.status(), 200, "the twin still shows the picture");

    app.graphql(
        "mutation($p: ID!) { deletePin(id: $p) { user { id } } }",
        json!({ "p": twin }),
    )
    .await;
    let removed = app.client.get(app.url(&preview)).send().await.unwrap();
    assert_eq!(removed.status(), 404, "no pin shows the picture any more");
    let removal = app
        .graphql("mutation($p: ID!, $b: ID!) { removePinFromBoard(pin: $p, board: $b) { pins { totalCount } } }", json!({ "p": older, "b": first_board }))
        .await;
    assert_eq!(
        removal["data"]["removePinFromBoard"]["pins"]["totalCount"],
        0
    );
    let again = app
        .graphql("mutation($p: ID!, $b: ID!) { addPinToBoard(pin: $p, board: $b) { order node { id } } }", json!({ "p": older, "b": second_board }))
        .await;
    assert_eq!(
        again["data"]["addPinToBoard"]["node"]["id"],
        older.as_str(),
        "{again}"
    );
    app.stop().await;
}
