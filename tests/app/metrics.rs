//! `GET /metrics`: only an admin's API key reads it on the main address, anyone on an address
//! of its own; requests, pins and picture work show in it.

use crate::common;

use common::pictures::png;
use common::pins::{add_board, create_pin};
use common::{TestApp, graphql_with, new_client};
use serde_json::json;

const CREATE_KEY: &str = "mutation { createApiKey(name: \"prometheus\") }";

/// Creates an API key for the user signed in on `client`.
async fn api_key(app: &TestApp, client: &reqwest::Client) -> String {
    let answer = graphql_with(client, &app.base_url, CREATE_KEY, json!({})).await;
    answer["data"]["createApiKey"]
        .as_str()
        .unwrap_or_else(|| panic!("no key: {answer}"))
        .to_owned()
}

/// `GET /metrics` at `base_url`: the status, the content type and the body.
async fn scrape(
    base_url: &str,
    client: &reqwest::Client,
    key: Option<&str>,
) -> (u16, String, String) {
    let mut request = client.get(format!("{base_url}/metrics"));
    if let Some(key) = key {
        request = request.bearer_auth(key);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|value| value.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, content_type, response.text().await.unwrap())
}

/// The value of one series (`name{labels}` exactly as exposed), 0 when it is not there.
fn value_of(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .map_or(0.0, |value| value.parse().unwrap())
}

#[tokio::test]
async fn only_an_admin_s_api_key_reads_the_metrics() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let admin_key = api_key(&app, &app.client).await;
    let bob = app.client_signed_in_new("bob").await;
    let bob_key = api_key(&app, &bob).await;
    let visitor = new_client();
    let refused = [
        ("a visitor", &visitor, None),
        ("a signed-in user", &bob, None),
        ("a user's API key", &visitor, Some(bob_key.as_str())),
        ("an admin's browser session", &app.client, None),
    ];
    for (who, client, key) in refused {
        let (status, _, body) = scrape(&app.base_url, client, key).await;
        assert_eq!(status, 403, "{who}: {body}");
        assert!(!body.contains("corkboard_"), "{who}: {body}");
    }
    let (status, content_type, body) = scrape(&app.base_url, &visitor, Some(&admin_key)).await;
    assert_eq!(status, 200, "{body}");
    assert!(
        content_type.starts_with("application/openmetrics-text"),
        "{content_type}"
    );
    assert_eq!(value_of(&body, "corkboard_users"), 2.0, "{body}");
    assert!(body.ends_with("# EOF\n"), "{body}");
    app.stop().await;
}

