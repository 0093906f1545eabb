//! Link previews: the pages of pins, boards, folders, users and tags' searches come, before any
//! script, with their title, Open Graph tags, oEmbed and feed links, as a visitor sees them
//! (whoever asks); `/api/oembed` answers for pins and boards; a private page previews as nothing.

use crate::common;

use common::pictures::png;
use common::pins::{add_board, add_folder, create_pin, move_to_folder, upload};
use common::{TestApp, graphql_with};
use serde_json::{Value, json};

const PUBLIC_URL: &str = "https://pins.example.org";

/// The page at `path` as a crawler fetches it: no cookie, no script.
pub(crate) async fn page(app: &TestApp, path: &str) -> String {
    let response = reqwest::get(app.url(path)).await.unwrap();
    assert_eq!(response.status(), 200, "{path}");
    response.text().await.unwrap()
}

/// The `content` of the page's `<meta property="{property}">`.
pub(crate) fn meta<'a>(html: &'a str, property: &str) -> Option<&'a str> {
    let start = html.find(&format!("<meta property=\"{property}\" content=\""))?;
    let value = &html[start..].split_once("content=\"")?.1;
    value.split_once('"').map(|(value, _)| value)
}

pub(crate) fn title(html: &str) -> &str {
    let start = html.find("<title>").unwrap() + "<title>".len();
    &html[start..start + html[start..].find("</title>").unwrap()]
}

