//! `corkboard backup` and `corkboard restore`, the real binary: a backup taken through the
//! control socket while a workload writes, restored into an empty folder and served again
//! (every mutation answered before the backup is there, every pin's files, the search index
//! rebuilt); a second backup, with the server stopped, linked to the first; scheduled backups.

use crate::common;

use std::collections::BTreeMap;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::pictures::{encoded, picture};
use common::pins::{add_board, create_pin};
use common::process::{ServerProcess, server_binary};
use common::{TestApp, graphql_with};
use serde_json::{Value, json};

/// Runs `corkboard ARGS --data-dir DIR`; its status and what it printed.
fn corkboard(data_dir: &Path, args: &[&str]) -> (bool, String) {
    let output = Command::new(server_binary())
        .args(args)
        .arg("--data-dir")
        .arg(data_dir)
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.success(), printed)
}

async fn corkboard_async(data_dir: &Path, args: &[&str]) -> (bool, String) {
    let data_dir = data_dir.to_owned();
    let args: Vec<String> = args.iter().map(|arg| arg.to_string()).collect();
    tokio::task::spawn_blocking(move || {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        corkboard(&data_dir, &args)
    })
    .await
    .unwrap()
}

/// What the workload was told had happened, in the order the answers came.
#[derive(Debug, Clone, Default)]
struct Answered {
    /// Pin id -> (its board, its caption).
    pins: BTreeMap<String, (String, String)>,
    deleted: Vec<String>,
    boards: Vec<String>,
}

/// Adds boards and pins (each with a picture of its own) and deletes every fourth pin, until
/// `stop`; records each answer once it has it.
async fn workload(
    app: Arc<TestApp>,
    client: reqwest::Client,
    answered: Arc<Mutex<Answered>>,
    stop: Arc<AtomicBool>,
) {
    let mut board = String::new();
    let mut i = 0;
    while !stop.load(Ordering::Relaxed) {
        if i % 3 == 0 {
            board = add_board(&app, &client, &format!("Board {i}"), i % 2 == 0).await;
            answered.lock().unwrap().boards.push(board.clone());
        }
        let caption = format!("marker{i} under load");
        let pin = create_pin(&app, &client, own_picture(i), &[&board], &caption).await;
        answered
            .lock()
            .unwrap()
            .pins
            .insert(pin.clone(), (board.clone(), caption));
        if i % 4 == 3 {
            let deleted = graphql_with(
                &client,
                &app.base_url,
                "mutation($id: ID!) { deletePin(id: $id) { __typename } }",
                json!({ "id": pin }),
            )
            .await;
            assert!(deleted["errors"].is_null(), "{deleted}");
            let mut answered = answered.lock().unwrap();
            answered.pins.remove(&pin);
            answered.deleted.push(pin);
        }
        i += 1;
    }
}

/// A PNG no other `i` gives (so that deleting its pin removes its files).
fn own_picture(i: u32) -> Vec<u8> {
    let mut own = picture(40, 30, i).into_rgb8();
    own.put_pixel(0, 0, image::Rgb([i as u8, (i >> 8) as u8, 7]));
    encoded(&own.into(), image::ImageFormat::Png)
}

fn pin_count(answered: &Mutex<Answered>) -> usize {
    answered.lock().unwrap().pins.len()
}

