//! A user's folders are read a page at a time from their list: a first page reads as many
//! records with 80 folders as with 20, for a visitor, a friend and the owner, and every page
//! still shows the folders each may see (those with a board for them; all for the owner), newest
//! first, with the right total, all of them or only the public or private ones, as boards and
//! folders change. A folder's count of boards reads no board.

use crate::common;

use common::TestApp;
use common::pins::{
    add_board, add_folder, move_to_folder, set_board_secret, set_folder_secret, share_board,
    walk_list,
};
use common::reads::{
    Viewer, assert_consistent, first_page_records, mutate, records_read, visitor_bob_and_ada,
};
use serde_json::json;

const FOLDERS: &str = "query($after: String) { user(username: \"ada\") { folders(first: 3, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { id name } } } } }";
const PUBLIC_FOLDERS: &str = "query($after: String) { user(username: \"ada\") { folders(first: 3, after: $after, secret: false) { totalCount pageInfo { hasNextPage endCursor } edges { node { id name } } } } }";
const PRIVATE_FOLDERS: &str = "query($after: String) { user(username: \"ada\") { folders(first: 3, after: $after, secret: true) { totalCount pageInfo { hasNextPage endCursor } edges { node { id name } } } } }";

/// Who may see Ada's folders, from what each holds.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    /// A public folder with a public board: everyone.
    PublicBoard,
    /// A public folder with a private board shared with Bob: Bob.
    SharedBoard,
    /// A public folder with a private board: Ada alone.
    SecretBoard,
    /// A private folder with a public board: Ada alone.
    SecretFolder,
    /// A public folder without boards: Ada alone.
    Empty,
}

struct Folder {
    id: String,
    kind: Kind,
    /// Its board, if any.
    board: Option<String>,
}

/// Folders `from..to` of Ada's, of each kind in turn.
async fn add_folders(app: &TestApp, from: usize, to: usize) -> Vec<Folder> {
    use Kind::*;
    let mut folders = Vec::new();
    for n in from..to {
        let kind = [PublicBoard, SharedBoard, SecretBoard, SecretFolder, Empty][n % 5];
        let id = add_folder(app, &app.client, &format!("Folder {n}")).await;
        if kind == SecretFolder {
            set_folder_secret(app, &app.client, &id, true).await;
        }
        let board = if kind == Empty {
            None
        } else {
            let secret = matches!(kind, SharedBoard | SecretBoard);
            let board = add_board(app, &app.client, &format!("Board {n}"), secret).await;
            move_to_folder(app, &app.client, &board, &id).await;
            if kind == SharedBoard {
                share_board(app, &app.client, &board, "bob").await;
            }
            Some(board)
        };
        folders.push(Folder { id, kind, board });
    }
    folders
}

/// Each viewer's pages of Ada's folders show what they may see, newest first: all of them, the
/// public ones, the private ones.
async fn assert_lists(app: &TestApp, viewers: &[Viewer<Kind>], folders: &[Folder]) {
    let private = |kind: Kind| kind == Kind::SecretFolder;
    for viewer in viewers {
        for (query, shown) in [
            (FOLDERS, None),
            (PUBLIC_FOLDERS, Some(false)),
            (PRIVATE_FOLDERS, Some(true)),
        ] {
            let mut expected: Vec<u64> = folders
                .iter()
                .filter(|f| (viewer.sees)(f.kind) && shown.is_none_or(|s| s == private(f.kind)))
                .map(|folder| folder.id.parse().unwrap())
                .collect();
            expected.sort_unstable_by(|a, b| b.cmp(a));
            let (ids, total) =
                walk_list(app, &viewer.client, query, |data| &data["user"]["folders"]).await;
            assert_eq!(ids, expected, "{} (secret: {shown:?})", viewer.name);
            assert_eq!(total, expected.len() as u64, "{}", viewer.name);
        }
    }
}

#[tokio::test]
async fn folder_lists_read_their_page_whatever_the_number_of_folders() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let viewers = visitor_bob_and_ada(
        &app,
        |kind| kind == Kind::PublicBoard,
        |kind| matches!(kind, Kind::PublicBoard | Kind::SharedBoard),
    )
    .await;

    let mut folders = add_folders(&app, 0, 20).await;
    assert_lists(&app, &viewers, &folders).await;
    let queries = [FOLDERS, PUBLIC_FOLDERS, PRIVATE_FOLDERS];
    let twenty = first_page_records(&app, &viewers, &queries).await;
    folders.extend(add_folders(&app, 20, 80).await);
    assert_lists(&app, &viewers, &folders).await;
    let eighty = first_page_records(&app, &viewers, &queries).await;
    println!("records read by the first pages: {twenty:?} with 20 folders, {eighty:?} with 80");
    assert_eq!(eighty, twenty);
    assert_consistent(&app);

    let first = |folders: &[Folder], kind| folders.iter().position(|f| f.kind == kind).unwrap();
    let last = |folders: &[Folder], kind| folders.iter().rposition(|f| f.kind == kind).unwrap();
    let client = &app.client;
    // A shared board made public: everyone sees its folder.
    let at = first(&folders, Kind::SharedBoard);
    set_board_secret(&app, client, folders[at].board.as_ref().unwrap(), false).await;
    folders[at].kind = Kind::PublicBoard;
    // A board of everyone's made private and shared with Bob: only Bob (and Ada) see its folder.
    let at = first(&folders, Kind::PublicBoard);
    let board = folders[at].board.clone().unwrap();
    set_board_secret(&app, client, &board, true).await;
    share_board(&app, client, &board, "bob").await;
    folders[at].kind = Kind::SharedBoard;
    // A private folder made public, another folder made private, a folder's only board taken
    // out, a folder deleted.
    let at = first(&folders, Kind::SecretFolder);
    set_folder_secret(&app, client, &folders[at].id, false).await;
    folders[at].kind = Kind::PublicBoard;
    let at = last(&folders, Kind::PublicBoard);
    set_folder_secret(&app, client, &folders[at].id, true).await;
    folders[at].kind = Kind::SecretFolder;
    let at = last(&folders, Kind::SharedBoard);
    let out = "mutation($b: ID!) { updateBoard(id: $b, folder: null) { id } }";
    mutate(&app, out, json!({ "b": folders[at].board })).await;
    folders[at].kind = Kind::Empty;
    let gone = folders.remove(first(&folders, Kind::PublicBoard));
    let delete = "mutation($f: ID!) { deleteFolder(id: $f) { id } }";
    mutate(&app, delete, json!({ "f": gone.id })).await;
    assert_lists(&app, &viewers, &folders).await;
    assert_consistent(&app);

    // A folder's count of boards (as the folders page shows it) reads no board: the same records
    // with five boards more in each folder of the page.
    let counted = "{ user(username: \"ada\") { folders(first: 3) { edges { node { id boards { totalCount } } } } } }";
    let before = records_read(&app, &app.client, counted).await;
    let mut newest: Vec<u64> = folders.iter().map(|f| f.id.parse().unwrap()).collect();
    newest.sort_unstable_by(|a, b| b.cmp(a));
    for folder in &newest[..3] {
        for n in 0..5 {
            let board = add_board(&app, &app.client, &format!("More {folder} {n}"), false).await;
            move_to_folder(&app, &app.client, &board, &folder.to_string()).await;
        }
    }
    let after = records_read(&app, &app.client, counted).await;
    assert_eq!(
        after, before,
        "records read for the folders' counts of boards"
    );
    app.stop().await;
}
