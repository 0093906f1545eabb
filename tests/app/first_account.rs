//! The first account (the admin): made by the first to come on a laptop, with the setup code
//! from the log on a server that serves the public, and never from the web when sign-up is
//! closed.

use crate::common;

use common::process::{ServerProcess, run_command};
use common::{TestApp, error_code, graphql_with, new_client};
use corkboard_domain::config::{LimitsConfig, Registration};
use serde_json::{Value, json};

const SIGN_UP: &str = "mutation($u: String!, $e: String!, $c: String) { addUser(email: $e, \
    password: \"password-1\", username: $u, setupCode: $c) { id } }";
const STATE: &str = "{ signUpState { mode refusal setupCodeNeeded } }";
const NEEDED: &str = "Enter the setup code to make the first account.";
const WRONG: &str = "This is not the setup code: copy it from the server's log.";
const CLOSED_FIRST: &str = "Sign-up is closed on this Corkboard. Its operator makes the first \
    account on the server: `corkboard admin create-user NAME EMAIL --admin`.";

/// Signs `username` up with a new client and `code`; the client and the answer.
async fn sign_up(base_url: &str, username: &str, code: Option<&str>) -> (reqwest::Client, Value) {
    let client = new_client();
    let variables = json!({ "u": username, "e": format!("{username}@example.org"), "c": code });
    let answer = graphql_with(&client, base_url, SIGN_UP, variables).await;
    (client, answer)
}

async fn is_admin(base_url: &str, client: &reqwest::Client) -> Value {
    let me = graphql_with(client, base_url, "{ me { isAdmin } }", json!({})).await;
    me["data"]["me"]["isAdmin"].clone()
}

fn message(answer: &Value) -> &str {
    answer["errors"][0]["message"].as_str().unwrap_or("")
}

/// The code in the log line that announces it.
fn code_in(log: &str) -> String {
    let after = log
        .split("with the setup code ")
        .nth(1)
        .unwrap_or_else(|| panic!("no setup code in the log: {log}"));
    after.chars().take(14).collect()
}

/// The real binary behind a proxy (`public_url` names another host): the page asks for the
/// code, the log and `corkboard admin setup-code` give it, and it works once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_public_server_makes_its_first_account_with_the_code_from_its_log() {
    let server = ServerProcess::start_with(env!("CARGO_BIN_EXE_corkboard").as_ref(), |c| {
        c.env("CORKBOARD_PUBLIC_URL", "http://pins.example.org");
    });
    let base = server.app.base_url.clone();
    let state = server.app.graphql(STATE, json!({})).await;
    assert_eq!(
        state["data"]["signUpState"],
        json!({ "mode": "OPEN", "refusal": null, "setupCodeNeeded": true }),
        "{state}"
    );
    let (_, without) = sign_up(&base, "eve", None).await;
    assert_eq!(error_code(&without), Some("VALIDATION_ERROR"), "{without}");
    assert_eq!(message(&without), NEEDED);
    let (_, wrong) = sign_up(&base, "eve", Some("AAAA-BBBB-CCCC")).await;
    assert_eq!(message(&wrong), WRONG, "{wrong}");

    let code = code_in(&server.log());
    let data_dir = server.app.data_dir.path().join("data");
    let (ok, printed) = run_command(&data_dir, &["admin", "setup-code"], "");
    assert!(ok, "{printed}");
    assert_eq!(printed.trim(), code);
    let typed = code.to_lowercase().replace('-', " ");
    let (ada, first) = sign_up(&base, "ada", Some(&typed)).await;
    assert!(first["errors"].is_null(), "{first}");
    assert_eq!(is_admin(&base, &ada).await, true);

    let (ok, printed) = run_command(&data_dir, &["admin", "setup-code"], "");
    assert!(
        !ok && printed.contains("no setup code is needed any more"),
        "{printed}"
    );
    let state = server.app.graphql(STATE, json!({})).await;
    assert_eq!(state["data"]["signUpState"]["setupCodeNeeded"], false);
    // The code made the first account and nothing more: the next ones follow the mode.
    let (bob, second) = sign_up(&base, "bob", Some(&code)).await;
    assert!(second["errors"].is_null(), "{second}");
    assert_eq!(is_admin(&base, &bob).await, false);
}

