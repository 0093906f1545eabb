//! Media in an S3-compatible bucket, against a real S3 API server (moto): pins, avatars,
//! deletes, the clean-up, serving (streamed, ranges, redirects, privacy), an outage, and moving
//! a library to the bucket and back.

use crate::common;

use common::pictures::{jpeg, png};
use common::pins::{add_board, upload, upload_avatar};
use common::process::run_command;
use common::s3::Moto;
use common::{TestApp, error_code, graphql_with, new_client};
use serde_json::{Value, json};

const BUCKET: &str = "corkboard";

/// moto and a server keeping its media in moto's bucket; `None` when moto is not installed.
async fn app_on_moto(redirect: bool) -> Option<(Moto, TestApp)> {
    let moto = Moto::start()?;
    moto.create_bucket(BUCKET).await;
    let mut storage = moto.storage(BUCKET);
    storage.redirect = redirect;
    let app = TestApp::start_with(|config| config.storage = storage).await;
    Some((moto, app))
}

/// Uploads a picture and pins it on `board`; returns the pin (or the whole answer on errors).
async fn pin_picture(app: &TestApp, bytes: Vec<u8>, board: &str) -> Value {
    let (status, temp) = upload(app, &app.client, bytes, "picture.jpg").await;
    assert_eq!(status, 200, "{temp}");
    app.graphql(
        "mutation($t: String!, $b: ID!) { addPin(tempFileName: $t, caption: \"A picture\", boards: [$b]) { id sha1 original large: preview(minWidth: 400) } }",
        json!({ "t": temp["tempFileName"], "b": board }),
    )
    .await
}

fn media_folders_in(app: &TestApp) -> Vec<&'static str> {
    ["avatars", "previews", "originals"]
        .into_iter()
        .filter(|folder| app.data_dir.path().join(folder).exists())
        .collect()
}

