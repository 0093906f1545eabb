//! Pins in: uploads, downloads, scanning, ingest (EXIF, orientation, previews), clones, limits.

use crate::common;

use std::path::Path;

use common::pictures::{camera_fields, encoded, jpeg, jpeg_with_exif, noise_png, png};
use common::pins::{self, upload};
use common::web::{Page, serve_site};
use common::{TestApp, error_code, graphql_with, new_client};
use image::ImageFormat;
use serde_json::{Value, json};
use sha1::{Digest, Sha1};

const PIN_FIELDS: &str = "id sha1 previewsSizes previewsFormats width height weight camera lens \
    focalLength exposureTime aperture iso exifDate sourceFileUrl sourceDomain original title \
    caption rating unsafe secret dominantColor tags user { username } \
    boards { totalCount edges { node { slug } } } \
    small: preview(minWidth: 300) large: preview(minWidth: 5000, format: \"webp\")";

async fn add_board(app: &TestApp, title: &str, secret: bool) -> String {
    pins::add_board(app, &app.client, title, secret).await
}

async fn add_pin(app: &TestApp, temp: &str, board: &str, caption: &str) -> Value {
    app.graphql(
        &format!(
            "mutation($t: String!, $b: ID!, $c: String!) {{ addPin(tempFileName: $t, caption: $c, \
             title: \"Sunset\", rating: 4, tags: [\"#sun  sea\", \"Sun\"], boards: [$b]) {{ {PIN_FIELDS} }} }}"
        ),
        json!({ "t": temp, "b": board, "c": caption }),
    )
    .await
}

/// Uploads a picture and pins it on `board`; returns the pin.
async fn pin_picture(app: &TestApp, bytes: Vec<u8>, board: &str) -> Value {
    let (status, temp) = upload(app, &app.client, bytes, "picture.jpg").await;
    assert_eq!(status, 200, "{temp}");
    let answer = add_pin(
        app,
        temp["tempFileName"].as_str().unwrap(),
        board,
        "A caption",
    )
    .await;
    assert!(answer["errors"].is_null(), "{answer}");
    answer["data"]["addPin"].clone()
}

fn files_in(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            if entry.path().is_dir() {
                found.extend(files_in(&entry.path()));
            } else {
                found.push(entry.path());
            }
        }
    }
    found
}

