//! Importing a bookmark file (POST /api/import/bookmarks) as a background job: folders become
//! boards (a private one secret), links' pictures become pins with the page as their source and
//! Referer, a picture pinned already is skipped and counted, a failure is listed with its reason,
//! and a job stopped by a restart resumes where it was.

use crate::common;

use std::time::Duration;

use common::pictures::png;
use common::web::{Page, serve_site, serve_site_naming_itself};
use common::{TestApp, error_code};
use serde_json::{Value, json};

const JOBS: &str = "{ importJobs { id source total done created duplicates failed finishedAt failures { item reason } } }";

async fn import(app: &TestApp, file: &str) -> (u16, Value) {
    let part = reqwest::multipart::Part::bytes(file.as_bytes().to_vec()).file_name("pins.html");
    let response = app
        .client
        .post(app.url("/api/import/bookmarks"))
        .header("Origin", &app.base_url)
        .multipart(reqwest::multipart::Form::new().part("bookmarks", part))
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

/// The newest job once it has finished.
async fn finished_job(app: &TestApp) -> Value {
    for _ in 0..300 {
        let answer = app.graphql(JOBS, json!({})).await;
        let job = answer["data"]["importJobs"][0].clone();
        if !job["finishedAt"].is_null() {
            return job;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the import did not finish");
}

fn bookmark_file(site: &str) -> String {
    format!(
        r#"<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
  <DT><H3>Beaches</H3>
  <DL><p>
    <DT><A HREF="{site}/sand.html" IMAGE="{site}/sand.png" TAGS="sea,summer">Sand</A>
    <DD>Fine white sand
    <DT><A HREF="{site}/og.html">A page with its picture</A>
    <DT><A HREF="{site}/again.html" IMAGE="{site}/sand-again.png">Sand again</A>
    <DT><A HREF="{site}/gone.html" IMAGE="{site}/gone.png">Gone</A>
  </DL><p>
  <DT><H3 PRIVATE="1">Secret coves</H3>
  <DL><p>
    <DT><A HREF="{site}/cove.html" IMAGE="{site}/cove.png">Cove</A>
  </DL><p>
</DL>"#
    )
}

#[tokio::test]
async fn a_bookmark_file_becomes_pins_on_boards() {
    let sand = png(300, 200, 1);
    let site = serve_site(
        "127.0.0.1",
        vec![
            ("/sand.png", Page::new("image/png", sand.clone())),
            ("/sand-again.png", Page::new("image/png", sand)),
            ("/cove.png", Page::new("image/png", png(280, 210, 2))),
            ("/og.png", Page::new("image/png", png(260, 260, 3))),
            (
                "/og.html",
                Page::new(
                    "text/html",
                    r#"<html><head><meta property="og:image" content="/og.png"></head></html>"#,
                ),
            ),
        ],
    )
    .await;
    let app = TestApp::start_with(|config| config.fetch.allow_private_networks = true).await;
    app.sign_up("ada").await;

    let (status, started) = import(&app, &bookmark_file(&site)).await;
    assert_eq!(status, 200, "{started}");
    assert_eq!(started["total"], 5);
    let job = finished_job(&app).await;
    assert_eq!(
        (
            &job["done"],
            &job["created"],
            &job["duplicates"],
            &job["failed"]
        ),
        (&json!(5), &json!(3), &json!(1), &json!(1)),
        "{job}"
    );
    assert_eq!(job["source"], "pins.html");
    assert_eq!(job["failures"][0]["item"], "Gone");
    assert!(
        job["failures"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("404"),
        "{job}"
    );

    let boards = app
        .graphql(
            "{ me { boards(first: 10) { edges { node { title secret pins(first: 10) { edges { node { title caption tags sourceFileUrl } } } } } } } }",
            json!({}),
        )
        .await;
    let boards = boards["data"]["me"]["boards"]["edges"]
        .as_array()
        .unwrap()
        .clone();
    let board = |title: &str| {
        boards
            .iter()
            .map(|edge| &edge["node"])
            .find(|board| board["title"] == title)
            .unwrap_or_else(|| panic!("no board {title}: {boards:?}"))
            .clone()
    };
    let beaches = board("Beaches");
    assert_eq!(beaches["secret"], false);
    let pins = beaches["pins"]["edges"].as_array().unwrap();
    assert_eq!(pins.len(), 2, "{beaches}");
    let sand = pins
        .iter()
        .map(|edge| &edge["node"])
        .find(|pin| pin["title"] == "Sand")
        .unwrap();
    assert_eq!(sand["caption"], "Fine white sand");
    assert_eq!(sand["tags"], json!(["sea", "summer"]));
    assert_eq!(sand["sourceFileUrl"], format!("{site}/sand.html"));
    assert_eq!(board("Secret coves")["secret"], true);

    // The same file again: every picture is there already.
    import(&app, &bookmark_file(&site)).await;
    let again = finished_job(&app).await;
    assert_eq!(
        (&again["created"], &again["duplicates"]),
        (&json!(0), &json!(4)),
        "{again}"
    );
    app.stop().await;
}

#[tokio::test]
async fn an_import_resumes_after_a_restart() {
    let slow = Duration::from_millis(400);
    let pages: Vec<(String, Page)> = (0..6)
        .map(|n| {
            let picture = Page::new("image/png", png(240, 240, 10 + n)).slow(slow);
            (format!("/p{n}.png"), picture)
        })
        .collect();
    let site = serve_site(
        "127.0.0.1",
        pages
            .iter()
            .map(|(path, page)| (path.as_str(), page.clone()))
            .collect(),
    )
    .await;
    let links: String = (0..6)
        .map(|n| format!(r#"<DT><A HREF="{site}/page{n}" IMAGE="{site}/p{n}.png">Picture {n}</A>"#))
        .collect();
    let file = format!("<DL><DT><H3>Slow</H3><DL>{links}</DL></DL>");
    let mut app = TestApp::start_with(|config| config.fetch.allow_private_networks = true).await;
    app.sign_up("ada").await;
    let (status, _) = import(&app, &file).await;
    assert_eq!(status, 200);
    // Stopped after some pictures, before the last.
    loop {
        let job = app.graphql(JOBS, json!({})).await["data"]["importJobs"][0].clone();
        if job["done"].as_i64().unwrap() >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    app.restart(|_| {}).await;
    let job = finished_job(&app).await;
    assert_eq!(job["done"], 6, "{job}");
    let pins = app
        .graphql("{ me { pins(first: 50) { totalCount } } }", json!({}))
        .await;
    assert_eq!(pins["data"]["me"]["pins"]["totalCount"], 6, "{pins}");
    // Whatever was cut short is pinned once, not twice.
    assert_eq!(
        job["created"].as_i64().unwrap() + job["duplicates"].as_i64().unwrap(),
        6,
        "{job}"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_file_without_bookmarks_and_a_visitor_are_refused() {
    let app = TestApp::start().await;
    let (status, answer) = import(&app, "<html><p>hello</p></html>").await;
    assert_eq!(status, 403, "{answer}");
    app.sign_up("ada").await;
    let (status, answer) = import(&app, "<html><p>hello</p></html>").await;
    assert_eq!(status, 400, "{answer}");
    assert!(answer.to_string().contains("no bookmarks"), "{answer}");
    let visitor = common::new_client();
    let jobs = common::graphql_with(&visitor, &app.base_url, JOBS, json!({})).await;
    assert_eq!(error_code(&jobs), Some("PERMISSION_DENIED_ERROR"));
    app.stop().await;
}

#[tokio::test]
async fn a_pinry_user_s_boards_and_pins_come_over_with_the_api_token() {
    let pinry_pin = |id: u64, site: &str, description: &str, tags: &[&str]| -> Value {
        json!({
            "id": id,
            "url": format!("{site}/original-{id}.png"),
            "referer": format!("{site}/page-{id}"),
            "description": description,
            "image": { "image": format!("{site}/media/{id}.png"), "width": 250, "height": 250 },
            "tags": tags,
        })
    };
    let query = "?format=json&limit=50&submitter__username=ann";
    let token = "authorization: token s3cret";
    let site = serve_site_naming_itself("127.0.0.1", |site| {
        let pin = |id: u64, description: &str, tags: &[&str]| pinry_pin(id, site, description, tags);
        let list = |next: Option<String>, results: Vec<Value>| {
            let body = json!({ "count": results.len(), "next": next, "results": results });
            Page::new("application/json", body.to_string()).requiring(token)
        };
        let boards = vec![
            json!({ "id": 1, "name": "Cats", "private": false, "pins_detail": [pin(1, "A cat", &["cat"])] }),
            json!({ "id": 2, "name": "Plans", "private": true, "pins_detail": [pin(2, "A plan", &[])] }),
        ];
        vec![
            (format!("/api/v2/boards/{query}"), list(None, boards)),
            (
                format!("/api/v2/pins/{query}"),
                list(Some(format!("{site}/api/v2/pins/?page=2")), vec![pin(1, "A cat", &["cat"])]),
            ),
            ("/api/v2/pins/?page=2".to_owned(), list(None, vec![pin(3, "Loose", &["misc"])])),
            ("/media/1.png".to_owned(), Page::new("image/png", png(250, 250, 21))),
            ("/media/2.png".to_owned(), Page::new("image/png", png(250, 250, 22))),
            ("/media/3.png".to_owned(), Page::new("image/png", png(250, 250, 23))),
        ]
    })
    .await;

    let app = TestApp::start_with(|config| config.fetch.allow_private_networks = true).await;
    app.sign_up("ada").await;
    let mutation = "mutation($u: String!, $n: String!, $t: String) { importFromPinry(url: $u, username: $n, token: $t) { id total source } }";
    let refused = app
        .graphql(mutation, json!({ "u": site, "n": "ann", "t": "wrong" }))
        .await;
    assert_eq!(error_code(&refused), Some("VALIDATION_ERROR"), "{refused}");
    let started = app
        .graphql(mutation, json!({ "u": site, "n": "ann", "t": "s3cret" }))
        .await;
    assert_eq!(started["data"]["importFromPinry"]["total"], 3, "{started}");
    let job = finished_job(&app).await;
    assert_eq!(
        (&job["created"], &job["failed"]),
        (&json!(3), &json!(0)),
        "{job}"
    );
    let boards = app
        .graphql(
            "{ me { boards(first: 10) { edges { node { title secret pins(first: 10) { edges { node { caption tags sourceFileUrl } } } } } } } }",
            json!({}),
        )
        .await;
    let boards: Vec<Value> = boards["data"]["me"]["boards"]["edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|edge| edge["node"].clone())
        .collect();
    let cats = boards.iter().find(|b| b["title"] == "Cats").unwrap();
    let cat = &cats["pins"]["edges"][0]["node"];
    assert_eq!(cat["caption"], "A cat");
    assert_eq!(cat["tags"], json!(["cat"]));
    assert_eq!(cat["sourceFileUrl"], format!("{site}/page-1"));
    assert_eq!(
        boards.iter().find(|b| b["title"] == "Plans").unwrap()["secret"],
        true
    );
    assert!(boards.iter().any(|b| b["title"] == "Pinry"), "{boards:?}");
    app.stop().await;
}