#[tokio::test]
async fn pictures_and_avatars_live_in_the_bucket_and_go_with_their_pins() {
    let Some((moto, app)) = app_on_moto(false).await else {
        return;
    };
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Mine", false).await;
    let bytes = jpeg(900, 600, 1);
    let answer = pin_picture(&app, bytes.clone(), &board).await;
    let pin = &answer["data"]["addPin"];
    let sha1 = pin["sha1"].as_str().unwrap_or_else(|| panic!("{answer}"));
    let keys = moto.keys(BUCKET).await;
    let original = format!("originals/{}/{}/{sha1}.jpg", &sha1[..2], &sha1[2..4]);
    assert!(keys.contains(&original), "{keys:?}");
    // 236, 474, 738 and its own 900, each as JPEG and WebP.
    assert_eq!(
        keys.iter()
            .filter(|key| key.starts_with("previews/"))
            .count(),
        8,
        "{keys:?}"
    );
    assert_eq!(moto.read(BUCKET, &original).await, bytes);
    assert!(
        media_folders_in(&app).is_empty(),
        "nothing on the server's disk"
    );

    // Served through the server, as from the data folder.
    let preview = app
        .client
        .get(app.url(pin["large"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(preview.status(), 200);
    assert_eq!(
        preview.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(preview.headers()["content-type"], "image/jpeg");
    let decoded = image::load_from_memory(&preview.bytes().await.unwrap()).unwrap();
    assert_eq!(decoded.width(), 474);
    let part = app
        .client
        .get(app.url(pin["original"].as_str().unwrap()))
        .header("Range", "bytes=100-1099")
        .send()
        .await
        .unwrap();
    assert_eq!(part.status(), 206);
    assert_eq!(
        part.headers()["content-range"],
        format!("bytes 100-1099/{}", bytes.len()).as_str()
    );
    assert_eq!(part.bytes().await.unwrap().as_ref(), &bytes[100..1100]);
    let past_the_end = app
        .client
        .get(app.url(pin["original"].as_str().unwrap()))
        .header("Range", format!("bytes={}-", bytes.len() + 10))
        .send()
        .await
        .unwrap();
    assert_eq!(past_the_end.status(), 416);
    let missing = app
        .client
        .get(app.url(&format!(
            "/media/previews/ab/cd/{}_236.jpeg",
            "ab".repeat(20)
        )))
        .send()
        .await
        .unwrap();
    assert_eq!(missing.status(), 404);

    // Avatars too.
    let avatar = upload_avatar(&app, &app.client, png(300, 200, 2), "me.png").await;
    assert_eq!(avatar.status(), 200);
    let avatar: Value = avatar.json().await.unwrap();
    let avatar_url = avatar["avatar"].as_str().unwrap();
    let served = app.client.get(app.url(avatar_url)).send().await.unwrap();
    assert_eq!(served.status(), 200);
    assert_eq!(
        image::load_from_memory(&served.bytes().await.unwrap())
            .unwrap()
            .width(),
        80
    );
    let keys = moto.keys(BUCKET).await;
    assert_eq!(
        keys.iter()
            .filter(|key| key.starts_with("avatars/"))
            .count(),
        12
    );

    // Deleting the pin removes its files from the bucket.
    let deleted = app
        .graphql(
            "mutation($id: ID!) { deletePin(id: $id) { boards { id } } }",
            json!({ "id": pin["id"] }),
        )
        .await;
    assert!(deleted["errors"].is_null(), "{deleted}");
    let keys = moto.keys(BUCKET).await;
    assert!(
        keys.iter().all(|key| key.starts_with("avatars/")),
        "{keys:?}"
    );
    app.stop().await;
}

#[tokio::test]
async fn public_pictures_redirect_to_the_bucket_and_private_ones_are_streamed_to_their_readers() {
    let Some((moto, app)) = app_on_moto(true).await else {
        return;
    };
    app.sign_up("ada").await;
    let public = add_board(&app, &app.client, "Open", false).await;
    let secret = add_board(&app, &app.client, "Hidden", true).await;
    let bytes = jpeg(500, 400, 3);
    let shown = pin_picture(&app, bytes.clone(), &public).await;
    let hidden = pin_picture(&app, jpeg(500, 400, 4), &secret).await;
    let (shown, hidden) = (&shown["data"]["addPin"], &hidden["data"]["addPin"]);
    let visitor = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();

    let original = app.url(shown["original"].as_str().unwrap());
    let redirect = visitor.get(&original).send().await.unwrap();
    assert_eq!(redirect.status(), 307);
    assert_eq!(redirect.headers()["cache-control"], "public, max-age=300");
    let location = redirect.headers()["location"].to_str().unwrap().to_owned();
    assert!(location.starts_with(&moto.endpoint()), "{location}");
    assert!(location.contains("X-Amz-Signature="), "{location}");
    let fetched = reqwest::get(&location).await.unwrap();
    assert_eq!(fetched.status(), 200);
    assert_eq!(fetched.bytes().await.unwrap().as_ref(), bytes.as_slice());

    // A private pin's picture never leaves by a link: its reader gets it from the server.
    let private = app.url(hidden["large"].as_str().unwrap());
    assert_eq!(visitor.get(&private).send().await.unwrap().status(), 404);
    let own = app.client.get(&private).send().await.unwrap();
    assert_eq!(own.status(), 200);
    assert_eq!(own.headers()["cache-control"], "private, max-age=3600");
    let etag = own.headers()["etag"].to_str().unwrap().to_owned();
    let again = app
        .client
        .get(&private)
        .header("If-None-Match", etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    app.stop().await;
}

#[tokio::test]
async fn the_clean_up_removes_bucket_files_no_pin_shows() {
    let Some((moto, app)) = app_on_moto(false).await else {
        return;
    };
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Mine", false).await;
    let answer = pin_picture(&app, jpeg(300, 200, 5), &board).await;
    assert!(answer["errors"].is_null(), "{answer}");
    let shown = moto.keys(BUCKET).await;
    // The bucket dates objects to the second: be a second past the server's start.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    // Left by a crash between writing a picture's files and committing its pin.
    let sha1 = "ab".repeat(20);
    let stray = [
        format!("previews/ab/ab/{sha1}/{sha1}_236.jpeg"),
        format!("originals/ab/ab/{sha1}.png"),
    ];
    for key in &stray {
        moto.write(BUCKET, key, b"bytes".to_vec()).await;
    }
    let services = app.server.as_ref().unwrap().services.clone();
    let now = chrono::Utc::now();
    let soon = tokio::task::spawn_blocking({
        let services = services.clone();
        move || corkboard_core::service::cleanup::clean_up(&services, now).unwrap()
    })
    .await
    .unwrap();
    assert_eq!(
        soon.picture_files, 0,
        "within the grace period it may be an upload"
    );
    let later = tokio::task::spawn_blocking(move || {
        corkboard_core::service::cleanup::clean_up(&services, now + chrono::TimeDelta::hours(2))
            .unwrap()
    })
    .await
    .unwrap();
    assert_eq!(later.picture_files, 2, "{later:?}");
    assert_eq!(moto.keys(BUCKET).await, shown, "the pin's files stay");
    app.stop().await;
}

#[tokio::test]
async fn an_unreachable_bucket_is_a_clear_error_and_the_server_keeps_answering() {
    let Some((mut moto, app)) = app_on_moto(false).await else {
        return;
    };
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Mine", false).await;
    let first = pin_picture(&app, jpeg(300, 200, 6), &board).await;
    assert!(first["errors"].is_null(), "{first}");

    // The bucket goes away between the upload and the pin.
    let (status, temp) = upload(&app, &app.client, jpeg(300, 200, 7), "b.jpg").await;
    assert_eq!(status, 200, "{temp}");
    moto.stop();
    let refused = app
        .graphql(
            "mutation($t: String!, $b: ID!) { addPin(tempFileName: $t, caption: \"A picture\", boards: [$b]) { id } }",
            json!({ "t": temp["tempFileName"], "b": board }),
        )
        .await;
    assert_eq!(error_code(&refused), Some("INTERNAL_ERROR"), "{refused}");
    assert_eq!(
        refused["errors"][0]["message"],
        "Storage is unavailable, try again."
    );
    let lists = graphql_with(
        &new_client(),
        &app.base_url,
        "{ pins(first: 10) { totalCount } }",
        json!({}),
    )
    .await;
    assert_eq!(lists["data"]["pins"]["totalCount"], 1, "{lists}");

    // Back again (moto starts empty): the same temporary picture is pinned.
    moto.run();
    moto.create_bucket(BUCKET).await;
    let pinned = app
        .graphql(
            "mutation($t: String!, $b: ID!) { addPin(tempFileName: $t, caption: \"A picture\", boards: [$b]) { id } }",
            json!({ "t": temp["tempFileName"], "b": board }),
        )
        .await;
    assert!(pinned["errors"].is_null(), "{pinned}");
    assert!(
        moto.keys(BUCKET)
            .await
            .iter()
            .any(|key| key.starts_with("originals/"))
    );
    app.stop().await;
}

/// Every media file under `dir`, by its path relative to it, with its bytes.
fn media_in(dir: &std::path::Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut found = std::collections::BTreeMap::new();
    for folder in ["avatars", "previews", "originals"] {
        let mut stack = vec![dir.join(folder)];
        while let Some(at) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&at) else {
                continue;
            };
            for entry in entries.flatten() {
                if entry.path().is_dir() {
                    stack.push(entry.path());
                } else {
                    let key = entry
                        .path()
                        .strip_prefix(dir)
                        .unwrap()
                        .to_string_lossy()
                        .into_owned();
                    found.insert(key, std::fs::read(entry.path()).unwrap());
                }
            }
        }
    }
    found
}

#[tokio::test]
async fn a_library_moves_to_the_bucket_and_back_byte_for_byte() {
    let Some(moto) = Moto::start() else {
        return;
    };
    moto.create_bucket(BUCKET).await;
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Mine", false).await;
    for seed in 0..3 {
        let answer = pin_picture(&app, jpeg(600, 400, 10 + seed), &board).await;
        assert!(answer["errors"].is_null(), "{answer}");
    }
    let data_dir = app.data_dir.path().to_owned();
    let TestApp {
        server,
        data_dir: kept,
        ..
    } = app;
    server.unwrap().stop().await.unwrap();
    let before = media_in(&data_dir);
    assert!(before.len() > 20, "{}", before.len());

    // An interrupted earlier run had copied one file already.
    let (first_key, first_bytes) = before.iter().next().unwrap();
    moto.write(BUCKET, first_key, first_bytes.clone()).await;
    let config = data_dir.join("corkboard.toml");
    let storage = moto.storage(BUCKET);
    std::fs::write(
        &config,
        format!(
            "# mine\n[storage]\nkind = \"local\" # where\nendpoint = \"{}\"\nbucket = \"{BUCKET}\"\npath_style = true\naccess_key_id = \"testing\"\nsecret_access_key = \"testing\"\n",
            storage.endpoint.unwrap()
        ),
    )
    .unwrap();
    let config_arg = config.to_str().unwrap();
    let (ok, printed) = run_command(
        &data_dir,
        &["--config", config_arg, "storage", "migrate", "--to", "s3"],
        "",
    );
    assert!(ok, "{printed}");
    assert!(
        printed.contains(&format!("copied {}", before.len() - 1)),
        "{printed}"
    );
    assert!(printed.contains("already there 1"), "{printed}");
    let text = std::fs::read_to_string(&config).unwrap();
    assert!(text.contains("kind = \"s3\""), "{text}");
    assert!(
        text.starts_with("# mine\n"),
        "the rest of the file is kept: {text}"
    );
    let keys = moto.keys(BUCKET).await;
    assert_eq!(keys, before.keys().cloned().collect::<Vec<_>>());
    for (key, bytes) in &before {
        assert_eq!(&moto.read(BUCKET, key).await, bytes, "{key}");
    }
    let (again, printed) = run_command(
        &data_dir,
        &["--config", config_arg, "storage", "migrate", "--to", "s3"],
        "",
    );
    assert!(!again && printed.contains("already s3"), "{printed}");

    // The server now serves the library from the bucket.
    for folder in ["avatars", "previews", "originals"] {
        let _ = std::fs::remove_dir_all(data_dir.join(folder));
    }
    let (ok, printed) = run_command(&data_dir, &["--config", config_arg, "check"], "");
    assert!(ok, "the bucket holds every file: {printed}");

    // And back.
    let (ok, printed) = run_command(
        &data_dir,
        &[
            "--config", config_arg, "storage", "migrate", "--to", "local",
        ],
        "",
    );
    assert!(ok, "{printed}");
    assert!(
        std::fs::read_to_string(&config)
            .unwrap()
            .contains("kind = \"local\"")
    );
    assert_eq!(media_in(&data_dir), before, "every file, byte for byte");
    drop(kept);
}
