//! Every request's work is bounded: query cost and depth, page sizes, body sizes; each attack of
//! the audit is tried and must be refused before any work is done.

use crate::common;

use std::time::{Duration, Instant};

use common::pictures::png;
use common::pins::{add_board, create_pin};
use common::{TestApp, error_code, graphql_with};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Many pins, by duplicating one: no picture work.
async fn pins(app: &TestApp, count: usize) {
    let board = add_board(app, &app.client, "Everything", false).await;
    let original = create_pin(app, &app.client, png(40, 30, 1), &[&board], "first").await;
    for n in 1..count {
        let copy = app
            .graphql(
                "mutation($p: ID!, $c: String!, $b: [ID!]) { duplicatePin(pin: $p, caption: $c, boards: $b) { id } }",
                json!({ "p": original, "c": format!("copy {n}"), "b": [board] }),
            )
            .await;
        assert!(copy["errors"].is_null(), "{copy}");
    }
}

#[tokio::test]
async fn costly_queries_are_refused_before_any_work() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    pins(&app, 60).await;
    let visitor = common::new_client();

    let nested = "{ pins(first: 20000) { edges { node { user { pins(first: 20000) { edges { node { user { pins(first: 20000) { edges { node { id } } } } } } } } } } } }";
    let aliased = (0..60)
        .map(|n| format!("a{n}: pins(first: 50) {{ edges {{ node {{ id title caption }} }} }}"))
        .collect::<Vec<_>>()
        .join(" ");
    let deep = "{ pin(id: \"1\") { addedVia { addedVia { addedVia { addedVia { addedVia { addedVia { addedVia { addedVia { addedVia { addedVia { addedVia { id } } } } } } } } } } } } }";
    for (what, query) in [
        ("nested lists", nested.to_owned()),
        ("aliases", format!("{{ {aliased} }}")),
        ("depth", deep.to_owned()),
    ] {
        let started = Instant::now();
        let answer = graphql_with(&visitor, &app.base_url, &query, json!({})).await;
        assert_eq!(
            error_code(&answer),
            Some("VALIDATION_ERROR"),
            "{what}: {answer}"
        );
        assert!(
            answer["data"].is_null(),
            "{what}: no work is done: {answer}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{what}: refused at once"
        );
    }
    let nested_answer = graphql_with(&visitor, &app.base_url, nested, json!({})).await;
    assert!(
        nested_answer["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("too much"),
        "{nested_answer}"
    );

    let capped = graphql_with(
        &visitor,
        &app.base_url,
        "{ pins(first: 20000) { totalCount edges { node { id } } } }",
        json!({}),
    )
    .await;
    assert_eq!(capped["data"]["pins"]["totalCount"], 60);
    assert_eq!(
        capped["data"]["pins"]["edges"].as_array().unwrap().len(),
        50,
        "first is capped at 50"
    );
    app.stop().await;
}

/// A query's text is checked against every rule of GraphQL until it passes once; after that, each
/// request of it is still checked for its cost with its variables, and a variable's value that
/// does not fit its argument is still refused with `VALIDATION_ERROR`.
#[tokio::test]
async fn a_query_that_passed_before_is_checked_again_for_its_cost_and_its_values() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    pins(&app, 3).await;
    let visitor = common::new_client();
    let query = "query($n: Int) { pins(first: $n) { edges { node { user { pins(first: $n) { edges { node { user { pins(first: $n) { edges { node { id } } } } } } } } } } } }";
    let ask = async |n: serde_json::Value| {
        graphql_with(&visitor, &app.base_url, query, json!({ "n": n })).await
    };
    for _ in 0..2 {
        let answer = ask(json!(2)).await;
        assert!(answer["errors"].is_null(), "{answer}");
    }
    let costly = ask(json!(20000)).await;
    assert_eq!(error_code(&costly), Some("VALIDATION_ERROR"), "{costly}");
    assert!(costly["data"].is_null(), "no work is done: {costly}");
    let not_a_number = ask(json!("many")).await;
    assert_eq!(
        error_code(&not_a_number),
        Some("VALIDATION_ERROR"),
        "{not_a_number}"
    );
    assert!(not_a_number["data"]["pins"].is_null(), "{not_a_number}");
    app.stop().await;
}

/// The UI's heaviest query (a user's boards, 50 of them with covers, folders and counts) passes,
/// and twice over: the limit leaves it room.
#[tokio::test]
async fn the_heaviest_page_of_the_ui_passes_with_room() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let cover = "{ id unsafe preview(minWidth: 236) }";
    let boards = format!(
        "boards(first: 50) {{ totalCount pageInfo {{ hasNextPage endCursor }} edges {{ node {{
           id slug title secret caption folder {{ id name slug }} pins {{ totalCount }}
           cover1 {cover} cover2 {cover} cover3 {cover} }} }} }}"
    );
    let query = format!(
        "{{ once: user(username: \"ada\") {{ id {boards} }} twice: user(username: \"ada\") {{ id {boards} }} }}"
    );
    let answer = app.graphql(&query, json!({})).await;
    assert!(answer["errors"].is_null(), "{answer}");
    app.stop().await;
}

/// Sends raw HTTP and returns the status line and the start of the answer.
async fn raw_http(app: &TestApp, head: &str, body: &[u8]) -> String {
    let mut stream = tokio::net::TcpStream::connect(app.base_url.trim_start_matches("http://"))
        .await
        .unwrap();
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(body).await.unwrap();
    let mut answer = vec![0; 2048];
    let read = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut answer))
        .await
        .expect("the server answers without waiting for the body")
        .unwrap();
    String::from_utf8_lossy(&answer[..read]).into_owned()
}

#[tokio::test]
async fn bodies_over_the_limits_are_refused_before_they_are_read() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let host = app.base_url.trim_start_matches("http://").to_owned();

    let huge_json = format!(
        "POST /api/graphql HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n"
    );
    let answer = raw_http(&app, &huge_json, b"{\"query\": \"").await;
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("at most 256 KiB"), "{answer}");

    let multipart = format!(
        "POST /api/graphql HTTP/1.1\r\nHost: {host}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 3000000000\r\n\r\n"
    );
    let answer = raw_http(&app, &multipart, b"--x\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 415"), "{answer}");

    let huge_upload = format!(
        "POST /api/upload/pin HTTP/1.1\r\nHost: {host}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 3000000000\r\n\r\n"
    );
    let answer = raw_http(&app, &huge_upload, b"--x\r\n").await;
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("at most 50 MiB"), "{answer}");

    let small = app.graphql("{ me { username } }", json!({})).await;
    assert_eq!(
        small["data"]["me"]["username"], "ada",
        "ordinary requests still work"
    );
    app.stop().await;
}
