//! `corkboard import-dir`: the real binary imports a folder of pictures for an account, its
//! sub-folders as boards, with a progress bar: by itself with the server stopped, then through
//! the control socket of a running server, where everything is already pinned.

use crate::common;

use common::pictures::png;
use common::process::run_command;
use common::{TestApp, graphql_with, new_client};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_folder_of_pictures_becomes_boards_with_the_server_stopped_then_running() {
    let pictures = tempfile::tempdir().unwrap();
    let root = pictures.path();
    std::fs::create_dir_all(root.join("Trips/2024")).unwrap();
    std::fs::write(root.join("beach.png"), png(300, 200, 1)).unwrap();
    std::fs::write(root.join("garden.PNG"), png(240, 240, 2)).unwrap();
    // Copies side by side are imported at the same time, and still pinned once.
    for copy in ["beach copy.png", "beach copy 2.png", "beach copy 3.png"] {
        std::fs::write(root.join(copy), png(300, 200, 1)).unwrap();
    }
    std::fs::write(root.join("notes.txt"), "not a picture").unwrap();
    std::fs::write(root.join("Trips/2024/harbour.png"), png(260, 180, 3)).unwrap();
    let folder = root.to_str().unwrap().to_owned();

    let data = tempfile::tempdir().unwrap();
    let (ok, printed) = run_command(
        data.path(),
        &["admin", "create-user", "ada", "ada@example.org"],
        "password-ada\n",
    );
    assert!(ok, "{printed}");
    let import = ["import-dir", &folder, "--user", "ada", "--board", "Home"];
    let (ok, printed) = run_command(data.path(), &import, "");
    assert!(ok, "{printed}");
    assert!(
        printed.contains("6 pictures: 3 pinned, 3 already pinned, 0 failed"),
        "{printed}"
    );
    assert!(
        printed.contains("[##############################]     6/6"),
        "{printed}"
    );

    let app = TestApp::start_with(|config| config.data_dir = data.path().to_owned()).await;
    let ada = new_client();
    graphql_with(
        &ada,
        &app.base_url,
        "mutation { login(email: \"ada@example.org\", password: \"password-ada\") { id } }",
        json!({}),
    )
    .await;
    let boards = graphql_with(
        &ada,
        &app.base_url,
        "{ me { boards(first: 10) { edges { node { title pins(first: 10) { totalCount edges { node { title exifDate } } } } } } } }",
        json!({}),
    )
    .await;
    let mut found: Vec<(String, u64)> = boards["data"]["me"]["boards"]["edges"]
        .as_array()
        .unwrap_or_else(|| panic!("{boards}"))
        .iter()
        .map(|edge| {
            let board = &edge["node"];
            (
                board["title"].as_str().unwrap().to_owned(),
                board["pins"]["totalCount"].as_u64().unwrap(),
            )
        })
        .collect();
    found.sort();
    assert_eq!(
        found,
        [("Home".to_owned(), 2), ("Trips / 2024".to_owned(), 1)]
    );

    // Through the running server: everything is pinned already.
    let data_dir = data.path().to_owned();
    let args: Vec<String> = import.iter().map(|arg| (*arg).to_owned()).collect();
    let (ok, printed) = tokio::task::spawn_blocking(move || {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        run_command(&data_dir, &args, "")
    })
    .await
    .unwrap();
    assert!(ok, "{printed}");
    assert!(
        printed.contains("6 pictures: 0 pinned, 6 already pinned, 0 failed"),
        "{printed}"
    );
    let (ok, printed) = run_command(
        data.path(),
        &["import-dir", &folder, "--user", "nobody", "--board", "Home"],
        "",
    );
    assert!(
        !ok && printed.contains("There is no account named nobody."),
        "{printed}"
    );
    app.stop().await;
}
