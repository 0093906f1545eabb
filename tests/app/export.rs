//! `corkboard export`: the real binary run on a seeded data folder; the archive read back and
//! compared with the database.

use crate::common;

use std::collections::BTreeSet;
use std::io::Read;
use std::path::Path;
use std::process::Command;

use corkboard_domain::ids::BoardId;
use corkboard_store::{self as store, Store};
use serde_json::Value;

fn corkboard(data_dir: &Path, args: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_corkboard"))
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

fn read_zip(path: &Path) -> (Value, zip::ZipArchive<std::fs::File>) {
    let mut archive = zip::ZipArchive::new(std::fs::File::open(path).unwrap()).unwrap();
    let mut text = String::new();
    archive
        .by_name("manifest.json")
        .unwrap()
        .read_to_string(&mut text)
        .unwrap();
    assert!(!text.contains("password"), "no password hash is exported");
    (serde_json::from_str(&text).unwrap(), archive)
}

#[test]
fn an_export_holds_every_record_and_one_original_per_picture() {
    let data = tempfile::tempdir().unwrap();
    let dir = data.path();
    let (ok, printed) = corkboard(
        dir,
        &[
            "seed",
            "--users",
            "4",
            "--boards",
            "12",
            "--pins",
            "60",
            "--pictures",
            "5",
        ],
    );
    assert!(ok, "{printed}");
    let out = dir.join("all.zip");
    let (ok, printed) = corkboard(dir, &["export", "--out", out.to_str().unwrap()]);
    assert!(ok, "{printed}");
    assert!(printed.contains("60 pins"), "{printed}");

    let (manifest, mut archive) = read_zip(&out);
    assert_eq!(manifest["format"], "corkboard-export");
    assert_eq!(manifest["version"], 1);
    assert_eq!(manifest["missing_originals"], Value::Array(vec![]));

    let store = Store::open(&dir.join("corkboard.redb")).unwrap();
    store
        .read(|tx| {
            let users = store::users::all(tx)?;
            assert_eq!(manifest["users"].as_array().unwrap().len(), users.len());
            assert_eq!(
                manifest["pins"].as_array().unwrap().len() as u64,
                store::pins::count(tx)?
            );
            let mut boards = 0;
            let mut folders = 0;
            for user in &users {
                boards += store::boards::of_user(tx, user.id)?.len();
                folders += store::folders::of_user(tx, user.id)?.len();
            }
            assert_eq!(manifest["boards"].as_array().unwrap().len(), boards);
            assert_eq!(manifest["folders"].as_array().unwrap().len(), folders);
            for board in manifest["boards"].as_array().unwrap() {
                let id = BoardId(board["id"].as_u64().unwrap());
                let stored = store::boards::get(tx, id)?.unwrap();
                assert_eq!(board["slug"], stored.slug.as_str());
                assert_eq!(board["cover"].as_u64(), stored.cover.map(|p| p.0));
                let order: Vec<u64> = store::board_pins::on_board(tx, id)?
                    .into_iter()
                    .map(|(_, pin)| pin.0)
                    .collect();
                let exported: Vec<u64> = board["pins"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p["pin"].as_u64().unwrap())
                    .collect();
                assert_eq!(exported, order, "the board's pin order");
            }
            for pin in manifest["pins"].as_array().unwrap() {
                let stored = store::pins::get(
                    tx,
                    corkboard_domain::ids::PinId(pin["id"].as_u64().unwrap()),
                )?
                .unwrap();
                assert_eq!(pin["caption"], stored.caption.as_str());
                assert_eq!(pin["picture"]["sha1"], stored.picture.sha1.as_str());
                assert_eq!(pin["tags"], serde_json::json!(stored.tags));
            }
            Ok(())
        })
        .unwrap();

    let sha1s: BTreeSet<String> = manifest["pins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["picture"]["original"].as_str().unwrap().to_owned())
        .collect();
    let originals: BTreeSet<String> = archive
        .file_names()
        .filter(|name| name.starts_with("originals/"))
        .map(str::to_owned)
        .collect();
    assert_eq!(originals, sha1s, "one original per picture");
    for name in &originals {
        let mut bytes = Vec::new();
        archive
            .by_name(name)
            .unwrap()
            .read_to_end(&mut bytes)
            .unwrap();
        let sha1 = name
            .trim_start_matches("originals/")
            .split('.')
            .next()
            .unwrap();
        let ext = name.rsplit('.').next().unwrap();
        let on_disk = std::fs::read(
            dir.join("originals")
                .join(&sha1[..2])
                .join(&sha1[2..4])
                .join(format!("{sha1}.{ext}")),
        )
        .unwrap();
        assert_eq!(bytes, on_disk);
    }
    drop(store);

    // One user's export holds only that user and their records.
    let first = manifest["users"][0]["username"]
        .as_str()
        .unwrap()
        .to_owned();
    let mine = dir.join("mine.zip");
    let (ok, printed) = corkboard(
        dir,
        &["export", "--out", mine.to_str().unwrap(), "--user", &first],
    );
    assert!(ok, "{printed}");
    let (own, _) = read_zip(&mine);
    assert_eq!(own["user"], first.as_str());
    assert_eq!(own["users"].as_array().unwrap().len(), 1);
    let expected = manifest["pins"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["owner"] == first.as_str())
        .count();
    assert_eq!(own["pins"].as_array().unwrap().len(), expected);
    assert!(
        own["boards"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["owner"] == first.as_str())
    );

    let (ok, printed) = corkboard(
        dir,
        &[
            "export",
            "--out",
            "/dev/null/x.zip",
            "--user",
            "nobody-here",
        ],
    );
    assert!(!ok && printed.contains("no user nobody-here"), "{printed}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_server_keeps_its_database_to_itself() {
    let app = common::TestApp::start().await;
    let out = app.data_dir.path().join("x.zip");
    let (ok, printed) = corkboard(
        app.data_dir.path(),
        &["export", "--out", out.to_str().unwrap()],
    );
    assert!(!ok, "{printed}");
    assert!(printed.contains("stop the server first"), "{printed}");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_in_user_downloads_their_own_archive() {
    use common::pins::{add_board, create_pin};
    let app = common::TestApp::start().await;
    let ada = app.client_signed_in_new("ada").await;
    let board = add_board(&app, &ada, "Birds", false).await;
    let pin = create_pin(
        &app,
        &ada,
        common::pictures::png(40, 30, 1),
        &[&board],
        "A heron",
    )
    .await;
    let bob = app.client_signed_in_new("bob").await;
    let bobs = add_board(&app, &bob, "Cats", false).await;
    create_pin(
        &app,
        &bob,
        common::pictures::png(40, 30, 2),
        &[&bobs],
        "A cat",
    )
    .await;

    let anonymous = common::new_client()
        .get(app.url("/api/export"))
        .send()
        .await
        .unwrap();
    assert!(
        anonymous.status().is_client_error(),
        "{}",
        anonymous.status()
    );

    let response = ada.get(app.url("/api/export")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/zip");
    assert!(
        response.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .contains("corkboard-ada-")
    );
    let bytes = response.bytes().await.unwrap();
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let mut text = String::new();
    archive
        .by_name("manifest.json")
        .unwrap()
        .read_to_string(&mut text)
        .unwrap();
    let manifest: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(manifest["user"], "ada");
    let pins = manifest["pins"].as_array().unwrap();
    assert_eq!(pins.len(), 1, "{manifest}");
    assert_eq!(pins[0]["id"].to_string(), pin);
    assert_eq!(pins[0]["caption"], "A heron");
    assert_eq!(manifest["boards"][0]["pins"][0]["pin"].to_string(), pin);
    let original = pins[0]["picture"]["original"].as_str().unwrap();
    assert!(archive.by_name(original).is_ok());
    assert_eq!(archive.len(), 2, "the manifest and ada's one original");
    let leftovers = std::fs::read_dir(app.data_dir.path().join("exports"))
        .unwrap()
        .count();
    assert_eq!(leftovers, 0, "the temporary file is unlinked");
    app.stop().await;
}