#[tokio::test]
async fn an_uploaded_picture_becomes_a_pin_with_its_exif_previews_and_original() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, "Holidays", false).await;
    let bytes = jpeg_with_exif(1000, 600, &camera_fields(1));

    let (status, temp) = upload(&app, &app.client, bytes.clone(), "sunset.jpg").await;
    assert_eq!(status, 200, "{temp}");
    assert_eq!(temp["originalName"], "sunset.jpg");
    assert_eq!(temp["clones"], json!([]));
    let temp_url = temp["tempFileUrl"].as_str().unwrap();
    assert!(temp_url.starts_with("/media/tmp/"), "{temp_url}");
    let served = app.client.get(app.url(temp_url)).send().await.unwrap();
    assert_eq!(served.bytes().await.unwrap(), bytes);

    let answer = add_pin(
        &app,
        temp["tempFileName"].as_str().unwrap(),
        &board,
        " Golden hour ",
    )
    .await;
    assert!(answer["errors"].is_null(), "{answer}");
    let pin = &answer["data"]["addPin"];
    let sha1: String = Sha1::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(pin["sha1"], sha1.as_str());
    assert_eq!(
        (pin["width"].as_u64(), pin["height"].as_u64()),
        (Some(1000), Some(600))
    );
    assert_eq!(pin["weight"], bytes.len());
    assert_eq!(pin["camera"], "Canon EOS 90D");
    assert_eq!(pin["lens"], "EF 50mm f/1.8 STM");
    assert_eq!(pin["focalLength"], 50.0);
    assert_eq!(pin["exposureTime"], "1/250");
    assert_eq!(pin["aperture"], 2.8);
    assert_eq!(pin["iso"], 200);
    assert_eq!(pin["exifDate"], "2024-05-17T14:03:22");
    assert_eq!(pin["title"], "Sunset");
    assert_eq!(pin["caption"], "Golden hour");
    assert_eq!(pin["rating"], 4);
    assert_eq!(pin["unsafe"], false);
    assert_eq!(pin["secret"], false);
    assert_eq!(pin["tags"], json!(["sun", "sea"]));
    assert_eq!(pin["user"]["username"], "ada");
    assert_eq!(pin["boards"]["totalCount"], 1);
    assert_eq!(pin["sourceFileUrl"], Value::Null);
    let colour = pin["dominantColor"].as_str().unwrap();
    assert!(colour.len() == 7 && colour.starts_with('#'), "{colour}");
    assert_eq!(pin["previewsSizes"], json!([236, 474, 738, 1000]));
    assert_eq!(pin["previewsFormats"], json!(["jpeg", "webp"]));
    let prefix = format!(
        "/media/previews/{}/{}/{sha1}/{sha1}",
        &sha1[..2],
        &sha1[2..4]
    );
    assert_eq!(pin["small"], format!("{prefix}_474.jpeg"));
    assert_eq!(pin["large"], format!("{prefix}_1000.webp"));

    for width in [236u32, 474, 738, 1000] {
        for (format, expected) in [("jpeg", ImageFormat::Jpeg), ("webp", ImageFormat::WebP)] {
            let response = app
                .client
                .get(app.url(&format!("{prefix}_{width}.{format}")))
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 200, "{width} {format}");
            let cache = response.headers()["cache-control"]
                .to_str()
                .unwrap()
                .to_owned();
            assert!(cache.contains("immutable"), "{cache}");
            let body = response.bytes().await.unwrap();
            assert_eq!(image::guess_format(&body).unwrap(), expected);
            let decoded = image::load_from_memory(&body).unwrap();
            assert_eq!(decoded.width(), width);
            assert_eq!(decoded.height(), (600 * width + 500) / 1000);
        }
    }
    let original = app
        .client
        .get(app.url(pin["original"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(original.bytes().await.unwrap(), bytes);
    assert!(
        files_in(&app.data_dir.path().join("tmp")).is_empty(),
        "the temporary file is gone"
    );

    let board_pins = app
        .graphql(
            "query($id: ID!) { board(id: $id) { pins { totalCount edges { node { id } } } } }",
            json!({ "id": board }),
        )
        .await;
    assert_eq!(
        board_pins["data"]["board"]["pins"]["edges"][0]["node"]["id"],
        pin["id"]
    );
    let visitor = graphql_with(
        &new_client(),
        &app.base_url,
        "query($id: ID!) { pin(id: $id) { caption } }",
        json!({ "id": pin["id"] }),
    )
    .await;
    assert_eq!(visitor["data"]["pin"]["caption"], "Golden hour");
    app.stop().await;
}

/// A list's pins are answered one field after another (`graphql::in_turn`); the same fields
/// asked through a fragment, or beside a field that waits for a load, take async-graphql's way.
#[tokio::test]
async fn a_pin_answers_alike_in_turn_and_through_async_graphql() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, "Holidays", false).await;
    pin_picture(&app, jpeg_with_exif(1000, 600, &camera_fields(1)), &board).await;
    pin_picture(&app, png(300, 200, 7), &board).await;
    let fields = "id sha1 previewsSizes previewsFormats width height weight camera lens \
        focalLength exposureTime aperture iso exifDate sourceFileUrl sourceDomain original title \
        caption rating unsafe dominantColor createdAt tags \
        small: preview(minWidth: 300) large: preview(minWidth: 5000, format: \"webp\")";
    let pins = |selection: String| {
        let app = &app;
        async move {
            let query = format!("{{ pins(first: 10) {{ edges {{ node {{ {selection} }} }} }} }}");
            let answer = app.graphql(&query, json!({})).await;
            assert!(answer["errors"].is_null(), "{answer}");
            answer["data"]["pins"]["edges"].clone()
        }
    };

    let in_turn = pins(fields.to_owned()).await;
    assert_eq!(in_turn.as_array().unwrap().len(), 2, "{in_turn}");
    assert_eq!(in_turn[1]["node"]["camera"], "Canon EOS 90D");
    assert_eq!(in_turn[0]["node"]["previewsSizes"], json!([236, 300]));
    assert_eq!(pins(format!("... on Pin {{ {fields} }}")).await, in_turn);

    // A key asked twice is answered once, as async-graphql merges it.
    let query = format!("{{ pins(first: 10) {{ edges {{ node {{ {fields} id }} }} }} }}");
    let repeated = app
        .client
        .post(app.url("/api/graphql"))
        .header("Origin", &app.base_url)
        .json(&json!({ "query": query }))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(repeated.matches("\"id\":").count(), 2, "{repeated}");
    let repeated: serde_json::Value = serde_json::from_str(&repeated).unwrap();
    assert_eq!(repeated["data"]["pins"]["edges"], in_turn);

    let beside_a_load = pins(format!("{fields} secret")).await;
    for (alone, beside) in in_turn
        .as_array()
        .unwrap()
        .iter()
        .zip(beside_a_load.as_array().unwrap())
    {
        let mut beside = beside["node"].clone();
        assert_eq!(
            beside.as_object_mut().unwrap().remove("secret"),
            Some(json!(false))
        );
        assert_eq!(beside, alone["node"]);
    }
    app.stop().await;
}

