//! The skeleton: GraphQL, the embedded UI and its caching, health, config layers, migrations.

use crate::common;

use common::TestApp;
use corkboard_domain::config::{Config, FlagOverrides};
use serde_json::json;

#[tokio::test]
async fn me_is_null_for_a_visitor() {
    let app = TestApp::start().await;
    let answer = app.graphql("{ me { id } }", json!({})).await;
    assert_eq!(answer, json!({ "data": { "me": null } }));
    app.stop().await;
}

#[tokio::test]
async fn graphiql_is_served_on_get() {
    let app = TestApp::start().await;
    let response = app
        .client
        .get(app.url("/api/graphql"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.text().await.unwrap().contains("graphiql"));
    app.stop().await;
}

#[tokio::test]
async fn app_routes_get_index_html_without_caching() {
    let app = TestApp::start().await;
    for path in ["/", "/some-user/boards/", "/no/such/page"] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        assert!(
            response.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/html")
        );
        assert!(
            response.text().await.unwrap().contains("<div id=\"root\">"),
            "{path}"
        );
    }
    app.stop().await;
}

#[tokio::test]
async fn hashed_assets_are_immutable_and_missing_files_are_404() {
    let app = TestApp::start().await;
    let index = app
        .client
        .get(app.url("/"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let script = index
        .split('"')
        .find(|part| part.starts_with("/assets/") && part.ends_with(".js"))
        .expect("index.html links a hashed script");
    let response = app.client.get(app.url(script)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .contains("javascript")
    );

    for missing in [
        "/assets/nothing-1234.js",
        "/favicon-missing.png",
        "/api/nothing",
        "/media/x",
    ] {
        let response = app.client.get(app.url(missing)).send().await.unwrap();
        assert_eq!(response.status(), 404, "{missing}");
    }
    app.stop().await;
}

#[tokio::test]
async fn healthz_answers_ok() {
    let app = TestApp::start().await;
    let response = app.client.get(app.url("/healthz")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.text().await.unwrap(), "ok");
    app.stop().await;
}

#[test]
fn config_layers_override_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("config.toml");
    std::fs::write(
        &file,
        "listen = \"127.0.0.1:9000\"\ndata_dir = \"/from/file\"\n[uploads]\nmax_pixels = 5\n",
    )
    .unwrap();
    let env = [
        ("CORKBOARD_DATA_DIR".to_owned(), "/from/env".to_owned()),
        (
            "CORKBOARD_FETCH__ALLOW_PRIVATE_NETWORKS".to_owned(),
            "true".to_owned(),
        ),
        ("PATH".to_owned(), "/usr/bin".to_owned()),
    ];
    let flags = FlagOverrides {
        listen: Some("127.0.0.1:7000".parse().unwrap()),
        data_dir: None,
    };
    let config = Config::load(Some(&file), env, flags).unwrap();
    assert_eq!(config.listen.to_string(), "127.0.0.1:7000");
    assert_eq!(config.data_dir.to_str(), Some("/from/env"));
    assert!(config.fetch.allow_private_networks);
    assert_eq!(config.uploads.max_pixels, 5);
    assert_eq!(config.uploads.max_file_bytes, 50 * 1024 * 1024);
}

#[test]
fn defaults_match_the_documented_example() {
    let defaults = Config::load(None, [], FlagOverrides::default()).unwrap();
    assert_eq!(defaults.listen.to_string(), "127.0.0.1:8080");
    assert_eq!(defaults.data_dir.to_str(), Some("./data"));
    let example: Config = toml::from_str(corkboard_domain::config::DEFAULT_CONFIG_TOML).unwrap();
    assert_eq!(format!("{example:?}"), format!("{defaults:?}"));
}

#[test]
fn unknown_keys_are_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("config.toml");
    std::fs::write(&file, "[fetch]\nallow_private_network = true\n").unwrap();
    let error = Config::load(Some(&file), [], FlagOverrides::default()).unwrap_err();
    assert!(
        error.to_string().contains("allow_private_network"),
        "{error}"
    );
}

#[test]
fn unknown_variables_are_ignored_and_named() {
    let env = || {
        [
            ("CORKBOARD_LISTEN_PORT".to_owned(), "1".to_owned()),
            ("CORKBOARD_BIN".to_owned(), "/usr/bin/corkboard".to_owned()),
            (
                "CORKBOARD_FETCH__TIMEOUT_SECONDS".to_owned(),
                "7".to_owned(),
            ),
        ]
    };
    let config = Config::load(None, env(), FlagOverrides::default()).unwrap();
    assert_eq!(config.fetch.timeout_seconds, 7);
    assert_eq!(
        Config::unknown_variables(env()),
        ["CORKBOARD_LISTEN_PORT", "CORKBOARD_BIN"]
    );
}

#[test]
fn a_stray_variable_does_not_stop_the_binary() {
    let data = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_corkboard"))
        .args(["reindex", "--data-dir"])
        .arg(data.path())
        .env("CORKBOARD_BIN", "/somewhere/else")
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{log}");
    assert!(
        log.contains("CORKBOARD_BIN") && log.contains("ignored"),
        "{log}"
    );
}

#[tokio::test]
async fn a_database_newer_than_the_binary_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("corkboard.redb");
    {
        let db = redb::Database::create(&path).unwrap();
        let write = db.begin_write().unwrap();
        write
            .open_table(corkboard_store::tables::META)
            .unwrap()
            .insert("schema_version", 999)
            .unwrap();
        write.commit().unwrap();
    }
    let config = Config {
        listen: "127.0.0.1:0".parse().unwrap(),
        data_dir: dir.path().to_owned(),
        ..Config::default()
    };
    let error = corkboard::app::start(config).await.err().expect("refused");
    let message = format!("{error:#}");
    assert!(
        message.contains("schema version 999, newer than this Corkboard"),
        "{message}"
    );
}

#[tokio::test]
async fn a_new_database_is_migrated_to_the_current_version() {
    let mut app = TestApp::start().await;
    app.server.take().unwrap().stop().await.unwrap();
    let db = redb::Database::open(app.data_dir.path().join("corkboard.redb")).unwrap();
    let version = corkboard_store::migrations::schema_version(&db).unwrap();
    assert_eq!(version, corkboard_store::migrations::CURRENT_VERSION);
}

#[test]
fn committed_schema_matches_the_code() {
    let committed = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/schema.graphql"))
        .expect("schema.graphql is committed");
    let current = corkboard::graphql::schema_sdl();
    assert!(
        committed == current,
        "schema.graphql differs from the code; regenerate it with \
         `cargo run -- export-schema > schema.graphql`"
    );
}
