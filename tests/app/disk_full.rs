//! A full disk: uploads and writes fail with a clear message, reads keep answering, nothing
//! half-written stays, and writes work again once there is room. The data folder is on a 32 MB
//! tmpfs; mounting one needs root, so elsewhere the test is skipped with a message.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::pictures::{jpeg, png};
use common::pins::{add_board, upload};
use common::{TestApp, error_code};
use corkboard_domain::ids::PinId;
use serde_json::{Value, json};

const OUT_OF_SPACE: &str = "The server is out of disk space";

/// A small tmpfs, unmounted when dropped.
struct Tmpfs {
    dir: tempfile::TempDir,
}

impl Tmpfs {
    fn mount(size: &str) -> Option<Tmpfs> {
        let dir = tempfile::tempdir().ok()?;
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        mounted.then_some(Tmpfs { dir })
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount")
            .arg("-l")
            .arg(self.dir.path())
            .status();
    }
}

/// Fills the file system of `path` to the last byte; returns the filler file.
fn fill(path: &Path) -> PathBuf {
    let filler = path.join("filler");
    let mut file = std::fs::File::create(&filler).unwrap();
    for chunk in [1 << 20, 1 << 12, 1 << 9, 1] {
        let block = vec![0u8; chunk];
        while file.write_all(&block).is_ok() {}
    }
    let _ = file.sync_all();
    filler
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        if entry.path().is_dir() {
            found.extend(files_in(&entry.path()));
        } else {
            found.push(entry.path());
        }
    }
    found
}

/// The message of a refused GraphQL answer, or of a REST error.
fn message(answer: &Value) -> &str {
    answer["errors"][0]["message"]
        .as_str()
        .or_else(|| answer["message"].as_str())
        .unwrap_or_default()
}

const ADD_PIN: &str = "mutation($t: String!, $c: String!, $b: [ID!]) { addPin(tempFileName: $t, caption: $c, boards: $b) { id sha1 original preview(minWidth: 100) } }";
const READS: &str = "query($w: String!) { me { username boards(first: 50) { totalCount } } pins(first: 50) { totalCount edges { node { id caption } } } found: pins(first: 50, search: $w) { totalCount } }";

