//! Quotas per account (issue 74, item 10): pins, stored bytes and uploads waiting are refused past
//! the account's limits with a sentence, nothing half-added; an archive import stops at the pin
//! quota and says how many pins it could not add; one import and one export at a time per account
//! (and a few imports on the server), an unread export dropped with its file; uploads not pinned
//! swept within their lifetime; the admin query shows each account's use beside its quotas. The
//! attacks run against the real binary in a process of its own (`PICTURES_SERVER` names another
//! build, to measure the code before), and `/healthz` keeps answering meanwhile.

use crate::common;

use std::io::{Cursor, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use common::pictures::{jpeg, png, seeded_noise_png};
use common::pins::{add_board, create_pin, upload};
use common::process::{ServerProcess, server_binary};
use common::{TestApp, error_code, graphql_with, new_client};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const HOLDINGS: &str = "{ accounts(query: \"ada\") { nodes { holdings { pins storageBytes \
     waitingBytes maxPins maxStorageBytes maxWaitingBytes } } } }";

async fn holdings(app: &TestApp) -> Value {
    let answer = app.graphql(HOLDINGS, json!({})).await;
    assert!(answer["errors"].is_null(), "{answer}");
    answer["data"]["accounts"]["nodes"][0]["holdings"].clone()
}

async fn add_pin(app: &TestApp, temp: &str, board: &str) -> Value {
    app.graphql(
        "mutation($t: String!, $b: [ID!]) { addPin(tempFileName: $t, caption: \"x\", boards: $b) { id } }",
        json!({ "t": temp, "b": [board] }),
    )
    .await
}

async fn healthy(app: &TestApp) {
    let health = app.client.get(app.url("/healthz")).send().await.unwrap();
    assert_eq!(health.status(), 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_pin_quota_a_pin_is_refused_with_a_sentence_and_nothing_is_half_added() {
    let app = TestApp::start_with(|config| config.quotas.max_pins_per_user = 2).await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Mine", false).await;
    let first = create_pin(&app, &app.client, png(60, 40, 1), &[&board], "one").await;
    create_pin(&app, &app.client, png(60, 40, 2), &[&board], "two").await;
    let (status, temp) = upload(&app, &app.client, png(60, 40, 3), "three.png").await;
    assert_eq!(status, 200, "{temp}");
    let temp = temp["tempFileName"].as_str().unwrap().to_owned();

    let refused = add_pin(&app, &temp, &board).await;
    assert_eq!(error_code(&refused), Some("VALIDATION_ERROR"), "{refused}");
    assert_eq!(
        refused["errors"][0]["message"],
        "You have reached your limit of 2 pins. Delete some to add more."
    );
    let copy = app
        .graphql(
            "mutation($p: ID!, $b: [ID!]) { duplicatePin(pin: $p, caption: \"copy\", boards: $b) { id } }",
            json!({ "p": first, "b": [board] }),
        )
        .await;
    assert_eq!(error_code(&copy), Some("VALIDATION_ERROR"), "{copy}");
    let held = holdings(&app).await;
    assert_eq!(held["pins"], 2, "{held}");
    assert_eq!(held["maxPins"], 2, "{held}");
    assert!(held["waitingBytes"].as_f64().unwrap() > 0.0, "{held}");
    assert_eq!(held["maxStorageBytes"], json!((10u64 << 30) as f64));
    assert_eq!(held["maxWaitingBytes"], json!((256u64 << 20) as f64));

    // Nothing was lost: with room made, the same upload is pinned.
    app.graphql(
        "mutation($p: ID!) { deletePin(id: $p) { user { username } } }",
        json!({ "p": first }),
    )
    .await;
    let pinned = add_pin(&app, &temp, &board).await;
    assert!(pinned["errors"].is_null(), "{pinned}");
    let held = holdings(&app).await;
    assert_eq!(
        (held["pins"].clone(), held["waitingBytes"].clone()),
        (json!(2), json!(0.0))
    );
    healthy(&app).await;
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_storage_quota_a_pin_is_refused() {
    let app = TestApp::start_with(|config| config.quotas.max_storage_bytes_per_user = 2048).await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Mine", false).await;
    let (status, temp) = upload(&app, &app.client, jpeg(300, 200, 0), "big.jpg").await;
    assert_eq!(status, 200, "{temp}");
    let refused = add_pin(&app, temp["tempFileName"].as_str().unwrap(), &board).await;
    assert_eq!(error_code(&refused), Some("VALIDATION_ERROR"), "{refused}");
    let message = refused["errors"][0]["message"].as_str().unwrap();
    assert!(
        message.contains("reached your limit of 2 KiB. Delete some pins"),
        "{message}"
    );
    assert_eq!(holdings(&app).await["pins"], 0);
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn uploads_waiting_to_be_pinned_are_bounded_per_account() {
    let picture = jpeg(300, 200, 0);
    let limit = picture.len() as u64 * 3 / 2;
    let app = TestApp::start_with(|config| config.quotas.max_temp_bytes_per_user = limit).await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Mine", false).await;
    let (status, first) = upload(&app, &app.client, picture.clone(), "a.jpg").await;
    assert_eq!(status, 200, "{first}");
    let (status, refused) = upload(&app, &app.client, jpeg(300, 200, 1), "b.jpg").await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["code"], "VALIDATION_ERROR");
    let message = refused["message"].as_str().unwrap();
    assert!(
        message.starts_with("Your pictures waiting to be pinned have reached your limit"),
        "{message}"
    );
    assert_eq!(
        files_in(&app.data_dir.path().join("tmp")),
        1,
        "the refused file is gone"
    );
    // Pinning the first makes room.
    let pinned = add_pin(&app, first["tempFileName"].as_str().unwrap(), &board).await;
    assert!(pinned["errors"].is_null(), "{pinned}");
    let (status, again) = upload(&app, &app.client, jpeg(300, 200, 1), "b.jpg").await;
    assert_eq!(status, 200, "{again}");
    app.stop().await;
}

fn files_in(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |entries| entries.count())
}

/// Sets a file's modification time `age` into the past.
fn age(path: &std::path::Path, age: Duration) {
    let file = std::fs::File::options().write(true).open(path).unwrap();
    file.set_modified(std::time::SystemTime::now() - age)
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sweep_removes_uploads_not_pinned_within_their_lifetime_and_stray_spools() {
    let app = TestApp::start_with(|config| config.quotas.temp_file_lifetime_seconds = 1).await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Mine", false).await;
    let (status, temp) = upload(&app, &app.client, png(60, 40, 1), "a.png").await;
    assert_eq!(status, 200, "{temp}");
    let data = app.data_dir.path();
    // Left by a crash: a file in tmp/ without a record, and a spooled import with a name.
    let stray = data.join("tmp/stray.png");
    let spool = data.join("imports/2-7.zip.partial");
    std::fs::create_dir_all(spool.parent().unwrap()).unwrap();
    for path in [&stray, &spool] {
        std::fs::write(path, b"bytes").unwrap();
        age(path, Duration::from_secs(10));
    }
    let started = Instant::now();
    while files_in(&data.join("tmp")) + files_in(&data.join("imports")) > 0 {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "tmp/ and imports/ still hold files after 10 s"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    println!(
        "MEASURE sweep: a 1 s old upload removed after {:?}",
        started.elapsed()
    );
    let late = add_pin(&app, temp["tempFileName"].as_str().unwrap(), &board).await;
    assert_eq!(error_code(&late), Some("NOT_FOUND_ERROR"), "{late}");
    assert_eq!(holdings(&app).await["waitingBytes"], 0.0);
    healthy(&app).await;
    app.stop().await;
}

/// Polls `/healthz` until stopped; answers the slowest answer and how many failed.
fn watch_health(base_url: String) -> (Arc<AtomicBool>, tokio::task::JoinHandle<(Duration, usize)>) {
    let stop = Arc::new(AtomicBool::new(false));
    let stopped = stop.clone();
    let watch = tokio::spawn(async move {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(5))
            .build()
            .unwrap();
        let (mut slowest, mut failed) = (Duration::ZERO, 0);
        while !stopped.load(Ordering::Relaxed) {
            let asked = Instant::now();
            let answer = client.get(format!("{base_url}/healthz")).send().await;
            slowest = slowest.max(asked.elapsed());
            failed += usize::from(!answer.is_ok_and(|a| a.status() == 200));
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        (slowest, failed)
    });
    (stop, watch)
}

async fn health_after(
    watch: (Arc<AtomicBool>, tokio::task::JoinHandle<(Duration, usize)>),
) -> (Duration, usize) {
    watch.0.store(true, Ordering::Relaxed);
    watch.1.await.unwrap()
}

/// An export archive of `count` pins that all show one picture, as another instance would make
/// it: the audit's "686 KB zip that made 100,000 pins", scaled down.
async fn bomb_archive(app: &TestApp, count: usize) -> Vec<u8> {
    let board = add_board(app, &app.client, "Bomb", false).await;
    create_pin(app, &app.client, png(64, 48, 1), &[&board], "one").await;
    let export = app.client.get(app.url("/api/export")).send().await.unwrap();
    let export = export.bytes().await.unwrap().to_vec();
    let mut zip = zip::ZipArchive::new(Cursor::new(export)).unwrap();
    let mut manifest: Value =
        serde_json::from_reader(zip.by_name("manifest.json").unwrap()).unwrap();
    let pin = manifest["pins"][0].clone();
    let path = pin["picture"]["original"].as_str().unwrap().to_owned();
    let mut original = Vec::new();
    zip.by_name(&path)
        .unwrap()
        .read_to_end(&mut original)
        .unwrap();
    manifest["instance"] = json!("another-instance");
    manifest["folders"] = json!([]);
    manifest["boards"] = json!([]);
    manifest["pins"] = (0..count)
        .map(|i| {
            let mut copy = pin.clone();
            copy["id"] = json!(1_000_000 + i);
            copy["caption"] = json!(format!("copy {i}"));
            copy
        })
        .collect();
    let mut out = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    out.start_file(path.as_str(), options).unwrap();
    out.write_all(&original).unwrap();
    out.start_file("manifest.json", options).unwrap();
    out.write_all(manifest.to_string().as_bytes()).unwrap();
    out.finish().unwrap().into_inner()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_archive_of_one_picture_pinned_2000_times_stops_at_the_pin_quota() {
    const PINS: usize = 2_000;
    const QUOTA: usize = 200;
    let server = ServerProcess::start_with(&server_binary(), |command| {
        command.env("CORKBOARD_QUOTAS__MAX_PINS_PER_USER", QUOTA.to_string());
    });
    let app = &server.app;
    app.sign_up("ada").await;
    let archive = bomb_archive(app, PINS).await;
    let eve = app.client_signed_in_new("eve").await;
    server.reset_peak();
    let before_mib = server.rss_mib();
    let health = watch_health(app.base_url.clone());
    let started = Instant::now();
    let (status, report) =
        common::post_archive(&app.base_url, &eve, archive.clone(), &app.base_url).await;
    let took = started.elapsed();
    let (slowest, failed) = health_after(health).await;
    let peak = server.peak_rss_mib() - before_mib;
    println!(
        "MEASURE import bomb: a {} KB zip of {PINS} pins (quota {QUOTA}): status {status}, \
         {} pins made, {} over the quota, in {took:?}; peak +{peak:.0} MiB; /healthz slowest \
         {slowest:?}, {failed} failed",
        archive.len() / 1000,
        report["created"]["pins"],
        report["overQuota"],
    );
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["created"]["pins"], QUOTA, "{report}");
    assert_eq!(report["overQuota"], PINS - QUOTA, "{report}");
    let note = report["notes"].to_string();
    assert!(
        note.contains("1,800 pins were not added: You have reached your limit of 200 pins."),
        "{note}"
    );
    assert_eq!(failed, 0, "/healthz failed during the import");
    assert!(
        slowest < Duration::from_secs(1),
        "/healthz took {slowest:?}"
    );
    assert!(took < Duration::from_secs(15), "the import took {took:?}");
}

/// The bytes of the unlinked export files the server holds open.
fn held_export_bytes(pid: u32) -> u64 {
    let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        return 0;
    };
    fds.flatten()
        .filter(|fd| {
            std::fs::read_link(fd.path()).is_ok_and(|target| {
                let target = target.to_string_lossy();
                target.contains("/exports/") && target.ends_with("(deleted)")
            })
        })
        .filter_map(|fd| std::fs::metadata(fd.path()).ok())
        .map(|metadata| metadata.len())
        .sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_unread_exports_by_one_account_hold_one_file_dropped_when_unread() {
    let server = ServerProcess::start_with(&server_binary(), |command| {
        command.env("CORKBOARD_QUOTAS__UNREAD_EXPORT_SECONDS", "2");
    });
    let app = &server.app;
    app.sign_up("ada").await;
    let board = add_board(app, &app.client, "Noise", false).await;
    for seed in 0..4 {
        create_pin(
            app,
            &app.client,
            seeded_noise_png(1100, 1000, seed),
            &[&board],
            "noise",
        )
        .await;
    }
    let health = watch_health(app.base_url.clone());
    let asked = (0..10).map(|_| app.client.get(app.url("/api/export")).send());
    let answers: Vec<reqwest::Response> = futures_util::future::join_all(asked)
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let held = held_export_bytes(server.pid());
    let statuses: Vec<u16> = answers.iter().map(|a| a.status().as_u16()).collect();
    let started = statuses.iter().filter(|s| **s == 200).count();
    println!(
        "MEASURE unread exports: 10 asked at once, {started} started, statuses {statuses:?}; \
         {:.1} MB of unlinked export files held",
        held as f64 / 1e6
    );
    assert_eq!(started, 1, "{statuses:?}");
    let refused = answers.into_iter().find(|a| a.status() == 429).unwrap();
    let refusal: Value = refused.json().await.unwrap();
    assert_eq!(
        refusal["message"],
        "An export of yours is already running; wait until it finishes."
    );
    assert!(held > 5_000_000 && held < 20_000_000, "{held} bytes held");

    // Unread for longer than 2 s, the export is dropped with its file.
    let waited = Instant::now();
    while held_export_bytes(server.pid()) > 0 {
        assert!(
            waited.elapsed() < Duration::from_secs(10),
            "an unread export is still held"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    println!(
        "MEASURE unread exports: the held file went after {:?} more",
        waited.elapsed()
    );
    // Then the account exports again, whole.
    let export = app.client.get(app.url("/api/export")).send().await.unwrap();
    assert_eq!(export.status(), 200);
    let length = export.content_length().unwrap();
    let bytes = export.bytes().await.unwrap();
    assert_eq!(bytes.len() as u64, length);
    assert!(zip::ZipArchive::new(Cursor::new(bytes)).is_ok());
    let (slowest, failed) = health_after(health).await;
    assert_eq!(failed, 0);
    assert!(
        slowest < Duration::from_secs(1),
        "/healthz took {slowest:?}"
    );
}

/// Signs up `username` with a client that keeps no cookies; answers the session cookie.
async fn session_of(app: &TestApp, username: &str) -> String {
    let answer = reqwest::Client::new()
        .post(app.url("/api/graphql"))
        .header("Origin", &app.base_url)
        .json(&json!({
            "query": "mutation($e: String!, $u: String!) { addUser(email: $e, password: \"password-1\", username: $u) { id } }",
            "variables": { "e": format!("{username}@example.org"), "u": username },
        }))
        .send()
        .await
        .unwrap();
    let cookie = answer.headers()["set-cookie"].to_str().unwrap();
    cookie.split(';').next().unwrap().to_owned()
}

/// Starts an import whose archive arrives slowly: the headers and 256 KiB of a 100 MB body.
async fn slow_import(app: &TestApp, cookie: &str) -> TcpStream {
    let host = app.base_url.trim_start_matches("http://");
    let mut stream = TcpStream::connect(host).await.unwrap();
    let head = format!(
        "POST /api/import HTTP/1.1\r\nHost: {host}\r\nOrigin: {}\r\nCookie: {cookie}\r\n\
         Content-Type: multipart/form-data; boundary=XYZ\r\nContent-Length: 100000000\r\n\r\n\
         --XYZ\r\nContent-Disposition: form-data; name=\"archive\"; filename=\"a.zip\"\r\n\
         Content-Type: application/zip\r\n\r\n",
        app.base_url
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(&vec![0; 256 * 1024]).await.unwrap();
    stream
}

/// What the server answered on `stream` within `wait`, if anything.
async fn answer_within(stream: &mut TcpStream, wait: Duration) -> Option<String> {
    let mut read = vec![0; 4096];
    match tokio::time::timeout(wait, stream.read(&mut read)).await {
        Ok(Ok(count)) if count > 0 => Some(String::from_utf8_lossy(&read[..count]).into_owned()),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_import_at_a_time_per_account_and_two_on_the_server() {
    let server = ServerProcess::start(&server_binary());
    let app = &server.app;
    let ada = session_of(app, "ada").await;
    let bob = session_of(app, "bob").await;
    let cat = session_of(app, "cat").await;
    let health = watch_health(app.base_url.clone());
    let wait = Duration::from_millis(1500);
    let mut first = slow_import(app, &ada).await;
    assert!(
        answer_within(&mut first, wait).await.is_none(),
        "the first is spooling"
    );
    let mut second = slow_import(app, &ada).await;
    let second = answer_within(&mut second, wait).await;
    let mut bobs = slow_import(app, &bob).await;
    let bobs_answer = answer_within(&mut bobs, wait).await;
    let mut cats = slow_import(app, &cat).await;
    let cats = answer_within(&mut cats, wait).await;
    let spooling = 1 + [&second, &bobs_answer, &cats]
        .iter()
        .filter(|a| a.is_none())
        .count();
    println!("MEASURE imports: 4 slow imports by 3 accounts, {spooling} spooling at once");
    let second = second.expect("a second import of ada's is refused at once");
    assert!(second.starts_with("HTTP/1.1 429"), "{second}");
    assert!(
        second.contains("An import of yours is already running; wait until it finishes."),
        "{second}"
    );
    assert!(bobs_answer.is_none(), "bob's import runs beside ada's");
    let cats = cats.expect("a third import on the server is refused");
    assert!(cats.starts_with("HTTP/1.1 429"), "{cats}");
    assert!(cats.contains("busy with other imports"), "{cats}");

    // Ada goes away: her slot is free again (her next archive is no zip: 400, not 429).
    drop(first);
    let client = new_client();
    let started = Instant::now();
    loop {
        let part = reqwest::multipart::Part::bytes(b"not a zip".to_vec()).file_name("a.zip");
        let status = client
            .post(app.url("/api/import"))
            .header("Origin", &app.base_url)
            .header("Cookie", &ada)
            .multipart(reqwest::multipart::Form::new().part("archive", part))
            .send()
            .await
            .unwrap()
            .status();
        if status == 400 {
            break;
        }
        assert_eq!(status, 429);
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "ada's slot was not freed"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    drop(bobs);
    let (slowest, failed) = health_after(health).await;
    assert_eq!(failed, 0);
    assert!(
        slowest < Duration::from_secs(1),
        "/healthz took {slowest:?}"
    );
    // The admin query is no import: a quick check that graphql still answers.
    let answer = graphql_with(&client, &app.base_url, "{ me { username } }", json!({})).await;
    assert!(answer["errors"].is_null(), "{answer}");
}