#[tokio::test]
async fn board_and_folder_tiles_answer_alike_in_turn_and_through_async_graphql() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let folder = pins::add_folder(&app, &app.client, "Travel").await;
    let board = add_board(&app, "Holidays", false).await;
    pins::move_to_folder(&app, &app.client, &board, &folder).await;
    add_board(&app, "Empty", true).await;
    for seed in 1..=3 {
        pin_picture(&app, png(300, 200, seed), &board).await;
    }
    let cover = "{ id unsafe small: preview(minWidth: 236) }";
    let folder = "id name slug secret createdAt";
    let tile = |folder: &str| {
        format!(
            "id slug title createdAt secret caption pinDefaultDescription pinDefaultTags \
             user {{ username }} folder {{ {folder} cover1 {cover} boards {{ totalCount }} }} \
             pins {{ totalCount }} cover1 {cover} cover2 {cover} cover3 {cover} cover4 {cover} \
             missing: pin(id: \"0\") {{ id }}"
        )
    };
    let boards = |selection: String| {
        let app = &app;
        async move {
            let query = format!(
                "{{ user(username: \"ada\") {{ boards(first: 10) {{ edges {{ node {{ {selection} }} }} }} }} }}"
            );
            let mut answer = app.graphql(&query, json!({})).await;
            // Where in the query text: the fragment moves it.
            for error in answer["errors"].as_array_mut().into_iter().flatten() {
                error.as_object_mut().unwrap().remove("locations");
            }
            answer
        }
    };

    // Ready fields in turn, the waiting ones (folder, counts, covers, a failing pin) joined.
    let in_turn = boards(tile(folder)).await;
    let tiles = &in_turn["data"]["user"]["boards"]["edges"];
    assert_eq!(tiles.as_array().map(Vec::len), Some(2), "{in_turn}");
    let holidays = &tiles[1]["node"];
    assert_eq!(holidays["title"], "Holidays", "newest first: {in_turn}");
    assert_eq!(holidays["folder"]["name"], "Travel", "{in_turn}");
    assert_eq!(holidays["pins"]["totalCount"], 3);
    assert!(holidays["cover3"]["small"].is_string(), "{in_turn}");
    assert!(holidays["cover4"].is_null());
    assert!(holidays.get("missing").is_none(), "{in_turn}");
    assert_eq!(
        in_turn["errors"].as_array().map(Vec::len),
        Some(2),
        "{in_turn}"
    );
    let through_fragments = tile(&format!("... on Folder {{ {folder} }}"));
    assert_eq!(
        boards(format!("... on Board {{ {through_fragments} }}")).await,
        in_turn
    );
    app.stop().await;
}

/// GraphQL merges the fields asked for one object in several places, directly or through
/// fragments; objects answered as text could not be merged, and the second place's fields were
/// lost.
#[tokio::test]
async fn an_object_asked_for_twice_answers_the_fields_of_both() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, "Holidays", false).await;
    let pin = pin_picture(&app, png(300, 200, 1), &board).await;
    let fragments = "fragment Ids on BoardPinConnection { edges { node { id } } } \
        fragment Titles on BoardPinConnection { edges { order node { title } } }";
    for (selection, defined) in [
        ("edges { node { id } } edges { order node { title } }", ""),
        (
            "edges { node { id } } ... on BoardPinConnection { edges { order node { title } } }",
            "",
        ),
        ("...Ids ...Titles", fragments),
    ] {
        let query = format!(
            "{{ user(username: \"ada\") {{ board(slug: \"holidays\") {{ \
             pins(first: 2) {{ {selection} }} }} }} }} {defined}"
        );
        let answer = app.graphql(&query, json!({})).await;
        assert!(answer["errors"].is_null(), "{answer}");
        let edge = &answer["data"]["user"]["board"]["pins"]["edges"][0];
        assert_eq!(edge["node"]["id"], pin["id"], "{selection}: {answer}");
        assert_eq!(edge["node"]["title"], pin["title"], "{selection}: {answer}");
        assert!(edge["order"].is_i64(), "{selection}: {answer}");
    }
    app.stop().await;
}

