//! The GraphQL attacks of the second audit, each tried and refused before it costs: fragments
//! spread many times, lists without a bound, guesses of a password, aliased creation, bodies
//! that are not one request; and the account rules it found loose (the last admin, a taken
//! email at sign-up, a privately shared picture re-pinned in public).

use crate::common;

use std::time::{Duration, Instant};

use common::pictures::png;
use common::pins::{add_board, create_pin, share_board};
use common::process::{ServerProcess, server_binary};
use common::{TestApp, error_code, graphql_with, new_client};
use serde_json::{Value, json};

/// The audit's 1,056 bytes: six fragments, each spreading the next 30 times.
fn spread_fragments() -> String {
    let fragments: String = (0..6)
        .map(|i| {
            let body = match i < 5 {
                true => format!("...F{} ", i + 1).repeat(30),
                false => "__typename".to_owned(),
            };
            format!("fragment F{i} on Query{{{body}}} ")
        })
        .collect();
    format!("{{...F0}} {fragments}")
}

/// Posts `body` as it is, and the status and the answer's text.
async fn post_raw(base_url: &str, body: impl Into<reqwest::Body>) -> (u16, String) {
    let answer = new_client()
        .post(format!("{base_url}/api/graphql"))
        .header("Content-Type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    (answer.status().as_u16(), answer.text().await.unwrap())
}

/// How long `/healthz` takes to answer from a fresh client, at most 5 s.
async fn health_time(base_url: &str) -> Duration {
    let started = Instant::now();
    let answer = tokio::time::timeout(
        Duration::from_secs(5),
        new_client().get(format!("{base_url}/healthz")).send(),
    )
    .await
    .expect("/healthz answers within 5 s")
    .unwrap();
    assert_eq!(answer.status(), 200);
    started.elapsed()
}

#[tokio::test]
async fn fragments_spread_many_times_are_refused_before_they_run() {
    let server = ServerProcess::start(&server_binary());
    let base_url = server.app.base_url.clone();
    server.reset_peak();
    let before = server.peak_rss_mib();
    let query = spread_fragments();
    assert!(query.len() < 1_100, "the audit's size");
    let started = Instant::now();
    let attacks: Vec<_> = (0..3)
        .map(|_| {
            let (base_url, query) = (base_url.clone(), query.clone());
            tokio::spawn(
                async move { graphql_with(&new_client(), &base_url, &query, json!({})).await },
            )
        })
        .collect();
    let health = health_time(&base_url).await;
    for attack in attacks {
        let answer = attack.await.unwrap();
        assert_eq!(error_code(&answer), Some("VALIDATION_ERROR"), "{answer}");
        assert!(answer["data"].is_null(), "{answer}");
        let message = answer["errors"][0]["message"].as_str().unwrap();
        assert!(message.contains("too much"), "{message}");
    }
    let took = started.elapsed();
    let grew = server.peak_rss_mib() - before;
    println!("3 spread-fragment queries: {took:?}, peak grew {grew:.1} MiB, /healthz {health:?}");
    assert!(took < Duration::from_secs(3), "refused at once: {took:?}");
    assert!(grew < 50.0, "no memory spent: {grew:.1} MiB");
    assert!(health < Duration::from_secs(1), "{health:?}");

    let cycle = "{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }";
    let answer = graphql_with(&new_client(), &base_url, cycle, json!({})).await;
    assert_eq!(error_code(&answer), Some("VALIDATION_ERROR"), "{answer}");
}

#[tokio::test]
async fn bodies_that_are_not_one_request_get_a_short_json_answer() {
    let app = TestApp::start().await;
    let batch = r#"[{"query": "{ __typename }"}, {"query": "{ __typename }"}]"#;
    let (status, text) = post_raw(&app.base_url, batch).await;
    assert_eq!(status, 400, "{text}");
    let answer: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(error_code(&answer), Some("VALIDATION_ERROR"), "{answer}");
    assert!(text.contains("one GraphQL request at a time"), "{text}");

    let (status, text) = post_raw(&app.base_url, "{not json").await;
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("not valid JSON"), "{text}");

    // 5,000 levels: a sentence, not the query echoed back.
    let deep = format!("{}{}", "{ a ".repeat(5_000), "}".repeat(5_000));
    let (_, text) = post_raw(&app.base_url, json!({ "query": deep }).to_string()).await;
    let answer: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(error_code(&answer), Some("VALIDATION_ERROR"), "{answer}");
    assert!(text.len() < 1_000, "{} bytes: {text:.300}", text.len());
    assert!(!text.contains("recursion"), "{text}");

    // 10,000 repeated arguments: a few short errors.
    let arguments = "first: 1 ".repeat(10_000);
    let repeated = format!("{{ pins({arguments}) {{ totalCount }} }}");
    let (_, text) = post_raw(&app.base_url, json!({ "query": repeated }).to_string()).await;
    let answer: Value = serde_json::from_str(&text).expect("JSON");
    assert!(
        answer["errors"].as_array().unwrap().len() <= 10,
        "{text:.500}"
    );
    assert!(text.len() < 10_000, "{} bytes", text.len());
    app.stop().await;
}

