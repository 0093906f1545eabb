//! `corkboard import` and `POST /api/import`: an instance seeded through the real API, exported
//! with the real binary and imported into an empty data folder answers every query the same;
//! a second import changes nothing; clashing usernames and slugs are renamed and reported; a
//! signed-in user imports into their own account, a visitor cannot.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};

use common::pictures::{camera_fields, jpeg_with_exif, png};
use common::pins::{add_board, create_pin};
use common::process::run_command;
use common::{TestApp, graphql_with, new_client};
use serde_json::{Value, json};

fn run_ok(data_dir: &Path, args: &[&str]) -> String {
    let (ok, printed) = run_command(data_dir, args, "");
    assert!(ok, "corkboard {args:?} failed:\n{printed}");
    printed
}

/// `run_ok` once the database file is free: a stopped server's last background work may hold it
/// for a moment.
fn run_once_free(data_dir: &Path, args: &[&str]) -> String {
    for _ in 0..40 {
        let (ok, printed) = run_command(data_dir, args, "");
        if ok || !printed.contains("stop the server first") {
            assert!(ok, "corkboard {args:?} failed:\n{printed}");
            return printed;
        }
        std::thread::sleep(std::time::Duration::from_millis(250));
    }
    panic!("the database of {} stayed in use", data_dir.display());
}

/// A server on an existing data folder.
async fn serve(data_dir: &Path) -> TestApp {
    let dir = data_dir.to_owned();
    TestApp::start_with(move |config| config.data_dir = dir).await
}

async fn gql(app: &TestApp, client: &reqwest::Client, query: &str, variables: Value) -> Value {
    let answer = graphql_with(client, &app.base_url, query, variables).await;
    assert!(answer["errors"].is_null(), "{query}: {answer}");
    answer["data"].clone()
}

const PIN_FIELDS: &str = "caption title sha1 width height weight dominantColor camera lens \
    focalLength exposureTime aperture iso exifDate sourceFileUrl rating unsafe secret tags \
    createdAt previewsSizes addedVia { caption user { username } } user { username } \
    boards(first: 10) { nodes { slug } }";

/// Everything `viewer` sees of `username`: profile, boards with their pins in order, covers,
/// shares and folders, pins with every field. Ids are left out: they are the instance's own.
async fn account_view(app: &TestApp, viewer: &reqwest::Client, username: &str) -> Value {
    let profile = gql(
        app,
        viewer,
        "query($u: String!) { user(username: $u) { username firstName lastName websiteLink \
         isAdmin folders(first: 50) { totalCount nodes { slug name secret createdAt \
         cover1 { caption } boards(first: 50) { nodes { slug } } } } } }",
        json!({ "u": username }),
    )
    .await;
    let boards = gql(
        app,
        viewer,
        "query($u: String!) { user(username: $u) { boards(first: 20) { totalCount nodes { \
         slug title caption pinDefaultDescription pinDefaultTags secret sharedWith createdAt \
         folder { slug } cover1 { caption } cover2 { caption } \
         pins(first: 20) { totalCount edges { order node { caption sha1 } } } } } } }",
        json!({ "u": username }),
    )
    .await;
    let pins = gql(
        app,
        viewer,
        &format!(
            "query($u: String!) {{ user(username: $u) {{ pins(first: 50) {{ totalCount \
             nodes {{ {PIN_FIELDS} }} }} }} }}"
        ),
        json!({ "u": username }),
    )
    .await;
    json!({ "profile": profile, "boards": boards, "pins": pins })
}

/// What `viewer` sees of the whole instance: each account, last pins, a search and a tag.
async fn instance_view(app: &TestApp, viewer: &reqwest::Client, users: &[&str]) -> Value {
    let mut view = serde_json::Map::new();
    for user in users {
        view.insert(user.to_string(), account_view(app, viewer, user).await);
    }
    for (name, args) in [
        ("last", "first: 50"),
        ("search", "first: 50, search: \"heron\""),
        ("tag", "first: 50, tag: \"bird\""),
    ] {
        let answer = gql(
            app,
            viewer,
            &format!("{{ pins({args}) {{ totalCount nodes {{ caption user {{ username }} }} }} }}"),
            json!({}),
        )
        .await;
        view.insert(name.to_owned(), answer);
    }
    Value::Object(view)
}

