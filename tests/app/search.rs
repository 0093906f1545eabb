//! Search and tags: words, tags, accents, privacy inside the search, neighbours in results,
//! suggestions, consistency after changes, and the index rebuilt from the database.

use crate::common;

use std::time::Duration;

use common::pictures::png;
use common::pins::{add_board, create_pin, share_board};
use common::{TestApp, error_code, graphql_with, new_client};
use corkboard_domain::ids::PinId;
use corkboard_store::{Store, pin_writes, pins};
use serde_json::{Value, json};

const SEARCH: &str = "query($q: String, $t: String, $first: Int, $after: String) { pins(search: $q, tag: $t, first: $first, after: $after) { totalCount edges { node { id } } pageInfo { endCursor hasNextPage } } }";

async fn found(app: &TestApp, client: &reqwest::Client, variables: Value) -> (u64, Vec<String>) {
    let answer = graphql_with(client, &app.base_url, SEARCH, variables).await;
    let pins = &answer["data"]["pins"];
    assert!(pins.is_object(), "{answer}");
    let ids = pins["edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|edge| edge["node"]["id"].as_str().unwrap().to_owned())
        .collect();
    (pins["totalCount"].as_u64().unwrap(), ids)
}

async fn add_tagged_pin(
    app: &TestApp,
    client: &reqwest::Client,
    board: &str,
    seed: u32,
    caption: &str,
    tags: &[&str],
) -> String {
    let id = create_pin(app, client, png(40, 30, seed), &[board], caption).await;
    let answer = graphql_with(
        client,
        &app.base_url,
        "mutation($id: ID!, $tags: [String!]) { updatePin(id: $id, tags: $tags) { id } }",
        json!({ "id": id, "tags": tags }),
    )
    .await;
    assert!(answer["errors"].is_null(), "{answer}");
    id
}

#[tokio::test]
async fn words_tags_and_accents_find_pins_and_odd_queries_never_fail() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    app.graphql(
        "mutation { updateUser(firstName: \"Adélaïde\") { id } }",
        json!({}),
    )
    .await;
    let board = add_board(&app, &app.client, "Paris trip", false).await;
    let cafe = add_tagged_pin(
        &app,
        &app.client,
        &board,
        1,
        "Morning at the Café de Flore",
        &["coffee", "Été"],
    )
    .await;
    let tower = add_tagged_pin(
        &app,
        &app.client,
        &board,
        2,
        "The tower at night",
        &["night"],
    )
    .await;
    let visitor = new_client();

    assert_eq!(
        found(&app, &visitor, json!({ "q": "cafe" })).await,
        (1, vec![cafe.clone()])
    );
    assert_eq!(
        found(&app, &visitor, json!({ "q": "CAFÉ flore" })).await.0,
        1
    );
    assert_eq!(
        found(&app, &visitor, json!({ "q": "tower" })).await,
        (1, vec![tower.clone()])
    );
    assert_eq!(
        found(&app, &visitor, json!({ "q": "paris" })).await.0,
        2,
        "board titles are searched"
    );
    assert_eq!(
        found(&app, &visitor, json!({ "q": "adelaide" })).await.0,
        2,
        "owner names are searched"
    );
    assert_eq!(
        found(&app, &visitor, json!({ "t": "ete" })).await,
        (1, vec![cafe.clone()])
    );
    assert_eq!(found(&app, &visitor, json!({ "t": "#Coffee" })).await.0, 1);
    assert_eq!(found(&app, &visitor, json!({ "q": "unicorn" })).await.0, 0);
    for odd in ["\"(*:[", "AND OR NOT", "title:", "-", "café~2^", "🙂"] {
        let answer = graphql_with(&visitor, &app.base_url, SEARCH, json!({ "q": odd })).await;
        assert!(answer["errors"].is_null(), "{odd}: {answer}");
    }
    let suggestions = "query($t: String!) { tagSuggestions(token: $t) { name count } }";
    let answer = graphql_with(&visitor, &app.base_url, suggestions, json!({ "t": "ET" })).await;
    assert_eq!(
        answer["data"]["tagSuggestions"],
        json!([{ "name": "Été", "count": 1 }]),
        "a suggestion is written as on the pin"
    );
    app.stop().await;
}

