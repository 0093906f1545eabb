//! Near-duplicates caught at every door: a picture and its resized, re-encoded and slightly
//! cropped copies find each other among the uploader's pins (those of the same shape as clones,
//! the cropped one as a near-duplicate), an unrelated picture and other users' pins do not; the share
//! target passes them on, and an import skips them and counts them in its summary.

use crate::common;

use common::pictures::{encoded, jpeg_of_quality, scene};
use common::pins::{add_board, create_pin, upload};
use common::process::run_command;
use common::{TestApp, graphql_with};
use image::imageops::FilterType;
use image::{DynamicImage, ImageFormat};
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

fn png(picture: &DynamicImage) -> Vec<u8> {
    encoded(picture, ImageFormat::Png)
}

/// The original, then its copies: smaller, re-encoded as a poor JPEG, and cropped by 3% on its
/// right, which changes its shape (a crop that keeps the shape is a clone, as a resized copy).
fn picture_and_copies(seed: u32) -> [Vec<u8>; 4] {
    let original = scene(640, 480, seed);
    [
        png(&original),
        png(&original.resize_exact(320, 240, FilterType::Lanczos3)),
        jpeg_of_quality(&original, 30),
        png(&original.crop_imm(0, 0, 620, 480)),
    ]
}

/// The ids an upload answered in `list` (`clones` or `nearDuplicates`).
fn ids(answer: &Value, list: &str) -> Vec<String> {
    answer[list]
        .as_array()
        .unwrap_or_else(|| panic!("no {list}: {answer}"))
        .iter()
        .map(|pin| pin["id"].as_str().unwrap().to_owned())
        .collect()
}

async fn uploaded(app: &TestApp, client: &reqwest::Client, bytes: Vec<u8>) -> Value {
    let (status, answer) = upload(app, client, bytes, "picture.png").await;
    assert_eq!(status, 200, "{answer}");
    answer
}

#[tokio::test]
async fn a_picture_and_its_copies_find_each_other_and_an_unrelated_one_does_not() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Views", false).await;
    let [original, smaller, reencoded, cropped] = picture_and_copies(1);
    let first = create_pin(&app, &app.client, original.clone(), &[&board], "original").await;

    // Each copy finds the original: the same shape as a clone, the cropped one as a
    // near-duplicate.
    for copy in [smaller.clone(), reencoded.clone()] {
        let answer = uploaded(&app, &app.client, copy).await;
        assert_eq!(ids(&answer, "clones"), [first.as_str()], "{answer}");
        assert!(ids(&answer, "nearDuplicates").is_empty(), "{answer}");
    }
    let answer = uploaded(&app, &app.client, cropped.clone()).await;
    assert!(ids(&answer, "clones").is_empty(), "{answer}");
    assert_eq!(ids(&answer, "nearDuplicates"), [first.as_str()], "{answer}");

    // The copies pinned, the original finds each of them.
    let mut copies = Vec::new();
    for (bytes, caption) in [
        (smaller, "smaller"),
        (reencoded, "jpeg"),
        (cropped, "cropped"),
    ] {
        copies.push(create_pin(&app, &app.client, bytes, &[&board], caption).await);
    }
    let answer = uploaded(&app, &app.client, original.clone()).await;
    let mut found = ids(&answer, "clones");
    found.extend(ids(&answer, "nearDuplicates"));
    for pin in copies.iter().chain([&first]) {
        assert!(found.contains(pin), "{pin} not in {answer}");
    }
    assert_eq!(
        ids(&answer, "nearDuplicates"),
        [copies[2].clone()],
        "{answer}"
    );

    // An unrelated picture finds nothing; another user finds none of ada's pins.
    let unrelated = uploaded(&app, &app.client, png(&scene(640, 480, 2))).await;
    assert!(ids(&unrelated, "clones").is_empty(), "{unrelated}");
    assert!(ids(&unrelated, "nearDuplicates").is_empty(), "{unrelated}");
    let bob = app.client_signed_in_new("bob").await;
    let theirs = uploaded(&app, &bob, original).await;
    assert!(ids(&theirs, "clones").is_empty(), "{theirs}");
    assert!(ids(&theirs, "nearDuplicates").is_empty(), "{theirs}");
    app.stop().await;
}

#[tokio::test]
async fn the_share_target_passes_near_duplicates_on() {
    let app = TestApp::start().await;
    // A browser that keeps cookies and does not follow the share's redirect.
    let ada = reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let signed_up = graphql_with(
        &ada,
        &app.base_url,
        "mutation { addUser(email: \"ada@example.org\", password: \"password-1\", username: \"ada\") { id } }",
        json!({}),
    )
    .await;
    assert!(signed_up["errors"].is_null(), "{signed_up}");
    let board = add_board(&app, &ada, "Views", false).await;
    let [original, _, _, cropped] = picture_and_copies(3);
    let pin = create_pin(&app, &ada, original, &[&board], "original").await;
    let part = Part::bytes(cropped)
        .file_name("cropped.png")
        .mime_str("image/png")
        .unwrap();
    let response = ada
        .post(app.url("/share/"))
        .header("Origin", "null")
        .header("Sec-Fetch-Site", "none")
        .header("Sec-Fetch-Mode", "navigate")
        .multipart(Form::new().part("pin", part))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 303);
    let location = response.headers()["location"].to_str().unwrap().to_owned();
    assert!(location.starts_with("/pin-it/?temp="), "{location}");
    assert!(location.contains(&format!("&near={pin}")), "{location}");
    assert!(!location.contains("&clone="), "{location}");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_import_skips_a_near_duplicate_and_counts_it_in_its_summary() {
    let [original, _, _, cropped] = picture_and_copies(2);
    let first = tempfile::tempdir().unwrap();
    std::fs::write(first.path().join("original.png"), original).unwrap();
    let second = tempfile::tempdir().unwrap();
    std::fs::write(second.path().join("cropped.png"), cropped).unwrap();
    std::fs::write(second.path().join("other.png"), png(&scene(640, 480, 5))).unwrap();

    let data = tempfile::tempdir().unwrap();
    let (ok, printed) = run_command(
        data.path(),
        &["admin", "create-user", "ada", "ada@example.org"],
        "password-ada\n",
    );
    assert!(ok, "{printed}");
    for (folder, summary) in [
        (&first, "1 pictures: 1 pinned, 0 already pinned, 0 failed"),
        (&second, "2 pictures: 1 pinned, 1 already pinned, 0 failed"),
    ] {
        let folder = folder.path().to_str().unwrap();
        let import = ["import-dir", folder, "--user", "ada", "--board", "Home"];
        let (ok, printed) = run_command(data.path(), &import, "");
        assert!(ok, "{printed}");
        assert!(printed.contains(summary), "{printed}");
    }
}