/// Signs in `email` with `password` from a new client.
async fn signed_in(app: &TestApp, email: &str, password: &str) -> reqwest::Client {
    app.client_signed_in(email, password).await
}

async fn seed_through_the_api(app: &TestApp) {
    let ada = app.client_signed_in_new("ada").await;
    let bob = app.client_signed_in_new("bob").await;
    let _cyd = app.client_signed_in_new("cyd").await;
    gql(
        app,
        &ada,
        "mutation { updateUser(firstName: \"Ada\", websiteLink: \"https://ada.example.org\") { id } }",
        json!({}),
    )
    .await;
    let travel = gql(
        app,
        &ada,
        "mutation { addFolder(name: \"Travel\", secret: false) { id } }",
        json!({}),
    )
    .await["addFolder"]["id"]
        .clone();
    gql(
        app,
        &ada,
        "mutation { addFolder(name: \"Hidden things\", secret: true) { id } }",
        json!({}),
    )
    .await;
    let birds = add_board(app, &ada, "Birds", false).await;
    let nest = add_board(app, &ada, "Secret nest", true).await;
    let cats = add_board(app, &ada, "Cats", false).await;
    gql(
        app,
        &ada,
        "mutation($b: ID!, $f: ID!) { updateBoard(id: $b, folder: $f, caption: \"Feathered\", \
         pinDefaultDescription: \"A bird\", pinDefaultTags: [\"bird\", \"wild\"]) { id } }",
        json!({ "b": birds, "f": travel }),
    )
    .await;
    gql(
        app,
        &ada,
        "mutation($b: ID!) { shareBoard(board: $b, username: \"bob\") { message } }",
        json!({ "b": nest }),
    )
    .await;
    let heron = create_pin(app, &ada, png(40, 30, 1), &[&birds], "A heron").await;
    let crane = create_pin(app, &ada, png(50, 30, 2), &[&birds, &nest], "A crane").await;
    let owl = create_pin(app, &ada, png(30, 30, 3), &[&birds], "An owl").await;
    let camera = create_pin(
        app,
        &ada,
        jpeg_with_exif(64, 48, &camera_fields(1)),
        &[&cats],
        "A cat by camera",
    )
    .await;
    // The same picture again, on another board: both pins come back.
    create_pin(app, &ada, png(40, 30, 1), &[&cats], "The heron again").await;
    create_pin(app, &ada, png(20, 20, 4), &[], "On no board").await;
    gql(
        app,
        &ada,
        "mutation($p: ID!) { updatePin(id: $p, title: \"Grey heron\", rating: 4, unsafe: false, \
         tags: [\"bird\", \"water\"]) { id } }",
        json!({ "p": heron }),
    )
    .await;
    gql(
        app,
        &ada,
        "mutation($p: ID!) { updatePin(id: $p, rating: 2, unsafe: true, tags: [\"cat\"]) { id } }",
        json!({ "p": camera }),
    )
    .await;
    // A custom order (the heron to the top) and a chosen cover (the owl).
    gql(
        app,
        &ada,
        "mutation($p: ID!, $b: ID!) { orderPinInBoard(pin: $p, board: $b, order: 10) { order } }",
        json!({ "p": heron, "b": birds }),
    )
    .await;
    gql(
        app,
        &ada,
        "mutation($b: ID!, $p: ID!) { updateBoard(id: $b, cover1: $p) { id } }",
        json!({ "b": birds, "p": owl }),
    )
    .await;
    let bobs = add_board(app, &bob, "Bob likes", false).await;
    let bobs_secret = add_board(app, &bob, "Bob keeps", true).await;
    gql(
        app,
        &bob,
        "mutation($b: ID!) { shareBoard(board: $b, username: \"cyd\") { message } }",
        json!({ "b": bobs_secret }),
    )
    .await;
    gql(
        app,
        &bob,
        "mutation($p: ID!, $b: [ID!]) { duplicatePin(pin: $p, caption: \"Ada's crane, pinned\", \
         tags: [\"bird\"], boards: $b) { id } }",
        json!({ "p": crane, "b": [bobs] }),
    )
    .await;
    create_pin(
        app,
        &bob,
        png(60, 40, 5),
        &[&bobs_secret],
        "Bob's secret heron",
    )
    .await;
}

const USERS: [&str; 3] = ["ada", "bob", "cyd"];
const PASSWORD: &str = "password-1";