#[tokio::test]
async fn privacy_applies_inside_the_search_and_its_counts() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let public = add_board(&app, &app.client, "Open", false).await;
    let private = add_board(&app, &app.client, "Closed", true).await;
    add_tagged_pin(
        &app,
        &app.client,
        &public,
        1,
        "a shared secret garden",
        &["garden"],
    )
    .await;
    let hidden = add_tagged_pin(
        &app,
        &app.client,
        &private,
        2,
        "a hidden garden",
        &["garden"],
    )
    .await;
    let visitor = new_client();
    let bob = app.client_signed_in_new("bob").await;

    assert_eq!(found(&app, &visitor, json!({ "q": "garden" })).await.0, 1);
    assert_eq!(found(&app, &visitor, json!({ "t": "garden" })).await.0, 1);
    assert_eq!(found(&app, &bob, json!({ "q": "hidden" })).await.0, 0);
    assert_eq!(
        found(&app, &app.client, json!({ "q": "garden" })).await.0,
        2
    );

    app.graphql(
        "mutation($b: ID!) { shareBoard(board: $b, username: \"bob\") { message } }",
        json!({ "b": private }),
    )
    .await;
    assert_eq!(
        found(&app, &bob, json!({ "q": "hidden" })).await,
        (1, vec![hidden.clone()])
    );
    assert_eq!(found(&app, &visitor, json!({ "q": "hidden" })).await.0, 0);
    app.graphql(
        "mutation($b: ID!) { updateBoard(id: $b, secret: false) { id } }",
        json!({ "b": private }),
    )
    .await;
    assert_eq!(found(&app, &visitor, json!({ "q": "hidden" })).await.0, 1);

    let suggestions = "query($t: String!, $a: [String!]) { tagSuggestions(token: $t, actualTags: $a) { name count } }";
    let answer = graphql_with(&visitor, &app.base_url, suggestions, json!({ "t": "gar" })).await;
    assert_eq!(
        answer["data"]["tagSuggestions"],
        json!([{ "name": "garden", "count": 2 }])
    );
    let answer = graphql_with(
        &visitor,
        &app.base_url,
        suggestions,
        json!({ "t": "gar", "a": ["Garden"] }),
    )
    .await;
    assert_eq!(answer["data"]["tagSuggestions"], json!([]));
    app.stop().await;
}

/// The audit's oracles: a word only in a private board's title found (and counted) a public pin
/// on it for anyone; field syntax named internal fields (who a board is shared with).
#[tokio::test]
async fn search_reveals_nothing_of_what_the_viewer_may_not_see() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let friend = app.client_signed_in_new("bob").await;
    let stranger = app.client_signed_in_new("tom").await;
    let public = add_board(&app, &app.client, "Sea views", false).await;
    let private = add_board(&app, &app.client, "Zanzibar plans", true).await;
    let shared = app
        .graphql(
            "mutation($b: ID!) { shareBoard(board: $b, username: \"bob\") { message } }",
            json!({ "b": private }),
        )
        .await;
    assert!(shared["errors"].is_null(), "{shared}");
    let pin = create_pin(
        &app,
        &app.client,
        png(40, 30, 5),
        &[&public, &private],
        "Sunset",
    )
    .await;

    for (who, client, count) in [
        ("visitor", &new_client(), 0),
        ("stranger", &stranger, 0),
        ("friend", &friend, 1),
        ("owner", &app.client, 1),
    ] {
        let (total, _) = found(&app, client, json!({ "q": "zanzibar" })).await;
        assert_eq!(total, count, "{who} searching a private board's title");
        let (total, _) = found(&app, client, json!({ "q": "sunset sea" })).await;
        assert_eq!(total, 1, "{who} finds the public words");
    }
    let visitor = new_client();
    let bob = app
        .graphql("{ user(username: \"bob\") { id } }", json!({}))
        .await["data"]["user"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    for named in [
        format!("readers:{bob}"),
        format!("audience:{bob}"),
        "audience:0".to_owned(),
        format!("id:{pin}"),
        format!("private_board_words:{bob}|zanzibar"),
    ] {
        let answer = graphql_with(&visitor, &app.base_url, SEARCH, json!({ "q": named })).await;
        assert!(answer["errors"].is_null(), "{named}: {answer}");
        assert_eq!(
            answer["data"]["pins"]["totalCount"], 0,
            "{named} names no field: {answer}"
        );
    }
    app.stop().await;
}

