//! Starts the real app in-process on 127.0.0.1:0 with a temporary data folder, and talks HTTP to it.
#![allow(dead_code)]

pub mod authenticator;
pub mod oidc;
pub mod pictures;
pub mod pins;
pub mod process;
pub mod reads;
pub mod s3;
pub mod smtp;
pub mod web;

use corkboard::app::{self, RunningServer};
use corkboard_domain::config::{Config, LimitsConfig};
use corkboard_store::{board_sweeps, search_sweeps};
use serde_json::{Value, json};
use tempfile::TempDir;

/// A running server with its own data folder, removed when the test ends.
pub struct TestApp {
    pub server: Option<RunningServer>,
    pub base_url: String,
    pub data_dir: TempDir,
    pub client: reqwest::Client,
}

impl TestApp {
    /// Starts a server with the default configuration.
    pub async fn start() -> TestApp {
        TestApp::start_with(|_| {}).await
    }

    /// Starts a server after `adjust` has changed its configuration.
    pub async fn start_with(adjust: impl FnOnce(&mut Config)) -> TestApp {
        let data_dir = tempfile::tempdir().expect("temp dir");
        let mut config = Config {
            listen: "127.0.0.1:0".parse().unwrap(),
            data_dir: data_dir.path().to_owned(),
            limits: generous_limits(),
            ..Config::default()
        };
        adjust(&mut config);
        let server = app::start(config).await.expect("the app starts");
        let base_url = format!("http://{}", server.addr);
        TestApp {
            server: Some(server),
            base_url,
            data_dir,
            client: new_client(),
        }
    }

    /// Starts a server with the limits a real one has (the tests of the limits use it).
    pub async fn start_with_real_limits() -> TestApp {
        TestApp::start_with(|config| config.limits = LimitsConfig::default()).await
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base_url, path)
    }

    /// Sends a GraphQL request with this app's client and returns the whole JSON answer.
    pub async fn graphql(&self, query: &str, variables: Value) -> Value {
        graphql_with(&self.client, &self.base_url, query, variables).await
    }

    pub async fn stop(mut self) {
        if let Some(server) = self.server.take() {
            server.stop().await.expect("the server stops cleanly");
        }
    }
}

/// Waits until nothing holds the database at `path`: a background sweep's thread keeps it open
/// for a moment after it clears its last mark, and a stop does not wait for that thread.
async fn wait_until_closed(path: &std::path::Path) {
    for _ in 0..2_000 {
        match redb::Database::open(path) {
            Ok(_) => return,
            Err(redb::DatabaseError::DatabaseAlreadyOpen) => {
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            }
            Err(error) => panic!("the database does not open: {error}"),
        }
    }
    panic!("the database was still open 10 s after the server stopped");
}

/// Every test client comes from 127.0.0.1: the per-address limits are raised for the many
/// accounts and mails tests make.
fn generous_limits() -> LimitsConfig {
    LimitsConfig {
        sign_ups_per_hour: 10_000,
        mails_per_hour: 10_000,
        mails_per_email_per_hour: 10_000,
        ..LimitsConfig::default()
    }
}

/// A client that keeps cookies, as a browser would, and sends the app's own Origin.
pub fn new_client() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .build()
        .expect("http client")
}

pub async fn graphql_with(
    client: &reqwest::Client,
    base_url: &str,
    query: &str,
    variables: Value,
) -> Value {
    let response = client
        .post(format!("{base_url}/api/graphql"))
        .header("Origin", base_url)
        .json(&json!({ "query": query, "variables": variables }))
        .send()
        .await
        .expect("graphql request");
    response.json().await.expect("graphql answers JSON")
}

/// The `extensions.code` of the first error of a GraphQL answer.
pub fn error_code(answer: &Value) -> Option<&str> {
    answer["errors"][0]["extensions"]["code"].as_str()
}

/// Decodes quoted-printable soft breaks and `=3D`, enough to read links in a mail.
pub fn readable_mail(raw: &str) -> String {
    raw.replace("=\r\n", "")
        .replace("=\n", "")
        .replace("=3D", "=")
}

