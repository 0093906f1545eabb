//! The phone share target (POST /share/, the web app manifest's `share_target`): a shared
//! picture becomes a temporary pin and leads to the 'Pin it' screen, a shared link leads to the
//! 'Pin it' screen, and neither a signed-out user nor another site's form creates anything.

use crate::common;

use common::pictures::png;
use common::{TestApp, graphql_with};
use reqwest::multipart::{Form, Part};
use serde_json::json;

/// A browser that keeps cookies and does not follow redirects (the test follows them).
fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

async fn sign_up(app: &TestApp, client: &reqwest::Client, username: &str) -> String {
    let answer = graphql_with(
        client,
        &app.base_url,
        "mutation($e: String!, $u: String!) { addUser(email: $e, password: \"password-1\", username: $u) { id } }",
        json!({ "e": format!("{username}@example.org"), "u": username }),
    )
    .await;
    assert!(answer["errors"].is_null(), "{answer}");
    let answer = graphql_with(
        client,
        &app.base_url,
        "mutation { addBoard(title: \"Shared\", secret: false) { id } }",
        json!({}),
    )
    .await;
    answer["data"]["addBoard"]["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// Posts `form` the way the OS does when the installed app is chosen in a share sheet: a
/// top-level navigation the browser starts itself (`Sec-Fetch-Site: none`, `Origin: null`).
async fn os_share(app: &TestApp, client: &reqwest::Client, form: Form) -> reqwest::Response {
    client
        .post(app.url("/share/"))
        .header("Origin", "null")
        .header("Sec-Fetch-Site", "none")
        .header("Sec-Fetch-Mode", "navigate")
        .multipart(form)
        .send()
        .await
        .unwrap()
}

fn location(response: &reqwest::Response) -> String {
    assert_eq!(response.status(), 303, "a share answers with a redirect");
    response.headers()["location"].to_str().unwrap().to_owned()
}

fn files_in(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |entries| entries.count())
}

#[tokio::test]
async fn a_shared_picture_lands_on_the_pin_it_screen_and_becomes_a_pin() {
    let app = TestApp::start().await;
    let client = browser();
    let board = sign_up(&app, &client, "sharer").await;

    let form = Form::new()
        .text("title", "Sunset")
        .text("text", "From my gallery")
        .part(
            "pin",
            Part::bytes(png(120, 80, 7))
                .file_name("sunset.png")
                .mime_str("image/png")
                .unwrap(),
        );
    let to = location(&os_share(&app, &client, form).await);
    let url = url::Url::parse(&app.url(&to)).unwrap();
    assert_eq!(url.path(), "/pin-it/");
    let query: std::collections::HashMap<_, _> = url.query_pairs().into_owned().collect();
    assert_eq!(query["name"], "sunset.png");
    assert_eq!(query["title"], "Sunset");
    assert_eq!(query["caption"], "From my gallery");

    // Following the redirect gives the UI (the screen that shows 'Create a pin').
    let page = client.get(url.as_str()).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("<div id=\"root\">"));

    // The temporary pin is the viewer's: the form pins it.
    let answer = graphql_with(
        &client,
        &app.base_url,
        "mutation($t: String!, $b: [ID!]) { addPin(tempFileName: $t, caption: \"From my gallery\", title: \"Sunset\", boards: $b) { id width } }",
        json!({ "t": query["temp"], "b": [board] }),
    )
    .await;
    assert_eq!(answer["data"]["addPin"]["width"], 120, "{answer}");

    // The same picture again: the redirect names the pin that already shows it.
    let again = Form::new().part("pin", Part::bytes(png(120, 80, 7)).file_name("again.png"));
    let to = location(&os_share(&app, &client, again).await);
    let pin_id = answer["data"]["addPin"]["id"].as_str().unwrap();
    assert!(to.contains(&format!("clone={pin_id}")), "{to}");
    app.stop().await;
}

#[tokio::test]
async fn a_shared_link_lands_on_the_pin_it_screen_for_that_page() {
    let app = TestApp::start().await;
    let client = browser();
    sign_up(&app, &client, "linker").await;

    let form = Form::new()
        .text("title", "A page")
        .text("url", "https://example.com/gallery?p=2");
    let to = location(&os_share(&app, &client, form).await);
    assert_eq!(
        to,
        "/pin-it/?url=https%3A%2F%2Fexample.com%2Fgallery%3Fp%3D2&title=A+page"
    );
    // Phone browsers often put the link inside `text`, which is then the caption too.
    let form = Form::new().text("text", "Look at this: https://example.org/photos nice");
    let to = location(&os_share(&app, &client, form).await);
    assert_eq!(
        to,
        "/pin-it/?url=https%3A%2F%2Fexample.org%2Fphotos&text=Look+at+this%3A+https%3A%2F%2Fexample.org%2Fphotos+nice"
    );
    let page = client.get(app.url(&to)).send().await.unwrap();
    assert_eq!(page.status(), 200);

    // Nothing to pin at all: a clear refusal.
    let empty = os_share(&app, &client, Form::new().text("text", "just words")).await;
    assert_eq!(empty.status(), 400);
    app.stop().await;
}

#[tokio::test]
async fn signed_out_users_and_other_sites_create_nothing() {
    let app = TestApp::start().await;
    let tmp = app.data_dir.path().join("tmp");

    // Signed out: to the login page, coming back to the 'Pin it' screen for a link.
    let visitor = browser();
    let form = Form::new().text("url", "https://example.com/");
    let to = location(&os_share(&app, &visitor, form).await);
    assert!(to.starts_with("/login/?next=%2Fpin-it%2F%3Furl%3D"), "{to}");
    let form = Form::new().part("pin", Part::bytes(png(50, 50, 1)).file_name("a.png"));
    assert_eq!(
        location(&os_share(&app, &visitor, form).await),
        "/login/?next=%2F"
    );

    // Another site's form, with the signed-in user's cookie: treated as signed out.
    let client = browser();
    sign_up(&app, &client, "victim").await;
    for (origin, site) in [
        ("https://evil.example", "cross-site"),
        ("null", "cross-site"),
    ] {
        let form = Form::new().part("pin", Part::bytes(png(50, 50, 2)).file_name("b.png"));
        let response = client
            .post(app.url("/share/"))
            .header("Origin", origin)
            .header("Sec-Fetch-Site", site)
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert!(
            location(&response).starts_with("/login/"),
            "{origin} {site}"
        );
    }
    assert_eq!(files_in(&tmp), 0, "no temporary pin was made");

    // A GET creates nothing either.
    let get = client.get(app.url("/share/")).send().await.unwrap();
    assert_eq!(get.status(), 405);
    app.stop().await;
}