#[tokio::test]
async fn results_page_and_give_neighbours_and_follow_every_change() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Birds", false).await;
    let mut ids = Vec::new();
    for i in 0..7 {
        ids.push(
            add_tagged_pin(
                &app,
                &app.client,
                &board,
                i,
                &format!("bird number {i}"),
                &["bird"],
            )
            .await,
        );
    }
    let visitor = new_client();
    let (total, first_page) = found(&app, &visitor, json!({ "t": "bird", "first": 3 })).await;
    assert_eq!(total, 7);
    let newest: Vec<String> = ids.iter().rev().cloned().collect();
    assert_eq!(first_page, newest[..3]);
    let answer = graphql_with(
        &visitor,
        &app.base_url,
        SEARCH,
        json!({ "t": "bird", "first": 3 }),
    )
    .await;
    let after = answer["data"]["pins"]["pageInfo"]["endCursor"].clone();
    assert_eq!(
        found(
            &app,
            &visitor,
            json!({ "t": "bird", "first": 3, "after": after })
        )
        .await
        .1,
        newest[3..6]
    );

    let (_, by_words) = found(&app, &visitor, json!({ "q": "bird", "first": 4 })).await;
    let answer = graphql_with(
        &visitor,
        &app.base_url,
        SEARCH,
        json!({ "q": "bird", "first": 4 }),
    )
    .await;
    let after = answer["data"]["pins"]["pageInfo"]["endCursor"].clone();
    let (_, rest) = found(&app, &visitor, json!({ "q": "bird", "after": after })).await;
    let mut all: Vec<String> = by_words.iter().chain(rest.iter()).cloned().collect();
    assert_eq!(all.len(), 7);
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 7, "no result twice across pages");

    let neighbours = "query($id: ID!, $q: String, $t: String) { pin(id: $id, search: $q, tag: $t) { prevID nextID } }";
    let answer = graphql_with(
        &visitor,
        &app.base_url,
        neighbours,
        json!({ "id": newest[1], "t": "bird" }),
    )
    .await;
    assert_eq!(
        answer["data"]["pin"],
        json!({ "prevID": newest[0], "nextID": newest[2] })
    );
    let answer = graphql_with(
        &visitor,
        &app.base_url,
        neighbours,
        json!({ "id": by_words[1], "q": "bird" }),
    )
    .await;
    assert_eq!(
        answer["data"]["pin"],
        json!({ "prevID": by_words[0], "nextID": by_words[2] })
    );

    app.graphql(
        "mutation($id: ID!) { updatePin(id: $id, caption: \"a heron\") { id } }",
        json!({ "id": ids[0] }),
    )
    .await;
    assert_eq!(
        found(&app, &visitor, json!({ "q": "heron" })).await.1,
        vec![ids[0].clone()]
    );
    assert_eq!(
        found(&app, &visitor, json!({ "q": "number 0" })).await.0,
        0,
        "the old words are gone"
    );
    app.graphql(
        "mutation($id: ID!) { deletePin(id: $id) { user { id } } }",
        json!({ "id": ids[0] }),
    )
    .await;
    assert_eq!(found(&app, &visitor, json!({ "q": "heron" })).await.0, 0);
    assert_eq!(found(&app, &visitor, json!({ "t": "bird" })).await.0, 6);
    app.graphql(
        "mutation($b: ID!) { deleteBoard(id: $b) { id } }",
        json!({ "b": board }),
    )
    .await;
    assert_eq!(
        found(&app, &visitor, json!({ "t": "bird" })).await.0,
        0,
        "pins on no board are private"
    );
    assert_eq!(
        found(&app, &app.client, json!({ "t": "bird" })).await.0,
        6,
        "but still their owner's"
    );
    let bad = graphql_with(
        &visitor,
        &app.base_url,
        SEARCH,
        json!({ "q": "bird", "after": "nonsense" }),
    )
    .await;
    assert_eq!(error_code(&bad), Some("VALIDATION_ERROR"));
    app.stop().await;
}