#[tokio::test]
async fn requests_pins_and_picture_work_show_in_the_metrics() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let key = api_key(&app, &app.client).await;
    let visitor = new_client();
    let (_, _, before) = scrape(&app.base_url, &visitor, Some(&key)).await;
    let graphql_ok = r#"corkboard_http_requests_total{route="/api/graphql",status="200"}"#;
    let uploads_ok = r#"corkboard_http_requests_total{route="/api/upload/pin",status="200"}"#;
    assert_eq!(value_of(&before, "corkboard_pins"), 0.0, "{before}");

    let me = app.graphql("{ me { username } }", json!({})).await;
    assert_eq!(me["data"]["me"]["username"], "ada");
    let board = add_board(&app, &app.client, "Holidays", false).await;
    create_pin(&app, &app.client, png(64, 48, 1), &[&board], "Beach").await;

    let (_, _, after) = scrape(&app.base_url, &visitor, Some(&key)).await;
    // The query, addBoard and addPin.
    let graphql = value_of(&after, graphql_ok) - value_of(&before, graphql_ok);
    assert_eq!(graphql, 3.0, "{after}");
    assert_eq!(value_of(&after, uploads_ok), 1.0, "{after}");
    let scrapes = r#"corkboard_http_requests_total{route="/metrics",status="200"}"#;
    assert_eq!(value_of(&after, scrapes), 1.0, "{after}");
    let durations = r#"corkboard_http_request_duration_seconds_count{route="/api/graphql"}"#;
    assert!(value_of(&after, durations) >= 3.0, "{after}");
    assert_eq!(value_of(&after, "corkboard_pins"), 1.0, "{after}");
    assert_eq!(
        value_of(&after, "corkboard_search_documents"),
        1.0,
        "{after}"
    );
    assert_eq!(value_of(&after, "corkboard_search_pending_pins"), 0.0);
    // The picture job is over: nothing queued or running.
    assert!(
        after.contains("corkboard_picture_jobs_queued 0\n"),
        "{after}"
    );
    assert!(
        after.contains("corkboard_picture_jobs_running 0\n"),
        "{after}"
    );
    assert!(
        after.contains(r#"corkboard_media_bytes{folder="previews"} "#),
        "{after}"
    );
    let mut routes = after
        .split("route=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect::<Vec<_>>();
    routes.sort();
    routes.dedup();
    assert_eq!(routes, ["/api/graphql", "/api/upload/pin", "/metrics"]);
    app.stop().await;
}

#[tokio::test]
async fn pictures_waiting_for_the_memory_budget_are_counted_as_queued() {
    // About 25 MiB a picture of 1500 x 1500 pixels: one at a time in 32 MiB.
    let app = TestApp::start_with(|config| config.uploads.picture_memory_bytes = 32 << 20).await;
    app.sign_up("ada").await;
    let key = api_key(&app, &app.client).await;
    let picture = png(1500, 1500, 7);
    let mut uploads = tokio::task::JoinSet::new();
    for _ in 0..3 {
        let (url, client, bytes) = (
            app.url("/api/upload/pin"),
            app.client.clone(),
            picture.clone(),
        );
        let origin = app.base_url.clone();
        uploads.spawn(async move {
            let part = reqwest::multipart::Part::bytes(bytes).file_name("big.png");
            let form = reqwest::multipart::Form::new().part("pin", part);
            let sent = client.post(url).header("Origin", origin).multipart(form);
            sent.send().await.unwrap().status().as_u16()
        });
    }
    let (mut most_queued, mut most_running) = (0.0_f64, 0.0_f64);
    let visitor = new_client();
    for _ in 0..10_000 {
        let (_, _, text) = scrape(&app.base_url, &visitor, Some(&key)).await;
        most_queued = most_queued.max(value_of(&text, "corkboard_picture_jobs_queued"));
        most_running = most_running.max(value_of(&text, "corkboard_picture_jobs_running"));
        while let Some(done) = uploads.try_join_next() {
            assert_eq!(done.unwrap(), 200);
        }
        if uploads.is_empty() {
            break;
        }
    }
    assert!(most_queued >= 1.0, "no picture was seen waiting");
    assert_eq!(most_running, 1.0, "the budget holds one picture at a time");
    let (_, _, text) = scrape(&app.base_url, &visitor, Some(&key)).await;
    assert_eq!(value_of(&text, "corkboard_picture_jobs_queued"), 0.0);
    assert_eq!(value_of(&text, "corkboard_picture_jobs_running"), 0.0);
    app.stop().await;
}

#[tokio::test]
async fn a_metrics_address_of_its_own_serves_anyone_and_the_main_one_nothing() {
    let app = TestApp::start_with(|config| {
        config.metrics.listen = Some("127.0.0.1:0".parse().unwrap());
    })
    .await;
    app.sign_up("ada").await;
    let key = api_key(&app, &app.client).await;
    let metrics_addr = app.server.as_ref().unwrap().metrics_addr.unwrap();
    let visitor = new_client();
    let (status, _, body) = scrape(&format!("http://{metrics_addr}"), &visitor, None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(value_of(&body, "corkboard_users"), 1.0, "{body}");
    let (status, _, body) = scrape(&app.base_url, &visitor, Some(&key)).await;
    assert_eq!(status, 404, "{body}");
    assert!(!body.contains("corkboard_"), "{body}");
    app.stop().await;
}