#[tokio::test]
async fn every_list_answers_a_bounded_number_of_items() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Everything", false).await;
    let original = create_pin(&app, &app.client, png(40, 30, 7), &[&board], "first").await;
    for n in 0..25 {
        let copy = app
            .graphql(
                "mutation($p: ID!, $c: String!, $b: [ID!]) { duplicatePin(pin: $p, caption: $c, boards: $b) { id } }",
                json!({ "p": original, "c": format!("copy {n}"), "b": [board] }),
            )
            .await;
        assert!(copy["errors"].is_null(), "{copy}");
    }
    let clones = app
        .graphql(
            "query($p: ID!) { me { clones(pin: $p) { id } } }",
            json!({ "p": original }),
        )
        .await;
    let found = clones["data"]["me"]["clones"].as_array().unwrap();
    assert_eq!(found.len(), 20, "at most 20 clones: {clones}");

    // The audit's five levels of `user { clones }`: its cost counts each clone search.
    let nested = "query($p: ID!) { me { clones(pin: $p) { user { clones(pin: $p) { user { clones(pin: $p) { id } } } } } } }";
    let answer = app.graphql(nested, json!({ "p": original })).await;
    assert_eq!(error_code(&answer), Some("VALIDATION_ERROR"), "{answer}");
    let aliased: String = (0..30)
        .map(|n| format!("c{n}: clones(pin: $p) {{ id }} "))
        .collect();
    let answer = app
        .graphql(
            &format!("query($p: ID!) {{ me {{ {aliased} }} }}"),
            json!({ "p": original }),
        )
        .await;
    assert_eq!(error_code(&answer), Some("VALIDATION_ERROR"), "{answer}");
    app.stop().await;
}

#[tokio::test]
async fn aliased_creation_is_refused_and_nothing_is_made() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let many: String = (0..3_000)
        .map(|n| format!("k{n}: createApiKey(name: \"key {n}\") "))
        .collect();
    let answer = app
        .graphql(&format!("mutation {{ {many} }}"), json!({}))
        .await;
    assert_eq!(
        error_code(&answer),
        Some("VALIDATION_ERROR"),
        "{answer:.300}"
    );
    let boards: String = (0..11)
        .map(|n| format!("b{n}: addBoard(title: \"b{n}\", secret: false) {{ id }} "))
        .collect();
    let answer = app
        .graphql(&format!("mutation {{ {boards} }}"), json!({}))
        .await;
    assert_eq!(
        error_code(&answer),
        Some("VALIDATION_ERROR"),
        "{answer:.300}"
    );
    let mine = app
        .graphql("{ me { apiKeys { id } boards { totalCount } } }", json!({}))
        .await;
    assert_eq!(mine["data"]["me"]["apiKeys"], json!([]), "{mine}");
    assert_eq!(mine["data"]["me"]["boards"]["totalCount"], 0, "{mine}");

    let ten: String = (0..10)
        .map(|n| format!("k{n}: createApiKey(name: \"key {n}\") "))
        .collect();
    let answer = app
        .graphql(&format!("mutation {{ {ten} }}"), json!({}))
        .await;
    assert!(answer["errors"].is_null(), "ten changes pass: {answer}");
    app.stop().await;
}

#[tokio::test]
async fn wrong_current_passwords_count_as_failed_sign_ins_aliases_included() {
    let app = TestApp::start_with_real_limits().await;
    app.sign_up("ada").await;
    let guesses: String = (0..40)
        .map(|n| {
            format!(
                "g{n}: updateUserPassword(currentPassword: \"guess-{n}\", newPassword: \"password-2\") {{ id }} "
            )
        })
        .collect::<Vec<_>>()[..10]
        .concat();
    let mut limited = false;
    for _ in 0..4 {
        let answer = app
            .graphql(&format!("mutation {{ {guesses} }}"), json!({}))
            .await;
        let codes: Vec<_> = answer["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|error| {
                error["extensions"]["code"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned()
            })
            .collect();
        limited |= codes.iter().any(|code| code == "RATE_LIMITED");
    }
    assert!(limited, "40 guesses are limited");
    // The right password is refused too while the limit holds: guessing it is no use.
    let right = app
        .graphql(
            "mutation { updateUserPassword(currentPassword: \"password-1\", newPassword: \"password-2\") { id } }",
            json!({}),
        )
        .await;
    assert_eq!(error_code(&right), Some("RATE_LIMITED"), "{right}");
    app.stop().await;
}

