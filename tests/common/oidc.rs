//! A real OpenID provider for the tests: `tests/oidc/provider.mjs` (npm's `oidc-provider`) on
//! 127.0.0.1 with a free port, and a browser that goes through its sign-in pages.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use corkboard_domain::config::OidcConfig;
use reqwest::redirect::Policy;
use serde_json::Value;

/// The provider's running process, stopped when dropped.
pub struct OidcProvider {
    child: Child,
    pub issuer: String,
}

impl OidcProvider {
    /// Starts the provider with `accounts` (subject -> claims); `None`, with a message, when
    /// `tests/oidc/node_modules` is missing (outside CI only: there, it fails the test).
    pub fn start(accounts: Value) -> Option<OidcProvider> {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oidc");
        if !folder.join("node_modules/oidc-provider").is_dir() {
            assert!(
                std::env::var_os("CI").is_none(),
                "tests/oidc/node_modules is missing: .ci/run installs it (cd tests/oidc && npm ci)"
            );
            eprintln!("skipped: the test provider is not installed (cd tests/oidc && npm ci)");
            return None;
        }
        let mut child = Command::new("node")
            .arg(folder.join("provider.mjs"))
            .arg(accounts.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("node starts the test provider");
        let mut line = String::new();
        let mut output = BufReader::new(child.stdout.take().expect("its output"));
        output
            .read_line(&mut line)
            .expect("the provider says its issuer");
        // What it prints later is read and dropped: a closed pipe would stop it.
        std::thread::spawn(move || std::io::copy(&mut output, &mut std::io::sink()));
        let issuer = line
            .trim()
            .strip_prefix("issuer ")
            .unwrap_or_else(|| panic!("the provider did not start: {line:?}"))
            .to_owned();
        Some(OidcProvider { child, issuer })
    }

    /// The settings of Corkboard's client at this provider.
    pub fn settings(&self) -> OidcConfig {
        OidcConfig {
            issuer: Some(self.issuer.clone()),
            client_id: "corkboard".into(),
            client_secret: Some("corkboard-secret".into()),
            button_label: "Test ID".into(),
            ..OidcConfig::default()
        }
    }

    /// Makes the provider's next token answer carry a doctored ID token (see provider.mjs).
    pub async fn tamper(&self, mode: &str) {
        self.post("/__test/tamper", serde_json::json!({ "mode": mode }))
            .await;
    }

    /// Publishes a second key and signs every ID token with it from now on.
    pub async fn rotate_keys(&self) {
        self.post("/__test/rotate", serde_json::json!({})).await;
    }

    async fn post(&self, path: &str, body: Value) {
        let answer = reqwest::Client::new()
            .post(format!("{}{path}", self.issuer))
            .json(&body)
            .send()
            .await
            .expect("the provider answers");
        assert_eq!(answer.status(), 204, "{path}");
    }
}

impl Drop for OidcProvider {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A browser: it keeps cookies and does not follow redirects, so that each step can be seen.
pub fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(Policy::none())
        .build()
        .expect("http client")
}

/// Where a round trip through the provider ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Trip {
    /// The provider sent the browser back to Corkboard's callback at this address.
    Callback(String),
    /// Corkboard sent the browser elsewhere of its own (a failure before the provider).
    Corkboard(String),
}

/// Starts a round trip at Corkboard (`/api/auth/oidc/start` with `query`), signs in at the
/// provider as `account` (any password) and consents, until the provider sends the browser back.
pub async fn to_provider_and_back(
    browser: &reqwest::Client,
    app: &str,
    query: &str,
    account: &str,
) -> Trip {
    let mut url = format!("{app}/api/auth/oidc/start{query}");
    for _ in 0..20 {
        let response = browser.get(&url).send().await.expect("a page");
        if response.status().is_redirection() {
            let location = location_of(&url, &response);
            if location.starts_with(&format!("{app}/api/auth/oidc/callback")) {
                return Trip::Callback(location);
            }
            if location.starts_with(app) {
                return Trip::Corkboard(location);
            }
            url = location;
            continue;
        }
        let status = response.status();
        let page = response.text().await.unwrap_or_default();
        assert_eq!(status, 200, "the provider's page {url}: {page}");
        let action = form_action(&page).unwrap_or_else(|| panic!("no form in {page}"));
        let submit = location_of_text(&url, &action);
        let fields: Vec<(&str, &str)> = match page.contains(r#"value="login""#) {
            true => vec![("prompt", "login"), ("login", account), ("password", "any")],
            false => vec![("prompt", "consent")],
        };
        let response = browser
            .post(&submit)
            .form(&fields)
            .send()
            .await
            .expect("the form is sent");
        assert!(
            response.status().is_redirection(),
            "the provider's form at {submit}: {}",
            response.status()
        );
        url = location_of(&submit, &response);
    }
    panic!("the round trip went on for more than 20 pages");
}

/// Follows Corkboard's callback: where it sends the browser next.
pub async fn come_back(browser: &reqwest::Client, callback: &str) -> String {
    let response = browser.get(callback).send().await.expect("the callback");
    assert_eq!(
        response.status(),
        303,
        "the callback answers with a redirect"
    );
    location_of(callback, &response)
}

/// A whole sign-in: to the provider and back, and where Corkboard sends the browser then.
pub async fn sign_in(browser: &reqwest::Client, app: &str, query: &str, account: &str) -> String {
    match to_provider_and_back(browser, app, query, account).await {
        Trip::Callback(callback) => come_back(browser, &callback).await,
        Trip::Corkboard(location) => location,
    }
}

/// The `Location` of a redirect, made absolute against the page that answered.
pub fn location_of(page: &str, response: &reqwest::Response) -> String {
    let location = response
        .headers()
        .get("location")
        .and_then(|value| value.to_str().ok())
        .expect("a redirect has a Location");
    location_of_text(page, location)
}

fn location_of_text(page: &str, location: &str) -> String {
    url::Url::parse(page)
        .and_then(|page| page.join(location))
        .expect("a valid address")
        .to_string()
}

/// The `action` of the first form of a page.
fn form_action(page: &str) -> Option<String> {
    let start = page.find("<form")?;
    let rest = &page[start..];
    let action = rest.find("action=\"")? + "action=\"".len();
    let end = rest[action..].find('"')?;
    Some(rest[action..action + end].replace("&amp;", "&"))
}
