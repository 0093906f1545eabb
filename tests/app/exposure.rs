//! What the server gives away: private pins' pictures, paths on the server, headers a browser
//! needs to protect the UI, developer tools on a public server, sign-ins from other sites.

use crate::common;

use common::pictures::png;
use common::pins::{add_board, create_pin};
use common::{TestApp, error_code, graphql_with, new_client};
use serde_json::json;

async fn get(client: &reqwest::Client, url: &str) -> (u16, String, String) {
    let response = client.get(url).send().await.unwrap();
    let status = response.status().as_u16();
    let cache = response
        .headers()
        .get("cache-control")
        .map(|value| value.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, cache, response.text().await.unwrap_or_default())
}

#[tokio::test]
async fn private_pictures_go_only_to_those_who_may_see_them() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let friend = app.client_signed_in_new("bob").await;
    let stranger = app.client_signed_in_new("tom").await;
    let board = add_board(&app, &app.client, "Secret garden", true).await;
    let pin = create_pin(&app, &app.client, png(300, 200, 3), &[&board], "hidden").await;
    let urls = app
        .graphql(
            "query($id: ID!) { pin(id: $id) { original preview(minWidth: 236) } }",
            json!({ "id": pin }),
        )
        .await;
    let original = app.url(urls["data"]["pin"]["original"].as_str().unwrap());
    let preview = app.url(urls["data"]["pin"]["preview"].as_str().unwrap());

    for url in [&original, &preview] {
        let (status, cache, _) = get(&app.client, url).await;
        assert_eq!(
            (status, cache.as_str()),
            (200, "private, max-age=3600"),
            "{url}"
        );
        assert_eq!(get(&new_client(), url).await.0, 404, "a visitor: {url}");
        assert_eq!(get(&stranger, url).await.0, 404, "a stranger: {url}");
        assert_eq!(get(&friend, url).await.0, 404, "not shared yet: {url}");
    }
    app.graphql(
        "mutation($b: ID!) { shareBoard(board: $b, username: \"bob\") { message } }",
        json!({ "b": board }),
    )
    .await;
    assert_eq!(get(&friend, &preview).await.0, 200, "shared");

    app.graphql(
        "mutation($b: ID!) { updateBoard(id: $b, secret: false) { id } }",
        json!({ "b": board }),
    )
    .await;
    let (status, cache, _) = get(&new_client(), &original).await;
    assert_eq!(
        (status, cache.as_str()),
        (200, "public, max-age=31536000, immutable"),
        "public pictures stay fast and cached"
    );
    app.stop().await;
}

#[tokio::test]
async fn errors_name_no_path_and_answers_carry_security_headers() {
    let app = TestApp::start().await;
    for path in [
        "/media/avatars/..%2f..%2f..%2fetc%2fpasswd",
        "/media/previews/%2fetc%2fpasswd",
        "/media/tmp/../../etc/passwd",
        "/media/originals/00/00/nothing.jpg",
    ] {
        let (status, _, body) = get(&new_client(), &app.url(path)).await;
        assert!(!body.contains("root:"), "{path}: {status} {body}");
        assert!(
            !body.contains("/etc") && !body.contains(app.data_dir.path().to_str().unwrap()),
            "{path}: {body}"
        );
    }
    let page = reqwest::get(app.url("/")).await.unwrap();
    let headers = page.headers();
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["referrer-policy"], "same-origin");
    let policy = headers["content-security-policy"].to_str().unwrap();
    assert!(
        policy.contains("frame-ancestors 'none'") && policy.contains("script-src 'self'"),
        "{policy}"
    );
    app.stop().await;
}

#[tokio::test]
async fn graphiql_and_introspection_are_off_unless_asked_for_on_a_public_address() {
    let introspect = "{ __schema { queryType { name } } }";
    let laptop = TestApp::start().await;
    assert_eq!(
        reqwest::get(laptop.url("/api/graphql"))
            .await
            .unwrap()
            .status(),
        200
    );
    let answer = laptop.graphql(introspect, json!({})).await;
    assert_eq!(answer["data"]["__schema"]["queryType"]["name"], "Query");
    laptop.stop().await;

    // A server for the world (here still on loopback, told so by the setting).
    let public = TestApp::start_with(|config| config.api.graphiql = Some(false)).await;
    let graphiql = reqwest::get(public.url("/api/graphql"))
        .await
        .unwrap()
        .status();
    assert_eq!(graphiql, 405, "no GraphiQL page");
    let answer = public.graphql(introspect, json!({})).await;
    assert!(
        answer["data"].is_null() || answer["data"]["__schema"].is_null(),
        "{answer}"
    );
    public.stop().await;

    let mut config = corkboard_domain::config::Config {
        listen: "0.0.0.0:8080".parse().unwrap(),
        ..Default::default()
    };
    assert!(!config.graphiql(), "off by default on a public address");
    config.api.graphiql = Some(true);
    assert!(config.graphiql());
}

#[tokio::test]
async fn another_site_cannot_sign_a_browser_in() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let answer: serde_json::Value = new_client()
        .post(app.url("/api/graphql"))
        .header("Origin", "https://evil.example")
        .json(&json!({
            "query": "mutation { login(email: \"ada@example.org\", password: \"password-1\") { id } }"
        }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        error_code(&answer),
        Some("PERMISSION_DENIED_ERROR"),
        "{answer}"
    );

    let long = format!("https://example.org/{}", "a".repeat(3000));
    let answer = graphql_with(
        &app.client,
        &app.base_url,
        "mutation($u: String!) { downloadPinFile(url: $u) { tempFileName } }",
        json!({ "u": long }),
    )
    .await;
    assert!(
        answer["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("too long"),
        "{answer}"
    );
    app.stop().await;
}
