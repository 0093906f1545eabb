//! Smoke test of the static release binary that `dist/build` packs, named by
//! `CORKBOARD_STATIC_BINARY` (skipped without it): it is not dynamically linked, and it serves
//! from an empty root (a `chroot` holding nothing but itself and `/tmp`, when run as root): sign up, upload
//! and pin a picture, list pins, then SIGTERM and a clean exit.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::pictures::png;
use common::pins::{add_board, create_pin};
use common::process::ServerProcess;
use serde_json::json;

fn static_binary() -> Option<PathBuf> {
    let binary = std::env::var_os("CORKBOARD_STATIC_BINARY").map(PathBuf::from);
    if binary.is_none() {
        eprintln!("skipped: set CORKBOARD_STATIC_BINARY to the binary dist/build made");
    }
    binary
}

fn is_root() -> bool {
    // SAFETY: geteuid(2) only reads the process's user id.
    unsafe { libc::geteuid() == 0 }
}

/// The server: inside a new folder holding only the binary, the data folder and `/tmp`, as its
/// root, when this runs as root; else the binary as it is.
fn start(binary: &Path) -> ServerProcess {
    if !is_root() {
        eprintln!("not root: the binary runs on this system, not in an empty chroot");
        return ServerProcess::start(binary);
    }
    let root = tempfile::tempdir().unwrap();
    std::fs::copy(binary, root.path().join("corkboard")).unwrap();
    // Uploads are spooled to a temporary file (poem-openapi's `Upload`): $TMPDIR, else /tmp.
    std::fs::create_dir(root.path().join("tmp")).unwrap();
    let mut command = Command::new("chroot");
    command
        .arg(root.path())
        .args(["/corkboard", "serve", "--listen", "127.0.0.1:0"])
        .args(["--data-dir", "/data"])
        .env("RUST_LOG", "info");
    ServerProcess::spawn(command, root)
}

#[test]
fn the_static_binary_links_no_library() {
    let Some(binary) = static_binary() else {
        return;
    };
    let ldd = Command::new("ldd").arg(&binary).output().unwrap();
    let said = String::from_utf8_lossy(&ldd.stdout) + String::from_utf8_lossy(&ldd.stderr);
    // "statically linked" for a static PIE (as built), "not a dynamic executable" without PIE.
    let static_words = ["statically linked", "not a dynamic executable"];
    assert!(static_words.iter().any(|w| said.contains(w)), "ldd: {said}");
}

#[tokio::test]
async fn the_static_binary_serves_pins_and_stops_cleanly() {
    let Some(binary) = static_binary() else {
        return;
    };
    let mut server = start(&binary);
    let app = &server.app;
    let health = app.client.get(app.url("/healthz")).send().await.unwrap();
    assert_eq!(health.status(), 200);
    let home = app.client.get(app.url("/")).send().await.unwrap();
    assert!(home.text().await.unwrap().contains("<div id=\"root\">"));

    app.sign_up("smoke").await;
    let board = add_board(app, &app.client, "Smoke", false).await;
    let picture = png(320, 200, 1);
    let pin = create_pin(
        app,
        &app.client,
        picture,
        &[&board],
        "from the static binary",
    )
    .await;
    let answer = app
        .graphql("{ pins(first: 10) { edges { node { id } } } }", json!({}))
        .await;
    let listed = &answer["data"]["pins"]["edges"];
    assert_eq!(listed[0]["node"]["id"], pin.as_str(), "{answer}");

    let status = server.terminate();
    assert!(status.success(), "{status}; log:\n{}", server.log());
    assert!(server.log().contains("shutting down"), "{}", server.log());
}