#[tokio::test]
async fn on_a_full_disk_writes_fail_clearly_reads_answer_and_writes_work_again_once_freed() {
    let Some(tmpfs) = Tmpfs::mount("32m") else {
        eprintln!(
            "skipped: cannot mount a tmpfs here (it needs root), so the full disk is not tested"
        );
        return;
    };
    let data_dir = tmpfs.path().join("data");
    let app = TestApp::start_with(|config| config.data_dir = data_dir.clone()).await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Holidays", false).await;
    let (_, first) = upload(&app, &app.client, jpeg(640, 480, 1), "first.jpg").await;
    let pinned = app
        .graphql(
            ADD_PIN,
            json!({ "t": first["tempFileName"], "c": "beachside", "b": [board] }),
        )
        .await;
    assert!(pinned["errors"].is_null(), "{pinned}");
    let pin = pinned["data"]["addPin"].clone();
    // Uploaded before the disk fills, pinned after.
    let (_, waiting) = upload(&app, &app.client, png(800, 600, 2), "second.png").await;
    let waiting_sha1 = {
        use sha1::{Digest, Sha1};
        let digest = Sha1::digest(png(800, 600, 2));
        digest
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    };

    let filler = fill(tmpfs.path());

    // An upload is refused with the clear message and a 507.
    let (status, refused) = upload(&app, &app.client, png(700, 500, 3), "third.png").await;
    assert_eq!(status, 507, "{refused}");
    assert!(message(&refused).starts_with(OUT_OF_SPACE), "{refused}");

    // Pinning the waiting upload fails the same way, and leaves none of its files.
    let answer = app
        .graphql(
            ADD_PIN,
            json!({ "t": waiting["tempFileName"], "c": "mountains", "b": [board] }),
        )
        .await;
    assert_eq!(error_code(&answer), Some("INTERNAL_ERROR"), "{answer}");
    assert!(message(&answer).starts_with(OUT_OF_SPACE), "{answer}");
    let half_written: Vec<_> = files_in(&data_dir)
        .into_iter()
        .filter(|path| {
            let name = path.to_string_lossy();
            name.contains(&waiting_sha1) || name.contains(".tmp-")
        })
        .collect();
    assert!(half_written.is_empty(), "{half_written:?}");

    // Database writes go on until the database file cannot grow: then the same message.
    let caption = "words ".repeat(800);
    let mut added = Vec::new();
    let mut refusal = None;
    for n in 0..400 {
        let answer = app
            .graphql(
                "mutation($t: String!, $c: String) { addBoard(title: $t, caption: $c, secret: false) { id } }",
                json!({ "t": format!("Board {n}"), "c": caption }),
            )
            .await;
        match answer["data"]["addBoard"]["id"].as_str() {
            Some(id) => added.push(id.to_owned()),
            None => {
                refusal = Some(answer);
                break;
            }
        }
    }
    let refusal = refusal.expect("the database cannot grow for ever on a full disk");
    assert_eq!(error_code(&refusal), Some("INTERNAL_ERROR"), "{refusal}");
    assert!(message(&refusal).starts_with(OUT_OF_SPACE), "{refusal}");

    // Reads keep answering: lists, search, the pin's pictures.
    for _ in 0..3 {
        let reads = app.graphql(READS, json!({ "w": "beachside" })).await;
        assert!(reads["errors"].is_null(), "{reads}");
        assert_eq!(reads["data"]["me"]["username"], "ada");
        assert_eq!(reads["data"]["found"]["totalCount"], 1, "{reads}");
        assert_eq!(
            reads["data"]["me"]["boards"]["totalCount"],
            json!(added.len() + 1),
            "{reads}"
        );
        for url in [&pin["original"], &pin["preview"]] {
            let served = app.client.get(app.url(url.as_str().unwrap())).send().await;
            assert_eq!(served.unwrap().status(), 200, "{url}");
        }
    }
    let health = app.client.get(app.url("/healthz")).send().await.unwrap();
    assert_eq!(health.status(), 200);

    // The search index cannot commit either, time after time; its writer must survive that.
    let services = app.server.as_ref().unwrap().services.clone();
    let pin_id = PinId::parse(pin["id"].as_str().unwrap()).unwrap();
    let indexed = tokio::task::spawn_blocking(move || {
        (0..3).any(|_| services.search.update(&services.store, &[pin_id]).is_ok())
    });
    assert!(
        !indexed.await.unwrap(),
        "nothing can be committed on a full disk"
    );

    // Room again: every write works, the waiting upload too.
    std::fs::remove_file(&filler).unwrap();
    let board_again = app
        .graphql(
            "mutation { addBoard(title: \"After\", secret: false) { id } }",
            json!({}),
        )
        .await;
    assert!(board_again["errors"].is_null(), "{board_again}");
    let answer = app
        .graphql(
            ADD_PIN,
            json!({ "t": waiting["tempFileName"], "c": "mountains", "b": [board] }),
        )
        .await;
    assert!(answer["errors"].is_null(), "{answer}");
    let (status, third) = upload(&app, &app.client, png(700, 500, 3), "third.png").await;
    assert_eq!(status, 200, "{third}");
    let renamed = app
        .graphql(
            "mutation($id: ID!) { updatePin(id: $id, caption: \"sunrise\") { id } }",
            json!({ "id": pin["id"] }),
        )
        .await;
    assert!(renamed["errors"].is_null(), "{renamed}");
    for (word, found) in [("mountains", 1), ("sunrise", 1), ("beachside", 0)] {
        let reads = app.graphql(READS, json!({ "w": word })).await;
        assert_eq!(
            reads["data"]["found"]["totalCount"], found,
            "{word}: {reads}"
        );
        assert_eq!(reads["data"]["pins"]["totalCount"], 2, "{reads}");
    }
    for board in &added {
        let answer = app
            .graphql(
                "query($id: ID!) { board(id: $id) { id } }",
                json!({ "id": board }),
            )
            .await;
        assert!(
            answer["errors"].is_null(),
            "an answered board is kept: {answer}"
        );
    }

    // And the folder is consistent.
    let config = (*app.server.as_ref().unwrap().services.config).clone();
    app.stop().await;
    let report = corkboard_core::service::check::check_data_folder(&config).unwrap();
    assert!(report.is_consistent(), "{:?}", report.problems);
}