#[tokio::test]
async fn a_page_answers_alike_in_turn_and_through_async_graphql() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, "Holidays", false).await;
    for seed in 1..=3 {
        pin_picture(&app, png(300, 200, seed), &board).await;
    }
    let page = "totalCount pageInfo { hasPreviousPage hasNextPage startCursor endCursor } \
        edges { cursor order id node { id title } } nodes { id }";
    let ask = |selection: String| {
        let app = &app;
        async move {
            let query = format!(
                "{{ user(username: \"ada\") {{ board(slug: \"holidays\") {{ \
                 pins(first: 2) {{ {selection} }} }} }} }}"
            );
            let answer = app.graphql(&query, json!({})).await;
            assert!(answer["errors"].is_null(), "{answer}");
            answer["data"]["user"]["board"]["pins"].clone()
        }
    };

    // In turn: the cursors, counts and edge fields; joined: the edges and their pins.
    let in_turn = ask(page.to_owned()).await;
    assert_eq!(in_turn["totalCount"], 3, "{in_turn}");
    assert_eq!(in_turn["pageInfo"]["hasNextPage"], true);
    let edges = in_turn["edges"].as_array().unwrap();
    assert_eq!(edges.len(), 2, "{in_turn}");
    assert_eq!(in_turn["pageInfo"]["endCursor"], edges[1]["cursor"]);
    assert_eq!(edges[0]["node"]["id"], in_turn["nodes"][0]["id"]);
    assert!(
        edges[0]["order"].as_i64() > edges[1]["order"].as_i64(),
        "{in_turn}"
    );
    // Written out when asked: an edge's id is its board's and its pin's, its cursor its order
    // and its pin.
    let pin = edges[0]["node"]["id"].as_str().unwrap();
    assert_eq!(edges[0]["id"], format!("{board}:{pin}"), "{in_turn}");
    assert_eq!(
        edges[0]["cursor"],
        format!("{}:{pin}", edges[0]["order"]),
        "{in_turn}"
    );
    let through_fragments = format!(
        "... on BoardPinConnection {{ {} }}",
        page.replace("edges {", "edges { ... on BoardPinEdge {")
            .replace("nodes {", "} nodes {")
    );
    assert_eq!(ask(through_fragments).await, in_turn);
    app.stop().await;
}

#[tokio::test]
async fn the_exif_orientation_is_applied_and_a_picture_is_stored_once() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, "Portraits", false).await;
    let rotated = jpeg_with_exif(400, 200, &camera_fields(6));
    let first = pin_picture(&app, rotated.clone(), &board).await;
    assert_eq!(
        (first["width"].as_u64(), first["height"].as_u64()),
        (Some(200), Some(400))
    );
    let second = pin_picture(&app, rotated, &board).await;
    assert_eq!(first["sha1"], second["sha1"]);
    assert_ne!(first["id"], second["id"]);
    let originals = files_in(&app.data_dir.path().join("originals"));
    assert_eq!(originals.len(), 1, "{originals:?}");
    let previews = files_in(&app.data_dir.path().join("previews"));
    assert_eq!(
        previews.len(),
        2,
        "200 px wide: one width, two formats: {previews:?}"
    );
    app.stop().await;
}

#[tokio::test]
async fn clones_are_found_by_bytes_and_by_look_but_not_for_another_picture() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, "Mine", true).await;
    let original = jpeg(900, 600, 1);
    let pin = pin_picture(&app, original.clone(), &board).await;
    let pin_id = pin["id"].as_str().unwrap();

    let (_, same) = upload(&app, &app.client, original.clone(), "again.jpg").await;
    assert_eq!(same["clones"][0]["id"], pin_id, "{same}");
    assert_eq!(same["clones"][0]["caption"], "A caption");
    assert_eq!(same["clones"][0]["sha1"], pin["sha1"]);

    let resized = image::load_from_memory(&original).unwrap().resize(
        450,
        300,
        image::imageops::FilterType::Lanczos3,
    );
    let (_, copy) = upload(
        &app,
        &app.client,
        encoded(&resized, ImageFormat::Png),
        "small.png",
    )
    .await;
    assert_eq!(copy["clones"].as_array().unwrap().len(), 1, "{copy}");
    assert_eq!(copy["clones"][0]["id"], pin_id);

    let (_, other) = upload(&app, &app.client, jpeg(900, 600, 2), "other.jpg").await;
    assert_eq!(other["clones"], json!([]), "{other}");

    let by_url = app
        .graphql(
            "query($p: ID!) { me { clones(pin: $p) { id } } }",
            json!({ "p": pin_id }),
        )
        .await;
    assert_eq!(
        by_url["data"]["me"]["clones"],
        json!([]),
        "a pin is not its own clone"
    );
    let second = pin_picture(&app, encoded(&resized, ImageFormat::Png), &board).await;
    let clones = app
        .graphql(
            "query($p: ID!) { me { clones(pin: $p) { id title caption sha1 } } }",
            json!({ "p": pin_id }),
        )
        .await;
    assert_eq!(
        clones["data"]["me"]["clones"][0]["id"], second["id"],
        "{clones}"
    );

    // Another user's pins are not theirs to be told about.
    let bob = app.client_signed_in_new("bob").await;
    let (_, theirs) = upload(&app, &bob, original, "mine.jpg").await;
    assert_eq!(theirs["clones"], json!([]));
    app.stop().await;
}

