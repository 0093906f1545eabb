//! "More like this" (`Pin.similar`): pictures that look alike (a resized, re-encoded or slightly
//! cropped copy) find each other and an unrelated one does not; pins that read alike come after
//! them; the pin's own picture never comes; and a private look-alike only for who may see it.

use crate::common;

use common::pictures::{encoded, jpeg_of_quality, scene};
use common::pins::{add_board, create_pin, duplicate_pin, set_board_secret, share_board};
use common::{TestApp, graphql_with};
use image::ImageFormat;
use image::imageops::FilterType;
use serde_json::json;

const SIMILAR: &str = "query($id: ID!, $first: Int, $after: String) { pin(id: $id) { similar(first: $first, after: $after) { totalCount edges { cursor node { id } } pageInfo { endCursor hasNextPage } } } }";

/// The ids of the pins like `pin`, as `client` sees them, best first.
async fn similar(app: &TestApp, client: &reqwest::Client, pin: &str) -> Vec<String> {
    let answer = graphql_with(client, &app.base_url, SIMILAR, json!({ "id": pin })).await;
    let connection = &answer["data"]["pin"]["similar"];
    assert!(connection.is_object(), "{answer}");
    let ids: Vec<String> = connection["edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|edge| edge["node"]["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(connection["totalCount"], json!(ids.len()), "{answer}");
    ids
}

fn png(picture: &image::DynamicImage) -> Vec<u8> {
    encoded(picture, ImageFormat::Png)
}

#[tokio::test]
async fn a_picture_and_its_copies_find_each_other_and_an_unrelated_one_does_not() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Views", false).await;
    let original = scene(640, 480, 1);
    let pin = |bytes: Vec<u8>, caption: &'static str| {
        let (app, board) = (&app, board.clone());
        async move { create_pin(app, &app.client, bytes, &[&board], caption).await }
    };
    let first = pin(png(&original), "alpha").await;
    let smaller = pin(
        png(&original.resize_exact(320, 240, FilterType::Lanczos3)),
        "bravo",
    )
    .await;
    let reencoded = pin(jpeg_of_quality(&original, 30), "charlie").await;
    let cropped = pin(png(&original.crop_imm(10, 8, 620, 464)), "delta").await;
    let unrelated = pin(png(&scene(640, 480, 2)), "echo").await;

    let found = similar(&app, &app.client, &first).await;
    for copy in [&smaller, &reencoded, &cropped] {
        assert!(found.contains(copy), "{copy} not in {found:?}");
    }
    assert!(!found.contains(&unrelated), "{found:?}");
    assert!(!found.contains(&first), "{found:?}");
    for copy in [&smaller, &reencoded, &cropped] {
        let found = similar(&app, &app.client, copy).await;
        assert!(found.contains(&first), "{first} not like {copy}: {found:?}");
    }
    assert!(similar(&app, &app.client, &unrelated).await.is_empty());
    app.stop().await;
}

/// A pin sharing rare words reads alike and comes after the look-alikes; a pin of the same
/// picture (a clone) never comes; pages follow one another.
#[tokio::test]
async fn words_read_alike_after_the_look_alikes_and_clones_are_left_out() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Coast", false).await;
    let client = &app.client;
    let original = scene(640, 480, 3);
    let pin = create_pin(
        &app,
        client,
        png(&original),
        &[&board],
        "lighthouse storm waves",
    )
    .await;
    let copy = create_pin(
        &app,
        client,
        png(&original.resize_exact(400, 300, FilterType::Triangle)),
        &[&board],
        "zulu",
    )
    .await;
    let reads = create_pin(
        &app,
        client,
        png(&scene(640, 480, 4)),
        &[&board],
        "a storm over the lighthouse",
    )
    .await;
    let other = create_pin(&app, client, png(&scene(640, 480, 5)), &[&board], "pasta").await;
    let clone = duplicate_pin(&app, client, &pin, "lighthouse storm waves", &board).await;

    let found = similar(&app, client, &pin).await;
    assert_eq!(
        found,
        [copy.clone(), reads.clone()],
        "other {other}, clone {clone}"
    );
    let back = similar(&app, client, &reads).await;
    let of_the_picture = [&pin, &clone].iter().filter(|id| back.contains(id)).count();
    assert_eq!(of_the_picture, 1, "one pin a picture: {back:?}");

    let page = |after: Option<String>| {
        let variables = json!({ "id": pin, "first": 1, "after": after });
        graphql_with(client, &app.base_url, SIMILAR, variables)
    };
    let first = page(None).await;
    let first = &first["data"]["pin"]["similar"];
    assert_eq!(first["edges"][0]["node"]["id"], json!(copy));
    assert_eq!(first["pageInfo"]["hasNextPage"], json!(true));
    let second = page(first["pageInfo"]["endCursor"].as_str().map(str::to_owned)).await;
    let second = &second["data"]["pin"]["similar"];
    assert_eq!(second["edges"][0]["node"]["id"], json!(reads));
    assert_eq!(second["pageInfo"]["hasNextPage"], json!(false));
    app.stop().await;
}

/// A look-alike on a private board shows for its owner and a friend it is shared with, for
/// nobody else, and for nobody once the share is withdrawn or the pin deleted.
#[tokio::test]
async fn a_private_look_alike_shows_only_to_who_may_see_it() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let cyd = app.client_signed_in_new("cyd").await;
    let bob = app.client_signed_in_new("bob").await;
    let public = add_board(&app, &app.client, "Open", false).await;
    let private = add_board(&app, &app.client, "Closed", true).await;
    share_board(&app, &app.client, &private, "bob").await;
    let original = scene(640, 480, 6);
    let pin = create_pin(&app, &app.client, png(&original), &[&public], "kilo").await;
    let copy = png(&original.resize_exact(320, 240, FilterType::Lanczos3));
    let hidden = create_pin(&app, &app.client, copy, &[&private], "lima").await;

    let visitor = common::new_client();
    assert_eq!(similar(&app, &app.client, &pin).await, vec![hidden.clone()]);
    assert_eq!(similar(&app, &bob, &pin).await, vec![hidden.clone()]);
    assert!(similar(&app, &cyd, &pin).await.is_empty());
    assert!(similar(&app, &visitor, &pin).await.is_empty());

    let unshare = "mutation($b: ID!) { unshareBoard(board: $b, username: \"bob\") { message } }";
    graphql_with(&app.client, &app.base_url, unshare, json!({ "b": private })).await;
    assert!(similar(&app, &bob, &pin).await.is_empty());

    set_board_secret(&app, &app.client, &private, false).await;
    app.wait_for_sweeps().await;
    assert_eq!(similar(&app, &visitor, &pin).await, vec![hidden.clone()]);
    set_board_secret(&app, &app.client, &private, true).await;
    assert!(similar(&app, &visitor, &pin).await.is_empty());

    let delete = "mutation($id: ID!) { deletePin(id: $id) { user { id } } }";
    graphql_with(&app.client, &app.base_url, delete, json!({ "id": hidden })).await;
    assert!(similar(&app, &app.client, &pin).await.is_empty());
    app.stop().await;
}
