//! Feeds (`/feeds/...`): a user's, a board's and a tag's pins as a visitor sees them, read by a
//! real feed reader (PyPI's `feedparser`): entries, enclosures, categories and links under
//! `public_url`, 304 for a client holding the feed, nothing private, a private board's a 404.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::common;

use common::pictures::png;
use common::pins::{add_board, add_folder, create_pin, move_to_folder, upload};
use common::{TestApp, graphql_with};
use serde_json::{Value, json};

const PUBLIC_URL: &str = "https://pins.example.org";

/// What `feedparser` reads in `body`: `None`, with a message, when it is not installed (outside
/// CI only: there, a missing feedparser fails the test).
pub(crate) fn parsed(body: &str) -> Option<Value> {
    const READ: &str = r#"
import json, sys, feedparser
d = feedparser.parse(sys.stdin.buffer.read())
print(json.dumps({
    "bozo": bool(d.bozo), "problem": str(d.get("bozo_exception", "")), "version": d.version,
    "feed": {"title": d.feed.get("title"), "link": d.feed.get("link"), "links": d.feed.get("links", [])},
    "entries": [{
        "title": e.get("title"), "id": e.get("id"), "link": e.get("link"), "links": e.get("links", []),
        "tags": [t.term for t in e.get("tags", [])], "enclosures": e.get("enclosures", []),
        "summary": e.get("summary"), "author": e.get("author"),
        "content": [c.value for c in e.get("content", [])],
    } for e in d.entries],
}))
"#;
    let installed = Command::new("python3")
        .args(["-c", "import feedparser"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !installed {
        assert!(
            std::env::var_os("CI").is_none(),
            "feedparser is missing: .ci/run installs it (pip install feedparser)"
        );
        eprintln!("skipped: feedparser is not installed (pip install feedparser)");
        return None;
    }
    let mut python = Command::new("python3")
        .args(["-c", READ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    python
        .stdin
        .take()
        .unwrap()
        .write_all(body.as_bytes())
        .unwrap();
    let output = python.wait_with_output().unwrap();
    assert!(output.status.success(), "feedparser failed");
    let feed: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(
        feed["bozo"], false,
        "not a well-formed feed: {feed}\n{body}"
    );
    Some(feed)
}

/// Pins a picture with a title, tags and a source page; returns the pin's id.
async fn pin_with_details(
    app: &TestApp,
    client: &reqwest::Client,
    board: &str,
    title: &str,
    tags: &[&str],
    seed: u32,
) -> String {
    let (_, temp) = upload(app, client, png(1600, 900, seed), "picture.png").await;
    let answer = graphql_with(
        client,
        &app.base_url,
        "mutation($t: String!, $title: String, $b: [ID!], $tags: [String!], $u: String) { addPin(tempFileName: $t, title: $title, caption: \"Roses <b>& more</b>\", boards: $b, tags: $tags, url: $u) { id } }",
        json!({ "t": temp["tempFileName"], "title": title, "b": [board], "tags": tags, "u": "https://example.com/roses?a=1&b=2" }),
    )
    .await;
    answer["data"]["addPin"]["id"]
        .as_str()
        .unwrap_or_else(|| panic!("no pin: {answer}"))
        .to_owned()
}

async fn get(app: &TestApp, path: &str) -> reqwest::Response {
    reqwest::get(app.url(path)).await.unwrap()
}

async fn body_of(app: &TestApp, path: &str) -> String {
    let response = get(app, path).await;
    assert_eq!(response.status(), 200, "{path}");
    response.text().await.unwrap()
}

fn links_of(entry: &Value, rel: &str) -> Vec<String> {
    let links = entry["links"].as_array().unwrap();
    let of_rel = links.iter().filter(|link| link["rel"] == rel);
    of_rel
        .map(|link| link["href"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn feeds_show_what_a_visitor_sees_to_a_feed_reader() {
    let app = TestApp::start_with(|config| config.public_url = Some(PUBLIC_URL.into())).await;
    // The first account of a server serving the public takes the setup code, as `sign_up` gives.
    app.sign_up("ann").await;
    let ann = app.client.clone();
    let garden = add_board(&app, &ann, "Garden", false).await;
    let trees = add_board(&app, &ann, "Trees", false).await;
    let outdoors = add_folder(&app, &ann, "Outdoors").await;
    move_to_folder(&app, &ann, &trees, &outdoors).await;
    let secret = add_board(&app, &ann, "Secret plans", true).await;
    let rose = pin_with_details(&app, &ann, &garden, "Red rose", &["rose", "flower"], 1).await;
    let hidden = create_pin(&app, &ann, png(300, 200, 2), &[&secret], "hidden pin").await;
    let oak = create_pin(&app, &ann, png(300, 200, 3), &[&trees], "An oak").await;

    let Some(user_feed) = parsed(&body_of(&app, "/feeds/users/ann.atom").await) else {
        return;
    };
    assert_eq!(user_feed["version"], "atom10");
    assert_eq!(user_feed["feed"]["title"], "ann · Corkboard");
    assert_eq!(user_feed["feed"]["link"], format!("{PUBLIC_URL}/ann/"));
    let entries = user_feed["entries"].as_array().unwrap();
    let ids: Vec<&str> = entries.iter().map(|e| e["id"].as_str().unwrap()).collect();
    let address = |pin: &str| format!("{PUBLIC_URL}/pins/{pin}/");
    assert_eq!(
        ids,
        [address(&oak), address(&rose)],
        "newest first, nothing private"
    );
    assert!(!ids.contains(&address(&hidden).as_str()));
    let entry = &entries[1];
    assert_eq!(entry["title"], "Red rose");
    assert_eq!(entry["link"], address(&rose));
    assert_eq!(entry["tags"], json!(["rose", "flower"]));
    assert_eq!(entry["author"], "ann");
    assert_eq!(
        links_of(entry, "related"),
        ["https://example.com/roses?a=1&b=2"]
    );
    let enclosure = &entry["enclosures"][0];
    assert_eq!(enclosure["type"], "image/jpeg");
    let picture = enclosure["href"].as_str().unwrap();
    let picture_path = picture
        .strip_prefix(&format!("{PUBLIC_URL}/media/previews/"))
        .unwrap_or_else(|| panic!("{picture}"));
    assert!(picture_path.ends_with("_738.jpeg"), "{picture}");
    assert_eq!(
        entry["summary"], "Roses <b>& more</b>",
        "the caption as text"
    );
    let content = entry["content"][0].as_str().unwrap();
    let shown = format!("src=\"{picture}\"");
    assert!(
        content.contains(&shown),
        "the picture in the content: {content}"
    );
    assert!(
        content.contains("Roses &lt;b&gt;&amp; more&lt;/b&gt;"),
        "{content}"
    );
    let served = get(&app, &format!("/media/previews/{picture_path}")).await;
    assert_eq!(served.status(), 200, "a visitor sees the enclosure");
    // The untitled pin is named by its caption.
    assert_eq!(entries[0]["title"], "An oak");

    let board = parsed(&body_of(&app, "/feeds/users/ann/boards/garden.atom").await).unwrap();
    assert_eq!(board["feed"]["title"], "Garden by ann · Corkboard");
    assert_eq!(
        board["feed"]["link"],
        format!("{PUBLIC_URL}/ann/boards/garden/")
    );
    assert_eq!(board["entries"].as_array().unwrap().len(), 1);

    // RSS 2.0, for a board in a folder: its page is under the folder.
    let in_folder = parsed(&body_of(&app, "/feeds/users/ann/boards/trees.rss").await).unwrap();
    assert_eq!(in_folder["version"], "rss20");
    let folder_page = format!("{PUBLIC_URL}/ann/folders/outdoors/boards/trees/");
    assert_eq!(in_folder["feed"]["link"], folder_page);
    let entry = &in_folder["entries"][0];
    assert_eq!(entry["link"], address(&oak));
    assert_eq!(entry["author"], "ann");
    assert_eq!(entry["enclosures"][0]["type"], "image/jpeg");

    let tag = parsed(&body_of(&app, "/feeds/tags/flower.atom").await).unwrap();
    assert_eq!(tag["feed"]["title"], "#flower · Corkboard");
    assert_eq!(
        tag["feed"]["link"],
        format!("{PUBLIC_URL}/search/?tag=flower")
    );
    let tagged: Vec<&Value> = tag["entries"].as_array().unwrap().iter().collect();
    assert_eq!(tagged.len(), 1);
    assert_eq!(tagged[0]["id"], address(&rose));

    for missing in [
        "/feeds/users/ann/boards/secret-plans.atom",
        "/feeds/users/ann/boards/secret-plans.rss",
        "/feeds/users/nobody.atom",
        "/feeds/users/ann.json",
        "/feeds/users/ann",
    ] {
        assert_eq!(get(&app, missing).await.status(), 404, "{missing}");
    }
    app.stop().await;
}

#[tokio::test]
async fn a_feed_a_client_holds_is_answered_with_304() {
    let app = TestApp::start().await;
    let ann = app.client_signed_in_new("ann").await;
    let garden = add_board(&app, &ann, "Garden", false).await;
    create_pin(&app, &ann, png(300, 200, 1), &[&garden], "A rose").await;
    let path = "/feeds/users/ann/boards/garden.atom";
    let first = get(&app, path).await;
    assert_eq!(first.status(), 200);
    let header = |name: &str| first.headers()[name].to_str().unwrap().to_owned();
    let (etag, modified) = (header("etag"), header("last-modified"));
    assert!(header("content-type").starts_with("application/atom+xml"));
    let client = reqwest::Client::new();
    let again = |name: &'static str, value: String| {
        let request = client.get(app.url(path)).header(name, value);
        async move { request.send().await.unwrap().status() }
    };
    assert_eq!(again("if-none-match", etag.clone()).await, 304);
    assert_eq!(again("if-modified-since", modified.clone()).await, 304);
    assert_eq!(again("if-none-match", "\"other\"".into()).await, 200);

    // A new pin changes the feed.
    create_pin(&app, &ann, png(300, 200, 2), &[&garden], "A tulip").await;
    assert_eq!(again("if-none-match", etag).await, 200);
    app.stop().await;
}