#[tokio::test]
async fn bad_files_are_refused_with_clear_errors_and_leave_nothing_behind() {
    let app = TestApp::start_with(|config| {
        config.uploads.max_file_bytes = 200_000;
        config.uploads.max_pixels = 1_000_000;
    })
    .await;
    app.sign_up("ada").await;
    let whole = jpeg(300, 200, 0);
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "text.jpg",
            b"<html>not a picture</html>".to_vec(),
            "not a picture",
        ),
        (
            "cut.jpg",
            whole[..whole.len() / 3].to_vec(),
            "damaged or incomplete",
        ),
        ("huge.png", png(1200, 1000, 0), "megapixels"),
        ("heavy.png", noise_png(400, 400), "too large"),
    ];
    for (name, bytes, message) in cases {
        let (status, answer) = upload(&app, &app.client, bytes, name).await;
        let expected = if message == "too large" { 413 } else { 400 };
        assert_eq!(status, expected, "{name}: {answer}");
        assert_eq!(answer["code"], "VALIDATION_ERROR");
        assert!(
            answer["message"].as_str().unwrap().contains(message),
            "{name}: {answer}"
        );
    }
    let (status, anonymous) = upload(&app, &new_client(), jpeg(10, 10, 0), "a.jpg").await;
    assert_eq!(
        (status, anonymous["code"].as_str()),
        (403, Some("PERMISSION_DENIED_ERROR"))
    );
    let stranger_site = app
        .client
        .post(app.url("/api/upload/pin"))
        .header("Origin", "https://evil.example")
        .multipart(
            reqwest::multipart::Form::new()
                .part("pin", reqwest::multipart::Part::bytes(jpeg(10, 10, 0))),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(
        stranger_site.status(),
        403,
        "a cookie from another site is not a sign-in"
    );
    let no_file = app
        .client
        .post(app.url("/api/upload/pin"))
        .header("Origin", &app.base_url)
        .multipart(reqwest::multipart::Form::new().text("other", "x"))
        .send()
        .await
        .unwrap();
    assert_eq!(no_file.status(), 400);
    let no_file: Value = no_file.json().await.unwrap();
    assert_eq!(no_file["code"], "VALIDATION_ERROR");

    for folder in ["tmp", "previews", "originals"] {
        assert!(
            files_in(&app.data_dir.path().join(folder)).is_empty(),
            "{folder} is empty"
        );
    }
    app.stop().await;
}

#[tokio::test]
async fn add_pin_checks_its_fields_boards_and_temporary_file_before_writing() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, "Mine", false).await;
    let bob = app.client_signed_in_new("bob").await;
    let bobs_board = graphql_with(
        &bob,
        &app.base_url,
        "mutation { addBoard(title: \"Bob's\", secret: false) { id } }",
        json!({}),
    )
    .await;
    let bobs_board = bobs_board["data"]["addBoard"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (_, temp) = upload(&app, &app.client, jpeg(300, 200, 0), "a.jpg").await;
    let temp = temp["tempFileName"].as_str().unwrap().to_owned();
    let attempt = |variables: Value| {
        let app = &app;
        async move {
            app.graphql(
                "mutation($t: String!, $c: String!, $r: Int, $b: [ID!]) { addPin(tempFileName: $t, caption: $c, rating: $r, boards: $b) { id } }",
                variables,
            )
            .await
        }
    };
    let no_caption = attempt(json!({ "t": temp, "c": "  ", "b": [board] })).await;
    assert_eq!(error_code(&no_caption), Some("VALIDATION_ERROR"));
    assert_eq!(no_caption["errors"][0]["extensions"]["field"], "caption");
    let bad_rating = attempt(json!({ "t": temp, "c": "x", "r": 6, "b": [board] })).await;
    assert_eq!(bad_rating["errors"][0]["extensions"]["field"], "rating");
    let not_my_board = attempt(json!({ "t": temp, "c": "x", "b": [bobs_board] })).await;
    assert_eq!(error_code(&not_my_board), Some("PERMISSION_DENIED_ERROR"));
    let unknown = attempt(json!({ "t": "nothing.jpg", "c": "x", "b": [board] })).await;
    assert_eq!(error_code(&unknown), Some("NOT_FOUND_ERROR"));
    let bobs_try = graphql_with(&bob, &app.base_url, "mutation($t: String!, $b: ID!) { addPin(tempFileName: $t, caption: \"x\", boards: [$b]) { id } }", json!({ "t": temp, "b": bobs_board })).await;
    assert_eq!(
        error_code(&bobs_try),
        Some("NOT_FOUND_ERROR"),
        "someone else's upload is not yours to pin"
    );
    assert!(files_in(&app.data_dir.path().join("previews")).is_empty());

    let pinned = attempt(json!({ "t": temp, "c": "x", "b": [board] })).await;
    assert!(pinned["errors"].is_null(), "{pinned}");
    let twice = attempt(json!({ "t": temp, "c": "x", "b": [board] })).await;
    assert_eq!(
        error_code(&twice),
        Some("NOT_FOUND_ERROR"),
        "a temporary pin is used once"
    );
    app.stop().await;
}

