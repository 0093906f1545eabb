//! Making boards and pins over HTTP, as a client would.

use serde_json::{Value, json};

use super::{TestApp, graphql_with};

/// Uploads a picture to `/api/upload/pin`; returns the status and the JSON answer.
pub async fn upload(
    app: &TestApp,
    client: &reqwest::Client,
    bytes: Vec<u8>,
    name: &str,
) -> (u16, Value) {
    let part = reqwest::multipart::Part::bytes(bytes).file_name(name.to_owned());
    let response = client
        .post(app.url("/api/upload/pin"))
        .header("Origin", &app.base_url)
        .multipart(reqwest::multipart::Form::new().part("pin", part))
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

/// Uploads a picture to `/api/upload/avatar`.
pub async fn upload_avatar(
    app: &TestApp,
    client: &reqwest::Client,
    bytes: Vec<u8>,
    name: &str,
) -> reqwest::Response {
    let part = reqwest::multipart::Part::bytes(bytes).file_name(name.to_owned());
    client
        .post(app.url("/api/upload/avatar"))
        .header("Origin", &app.base_url)
        .multipart(reqwest::multipart::Form::new().part("avatar", part))
        .send()
        .await
        .unwrap()
}

/// Adds a board for the client's user; returns its id.
pub async fn add_board(
    app: &TestApp,
    client: &reqwest::Client,
    title: &str,
    secret: bool,
) -> String {
    let answer = graphql_with(
        client,
        &app.base_url,
        "mutation($t: String!, $s: Boolean!) { addBoard(title: $t, secret: $s) { id } }",
        json!({ "t": title, "s": secret }),
    )
    .await;
    answer["data"]["addBoard"]["id"]
        .as_str()
        .unwrap_or_else(|| panic!("no board: {answer}"))
        .to_owned()
}

/// Adds a public folder for the client's user; returns its id.
pub async fn add_folder(app: &TestApp, client: &reqwest::Client, name: &str) -> String {
    let answer = ok(
        app,
        client,
        "mutation($n: String!) { addFolder(name: $n, secret: false) { id } }",
        json!({ "n": name }),
    )
    .await;
    answer["data"]["addFolder"]["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// Puts one of the client's boards in one of their folders.
pub async fn move_to_folder(app: &TestApp, client: &reqwest::Client, board: &str, folder: &str) {
    let moved = "mutation($b: ID!, $f: ID!) { updateBoard(id: $b, folder: $f) { id } }";
    ok(app, client, moved, json!({ "b": board, "f": folder })).await;
}

/// Makes one of the client's boards private or public.
pub async fn set_board_secret(app: &TestApp, client: &reqwest::Client, board: &str, secret: bool) {
    let update = "mutation($b: ID!, $s: Boolean!) { updateBoard(id: $b, secret: $s) { id } }";
    ok(app, client, update, json!({ "b": board, "s": secret })).await;
}

/// Makes one of the client's folders private or public.
pub async fn set_folder_secret(
    app: &TestApp,
    client: &reqwest::Client,
    folder: &str,
    secret: bool,
) {
    let update = "mutation($f: ID!, $s: Boolean!) { updateFolder(id: $f, secret: $s) { id } }";
    ok(app, client, update, json!({ "f": folder, "s": secret })).await;
}

/// Shares one of the client's boards with `username`.
pub async fn share_board(app: &TestApp, client: &reqwest::Client, board: &str, username: &str) {
    let share =
        "mutation($b: ID!, $u: String!) { shareBoard(board: $b, username: $u) { message } }";
    ok(app, client, share, json!({ "b": board, "u": username })).await;
}

/// The answer to `query`, which must have no errors.
async fn ok(app: &TestApp, client: &reqwest::Client, query: &str, variables: Value) -> Value {
    let answer = graphql_with(client, &app.base_url, query, variables).await;
    assert!(answer["errors"].is_null(), "{answer}");
    answer
}

/// Uploads a picture and pins it on `boards` with `caption`; returns the pin's id.
pub async fn create_pin(
    app: &TestApp,
    client: &reqwest::Client,
    bytes: Vec<u8>,
    boards: &[&str],
    caption: &str,
) -> String {
    let (status, temp) = upload(app, client, bytes, "picture.png").await;
    assert_eq!(status, 200, "{temp}");
    let answer = graphql_with(
        client,
        &app.base_url,
        "mutation($t: String!, $c: String!, $b: [ID!]) { addPin(tempFileName: $t, caption: $c, boards: $b) { id } }",
        json!({ "t": temp["tempFileName"], "c": caption, "b": boards }),
    )
    .await;
    answer["data"]["addPin"]["id"]
        .as_str()
        .unwrap_or_else(|| panic!("no pin: {answer}"))
        .to_owned()
}

/// Pins a copy of `pin` (the same picture) on `board` with `caption`; returns the copy's id.
pub async fn duplicate_pin(
    app: &TestApp,
    client: &reqwest::Client,
    pin: &str,
    caption: &str,
    board: &str,
) -> String {
    duplicate_pin_tagged(app, client, pin, caption, board, &[]).await
}

/// `duplicate_pin` with `tags`.
pub async fn duplicate_pin_tagged(
    app: &TestApp,
    client: &reqwest::Client,
    pin: &str,
    caption: &str,
    board: &str,
    tags: &[&str],
) -> String {
    let answer = graphql_with(
        client,
        &app.base_url,
        "mutation($p: ID!, $c: String!, $b: [ID!], $t: [String!]) { duplicatePin(pin: $p, caption: $c, boards: $b, tags: $t) { id } }",
        json!({ "p": pin, "c": caption, "b": [board], "t": tags }),
    )
    .await;
    answer["data"]["duplicatePin"]["id"]
        .as_str()
        .unwrap_or_else(|| panic!("no copy: {answer}"))
        .to_owned()
}

/// Every pin of the list `query` asks for (`pins`, or a user's `pins`, with `$after`), page
/// after page as `client` sees them, and the list's total.
pub async fn walk_pins(app: &TestApp, client: &reqwest::Client, query: &str) -> (Vec<u64>, u64) {
    walk_list(app, client, query, |data| {
        if data["pins"].is_null() {
            &data["user"]["pins"]
        } else {
            &data["pins"]
        }
    })
    .await
}

/// Every item of the connection that `list` finds in the answers to `query` (with `$after`),
/// page after page as `client` sees them, and the list's total.
pub async fn walk_list(
    app: &TestApp,
    client: &reqwest::Client,
    query: &str,
    list: impl Fn(&Value) -> &Value,
) -> (Vec<u64>, u64) {
    let (mut ids, mut after) = (Vec::new(), Value::Null);
    loop {
        let answer = graphql_with(client, &app.base_url, query, json!({ "after": after })).await;
        assert!(answer["errors"].is_null(), "{answer}");
        let items = list(&answer["data"]);
        for edge in items["edges"].as_array().unwrap() {
            ids.push(edge["node"]["id"].as_str().unwrap().parse().unwrap());
        }
        if !items["pageInfo"]["hasNextPage"].as_bool().unwrap() {
            return (ids, items["totalCount"].as_u64().unwrap());
        }
        after = items["pageInfo"]["endCursor"].clone();
    }
}