async fn wait_for_pins(answered: &Mutex<Answered>, count: usize) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while pin_count(answered) < count {
        assert!(Instant::now() < deadline, "the workload is stuck");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn manifest(dir: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap()
}

/// Every file under `dir`, relative to it.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_owned()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else {
                found.push(path.strip_prefix(dir).unwrap().to_owned());
            }
        }
    }
    found
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_under_load_restores_every_answered_mutation() {
    let mut server = ServerProcess::start(&server_binary());
    let data_dir = server.app.data_dir.path().join("data");
    let client = server.app.client_signed_in_new("ada").await;
    let backups = tempfile::tempdir().unwrap();
    let first = backups.path().join("first");

    let app = Arc::new(TestApp {
        server: None,
        base_url: server.app.base_url.clone(),
        data_dir: tempfile::tempdir().unwrap(),
        client: client.clone(),
    });
    let answered = Arc::new(Mutex::new(Answered::default()));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = tokio::spawn(workload(
        app.clone(),
        client.clone(),
        answered.clone(),
        stop.clone(),
    ));
    wait_for_pins(&answered, 12).await;

    let before = answered.lock().unwrap().clone();
    let (ok, printed) =
        corkboard_async(&data_dir, &["backup", "--out", first.to_str().unwrap()]).await;
    assert!(ok, "{printed}");
    assert!(printed.contains("Backed up 1 users"), "{printed}");
    let count = pin_count(&answered);
    wait_for_pins(&answered, count + 3).await;
    stop.store(true, Ordering::Relaxed);
    writer.await.unwrap();

    let made = manifest(&first);
    assert_eq!(made["format"], "corkboard-backup");
    assert!(
        made["pins"].as_u64().unwrap() >= before.pins.len() as u64,
        "{made}"
    );
    assert!(made["files"].as_u64().unwrap() > 0, "{made}");
    assert_eq!(made["files_missing"], 0, "{made}");
    let (ok, printed) = corkboard(&data_dir, &["backup", "--out", first.to_str().unwrap()]);
    assert!(!ok && printed.contains("already exists"), "{printed}");

    // Restoring into a folder in use is refused.
    let (ok, printed) = corkboard(&data_dir, &["restore", first.to_str().unwrap()]);
    assert!(!ok && printed.contains("is not empty"), "{printed}");

    // A second backup, the server stopped: the files the first holds are linked to it.
    server.terminate();
    let second = backups.path().join("second");
    let (ok, printed) = corkboard(&data_dir, &["backup", "--out", second.to_str().unwrap()]);
    assert!(ok, "{printed}");
    let again = manifest(&second);
    assert_eq!(again["previous"], "first", "{again}");
    let first_files = files_under(&first);
    let shared: Vec<_> = files_under(&second)
        .into_iter()
        .filter(|file| first_files.contains(file) && file.starts_with("originals"))
        .collect();
    assert!(!shared.is_empty());
    for file in &shared {
        let inode = |dir: &Path| std::fs::metadata(dir.join(file)).unwrap().ino();
        assert_eq!(inode(&first), inode(&second), "{}", file.display());
    }
    assert!(
        again["files_from_previous"].as_u64().unwrap() >= shared.len() as u64,
        "{again}"
    );

    // Restored into an empty folder and served: every answered mutation is there.
    let restored_home = tempfile::tempdir().unwrap();
    let restored = restored_home.path().join("data");
    let (ok, printed) = corkboard(&restored, &["restore", first.to_str().unwrap()]);
    assert!(ok, "{printed}");
    assert!(!restored.join("index").exists());
    let mut command = Command::new(server_binary());
    command
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(&restored)
        .env("RUST_LOG", "info");
    let mut served = ServerProcess::spawn(command, restored_home);
    let ada = served
        .app
        .client_signed_in("ada@example.org", "password-1")
        .await;
    let base = served.app.base_url.clone();
    for (pin, (board, caption)) in &before.pins {
        let answer = graphql_with(
            &ada,
            &base,
            "query($id: ID!) { pin(id: $id) { caption original } }",
            json!({ "id": pin }),
        )
        .await;
        assert_eq!(
            answer["data"]["pin"]["caption"],
            caption.as_str(),
            "{answer}"
        );
        let original = answer["data"]["pin"]["original"].as_str().unwrap();
        let url = if original.starts_with("http") {
            original.to_owned()
        } else {
            format!("{base}{original}")
        };
        let file = ada.get(url).send().await.unwrap();
        assert_eq!(file.status(), 200, "the original of pin {pin}");
        let on_board = graphql_with(
            &ada,
            &base,
            "query($id: ID!) { board(id: $id) { pins(first: 50) { edges { node { id } } } } }",
            json!({ "id": board }),
        )
        .await;
        let ids: Vec<&str> = on_board["data"]["board"]["pins"]["edges"]
            .as_array()
            .unwrap_or_else(|| panic!("{on_board}"))
            .iter()
            .map(|edge| edge["node"]["id"].as_str().unwrap())
            .collect();
        assert!(
            ids.contains(&pin.as_str()),
            "pin {pin} on board {board}: {on_board}"
        );
    }
    for board in &before.boards {
        let answer = graphql_with(
            &ada,
            &base,
            "query($id: ID!) { board(id: $id) { id } }",
            json!({ "id": board }),
        )
        .await;
        assert_eq!(answer["data"]["board"]["id"], board.as_str(), "{answer}");
    }
    for pin in &before.deleted {
        let answer = graphql_with(
            &ada,
            &base,
            "query($id: ID!) { pin(id: $id) { id } }",
            json!({ "id": pin }),
        )
        .await;
        assert!(
            answer["data"]["pin"].is_null(),
            "deleted pin {pin}: {answer}"
        );
    }

    // The server rebuilt the search index, which the backup does not hold.
    let (word, _) = before
        .pins
        .values()
        .next()
        .unwrap()
        .1
        .split_once(' ')
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let found = graphql_with(
            &ada,
            &base,
            "query($q: String) { pins(search: $q) { totalCount } }",
            json!({ "q": word }),
        )
        .await;
        if found["data"]["pins"]["totalCount"] == 1 {
            break;
        }
        assert!(Instant::now() < deadline, "search finds nothing: {found}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // The restored folder is consistent: indexes, every pin's files, the search index.
    served.terminate();
    let (ok, printed) = corkboard(&restored, &["check"]);
    assert!(ok && printed.contains("consistent"), "{printed}");
}

#[test]
fn scheduled_backups_are_made_and_the_oldest_removed() {
    let backups = tempfile::tempdir().unwrap();
    let mut server = ServerProcess::start_with(&server_binary(), |command| {
        command
            .env("CORKBOARD_BACKUP__EVERY", "1s")
            .env("CORKBOARD_BACKUP__KEEP", "2")
            .env("CORKBOARD_BACKUP__DIR", backups.path());
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    while server.log().matches("scheduled backup made").count() < 4 {
        assert!(Instant::now() < deadline, "{}", server.log());
        std::thread::sleep(Duration::from_millis(100));
    }
    server.terminate();
    let kept: Vec<PathBuf> = std::fs::read_dir(backups.path())
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.join("manifest.json").is_file())
        .collect();
    assert_eq!(kept.len(), 2, "{kept:?}");
    for backup in &kept {
        assert!(backup.join("corkboard.redb").is_file());
        assert_eq!(manifest(backup)["format"], "corkboard-backup");
    }
}

#[test]
fn the_backup_period_is_read_as_people_write_it() {
    use corkboard_domain::config::{Config, FlagOverrides};
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("config.toml");
    std::fs::write(&file, "[backup]\nevery = \"1h 30m\"\nkeep = 3\n").unwrap();
    let config = Config::load(Some(&file), [], FlagOverrides::default()).unwrap();
    assert_eq!(config.backup.every, Some(Duration::from_secs(5400)));
    assert_eq!(config.backup.keep, 3);
    assert_eq!(config.backups_dir(), Path::new("./data-backups"));
    std::fs::write(&file, "[backup]\nevery = \"soon\"\n").unwrap();
    let error = Config::load(Some(&file), [], FlagOverrides::default()).unwrap_err();
    assert!(
        error.to_string().contains("\"soon\" is not a duration"),
        "{error}"
    );
}