/// Listening on every address, with the real limits: guesses are limited as sign-ins are, and
/// the right code comes too late after five wrong ones.
#[tokio::test]
async fn setup_code_guesses_are_limited() {
    let mut app = TestApp::start_with(|config| {
        config.listen = "0.0.0.0:0".parse().unwrap();
        config.limits = LimitsConfig::default();
    })
    .await;
    app.base_url = app.base_url.replace("0.0.0.0", "127.0.0.1");
    let state = app.graphql(STATE, json!({})).await;
    assert_eq!(
        state["data"]["signUpState"],
        json!({ "mode": "INVITE", "refusal": null, "setupCodeNeeded": true }),
        "{state}"
    );
    for guess in 0..5 {
        let (_, wrong) = sign_up(&app.base_url, "eve", Some(&format!("{guess:0>12}"))).await;
        assert_eq!(message(&wrong), WRONG, "{wrong}");
    }
    let code = app.setup_code().expect("a code made at start");
    let (_, late) = sign_up(&app.base_url, "ada", Some(&code)).await;
    assert_eq!(
        message(&late),
        "Too many failed sign-in attempts. Please wait a few minutes and try again.",
        "{late}"
    );
    app.stop().await;
}

/// `closed` means nobody from the web, the first account included; the operator makes it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_instance_makes_no_account_from_the_web() {
    let app = TestApp::start_with(|config| {
        config.accounts.registration = Some(Registration::Closed);
    })
    .await;
    let state = app.graphql(STATE, json!({})).await;
    assert_eq!(
        state["data"]["signUpState"],
        json!({ "mode": "CLOSED", "refusal": CLOSED_FIRST, "setupCodeNeeded": false })
    );
    let (_, first) = sign_up(&app.base_url, "eve", None).await;
    assert_eq!(error_code(&first), Some("PERMISSION_DENIED_ERROR"));
    assert_eq!(message(&first), CLOSED_FIRST);
    assert_eq!(app.setup_code(), None);

    let args = ["admin", "create-user", "ada", "ada@example.org", "--admin"];
    let (ok, printed) = run_command(app.data_dir.path(), &args, "password-1\n");
    assert!(
        ok && printed.contains("Created ada (an admin)."),
        "{printed}"
    );
    let ada = app.client_signed_in("ada@example.org", "password-1").await;
    assert_eq!(is_admin(&app.base_url, &ada).await, true);

    let closed = "Sign-up is closed on this Corkboard: ask its admin for an account.";
    let state = app.graphql(STATE, json!({})).await;
    assert_eq!(state["data"]["signUpState"]["refusal"], closed);
    let (_, second) = sign_up(&app.base_url, "bob", None).await;
    assert_eq!(error_code(&second), Some("PERMISSION_DENIED_ERROR"));
    assert_eq!(message(&second), closed);
    app.stop().await;
}

/// On a laptop nothing changes: the first to sign up is the admin, and no code is made.
#[tokio::test]
async fn a_loopback_server_takes_the_first_to_come() {
    let app = TestApp::start().await;
    let state = app.graphql(STATE, json!({})).await;
    assert_eq!(
        state["data"]["signUpState"],
        json!({ "mode": "OPEN", "refusal": null, "setupCodeNeeded": false })
    );
    let (ada, first) = sign_up(&app.base_url, "ada", None).await;
    assert!(first["errors"].is_null(), "{first}");
    assert_eq!(is_admin(&app.base_url, &ada).await, true);
    assert_eq!(app.setup_code(), None);
    app.stop().await;
}

/// The code lives in the running server's memory: without a server there is none to print.
#[test]
fn the_setup_code_is_asked_of_the_running_server() {
    let data = tempfile::tempdir().unwrap();
    let (ok, printed) = run_command(data.path(), &["admin", "setup-code"], "");
    assert!(
        !ok && printed.contains("The server is not running: the setup code is made when it starts"),
        "{printed}"
    );
}