#[tokio::test]
async fn expired_temporary_pins_are_cleaned_up() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let (_, temp) = upload(&app, &app.client, jpeg(300, 200, 0), "a.jpg").await;
    let tmp = app.data_dir.path().join("tmp");
    assert_eq!(files_in(&tmp).len(), 1);
    let services = &app.server.as_ref().unwrap().services;
    let now = chrono::Utc::now();
    let cleaned = corkboard_core::service::cleanup::clean_up(services, now).unwrap();
    assert_eq!(cleaned.temp_pins, 0, "a fresh temporary pin stays");
    let later =
        corkboard_core::service::cleanup::clean_up(services, now + chrono::TimeDelta::hours(25))
            .unwrap();
    assert_eq!(later.temp_pins, 1);
    assert_eq!(
        later.sessions_and_tokens, 0,
        "the session lasts longer than a day"
    );
    assert!(files_in(&tmp).is_empty());
    let board = add_board(&app, "Mine", false).await;
    let answer = add_pin(&app, temp["tempFileName"].as_str().unwrap(), &board, "x").await;
    assert_eq!(error_code(&answer), Some("NOT_FOUND_ERROR"));
    app.stop().await;
}

/// Sets a file's modification time `age` into the past.
fn age(path: &Path, age: std::time::Duration) {
    let file = std::fs::File::options().write(true).open(path).unwrap();
    file.set_modified(std::time::SystemTime::now() - age)
        .unwrap();
}

#[tokio::test]
async fn picture_files_no_pin_shows_are_cleaned_up_but_not_an_upload_in_progress() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, "Mine", false).await;
    let pin = pin_picture(&app, jpeg(300, 200, 0), &board).await;
    let data = app.data_dir.path();
    let shown = files_in(data.join("previews").as_path()).len() + 1;
    // Left by a crash: a picture written but never pinned, and an unfinished write of the
    // shown one; all older than the server.
    let sha1 = "ab".repeat(20);
    let stray_preview = data.join(format!("previews/ab/ab/{sha1}/{sha1}_236.jpeg"));
    let stray_original = data.join(format!("originals/ab/ab/{sha1}.png"));
    let shown_sha1 = pin["sha1"].as_str().unwrap();
    let unfinished = data.join(format!(
        "originals/{}/{}/{shown_sha1}.jpg.tmp-1-1",
        &shown_sha1[..2],
        &shown_sha1[2..4]
    ));
    // An upload in progress: a picture written a moment ago, not pinned yet.
    let fresh_sha1 = "cd".repeat(20);
    let fresh = data.join(format!("originals/cd/cd/{fresh_sha1}.png"));
    for path in [&stray_preview, &stray_original, &unfinished, &fresh] {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, b"bytes").unwrap();
    }
    for path in [&stray_preview, &stray_original, &unfinished] {
        age(path, std::time::Duration::from_secs(120));
    }

    let services = &app.server.as_ref().unwrap().services;
    let now = chrono::Utc::now();
    let cleaned = corkboard_core::service::cleanup::clean_up(services, now).unwrap();
    assert_eq!(cleaned.picture_files, 3, "{cleaned:?}");
    assert!(
        fresh.exists(),
        "a file newer than the server may be an upload in progress"
    );
    assert!(!data.join(format!("previews/ab/ab/{sha1}")).exists());
    let left = files_in(data.join("previews").as_path()).len()
        + files_in(data.join("originals").as_path()).len();
    assert_eq!(left, shown + 1, "the pin's files stay");

    let hours_later = now + chrono::TimeDelta::hours(2);
    let later = corkboard_core::service::cleanup::clean_up(services, hours_later).unwrap();
    assert_eq!(
        later.picture_files, 1,
        "after an hour it is no upload any more"
    );
    assert!(!fresh.exists());
    let url = pin["large"].as_str().unwrap();
    let served = app.client.get(app.url(url)).send().await.unwrap();
    assert_eq!(served.status(), 200);
    app.stop().await;
}

