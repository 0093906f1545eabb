//! Behind a reverse proxy: `X-Forwarded-For` and `X-Forwarded-Proto` count only from the
//! networks in `trusted_proxies`.

use crate::common;

use common::{TestApp, error_code};
use corkboard_domain::config::LimitsConfig;
use serde_json::{Value, json};

const LOGIN: &str =
    "mutation($e: String!, $p: String!) { login(email: $e, password: $p) { username } }";

/// A server with the real sign-in limits, trusting the networks given (the tests' requests all
/// come from 127.0.0.1).
async fn start_trusting(networks: &[&str]) -> TestApp {
    let trusted = networks.iter().map(|net| net.parse().unwrap()).collect();
    let app = TestApp::start_with(|config| {
        config.limits = LimitsConfig::default();
        config.trusted_proxies = trusted;
    })
    .await;
    app.sign_up("ada").await;
    app
}

/// Signs in as ada with `password`, the request carrying `headers`; the answer and the
/// `Set-Cookie` header.
async fn log_in(app: &TestApp, password: &str, headers: &[(&str, &str)]) -> (Value, String) {
    let mut request = reqwest::Client::new()
        .post(app.url("/api/graphql"))
        .header("Origin", &app.base_url)
        .json(&json!({ "query": LOGIN, "variables": { "e": "ada@example.org", "p": password } }));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    let cookie = response
        .headers()
        .get("set-cookie")
        .map(|value| value.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (response.json().await.unwrap(), cookie)
}

/// Five wrong passwords from `client` (as X-Forwarded-For says), then one more.
async fn guess_until_limited(app: &TestApp, client: &str) -> Value {
    let forwarded = [("X-Forwarded-For", client)];
    for n in 0..5 {
        let (answer, _) = log_in(app, &format!("guess-{n}"), &forwarded).await;
        assert_eq!(error_code(&answer), Some("VALIDATION_ERROR"), "{answer}");
    }
    log_in(app, "guess-5", &forwarded).await.0
}

#[tokio::test]
async fn a_trusted_proxy_s_clients_are_limited_one_by_one() {
    let app = start_trusting(&["127.0.0.1/32"]).await;
    let limited = guess_until_limited(&app, "203.0.113.7").await;
    assert_eq!(error_code(&limited), Some("RATE_LIMITED"), "{limited}");
    // The proxy's own address and a spoofed left part do not count: the right-most is the client.
    let other = [("X-Forwarded-For", "203.0.113.7, 198.51.100.2, 127.0.0.1")];
    let (answer, _) = log_in(&app, "password-1", &other).await;
    assert_eq!(answer["data"]["login"]["username"], "ada", "{answer}");
    app.stop().await;
}

#[tokio::test]
async fn a_trusted_proxy_s_https_makes_the_cookie_secure() {
    let app = start_trusting(&["127.0.0.0/8"]).await;
    let (_, plain) = log_in(&app, "password-1", &[]).await;
    assert!(plain.starts_with("corkboard_session="), "{plain}");
    assert!(!plain.contains("Secure"), "{plain}");
    let https = [("X-Forwarded-Proto", "https")];
    let (_, secure) = log_in(&app, "password-1", &https).await;
    assert!(secure.ends_with("; Secure"), "{secure}");
    app.stop().await;
}

#[tokio::test]
async fn without_trusted_proxies_the_headers_change_nothing() {
    let app = start_trusting(&[]).await;
    guess_until_limited(&app, "203.0.113.7").await;
    // The attempts counted against 127.0.0.1, whatever the header says.
    let elsewhere = [
        ("X-Forwarded-For", "198.51.100.2"),
        ("X-Forwarded-Proto", "https"),
    ];
    let (answer, cookie) = log_in(&app, "password-1", &elsewhere).await;
    assert_eq!(error_code(&answer), Some("RATE_LIMITED"), "{answer}");
    assert_eq!(cookie, "");
    app.stop().await;
    let app = start_trusting(&["10.0.0.0/8"]).await;
    let (answer, cookie) = log_in(&app, "password-1", &elsewhere).await;
    assert_eq!(answer["data"]["login"]["username"], "ada", "{answer}");
    assert!(!cookie.contains("Secure"), "{cookie}");
    app.stop().await;
}
