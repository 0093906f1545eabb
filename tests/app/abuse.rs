//! Password guessing, sign-up and mail floods, and credentials that outlive a password: each
//! attack of the audit, now refused.

use crate::common;

use common::{TestApp, error_code, graphql_with, new_client, token_in};
use serde_json::{Value, json};

const LOGIN: &str =
    "mutation($e: String!, $p: String!) { login(email: $e, password: $p) { username } }";

/// A browser at another loopback address (the server sees it as another client).
fn client_from(address: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .local_address(address.parse::<std::net::IpAddr>().unwrap())
        .build()
        .unwrap()
}

async fn log_in(app: &TestApp, client: &reqwest::Client, password: &str) -> Value {
    graphql_with(
        client,
        &app.base_url,
        LOGIN,
        json!({ "e": "ada@example.org", "p": password }),
    )
    .await
}

#[tokio::test]
async fn concurrent_guesses_cannot_slip_under_the_limit() {
    let app = TestApp::start_with_real_limits().await;
    app.sign_up("ada").await;
    let mut guesses = tokio::task::JoinSet::new();
    for n in 0..40 {
        let base_url = app.base_url.clone();
        guesses.spawn(async move {
            let guess = json!({ "e": "ada@example.org", "p": format!("guess-{n}") });
            graphql_with(&new_client(), &base_url, LOGIN, guess).await
        });
    }
    let answers = guesses.join_all().await;
    let wrong = answers
        .iter()
        .filter(|a| a["errors"][0]["message"] == "Wrong email or password.")
        .count();
    let limited = answers
        .iter()
        .filter(|a| error_code(a) == Some("RATE_LIMITED"))
        .count();
    assert_eq!((wrong, limited), (5, 35), "{answers:?}");
    app.stop().await;
}

#[tokio::test]
async fn guesses_from_elsewhere_do_not_lock_the_owner_out() {
    let app = TestApp::start_with_real_limits().await;
    app.sign_up("ada").await;
    let attacker = client_from("127.0.0.2");
    for n in 0..5 {
        log_in(&app, &attacker, &format!("guess-{n}")).await;
    }
    let again = log_in(&app, &attacker, "password-1").await;
    assert_eq!(error_code(&again), Some("RATE_LIMITED"), "{again}");
    let owner = client_from("127.0.0.3");
    let answer = log_in(&app, &owner, "password-1").await;
    assert_eq!(answer["data"]["login"]["username"], "ada", "{answer}");
    app.stop().await;
}

#[tokio::test]
async fn aliased_mails_and_sign_ups_are_counted_one_by_one() {
    let app = TestApp::start_with_real_limits().await;
    app.sign_up("ada").await;
    let mails_before = app.outbox().len();
    // Ten changes, the most one request may make.
    let resets = (0..10)
        .map(|n| format!("r{n}: startUserPasswordReset(email: \"ada@example.org\") {{ message }}"))
        .collect::<Vec<_>>()
        .join(" ");
    let answer = app
        .graphql(&format!("mutation {{ {resets} }}"), json!({}))
        .await;
    let refused = answer["errors"].as_array().map_or(0, Vec::len);
    assert_eq!(refused, 7, "three mails an hour to one address: {answer}");
    assert_eq!(error_code(&answer), Some("RATE_LIMITED"));
    assert_eq!(app.outbox().len() - mails_before, 3);

    let sign_ups = (0..10)
        .map(|n| {
            format!(
                "u{n}: addUser(email: \"flood{n}@example.org\", password: \"password-1\", username: \"flood{n}\") {{ id }}"
            )
        })
        .collect::<Vec<_>>()
        .join(" ");
    let answer = graphql_with(
        &new_client(),
        &app.base_url,
        &format!("mutation {{ {sign_ups} }}"),
        json!({}),
    )
    .await;
    let made = answer["data"].as_object().map_or(0, |made| {
        made.values().filter(|user| !user.is_null()).count()
    });
    // ada's own sign-up counted too: five an hour from one address.
    assert_eq!(made, 4, "{answer}");
    app.stop().await;
}

#[tokio::test]
async fn a_new_password_revokes_api_keys_and_other_reset_links() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let key = app
        .graphql("mutation { createApiKey(name: \"script\") }", json!({}))
        .await["data"]["createApiKey"]
        .as_str()
        .unwrap()
        .to_owned();
    let me_by_key = |key: String| {
        let url = app.url("/api/graphql");
        async move {
            let answer: Value = reqwest::Client::new()
                .post(url)
                .bearer_auth(key)
                .json(&json!({ "query": "{ me { username } }" }))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            answer["data"]["me"]["username"].clone()
        }
    };
    assert_eq!(me_by_key(key.clone()).await, "ada");

    let changed = app
        .graphql(
            "mutation { updateUserPassword(currentPassword: \"password-1\", newPassword: \"password-2\") { id } }",
            json!({}),
        )
        .await;
    assert!(changed["errors"].is_null(), "{changed}");
    assert!(me_by_key(key).await.is_null(), "the key stopped working");
    let notice = app.outbox().pop().unwrap();
    assert!(notice.contains("API key was revoked"), "{notice}");

    for _ in 0..2 {
        app.graphql(
            "mutation { startUserPasswordReset(email: \"ada@example.org\") { message } }",
            json!({}),
        )
        .await;
    }
    let mails = app.outbox();
    let (first, second) = (
        token_in(&mails[mails.len() - 2], "/password_reset"),
        token_in(&mails[mails.len() - 1], "/password_reset"),
    );
    let reset = "mutation($t: String!) { resetUserPassword(token: $t, newPassword: \"password-3\") { id } }";
    let used = graphql_with(&new_client(), &app.base_url, reset, json!({ "t": second })).await;
    assert!(used["errors"].is_null(), "{used}");
    let stale = graphql_with(&new_client(), &app.base_url, reset, json!({ "t": first })).await;
    assert_eq!(error_code(&stale), Some("VALIDATION_ERROR"), "{stale}");
    app.stop().await;
}