const DOWNLOAD: &str = "mutation($u: String!) { downloadPinFile(url: $u) { tempFileName tempFileUrl originalName url clones { id } } }";

#[tokio::test]
async fn downloads_from_private_addresses_need_the_setting() {
    let site = serve_site(
        "127.0.0.1",
        vec![(
            "/photos/beach.png",
            Page::new("image/png", png(640, 480, 0)),
        )],
    )
    .await;
    let url = format!("{site}/photos/beach.png");

    let strict = TestApp::start().await;
    strict.sign_up("ada").await;
    let refused = strict.graphql(DOWNLOAD, json!({ "u": url })).await;
    assert_eq!(error_code(&refused), Some("VALIDATION_ERROR"), "{refused}");
    assert!(
        refused["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("private network")
    );
    for bad in ["ftp://example.org/a.png", "file:///etc/passwd", "not a url"] {
        let answer = strict.graphql(DOWNLOAD, json!({ "u": bad })).await;
        assert_eq!(error_code(&answer), Some("VALIDATION_ERROR"), "{bad}");
    }
    let visitor = graphql_with(
        &new_client(),
        &strict.base_url,
        DOWNLOAD,
        json!({ "u": url }),
    )
    .await;
    assert_eq!(error_code(&visitor), Some("PERMISSION_DENIED_ERROR"));
    strict.stop().await;

    let trusting = TestApp::start_with(|config| config.fetch.allow_private_networks = true).await;
    trusting.sign_up("ada").await;
    let answer = trusting.graphql(DOWNLOAD, json!({ "u": url })).await;
    let temp = &answer["data"]["downloadPinFile"];
    assert_eq!(temp["originalName"], "beach.png", "{answer}");
    assert_eq!(temp["url"], url.as_str());
    let board = add_board(&trusting, "Beach", false).await;
    let pin = add_pin(
        &trusting,
        temp["tempFileName"].as_str().unwrap(),
        &board,
        "Sand",
    )
    .await;
    let pin = &pin["data"]["addPin"];
    assert_eq!(pin["sourceFileUrl"], url.as_str());
    assert_eq!(pin["sourceDomain"], "127.0.0.1");
    assert_eq!(
        (pin["width"].as_u64(), pin["height"].as_u64()),
        (Some(640), Some(480))
    );
    trusting.stop().await;
}

#[tokio::test]
async fn a_download_names_the_page_it_was_found_on() {
    let site = serve_site(
        "127.0.0.1",
        vec![("/shell.png", Page::new("image/png", png(300, 200, 0)))],
    )
    .await;
    let app = TestApp::start_with(|config| config.fetch.allow_private_networks = true).await;
    app.sign_up("ada").await;
    let query = "mutation($u: String!, $r: String) { downloadPinFile(url: $u, referer: $r) { originalName } }";
    let picture = format!("{site}/shell.png");
    let refused = app
        .graphql(query, json!({ "u": picture, "r": "javascript:alert(1)" }))
        .await;
    assert_eq!(error_code(&refused), Some("VALIDATION_ERROR"), "{refused}");
    assert_eq!(
        refused["errors"][0]["message"],
        "The page the picture was found on has no valid web address."
    );
    let page = format!("{site}/beach/article.html");
    let answer = app.graphql(query, json!({ "u": picture, "r": page })).await;
    assert_eq!(
        answer["data"]["downloadPinFile"]["originalName"], "shell.png",
        "{answer}"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_redirect_to_a_refused_address_is_refused() {
    let hidden = serve_site(
        "127.0.0.2",
        vec![("/secret.png", Page::new("image/png", png(50, 50, 0)))],
    )
    .await;
    let site = serve_site(
        "127.0.0.1",
        vec![
            ("/a.png", Page::redirect(&format!("{hidden}/secret.png"))),
            ("/b.png", Page::redirect("/c.png")),
            ("/c.png", Page::new("image/png", png(60, 40, 0))),
        ],
    )
    .await;
    let app = TestApp::start_with(|config| {
        config.fetch.allowed_networks = vec!["127.0.0.1/32".parse().unwrap()];
    })
    .await;
    app.sign_up("ada").await;
    let refused = app
        .graphql(DOWNLOAD, json!({ "u": format!("{site}/a.png") }))
        .await;
    assert_eq!(error_code(&refused), Some("VALIDATION_ERROR"), "{refused}");
    assert!(
        refused["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("private network")
    );
    let followed = app
        .graphql(DOWNLOAD, json!({ "u": format!("{site}/b.png") }))
        .await;
    assert_eq!(
        followed["data"]["downloadPinFile"]["originalName"], "c.png",
        "{followed}"
    );
    app.stop().await;
}

#[tokio::test]
async fn pages_too_big_and_too_slow_downloads_fail_clearly() {
    let site = serve_site(
        "127.0.0.1",
        vec![
            (
                "/page",
                Page::new("text/html; charset=utf-8", "<html><img src=a.png></html>"),
            ),
            ("/big.png", Page::new("image/png", noise_png(400, 400))),
            (
                "/slow.png",
                Page::new("image/png", png(10, 10, 0)).slow(std::time::Duration::from_secs(4)),
            ),
            (
                "/gone.png",
                Page {
                    status: 404,
                    ..Page::new("text/plain", "no")
                },
            ),
        ],
    )
    .await;
    let app = TestApp::start_with(|config| {
        config.fetch.allow_private_networks = true;
        config.fetch.timeout_seconds = 1;
        config.uploads.max_file_bytes = 100_000;
    })
    .await;
    app.sign_up("ada").await;
    for (path, message) in [
        ("/page", "web page"),
        ("/big.png", "too large"),
        ("/slow.png", "too long"),
        ("/gone.png", "404"),
    ] {
        let answer = app
            .graphql(DOWNLOAD, json!({ "u": format!("{site}{path}") }))
            .await;
        assert_eq!(
            error_code(&answer),
            Some("VALIDATION_ERROR"),
            "{path}: {answer}"
        );
        let said = answer["errors"][0]["message"].as_str().unwrap();
        assert!(said.contains(message), "{path}: {said}");
    }
    assert!(files_in(&app.data_dir.path().join("tmp")).is_empty());
    app.stop().await;
}

#[tokio::test]
async fn the_scanner_lists_a_page_s_pictures_resolved_and_once() {
    let page = r#"<html><head><title>Trip</title>
        <meta property="og:image" content="/cover.jpg"></head><body>
        <img src="pics/one.png" alt="One">
        <img src="pics/small.jpg" srcset="pics/small.jpg 300w, pics/large.jpg 1200w" alt="Two">
        <img src="/cover.jpg" alt="Cover again">
        <a href="full/three.webp" title="Three">big</a>
        </body></html>"#;
    let site = serve_site(
        "127.0.0.1",
        vec![("/trip/index.html", Page::new("text/html", page))],
    )
    .await;
    let app = TestApp::start_with(|config| config.fetch.allow_private_networks = true).await;
    let query = "query($u: String!) { scrapper(url: $u) { src title alt } }";
    let url = format!("{site}/trip/index.html");
    let visitor = graphql_with(&new_client(), &app.base_url, query, json!({ "u": url })).await;
    assert_eq!(error_code(&visitor), Some("PERMISSION_DENIED_ERROR"));
    app.sign_up("ada").await;
    let answer = app.graphql(query, json!({ "u": url })).await;
    assert_eq!(
        answer["data"]["scrapper"],
        json!([
            { "src": format!("{site}/cover.jpg"), "title": "Trip", "alt": null },
            { "src": format!("{site}/trip/pics/one.png"), "title": null, "alt": "One" },
            { "src": format!("{site}/trip/pics/large.jpg"), "title": null, "alt": "Two" },
            { "src": format!("{site}/trip/full/three.webp"), "title": "Three", "alt": null },
        ]),
        "{answer}"
    );
    app.stop().await;
}

#[tokio::test]
async fn the_scanner_leaves_out_pictures_the_page_says_are_small_as_the_browser_button_does() {
    let page = r#"<html><body>
        <img src="icons/star.png" width="100" height="100" alt="Star">
        <img src="icons/banner.png" width="800" height="90" alt="Banner">
        <img src="pics/photo.jpg" width="640" height="480" alt="Photo">
        <img src="pics/unsized.jpg" alt="Unsized">
        </body></html>"#;
    let site = serve_site(
        "127.0.0.1",
        vec![("/icons/index.html", Page::new("text/html", page))],
    )
    .await;
    let app = TestApp::start_with(|config| config.fetch.allow_private_networks = true).await;
    app.sign_up("ada").await;
    let query = "query($u: String!) { scrapper(url: $u) { alt } }";
    let url = format!("{site}/icons/index.html");
    let answer = app.graphql(query, json!({ "u": url })).await;
    assert_eq!(
        answer["data"]["scrapper"],
        json!([{ "alt": "Photo" }, { "alt": "Unsized" }]),
        "{answer}"
    );
    app.stop().await;
}
