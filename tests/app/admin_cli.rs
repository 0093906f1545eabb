//! `corkboard admin ...` for a locked-out operator, the real binary run on the data folder of a
//! stopped server, then through the control socket of a running one.

use crate::common;

use std::path::Path;

use common::process::run_command;
use common::{TestApp, graphql_with, new_client};
use serde_json::{Value, json};

/// Runs `corkboard admin ARGS --data-dir DIR` with `stdin`; its status and what it printed.
fn admin(data_dir: &Path, args: &[&str], stdin: &str) -> (bool, String) {
    let args: Vec<&str> = std::iter::once("admin")
        .chain(args.iter().copied())
        .collect();
    run_command(data_dir, &args, stdin)
}

async fn log_in(app: &TestApp, email: &str, password: &str) -> (reqwest::Client, Value) {
    let client = new_client();
    let answer = graphql_with(
        &client,
        &app.base_url,
        "mutation($e: String!, $p: String!) { login(email: $e, password: $p) { username } }",
        json!({ "e": email, "p": password }),
    )
    .await;
    (client, answer)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_operator_manages_accounts_with_the_server_stopped_then_running() {
    let data = tempfile::tempdir().unwrap();
    let dir = data.path();
    let (ok, printed) = admin(
        dir,
        &["create-user", "ada", "ada@example.org"],
        "password-ada\n",
    );
    assert!(ok, "{printed}");
    assert!(printed.contains("Created ada (an admin)."), "{printed}");
    let (ok, printed) = admin(
        dir,
        &["create-user", "bob", "bob@example.org"],
        "password-bob\n",
    );
    assert!(
        ok && printed.contains("Created bob (a member)."),
        "{printed}"
    );
    let (ok, printed) = admin(dir, &["disable", "bob"], "");
    assert!(ok && printed.contains("bob is disabled."), "{printed}");
    let (ok, printed) = admin(dir, &["promote", "nobody"], "");
    assert!(
        !ok && printed.contains("There is no account named nobody."),
        "{printed}"
    );
    let (ok, printed) = admin(dir, &["create-user", "cleo", "cleo@example.org"], "short\n");
    assert!(!ok, "{printed}");

    let app = TestApp::start_with(|config| config.data_dir = dir.to_owned()).await;
    let (_, refused) = log_in(&app, "bob@example.org", "password-bob").await;
    assert_eq!(
        refused["errors"][0]["message"],
        "This account is disabled: ask the admin of this Corkboard."
    );
    let (ok, printed) = admin(dir, &["enable", "bob"], "");
    assert!(ok && printed.contains("bob is enabled."), "{printed}");
    let (bob, answer) = log_in(&app, "bob@example.org", "password-bob").await;
    assert!(answer["errors"].is_null(), "{answer}");

    // Through the running server: bob's session ends at once.
    let (ok, printed) = admin(dir, &["reset-password", "bob"], "password-new\n");
    assert!(ok, "{printed}");
    let me = graphql_with(&bob, &app.base_url, "{ me { username } }", json!({})).await;
    assert_eq!(me["data"]["me"], Value::Null);
    let (_, old) = log_in(&app, "bob@example.org", "password-bob").await;
    assert!(old["errors"].is_array());
    let (_, new) = log_in(&app, "bob@example.org", "password-new").await;
    assert!(new["errors"].is_null(), "{new}");

    let (ok, printed) = admin(dir, &["promote", "bob"], "");
    assert!(ok && printed.contains("bob is an admin."), "{printed}");
    let (bob, _) = log_in(&app, "bob@example.org", "password-new").await;
    let accounts = graphql_with(
        &bob,
        &app.base_url,
        "{ accounts { totalCount } }",
        json!({}),
    )
    .await;
    assert_eq!(accounts["data"]["accounts"]["totalCount"], 2, "{accounts}");
    app.stop().await;
}