#[tokio::test]
async fn an_instance_keeps_an_admin_who_can_sign_in() {
    let app = TestApp::start().await;
    let ada = app.sign_up("ada").await;
    let bob = app.client_signed_in_new("bob").await;
    let bob_id = graphql_with(&bob, &app.base_url, "{ me { id } }", json!({})).await["data"]["me"]
        ["id"]
        .clone();
    let call = async |query: &str, variables: Value| app.graphql(query, variables).await;
    let made = call(
        "mutation($u: ID!) { setAccountAdmin(userId: $u, admin: true) { isAdmin } }",
        json!({ "u": bob_id }),
    )
    .await;
    assert!(made["errors"].is_null(), "{made}");
    let disabled = call(
        "mutation($u: ID!) { setAccountDisabled(userId: $u, disabled: true) { disabled } }",
        json!({ "u": bob_id }),
    )
    .await;
    assert!(disabled["errors"].is_null(), "{disabled}");
    let last = call(
        "mutation($u: ID!) { setAccountAdmin(userId: $u, admin: false) { isAdmin } }",
        json!({ "u": ada["id"] }),
    )
    .await;
    assert_eq!(error_code(&last), Some("VALIDATION_ERROR"), "{last}");
    assert!(
        last["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("only admin who can sign in"),
        "{last}"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_sign_up_with_a_taken_email_is_answered_neutrally_and_its_owner_mailed() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let mails_before = app.outbox().len();
    let answer = graphql_with(
        &new_client(),
        &app.base_url,
        "mutation { addUser(email: \"ada@example.org\", password: \"password-9\", username: \"mallory\") { id } }",
        json!({}),
    )
    .await;
    let message = answer["errors"][0]["message"].as_str().unwrap();
    assert!(!message.contains("exists"), "{message}");
    assert!(message.contains("cannot be used"), "{message}");
    let outbox = app.outbox();
    assert_eq!(outbox.len(), mails_before + 1);
    let mail = common::readable_mail(outbox.last().unwrap());
    assert!(mail.contains("ada@example.org"), "{mail}");
    assert!(
        mail.contains("tried to make a new Corkboard account"),
        "{mail}"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_picture_shared_privately_stays_private_when_re_pinned() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let secret = add_board(&app, &app.client, "Secret", true).await;
    let pin = create_pin(&app, &app.client, png(50, 40, 3), &[&secret], "mine").await;
    let bob = app.client_signed_in_new("bob").await;
    share_board(&app, &app.client, &secret, "bob").await;
    let public = add_board(&app, &bob, "Public", false).await;
    let private = add_board(&app, &bob, "Private", true).await;
    let duplicate = async |board: &str| {
        graphql_with(
            &bob,
            &app.base_url,
            "mutation($p: ID!, $b: [ID!]) { duplicatePin(pin: $p, caption: \"copy\", boards: $b) { id original } }",
            json!({ "p": pin, "b": [board] }),
        )
        .await
    };
    let refused = duplicate(&public).await;
    assert_eq!(error_code(&refused), Some("VALIDATION_ERROR"), "{refused}");
    let copy = duplicate(&private).await;
    assert!(copy["errors"].is_null(), "{copy}");
    let copy_id = copy["data"]["duplicatePin"]["id"].clone();
    let moved = graphql_with(
        &bob,
        &app.base_url,
        "mutation($p: ID!, $b: ID!) { addPinToBoard(pin: $p, board: $b) { order } }",
        json!({ "p": copy_id, "b": public }),
    )
    .await;
    assert_eq!(error_code(&moved), Some("VALIDATION_ERROR"), "{moved}");
    let opened = graphql_with(
        &bob,
        &app.base_url,
        "mutation($b: ID!) { updateBoard(id: $b, secret: false) { secret } }",
        json!({ "b": private }),
    )
    .await;
    assert_eq!(error_code(&opened), Some("VALIDATION_ERROR"), "{opened}");

    // The picture's file is still hidden from visitors.
    let original = copy["data"]["duplicatePin"]["original"].as_str().unwrap();
    let status = new_client().get(app.url(original)).send().await.unwrap();
    assert_eq!(status.status(), 404, "{original}");
    app.stop().await;
}