#[tokio::test]
async fn the_index_is_rebuilt_from_the_database_when_its_folder_is_gone() {
    let mut app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Boats", false).await;
    let pin = add_tagged_pin(&app, &app.client, &board, 1, "a red sailing boat", &["sea"]).await;
    app.restart(|config| std::fs::remove_dir_all(config.index_dir()).unwrap())
        .await;
    let result = found_once_rebuilt(&app, json!({ "q": "sailing" }), 1).await;
    assert_eq!(result, (1, vec![pin]));
    app.stop().await;
}

/// The search's answer once it counts `total` pins, or after 5 s: an index is rebuilt in the
/// background.
async fn found_once_rebuilt(app: &TestApp, variables: Value, total: u64) -> (u64, Vec<String>) {
    let visitor = new_client();
    let mut result = (0, Vec::new());
    for _ in 0..100 {
        result = found(app, &visitor, variables.clone()).await;
        if result.0 == total {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    result
}

/// Edits a pin's caption in the database only, as if the server had died between the edit's
/// database commit and its index commit.
fn edit_caption_behind_the_index(
    config: &corkboard_domain::config::Config,
    pin: &str,
    caption: &str,
) {
    let store = Store::open(&config.database_path()).unwrap();
    let id = PinId::parse(pin).unwrap();
    store
        .write(|write| {
            let mut record = pins::get(write, id)?.unwrap();
            record.caption = caption.into();
            pin_writes::update(write, &record)
        })
        .unwrap();
}

#[tokio::test]
async fn a_change_the_index_missed_in_a_crash_is_indexed_at_the_next_start() {
    let mut app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Boats", false).await;
    let pin = add_tagged_pin(&app, &app.client, &board, 1, "a red sailing boat", &["sea"]).await;
    app.restart(|config| edit_caption_behind_the_index(config, &pin, "a blue rowing boat"))
        .await;
    let visitor = new_client();
    assert_eq!(
        found(&app, &visitor, json!({ "q": "rowing" })).await,
        (1, vec![pin])
    );
    assert_eq!(found(&app, &visitor, json!({ "q": "sailing" })).await.0, 0);
    app.stop().await;
}

#[tokio::test]
async fn an_index_that_cannot_take_the_changes_a_crash_left_is_made_anew() {
    let mut app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Boats", false).await;
    let mut pins = Vec::new();
    for seed in 0..12 {
        pins.push(add_tagged_pin(&app, &app.client, &board, seed, "a red sailing boat", &[]).await);
    }
    // Rebuilt, the index keeps the pins in segments of several, so that indexing one pin anew
    // writes a delete file for its segment.
    app.restart(|config| std::fs::remove_dir_all(config.index_dir()).unwrap())
        .await;
    assert_eq!(
        found_once_rebuilt(&app, json!({ "q": "sailing" }), 12)
            .await
            .0,
        12
    );
    app.restart(|config| {
        edit_caption_behind_the_index(config, &pins[0], "a blue rowing boat");
        // Folders in the way of every delete file the next commits could write, which no
        // clean-up of Tantivy's removes: the index can then take no change.
        let dir = config.index_dir();
        let meta: Value =
            serde_json::from_slice(&std::fs::read(dir.join("meta.json")).unwrap()).unwrap();
        let opstamp = meta["opstamp"].as_u64().unwrap();
        for segment in meta["segments"].as_array().unwrap() {
            let id = segment["segment_id"].as_str().unwrap().replace('-', "");
            for stamp in opstamp..opstamp + 10 {
                std::fs::create_dir(dir.join(format!("{id}.{stamp}.del"))).unwrap();
            }
        }
    })
    .await;
    let result = found_once_rebuilt(&app, json!({ "q": "rowing" }), 1).await;
    assert_eq!(result, (1, vec![pins[0].clone()]));
    assert_eq!(
        found(&app, &new_client(), json!({ "q": "sailing" }))
            .await
            .0,
        11
    );
    app.stop().await;
}

#[tokio::test]
async fn suggestions_rank_tags_by_the_pins_the_viewer_may_see() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let public = add_board(&app, &app.client, "Open", false).await;
    let private = add_board(&app, &app.client, "Closed", true).await;
    let pins = [
        (&private, "sunrise"),
        (&private, "sunrise"),
        (&private, "sunrise"),
        (&public, "sunset"),
        (&public, "sunset"),
        (&public, "sunny"),
    ];
    for (seed, (board, tag)) in pins.into_iter().enumerate() {
        add_tagged_pin(&app, &app.client, board, seed as u32, "a sky", &[tag]).await;
    }
    let suggestions =
        "query($f: Int!) { tagSuggestions(token: \"sun\", first: $f) { name count } }";
    let visitor = new_client();
    let answer = graphql_with(&visitor, &app.base_url, suggestions, json!({ "f": 1 })).await;
    assert_eq!(
        answer["data"]["tagSuggestions"],
        json!([{ "name": "sunset", "count": 2 }]),
        "the tag most pins carry is hidden from a visitor: {answer}"
    );
    let answer = graphql_with(&visitor, &app.base_url, suggestions, json!({ "f": 3 })).await;
    assert_eq!(
        answer["data"]["tagSuggestions"],
        json!([{ "name": "sunset", "count": 2 }, { "name": "sunny", "count": 1 }])
    );
    let answer = app.graphql(suggestions, json!({ "f": 2 })).await;
    assert_eq!(
        answer["data"]["tagSuggestions"],
        json!([{ "name": "sunrise", "count": 3 }, { "name": "sunset", "count": 2 }])
    );
    app.stop().await;
}

const ON_BOARD: &str = "query($q: String, $b: ID) { pins(search: $q, board: $b, first: 50) { totalCount edges { node { id } } } }";

/// The ids found for `words` among the pins of `board`, and how many; or the error's code.
async fn on_board(
    app: &TestApp,
    client: &reqwest::Client,
    words: &str,
    board: &str,
) -> Result<(u64, Vec<String>), String> {
    let variables = json!({ "q": words, "b": board });
    let answer = graphql_with(client, &app.base_url, ON_BOARD, variables).await;
    if let Some(code) = error_code(&answer) {
        return Err(code.to_owned());
    }
    let pins = &answer["data"]["pins"];
    let ids = pins["edges"].as_array().expect("edges");
    let ids = ids
        .iter()
        .map(|e| e["node"]["id"].as_str().unwrap().to_owned());
    Ok((pins["totalCount"].as_u64().unwrap(), ids.collect()))
}

#[tokio::test]
async fn a_search_narrowed_to_a_board_finds_only_the_pins_on_it() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let bob = app.client_signed_in_new("bob").await;
    let eve = app.client_signed_in_new("eve").await;
    let trips = add_board(&app, &app.client, "Trips", false).await;
    let kitchen = add_board(&app, &app.client, "Kitchen", false).await;
    let secret = add_board(&app, &app.client, "Plans", true).await;
    share_board(&app, &app.client, &secret, "bob").await;
    let harbour = create_pin(&app, &app.client, png(20, 20, 1), &[&trips], "blue harbour").await;
    let both = create_pin(
        &app,
        &app.client,
        png(20, 20, 2),
        &[&trips, &kitchen],
        "blue cups",
    )
    .await;
    create_pin(&app, &app.client, png(20, 20, 3), &[&kitchen], "blue bowls").await;
    let hidden = create_pin(&app, &app.client, png(20, 20, 4), &[&secret], "blue plans").await;
    let visitor = new_client();

    let (total, mut ids) = on_board(&app, &visitor, "blue", &trips).await.unwrap();
    ids.sort();
    assert_eq!((total, ids), (2, vec![harbour.clone(), both.clone()]));
    let (total, ids) = on_board(&app, &visitor, "harbour", &kitchen).await.unwrap();
    assert_eq!(
        (total, ids),
        (0, vec![]),
        "the words of another board's pin"
    );
    let everywhere = found(&app, &visitor, json!({ "q": "blue" })).await;
    assert_eq!(everywhere.0, 3, "without a board, every public pin");

    // A private board: its owner and the friend it is shared with search it; nobody else may.
    for reader in [&app.client, &bob] {
        assert_eq!(
            on_board(&app, reader, "blue", &secret).await,
            Ok((1, vec![hidden.clone()]))
        );
    }
    for stranger in [&eve, &visitor] {
        let refused = on_board(&app, stranger, "blue", &secret).await;
        assert_eq!(
            refused,
            Err("PERMISSION_DENIED_ERROR".to_owned()),
            "a board they may not see"
        );
    }
    assert_eq!(
        on_board(&app, &visitor, "blue", "999").await,
        Err("NOT_FOUND_ERROR".to_owned())
    );
}
