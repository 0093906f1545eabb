//! `log.format = "json"`: every line the binary writes to standard error is one JSON object, and
//! no password reaches the log.

use crate::common;

use common::process::ServerProcess;
use serde_json::{Value, json};

#[tokio::test]
async fn json_logs_are_one_object_per_line_without_secrets() {
    let password = "correct-horse-battery-7";
    let mut server = ServerProcess::start_with(env!("CARGO_BIN_EXE_corkboard").as_ref(), |c| {
        c.env("CORKBOARD_LOG__FORMAT", "json")
            .env("CORKBOARD_MAIL__SMTP_PASSWORD", "smtp-secret-9");
    });
    let answer = server
        .app
        .graphql(
            "mutation($p: String!) { addUser(email: \"log@example.org\", password: $p, username: \"log\") { id } }",
            json!({ "p": password }),
        )
        .await;
    assert!(answer["errors"].is_null(), "{answer}");
    assert!(server.terminate().success(), "{}", server.log());

    let log = server.log();
    let lines: Vec<Value> = log
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line:?}")))
        .collect();
    let has = |message: &str| lines.iter().any(|line| line["message"] == message);
    assert!(has("listening") && has("shutting down"), "{log}");
    let request = lines
        .iter()
        .find(|line| line["message"] == "request" && line["path"] == "/api/graphql")
        .unwrap_or_else(|| panic!("no request line: {log}"));
    assert_eq!(request["status"], 200);
    assert_eq!(request["level"], "INFO");
    assert!(request["timestamp"].is_string(), "{request}");
    assert!(
        !log.contains(password) && !log.contains("smtp-secret-9"),
        "{log}"
    );
}

#[test]
fn text_logs_stay_the_default() {
    let mut server = ServerProcess::start(env!("CARGO_BIN_EXE_corkboard").as_ref());
    assert!(server.terminate().success(), "{}", server.log());
    let log = server.log();
    let first = log.lines().next().unwrap_or_default();
    assert!(first.contains(" INFO ") && !first.starts_with('{'), "{log}");
}