async fn oembed(app: &TestApp, query: &str) -> (u16, Value) {
    let response = reqwest::get(app.url(&format!("/api/oembed?{query}")))
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

fn encoded(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

#[tokio::test]
async fn pages_preview_what_a_visitor_sees() {
    let app = TestApp::start_with(|config| config.public_url = Some(PUBLIC_URL.into())).await;
    // The first account of a server serving the public takes the setup code, as `sign_up` gives.
    app.sign_up("ann").await;
    let ann = app.client.clone();
    let named = "mutation { updateUser(firstName: \"Ann\", lastName: \"Lee\") { id } }";
    graphql_with(&ann, &app.base_url, named, json!({})).await;
    let garden = add_board(&app, &ann, "Garden <b>", false).await;
    let outdoors = add_folder(&app, &ann, "Outdoors").await;
    move_to_folder(&app, &ann, &garden, &outdoors).await;
    let secret = add_board(&app, &ann, "Secret plans", true).await;
    let (_, temp) = upload(&app, &ann, png(1600, 900, 1), "rose.png").await;
    let added = graphql_with(
        &ann,
        &app.base_url,
        "mutation($t: String!, $b: [ID!]) { addPin(tempFileName: $t, title: \"Red & rose\", caption: \"A \\\"red\\\" <rose>\", boards: $b, tags: [\"flower\"]) { id } }",
        json!({ "t": temp["tempFileName"], "b": [garden] }),
    )
    .await;
    let rose = added["data"]["addPin"]["id"].as_str().unwrap().to_owned();
    let hidden = create_pin(&app, &ann, png(300, 200, 2), &[&secret], "hidden pin").await;

    let pin_page = format!("{PUBLIC_URL}/pins/{rose}/");
    let html = page(
        &app,
        &format!("/ann/folders/outdoors/boards/garden-b/pins/{rose}/"),
    )
    .await;
    assert_eq!(title(&html), "Red &amp; rose · ann · Corkboard");
    assert_eq!(html.matches("<title>").count(), 1);
    assert_eq!(
        meta(&html, "og:title"),
        Some("Red &amp; rose · ann · Corkboard")
    );
    let caption = "A &quot;red&quot; &lt;rose&gt;";
    assert_eq!(meta(&html, "og:description"), Some(caption));
    assert_eq!(meta(&html, "og:url"), Some(pin_page.as_str()));
    assert_eq!(meta(&html, "og:site_name"), Some("Corkboard"));
    assert_eq!(meta(&html, "og:type"), Some("article"));
    let image = meta(&html, "og:image").unwrap();
    assert!(
        image.starts_with(&format!("{PUBLIC_URL}/media/previews/")),
        "{image}"
    );
    assert!(
        image.ends_with("_1476.jpeg"),
        "the smallest at least 1200 wide: {image}"
    );
    assert_eq!(meta(&html, "og:image:width"), Some("1476"));
    assert_eq!(meta(&html, "og:image:height"), Some("830"));
    assert!(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\" />"));
    let oembed_link = format!(
        "<link rel=\"alternate\" type=\"application/json+oembed\" href=\"{PUBLIC_URL}/api/oembed?url={}&amp;format=json\"",
        encoded(&pin_page)
    );
    assert!(html.contains(&oembed_link), "{html}");
    assert!(html.contains("<div id=\"root\">"), "the app itself follows");

    // A board, in its folder: its page, its cover and its feed.
    let html = page(&app, "/ann/boards/garden-b/").await;
    assert_eq!(title(&html), "Garden &lt;b&gt; by ann · Corkboard");
    let board_page = format!("{PUBLIC_URL}/ann/folders/outdoors/boards/garden-b/");
    assert_eq!(meta(&html, "og:url"), Some(board_page.as_str()));
    assert!(meta(&html, "og:image").unwrap().ends_with("_1476.jpeg"));
    let feed = format!(
        "<link rel=\"alternate\" type=\"application/atom+xml\" href=\"{PUBLIC_URL}/feeds/users/ann/boards/garden-b.atom\""
    );
    assert!(html.contains(&feed), "{html}");

    let html = page(&app, "/ann/folders/outdoors/").await;
    assert_eq!(title(&html), "Outdoors by ann · Corkboard");

    let html = page(&app, "/ann/").await;
    assert_eq!(title(&html), "Ann Lee · Corkboard");
    assert_eq!(meta(&html, "og:type"), Some("profile"));
    assert!(html.contains(&format!("href=\"{PUBLIC_URL}/feeds/users/ann.atom\"")));

    let html = page(&app, "/search/?tag=flower").await;
    assert_eq!(title(&html), "#flower · Corkboard");
    assert!(html.contains(&format!("href=\"{PUBLIC_URL}/feeds/tags/flower.atom\"")));

    // Private pages are the plain app, to their owner too: a crawler may come with any cookie.
    for private in [
        "/ann/boards/secret-plans/".to_owned(),
        format!("/pins/{hidden}/"),
        "/nobody/".to_owned(),
    ] {
        for client in [reqwest::Client::new(), ann.clone()] {
            let response = client.get(app.url(&private)).send().await.unwrap();
            let html = response.text().await.unwrap();
            assert_eq!(title(&html), "Corkboard", "{private}");
            assert!(
                !html.contains("og:") && !html.contains("Secret"),
                "{private}"
            );
            assert!(!html.contains("hidden pin"), "{private}");
        }
    }
    app.stop().await;
}

#[tokio::test]
async fn pages_without_a_preview_keep_their_compressed_copies_and_previews_their_etag() {
    let app = TestApp::start().await;
    let ann = app.client_signed_in_new("ann").await;
    add_board(&app, &ann, "Secret plans", true).await;
    let client = reqwest::Client::new();
    let plain = client
        .get(app.url("/ann/boards/secret-plans/"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(plain.headers()["content-encoding"], "gzip");
    let plain_etag = plain.headers()["etag"].to_str().unwrap().to_owned();
    assert!(plain_etag.ends_with("-gzip\""), "{plain_etag}");

    let previewed = client.get(app.url("/ann/")).send().await.unwrap();
    assert_eq!(previewed.headers()["cache-control"], "no-cache");
    let etag = previewed.headers()["etag"].to_str().unwrap().to_owned();
    let again = client
        .get(app.url("/ann/"))
        .header("if-none-match", etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    app.stop().await;
}

#[tokio::test]
async fn oembed_answers_for_pins_and_boards_a_visitor_sees() {
    let app = TestApp::start().await;
    let ann = app.client_signed_in_new("ann").await;
    let garden = add_board(&app, &ann, "Garden", false).await;
    let secret = add_board(&app, &ann, "Secret plans", true).await;
    let rose = create_pin(&app, &ann, png(1600, 900, 1), &[&garden], "A rose").await;
    let hidden = create_pin(&app, &ann, png(300, 200, 2), &[&secret], "hidden").await;
    let base = &app.base_url;
    let asked = |path: String| format!("url={}&format=json", encoded(&format!("{base}{path}")));

    let (status, photo) = oembed(&app, &asked(format!("/pins/{rose}/"))).await;
    assert_eq!(status, 200, "{photo}");
    assert_eq!(photo["type"], "photo");
    assert_eq!(photo["version"], "1.0");
    assert_eq!(photo["title"], "A rose");
    assert_eq!(photo["author_name"], "ann");
    assert_eq!(photo["author_url"], format!("{base}/ann/"));
    assert_eq!(photo["provider_name"], "Corkboard");
    assert_eq!(photo["provider_url"], format!("{base}/"));
    assert_eq!(
        (photo["width"].as_u64(), photo["height"].as_u64()),
        (Some(1476), Some(830))
    );
    assert!(photo["url"].as_str().unwrap().ends_with("_1476.jpeg"));

    let smaller = format!("{}&maxwidth=500", asked(format!("/pins/{rose}/")));
    let (_, photo) = oembed(&app, &smaller).await;
    assert_eq!(
        (photo["width"].as_u64(), photo["height"].as_u64()),
        (Some(474), Some(267))
    );
    let lower = format!("{}&maxheight=300", asked(format!("/pins/{rose}/")));
    assert_eq!(oembed(&app, &lower).await.1["width"], 474);

    let (status, link) = oembed(&app, &asked("/ann/boards/garden/".into())).await;
    assert_eq!(status, 200, "{link}");
    assert_eq!(link["type"], "link");
    assert_eq!(link["title"], "Garden");
    assert!(
        link["thumbnail_url"]
            .as_str()
            .unwrap()
            .ends_with("_1476.jpeg")
    );
    assert_eq!(link["thumbnail_width"], 1476);
    assert_eq!(link["thumbnail_height"], 830);

    for nothing in [
        asked(format!("/pins/{hidden}/")),
        asked("/ann/boards/secret-plans/".into()),
        asked("/ann/".into()),
        format!(
            "url={}",
            encoded(&format!("https://elsewhere.example/pins/{rose}/"))
        ),
    ] {
        assert_eq!(oembed(&app, &nothing).await.0, 404, "{nothing}");
    }
    let xml = format!(
        "url={}&format=xml",
        encoded(&format!("{base}/pins/{rose}/"))
    );
    assert_eq!(oembed(&app, &xml).await.0, 501);
    app.stop().await;
}