/// What the anonymous visitor and each signed-in user see of the instance.
async fn everything_seen(app: &TestApp) -> Vec<Value> {
    let mut views = vec![instance_view(app, &new_client(), &USERS).await];
    for user in USERS {
        let client = signed_in(app, &format!("{user}@example.org"), PASSWORD).await;
        views.push(instance_view(app, &client, &USERS).await);
    }
    views
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_exported_instance_imported_into_an_empty_one_answers_the_same() {
    let source = TestApp::start().await;
    seed_through_the_api(&source).await;
    let before = everything_seen(&source).await;
    let source_dir = source.data_dir.path().to_owned();
    let keep = tempfile::tempdir().unwrap();
    let archive = keep.path().join("all.zip");
    let TestApp {
        server, data_dir, ..
    } = source;
    server.unwrap().stop().await.unwrap();
    run_once_free(&source_dir, &["export", "--out", archive.to_str().unwrap()]);

    let target = tempfile::tempdir().unwrap();
    let printed = run_ok(target.path(), &["import", archive.to_str().unwrap()]);
    assert!(
        printed.contains("created: 3 users, 2 folders, 5 boards, 8 pins"),
        "{printed}"
    );
    assert!(printed.contains("no password"), "{printed}");

    // Idempotent: the second import creates nothing and skips everything.
    let again = run_ok(target.path(), &["import", archive.to_str().unwrap()]);
    assert!(
        again.contains("created: 0 users, 0 folders, 0 boards, 0 pins"),
        "{again}"
    );
    assert!(
        again.contains("skipped as already there: 3 users, 2 folders, 5 boards, 8 pins"),
        "{again}"
    );
    let checked = run_ok(target.path(), &["check"]);
    assert!(checked.contains("consistent"), "{checked}");

    // The imported accounts have no password until one is set.
    for user in USERS {
        let (ok, printed) = run_command(
            target.path(),
            &["admin", "reset-password", user],
            &format!("{PASSWORD}\n"),
        );
        assert!(ok, "{printed}");
    }
    let imported = serve(target.path()).await;
    let after = everything_seen(&imported).await;
    // What is compared is the real thing: ada's view of her boards, covers, order and shares.
    let boards = &after[1]["ada"]["boards"]["user"]["boards"];
    assert_eq!(boards["totalCount"], 3, "{boards}");
    let birds = &boards["nodes"][2];
    assert_eq!(birds["slug"], "birds");
    assert_eq!(birds["folder"]["slug"], "travel");
    assert_eq!(birds["cover1"]["caption"], "An owl");
    assert_eq!(birds["pins"]["edges"][0]["node"]["caption"], "A heron");
    assert_eq!(birds["pins"]["edges"][0]["order"], 10);
    assert_eq!(boards["nodes"][1]["sharedWith"], json!(["bob"]));
    let bobs_pins = &after[2]["bob"]["pins"]["user"]["pins"];
    assert_eq!(bobs_pins["totalCount"], 2, "{bobs_pins}");
    assert_eq!(
        bobs_pins["nodes"][1]["addedVia"]["caption"], "A crane",
        "{bobs_pins}"
    );
    assert_eq!(
        after[0]["search"]["pins"]["totalCount"], 2,
        "{}",
        after[0]["search"]
    );
    let camera = &after[1]["ada"]["pins"]["user"]["pins"]["nodes"];
    assert!(camera.to_string().contains("Canon EOS 90D"), "{camera}");
    for (before, after) in before.iter().zip(&after) {
        assert_eq!(before, after);
    }
    imported.stop().await;
    drop((data_dir, target));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clashing_usernames_and_slugs_are_renamed_and_reported() {
    let source = TestApp::start().await;
    seed_through_the_api(&source).await;
    let TestApp {
        server, data_dir, ..
    } = source;
    server.unwrap().stop().await.unwrap();
    let keep = tempfile::tempdir().unwrap();
    let all = keep.path().join("all.zip");
    let adas = keep.path().join("ada.zip");
    run_once_free(data_dir.path(), &["export", "--out", all.to_str().unwrap()]);
    run_ok(
        data_dir.path(),
        &["export", "--out", adas.to_str().unwrap(), "--user", "ada"],
    );

    // Another instance, where ada is someone else, bob has another username and zed has birds.
    let other = TestApp::start().await;
    other.client_signed_in_new("zed").await;
    let namesake = new_client();
    graphql_with(
        &namesake,
        &other.base_url,
        "mutation { addUser(email: \"other-ada@example.org\", password: \"password-1\", username: \"ada\") { id } }",
        json!({}),
    )
    .await;
    let robert = new_client();
    graphql_with(
        &robert,
        &other.base_url,
        "mutation { addUser(email: \"bob@example.org\", password: \"password-1\", username: \"robert\") { id } }",
        json!({}),
    )
    .await;
    let zed = other.client_signed_in("zed@example.org", PASSWORD).await;
    add_board(&other, &zed, "Birds", false).await;
    let other_dir = other.data_dir.path().to_owned();
    let TestApp {
        server,
        data_dir: other_data,
        ..
    } = other;
    server.unwrap().stop().await.unwrap();

    let printed = run_once_free(&other_dir, &["import", all.to_str().unwrap()]);
    assert!(
        printed.contains("renamed user ada of ada: ada is now ada-2"),
        "{printed}"
    );
    assert!(
        printed.contains("bob has the email of the account robert"),
        "{printed}"
    );
    assert!(printed.contains("created: 2 users"), "{printed}");

    // One account's archive into zed's account: zed's own birds board keeps its slug.
    let printed = run_ok(
        &other_dir,
        &["import", adas.to_str().unwrap(), "--user", "zed"],
    );
    assert!(
        printed.contains("renamed board birds of ada: birds is now birds-2"),
        "{printed}"
    );
    assert!(
        printed.contains("not shared with bob: that account is not part of this import"),
        "{printed}"
    );
    assert!(printed.contains("6 pins"), "{printed}");
    let (ok, printed) = run_command(
        &other_dir,
        &["import", all.to_str().unwrap(), "--user", "zed"],
        "",
    );
    assert!(!ok && printed.contains("none is named zed"), "{printed}");

    let other = serve(&other_dir).await;
    let zed = other.client_signed_in("zed@example.org", PASSWORD).await;
    let view = account_view(&other, &zed, "zed").await;
    let slugs: Vec<&str> = view["boards"]["user"]["boards"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["slug"].as_str().unwrap())
        .collect();
    assert_eq!(slugs, ["cats", "secret-nest", "birds-2", "birds"]);
    let robert_view = account_view(&other, &new_client(), "robert").await;
    assert_eq!(
        robert_view["pins"]["user"]["pins"]["totalCount"], 1,
        "{robert_view}"
    );
    other.stop().await;
    drop((data_dir, other_data));
}

/// Posts `archive` to `/api/import` from `client`, with the app's own Origin unless `origin`.
async fn post_import(
    app: &TestApp,
    client: &reqwest::Client,
    archive: Vec<u8>,
    origin: Option<&str>,
) -> (u16, Value) {
    let origin = origin.unwrap_or(&app.base_url);
    common::post_archive(&app.base_url, client, archive, origin).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_imports_an_archive_into_their_own_account_and_a_visitor_cannot() {
    let app = TestApp::start().await;
    seed_through_the_api(&app).await;
    let ada = app.client_signed_in("ada@example.org", PASSWORD).await;
    let archive = ada
        .get(app.url("/api/export"))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap()
        .to_vec();

    let (ok, printed) = run_command(app.data_dir.path(), &["import", "/dev/null"], "");
    assert!(
        !ok && printed.contains("stop the server first"),
        "{printed}"
    );

    let (status, _) = post_import(&app, &new_client(), archive.clone(), None).await;
    assert!(status == 401 || status == 403, "a visitor: {status}");
    let eve = app.client_signed_in_new("eve").await;
    let (status, _) = post_import(&app, &eve, archive.clone(), Some("https://evil.example")).await;
    assert!(
        status == 401 || status == 403,
        "another site's page: {status}"
    );
    let (status, _) = post_import(&app, &eve, b"not a zip".to_vec(), None).await;
    assert_eq!(status, 400);

    let (status, report) = post_import(&app, &eve, archive.clone(), None).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(
        report["created"],
        json!({ "users": 0, "folders": 2, "boards": 3, "pins": 6 }),
        "{report}"
    );
    let (status, again) = post_import(&app, &eve, archive.clone(), None).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(
        again["created"],
        json!({ "users": 0, "folders": 0, "boards": 0, "pins": 0 })
    );
    assert_eq!(
        again["skipped"],
        json!({ "users": 0, "folders": 2, "boards": 3, "pins": 6 })
    );

    // A pin deleted since is made again by the next import, and only that one.
    let eves = gql(
        &app,
        &eve,
        "{ me { pins(first: 1) { nodes { id } } } }",
        json!({}),
    )
    .await;
    let deleted = eves["me"]["pins"]["nodes"][0]["id"].clone();
    gql(
        &app,
        &eve,
        "mutation($p: ID!) { deletePin(id: $p) { user { username } } }",
        json!({ "p": deleted }),
    )
    .await;
    let (status, redone) = post_import(&app, &eve, archive.clone(), None).await;
    assert_eq!(status, 200, "{redone}");
    assert_eq!(redone["created"]["pins"], 1, "{redone}");
    assert_eq!(redone["skipped"]["pins"], 5, "{redone}");

    // Eve's copy answers like ada's own, but for the owner and the shares made here again.
    let evil = account_view(&app, &eve, "eve").await;
    let adas = account_view(&app, &ada, "ada").await;
    assert_eq!(
        evil["boards"]["user"]["boards"]["nodes"][0]["pins"],
        adas["boards"]["user"]["boards"]["nodes"][0]["pins"]
    );
    assert_eq!(
        evil["boards"]["user"]["boards"]["nodes"][1]["sharedWith"],
        json!(["bob"]),
        "an archive of this instance keeps its shares"
    );
    assert_eq!(evil["pins"]["user"]["pins"]["totalCount"], 6);
    // Ada's own pins are untouched; bob's copy of ada's crane is not eve's to import.
    assert_eq!(adas["pins"]["user"]["pins"]["totalCount"], 6);

    // Ada's archive back into ada's account, on the instance it came from: all still there.
    let (status, own) = post_import(&app, &ada, archive, None).await;
    assert_eq!(status, 200, "{own}");
    assert_eq!(
        own["created"],
        json!({ "users": 0, "folders": 0, "boards": 0, "pins": 0 })
    );
    assert_eq!(
        own["skipped"],
        json!({ "users": 0, "folders": 2, "boards": 3, "pins": 6 })
    );
    assert_eq!(account_view(&app, &ada, "ada").await, adas);
    app.stop().await;
}

#[test]
fn an_import_killed_midway_finishes_when_run_again() {
    let source = tempfile::tempdir().unwrap();
    run_ok(
        source.path(),
        &[
            "seed",
            "--users",
            "5",
            "--boards",
            "20",
            "--pins",
            "1500",
            "--pictures",
            "3",
        ],
    );
    let archive = source.path().join("all.zip");
    run_ok(
        source.path(),
        &["export", "--out", archive.to_str().unwrap()],
    );

    let target = tempfile::tempdir().unwrap();
    let mut import = Command::new(env!("CARGO_BIN_EXE_corkboard"))
        .args(["import", archive.to_str().unwrap(), "--data-dir"])
        .arg(target.path())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Killed once its pictures are in, while it writes the pins batch after batch.
    let originals = target.path().join("originals");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while originals_in(&originals) < 3 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(2500));
    import.kill().unwrap();
    import.wait().unwrap();

    let rerun = run_ok(target.path(), &["import", archive.to_str().unwrap()]);
    assert!(!rerun.contains("failed"), "{rerun}");
    assert!(
        rerun.contains("skipped as already there: 5 users, 2 folders, 20 boards"),
        "the first run had written the accounts, folders and boards: {rerun}"
    );
    println!("the run after the kill: {rerun}");
    let checked = run_ok(target.path(), &["check"]);
    assert!(checked.contains("consistent"), "{checked}");
    let last = run_ok(target.path(), &["import", archive.to_str().unwrap()]);
    assert!(
        last.contains("created: 0 users, 0 folders, 0 boards, 0 pins"),
        "{last}"
    );
    assert!(
        last.contains("skipped as already there: 5 users, 2 folders, 20 boards, 1500 pins"),
        "{last}"
    );
}

/// How many original pictures a data folder holds (files written under their final name).
fn originals_in(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .map(|entry| {
            let path = entry.path();
            if path.is_dir() {
                originals_in(&path)
            } else {
                usize::from(path.extension().is_some_and(|ext| ext == "jpg"))
            }
        })
        .sum()
}
