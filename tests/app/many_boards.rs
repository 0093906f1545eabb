//! A user's boards and a folder's boards are read a page at a time from their lists: a first
//! page reads as many records with 120 boards as with 30, for a visitor, a friend and the owner,
//! and every page still shows each board the viewer may see once, newest first, with the right
//! total (a user's boards: all, or only the public or private ones), as boards are made public,
//! unshared, moved and deleted.

use crate::common;

use common::TestApp;
use common::pins::{
    add_board, add_folder, move_to_folder, set_board_secret, share_board, walk_list,
};
use common::reads::{Viewer, assert_consistent, first_page_records, mutate, visitor_bob_and_ada};
use serde_json::json;

const USER_BOARDS: &str = "query($after: String) { user(username: \"ada\") { boards(first: 4, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { id title } } } } }";
const PUBLIC_BOARDS: &str = "query($after: String) { user(username: \"ada\") { boards(first: 4, after: $after, secret: false) { totalCount pageInfo { hasNextPage endCursor } edges { node { id title } } } } }";
const PRIVATE_BOARDS: &str = "query($after: String) { user(username: \"ada\") { boards(first: 4, after: $after, secret: true) { totalCount pageInfo { hasNextPage endCursor } edges { node { id title } } } } }";
const FOLDER_BOARDS: &str = "query($after: String) { user(username: \"ada\") { folder(slug: \"travel\") { boards(first: 4, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { id title } } } } } }";
const FOLDERS: &str = "{ user(username: \"ada\") { folders(first: 50) { totalCount edges { node { name boards(first: 0) { totalCount } } } } } }";

/// What Ada's boards are: who sees them is decided by `kind`.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Public,
    Secret,
    SharedWithBob,
}

struct Board {
    id: u64,
    kind: Kind,
    in_folder: bool,
}

/// Boards `from..to` of Ada's: public, secret and shared with Bob in turn, every other one in
/// the folder.
async fn add_boards(app: &TestApp, folder: &str, from: usize, to: usize) -> Vec<Board> {
    let mut boards = Vec::new();
    for n in from..to {
        let kind = [Kind::Public, Kind::Secret, Kind::SharedWithBob][n % 3];
        let id = add_board(
            app,
            &app.client,
            &format!("Board {n}"),
            kind != Kind::Public,
        )
        .await;
        if kind == Kind::SharedWithBob {
            share_board(app, &app.client, &id, "bob").await;
        }
        let in_folder = n % 2 == 0;
        if in_folder {
            move_to_folder(app, &app.client, &id, folder).await;
        }
        let id = id.parse().unwrap();
        boards.push(Board {
            id,
            kind,
            in_folder,
        });
    }
    boards
}

/// The list `query` asks for (Ada's boards or her folder's), page after page, and its total.
async fn walk(app: &TestApp, client: &reqwest::Client, query: &str) -> (Vec<u64>, u64) {
    walk_list(app, client, query, |data| {
        let user = &data["user"];
        if user["boards"].is_null() {
            &user["folder"]["boards"]
        } else {
            &user["boards"]
        }
    })
    .await
}

/// Each viewer's pages of Ada's boards (all, public, private) and of her folder's show what
/// they may see, newest first.
async fn assert_lists(app: &TestApp, viewers: &[Viewer<Kind>], boards: &[Board]) {
    for viewer in viewers {
        for (query, folder_only, shown) in [
            (USER_BOARDS, false, None),
            (PUBLIC_BOARDS, false, Some(false)),
            (PRIVATE_BOARDS, false, Some(true)),
            (FOLDER_BOARDS, true, None),
        ] {
            let mut expected: Vec<u64> = boards
                .iter()
                .filter(|b| (viewer.sees)(b.kind) && (b.in_folder || !folder_only))
                .filter(|b| shown.is_none_or(|secret| secret == (b.kind != Kind::Public)))
                .map(|b| b.id)
                .collect();
            expected.sort_unstable_by(|a, b| b.cmp(a));
            let (ids, total) = walk(app, &viewer.client, query).await;
            assert_eq!(
                ids, expected,
                "{} (folder only: {folder_only}, secret: {shown:?})",
                viewer.name
            );
            assert_eq!(total, expected.len() as u64, "{}", viewer.name);
        }
    }
}

#[tokio::test]
async fn board_lists_read_their_page_whatever_the_number_of_boards() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let folder = add_folder(&app, &app.client, "Travel").await;
    let viewers = visitor_bob_and_ada(
        &app,
        |kind| kind == Kind::Public,
        |kind| kind != Kind::Secret,
    )
    .await;

    let mut boards = add_boards(&app, &folder, 0, 30).await;
    assert_lists(&app, &viewers, &boards).await;
    let queries = [
        USER_BOARDS,
        PUBLIC_BOARDS,
        PRIVATE_BOARDS,
        FOLDER_BOARDS,
        FOLDERS,
    ];
    let thirty = first_page_records(&app, &viewers, &queries).await;
    boards.extend(add_boards(&app, &folder, 30, 120).await);
    assert_lists(&app, &viewers, &boards).await;
    let hundred_twenty = first_page_records(&app, &viewers, &queries).await;
    println!(
        "records read by the first pages: {thirty:?} with 30 boards, {hundred_twenty:?} with 120"
    );
    assert_eq!(hundred_twenty, thirty);
    assert_consistent(&app);

    // A secret board made public, one unshared, one taken out of the folder, one deleted.
    let made_public = boards.iter().position(|b| b.kind == Kind::Secret).unwrap();
    let id = boards[made_public].id.to_string();
    set_board_secret(&app, &app.client, &id, false).await;
    boards[made_public].kind = Kind::Public;
    let unshared = boards
        .iter()
        .position(|b| b.kind == Kind::SharedWithBob)
        .unwrap();
    let unshare = "mutation($b: ID!) { unshareBoard(board: $b, username: \"bob\") { message } }";
    mutate(
        &app,
        unshare,
        json!({ "b": boards[unshared].id.to_string() }),
    )
    .await;
    boards[unshared].kind = Kind::Secret;
    let moved = boards.iter().rposition(|b| b.in_folder).unwrap();
    let out = "mutation($b: ID!) { updateBoard(id: $b, folder: null) { id } }";
    mutate(&app, out, json!({ "b": boards[moved].id.to_string() })).await;
    boards[moved].in_folder = false;
    let deleted = boards.remove(boards.len() - 2);
    let delete = "mutation($b: ID!) { deleteBoard(id: $b) { id } }";
    mutate(&app, delete, json!({ "b": deleted.id.to_string() })).await;
    assert_lists(&app, &viewers, &boards).await;
    assert_consistent(&app);
    app.stop().await;
}
