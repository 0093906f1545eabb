//! A folder's covers are the first cover of each of its boards, newest board first, then the
//! second of each: a user's folders page reads the covers of the few boards it needs, as many
//! records for a folder of ten boards as for one of four.

use crate::common;

use common::pictures::png;
use common::pins::{add_board, add_folder, create_pin, duplicate_pin, move_to_folder};
use common::reads::store;
use common::{TestApp, graphql_with};
use serde_json::{Value, json};

const FOLDERS: &str =
    "{ user(username: \"ada\") { folders(first: 50) { edges { node { id boards { totalCount }
    cover1 { id } cover2 { id } cover3 { id } cover4 { id } } } } } }";
/// The same page without the covers.
const FOLDERS_UNCOVERED: &str = "{ user(username: \"ada\") { folders(first: 50) { edges { node { id boards { totalCount } } } } } }";
/// Pins on each board of the folder.
const PINS_A_BOARD: usize = 4;

/// A new board of Ada's in `folder`, holding `PINS_A_BOARD` copies of `original`, newest last.
async fn board_in_folder(app: &TestApp, folder: &str, original: &str, n: usize) -> Vec<String> {
    let board = add_board(app, &app.client, &format!("Board {n}"), false).await;
    move_to_folder(app, &app.client, &board, folder).await;
    let mut pins = Vec::new();
    for copy in 0..PINS_A_BOARD {
        let caption = format!("board {n} copy {copy}");
        pins.push(duplicate_pin(app, &app.client, original, &caption, &board).await);
    }
    pins
}

/// The records read to answer `query`, and its answer.
async fn records_of(app: &TestApp, query: &str) -> (u64, Value) {
    let before = store(app).records_read();
    let answer = graphql_with(&app.client, &app.base_url, query, json!({})).await;
    let records = store(app).records_read() - before;
    assert!(answer["errors"].is_null(), "{answer}");
    (records, answer)
}

/// The folder's covers, and the records its covers cost the page.
async fn folder_page(app: &TestApp) -> (Vec<Value>, u64) {
    let (with_covers, answer) = records_of(app, FOLDERS).await;
    let (without, _) = records_of(app, FOLDERS_UNCOVERED).await;
    let folder = &answer["data"]["user"]["folders"]["edges"][0]["node"];
    let covers = (1..=4).map(|n| folder[format!("cover{n}")]["id"].clone());
    (covers.collect(), with_covers - without)
}

#[tokio::test]
async fn a_folders_page_reads_the_covers_of_the_boards_it_shows_only() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let folder = add_folder(&app, &app.client, "Travel").await;
    let elsewhere = add_board(&app, &app.client, "Elsewhere", false).await;
    let original = create_pin(&app, &app.client, png(40, 30, 5), &[&elsewhere], "o").await;

    // Two boards: the newest pin of the newer board, of the older, then their second newest.
    let older = board_in_folder(&app, &folder, &original, 0).await;
    let newer = board_in_folder(&app, &folder, &original, 1).await;
    let (covers, _) = folder_page(&app).await;
    let expected = [&newer[3], &older[3], &newer[2], &older[2]];
    assert_eq!(covers, expected.map(|id| json!(id)));

    // Four boards, then ten: the newest pin of each of the four newest boards, for as many
    // records.
    let mut boards = vec![older, newer];
    for n in 2..4 {
        boards.push(board_in_folder(&app, &folder, &original, n).await);
    }
    let (covers, four_boards) = folder_page(&app).await;
    let expected = [&boards[3][3], &boards[2][3], &boards[1][3], &boards[0][3]];
    assert_eq!(covers, expected.map(|id| json!(id)));
    for n in 4..10 {
        boards.push(board_in_folder(&app, &folder, &original, n).await);
    }
    let (covers, ten_boards) = folder_page(&app).await;
    let expected = [&boards[9][3], &boards[8][3], &boards[7][3], &boards[6][3]];
    assert_eq!(covers, expected.map(|id| json!(id)));
    println!(
        "records read for a folder's covers: {four_boards} with four boards, {ten_boards} with ten"
    );
    assert_eq!(
        four_boards, ten_boards,
        "a folder's covers grow with its boards"
    );
    app.stop().await;
}