/// The token of the first `{path}?token=` link in `mail`.
pub fn token_in(mail: &str, path: &str) -> String {
    let mail = readable_mail(mail);
    let start = mail
        .find(&format!("{path}?token="))
        .unwrap_or_else(|| panic!("no {path} link in:\n{mail}"));
    mail[start + path.len() + 7..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

impl TestApp {
    /// The mails written to the outbox, oldest first.
    pub fn outbox(&self) -> Vec<String> {
        let dir = self.data_dir.path().join("outbox");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .map(|entries| entries.flatten().map(|entry| entry.path()).collect())
            .unwrap_or_default();
        files.sort_by_key(|path| std::fs::metadata(path).and_then(|m| m.modified()).ok());
        files
            .iter()
            .filter_map(|path| std::fs::read_to_string(path).ok())
            .collect()
    }

    /// The setup code the in-process server holds, if it made one.
    pub fn setup_code(&self) -> Option<String> {
        let server = self.server.as_ref()?;
        server.services.setup_code.current()
    }

    /// Signs up a user with this app's client (which keeps the session cookie), with the setup
    /// code that the first account of a server serving the public needs.
    pub async fn sign_up(&self, username: &str) -> Value {
        let answer = self
            .graphql(
                "mutation($e: String!, $p: String!, $u: String!, $c: String) { addUser(email: $e, password: $p, username: $u, setupCode: $c) { id username } }",
                json!({ "e": format!("{username}@example.org"), "p": "password-1", "u": username, "c": self.setup_code() }),
            )
            .await;
        assert!(answer["errors"].is_null(), "sign-up failed: {answer}");
        answer["data"]["addUser"].clone()
    }

    /// A new client (a different browser) signed in as an existing user.
    pub async fn client_signed_in(&self, email: &str, password: &str) -> reqwest::Client {
        let client = new_client();
        let answer = graphql_with(
            &client,
            &self.base_url,
            "mutation($e: String!, $p: String!) { login(email: $e, password: $p) { id } }",
            json!({ "e": email, "p": password }),
        )
        .await;
        assert!(answer["errors"].is_null(), "sign-in failed: {answer}");
        client
    }
}

impl TestApp {
    /// A new client (a different browser) for a new user `username`, signed up and signed in.
    pub async fn client_signed_in_new(&self, username: &str) -> reqwest::Client {
        let client = new_client();
        let answer = graphql_with(
            &client,
            &self.base_url,
            "mutation($e: String!, $u: String!) { addUser(email: $e, password: \"password-1\", username: $u) { id } }",
            json!({ "e": format!("{username}@example.org"), "u": username }),
        )
        .await;
        assert!(answer["errors"].is_null(), "sign-up failed: {answer}");
        client
    }
}

impl TestApp {
    /// Waits until the search index has taken the pins of every renamed board and user, and the
    /// pins of every board made private or public or deleted have followed it (the sweeps of
    /// `store::search_sweeps` and `store::board_sweeps`, made in the background), and the
    /// sweeping threads have ended: they read nothing more.
    pub async fn wait_for_sweeps(&self) {
        let services = &self.server.as_ref().expect("a running server").services;
        let store = &services.store;
        let waiting = || {
            !(store.boards_swept() && services.search.swept())
                || store.read(search_sweeps::count).unwrap()
                    + store.read(board_sweeps::count).unwrap()
                    > 0
        };
        for _ in 0..2_000 {
            if !waiting() {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        panic!("the boards and users changed were not swept within 10 s");
    }

    /// Stops the server and starts a new one on the same data folder (`adjust` may change it first).
    pub async fn restart(&mut self, adjust: impl FnOnce(&Config)) {
        self.restart_configured(|config| adjust(config)).await
    }

    /// Stops the server and starts a new one on the same data folder, with its configuration
    /// changed by `adjust` (which may change the folder first).
    pub async fn restart_configured(&mut self, adjust: impl FnOnce(&mut Config)) {
        let server = self.server.take().expect("a running server");
        let mut config = (*server.services.config).clone();
        server.stop().await.expect("the server stops cleanly");
        wait_until_closed(&config.database_path()).await;
        adjust(&mut config);
        let server = app::start(Config {
            listen: "127.0.0.1:0".parse().unwrap(),
            ..config
        })
        .await
        .expect("the app starts again");
        self.base_url = format!("http://{}", server.addr);
        self.server = Some(server);
    }
}

/// Posts `archive` to `/api/import` from `client`, sent from the page at `origin`; the status and
/// the JSON answer (null when it is not JSON).
pub async fn post_archive(
    base_url: &str,
    client: &reqwest::Client,
    archive: Vec<u8>,
    origin: &str,
) -> (u16, Value) {
    let part = reqwest::multipart::Part::bytes(archive).file_name("archive.zip");
    let response = client
        .post(format!("{base_url}/api/import"))
        .header("Origin", origin)
        .multipart(reqwest::multipart::Form::new().part("archive", part))
        .timeout(std::time::Duration::from_secs(300))
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}
