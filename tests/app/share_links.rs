//! Share links: the owner of a board makes view-only links to it; whoever holds one sees the
//! board, its pins and their pictures, and nothing else; without it, after it is revoked, once it
//! has expired or its board is gone, nothing is seen, pictures included.

use crate::common;

use chrono::{Duration, Utc};
use common::pictures::png;
use common::pins::{add_board, create_pin};
use common::{TestApp, error_code, graphql_with, new_client};
use corkboard_store::share_links;
use serde_json::{Value, json};

const PUBLIC_URL: &str = "https://pins.example.org";
const ADD: &str = "mutation($b: ID!, $d: Int) { addShareLink(board: $b, expiresInDays: $d) { \
    url link { id createdAt lastUsedAt expiresAt } } }";
const REVOKE: &str = "mutation($id: ID!) { revokeShareLink(id: $id) { message } }";
const LINKS: &str = "query($b: ID!) { board(id: $b) { shareLinks { id lastUsedAt expiresAt } } }";
const SHARED: &str = "query($t: String!) { sharedBoard(token: $t) { title caption \
    owner { username } pins { totalCount edges { node { id title preview(minWidth: 236) \
    original } } } } }";
const SHARED_PIN: &str = "query($t: String!, $p: ID!) { sharedBoard(token: $t) { \
    pin(id: $p) { id caption preview(minWidth: 738) prevID nextID } } }";
const LINK_DOES_NOT_WORK: &str =
    "This link does not work: it may have been revoked or have expired.";

async fn with_public_url() -> TestApp {
    TestApp::start_with(|config| config.public_url = Some(PUBLIC_URL.into())).await
}

/// The answer to `query` as `client`, which must have no errors.
async fn ok(app: &TestApp, client: &reqwest::Client, query: &str, variables: Value) -> Value {
    let answer = graphql_with(client, &app.base_url, query, variables).await;
    assert!(answer["errors"].is_null(), "{answer}");
    answer["data"].clone()
}

/// Makes a link to `board` as `client`: its token and id.
async fn make_link(app: &TestApp, client: &reqwest::Client, board: &str) -> (String, String) {
    let made = ok(app, client, ADD, json!({ "b": board })).await;
    let url = made["addShareLink"]["url"].as_str().unwrap();
    let token = url
        .strip_prefix(&format!("{PUBLIC_URL}/shared/"))
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("not a share link: {url}"));
    let id = made["addShareLink"]["link"]["id"].as_str().unwrap();
    (token.to_owned(), id.to_owned())
}

/// The status of a GET of `path` by a client without a session, and its Cache-Control.
async fn fetched(app: &TestApp, path: &str) -> (u16, String) {
    let response = new_client().get(app.url(path)).send().await.unwrap();
    let cache = response
        .headers()
        .get("cache-control")
        .map(|v| v.to_str().unwrap().to_owned());
    (response.status().as_u16(), cache.unwrap_or_default())
}

/// What a visitor holding `token` is told of the board: its answer (data or errors).
async fn visit(app: &TestApp, token: &str) -> Value {
    graphql_with(&new_client(), &app.base_url, SHARED, json!({ "t": token })).await
}

fn assert_dead(answer: &Value) {
    assert_eq!(error_code(answer), Some("NOT_FOUND_ERROR"), "{answer}");
    assert_eq!(answer["errors"][0]["message"], LINK_DOES_NOT_WORK);
}

#[tokio::test]
async fn a_link_shows_its_private_board_pins_and_pictures_and_nothing_else() {
    let app = with_public_url().await;
    app.sign_up("ada").await;
    let owner = &app.client;
    let board = add_board(&app, owner, "Secret garden", true).await;
    let other = add_board(&app, owner, "Diary", true).await;
    let pin = create_pin(&app, owner, png(64, 48, 1), &[&board], "Roses").await;
    let second = create_pin(&app, owner, png(64, 48, 2), &[&board], "Tulips").await;
    let hidden = create_pin(&app, owner, png(64, 48, 3), &[&other], "Not shared").await;
    let (token, id) = make_link(&app, owner, &board).await;

    let seen = visit(&app, &token).await;
    assert!(seen["errors"].is_null(), "{seen}");
    let shared = &seen["data"]["sharedBoard"];
    assert_eq!(shared["title"], "Secret garden");
    assert_eq!(shared["owner"]["username"], "ada");
    assert_eq!(shared["pins"]["totalCount"], 2);
    let nodes: Vec<&Value> = shared["pins"]["edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|edge| &edge["node"])
        .collect();
    let ids: Vec<&str> = nodes.iter().map(|n| n["id"].as_str().unwrap()).collect();
    assert_eq!(ids, [second.as_str(), pin.as_str()]);
    for node in &nodes {
        for address in [&node["preview"], &node["original"]] {
            let address = address.as_str().unwrap();
            assert!(address.ends_with(&format!("?share={token}")), "{address}");
            assert_eq!(
                fetched(&app, address).await,
                (200, "private, no-cache".into())
            );
            let bare = address.split('?').next().unwrap();
            assert_eq!(fetched(&app, bare).await.0, 404, "{bare}");
        }
    }

    // A pin's detail, with its neighbours on the board; no pin of another board.
    let visitor = new_client();
    let detail = ok(&app, &visitor, SHARED_PIN, json!({ "t": token, "p": pin })).await;
    let detail = &detail["sharedBoard"]["pin"];
    assert_eq!(detail["caption"], "Roses");
    assert_eq!(detail["prevID"], second.as_str());
    assert!(detail["nextID"].is_null());
    let elsewhere = graphql_with(
        &visitor,
        &app.base_url,
        SHARED_PIN,
        json!({ "t": token, "p": hidden }),
    )
    .await;
    assert_eq!(
        error_code(&elsewhere),
        Some("NOT_FOUND_ERROR"),
        "{elsewhere}"
    );
    let hidden_preview = ok(
        &app,
        owner,
        "query($p: ID!) { pin(id: $p) { preview(minWidth: 236) } }",
        json!({ "p": hidden }),
    )
    .await;
    let hidden_preview = hidden_preview["pin"]["preview"].as_str().unwrap();
    let with_token = format!("{hidden_preview}?share={token}");
    assert_eq!(fetched(&app, &with_token).await.0, 404);

    // The link opens nothing else: not the board itself, not a search over its pins.
    let board_itself = graphql_with(
        &visitor,
        &app.base_url,
        "query($b: ID!) { board(id: $b) { title } }",
        json!({ "b": board }),
    )
    .await;
    assert_eq!(error_code(&board_itself), Some("PERMISSION_DENIED_ERROR"));
    let found = ok(
        &app,
        &visitor,
        "{ pins(search: \"Roses\") { totalCount } }",
        json!({}),
    )
    .await;
    assert_eq!(found["pins"]["totalCount"], 0);

    // The owner sees the link and its last use; a made-up token opens nothing.
    let listed = ok(&app, owner, LINKS, json!({ "b": board })).await;
    let links = listed["board"]["shareLinks"].as_array().unwrap();
    assert_eq!(links.len(), 1);
    assert_eq!(links[0]["id"], id.as_str());
    assert!(links[0]["lastUsedAt"].is_string(), "{listed}");
    assert!(links[0]["expiresAt"].is_null());
    assert_dead(&visit(&app, "made-up").await);

    // Revoked: at once, the board and its pictures are gone for the link's holder.
    ok(&app, owner, REVOKE, json!({ "id": id })).await;
    assert_dead(&visit(&app, &token).await);
    let picture = nodes[0]["preview"].as_str().unwrap();
    assert_eq!(fetched(&app, picture).await.0, 404);
    let listed = ok(&app, owner, LINKS, json!({ "b": board })).await;
    assert_eq!(listed["board"]["shareLinks"], json!([]));
    app.stop().await;
}

#[tokio::test]
async fn only_the_owner_makes_lists_and_revokes_links() {
    let app = with_public_url().await;
    app.sign_up("ada").await;
    let owner = &app.client;
    let board = add_board(&app, owner, "Shared with bob", true).await;
    let share = "mutation($b: ID!) { shareBoard(board: $b, username: \"bob\") { message } }";
    let bob = app.client_signed_in_new("bob").await;
    ok(&app, owner, share, json!({ "b": board })).await;
    let (token, id) = make_link(&app, owner, &board).await;

    // Bob may see the board, but not its links, and may neither make nor revoke one.
    let listed = ok(&app, &bob, LINKS, json!({ "b": board })).await;
    assert_eq!(listed["board"]["shareLinks"], json!([]));
    let made = graphql_with(&bob, &app.base_url, ADD, json!({ "b": board })).await;
    assert_eq!(error_code(&made), Some("PERMISSION_DENIED_ERROR"), "{made}");
    let revoked = graphql_with(&bob, &app.base_url, REVOKE, json!({ "id": id })).await;
    assert_eq!(
        error_code(&revoked),
        Some("PERMISSION_DENIED_ERROR"),
        "{revoked}"
    );
    let visitor = graphql_with(&new_client(), &app.base_url, ADD, json!({ "b": board })).await;
    assert_eq!(error_code(&visitor), Some("PERMISSION_DENIED_ERROR"));
    assert!(visit(&app, &token).await["errors"].is_null());

    // An expiry is 1 to 365 days.
    for days in [0, -1, 366] {
        let refused =
            graphql_with(owner, &app.base_url, ADD, json!({ "b": board, "d": days })).await;
        assert_eq!(error_code(&refused), Some("VALIDATION_ERROR"), "{refused}");
    }
    app.stop().await;
}

#[tokio::test]
async fn an_expired_link_opens_nothing() {
    let app = with_public_url().await;
    app.sign_up("ada").await;
    let owner = &app.client;
    let board = add_board(&app, owner, "For a week", true).await;
    create_pin(&app, owner, png(40, 30, 4), &[&board], "Soon gone").await;
    let made = ok(&app, owner, ADD, json!({ "b": board, "d": 7 })).await;
    let link = &made["addShareLink"];
    let expires: chrono::DateTime<Utc> =
        link["link"]["expiresAt"].as_str().unwrap().parse().unwrap();
    assert!(
        (expires - (Utc::now() + Duration::days(7)))
            .num_minutes()
            .abs()
            < 5
    );
    let url = link["url"].as_str().unwrap();
    let token = url.trim_end_matches('/').rsplit('/').next().unwrap();
    let seen = visit(&app, token).await;
    let picture = seen["data"]["sharedBoard"]["pins"]["edges"][0]["node"]["preview"]
        .as_str()
        .unwrap_or_else(|| panic!("{seen}"))
        .to_owned();
    assert_eq!(fetched(&app, &picture).await.0, 200);

    // A week later (the record is moved back in time rather than waiting).
    let id: u64 = link["link"]["id"].as_str().unwrap().parse().unwrap();
    let store = &app.server.as_ref().unwrap().services.store;
    store
        .write(|write| {
            let mut record = share_links::get(write, id)?.unwrap();
            record.expires_at = Some(Utc::now() - Duration::minutes(1));
            share_links::save(write, &record)
        })
        .unwrap();
    assert_dead(&visit(&app, token).await);
    assert_eq!(fetched(&app, &picture).await.0, 404);
    app.stop().await;
}

#[tokio::test]
async fn deleting_the_board_ends_its_links() {
    let app = with_public_url().await;
    app.sign_up("ada").await;
    let owner = &app.client;
    let board = add_board(&app, owner, "Short-lived", false).await;
    let (token, id) = make_link(&app, owner, &board).await;
    assert!(visit(&app, &token).await["errors"].is_null());
    let delete = "mutation($b: ID!) { deleteBoard(id: $b) { id } }";
    ok(&app, owner, delete, json!({ "b": board })).await;
    assert_dead(&visit(&app, &token).await);
    let store = &app.server.as_ref().unwrap().services.store;
    let id: u64 = id.parse().unwrap();
    assert!(
        store
            .read(|read| share_links::get(read, id))
            .unwrap()
            .is_none()
    );
    app.stop().await;
}

#[tokio::test]
async fn without_a_public_url_no_link_is_made() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let board = add_board(&app, &app.client, "Nowhere", true).await;
    let refused = graphql_with(&app.client, &app.base_url, ADD, json!({ "b": board })).await;
    assert_eq!(error_code(&refused), Some("VALIDATION_ERROR"), "{refused}");
    assert_eq!(
        refused["errors"][0]["message"],
        "Share links need this Corkboard's public address: set `public_url` in the settings \
         (see config.example.toml)."
    );
    app.stop().await;
}

#[tokio::test]
async fn a_links_feed_and_previews_are_its_holders_and_end_with_it() {
    let app = with_public_url().await;
    app.sign_up("ada").await;
    let owner = &app.client;
    let board = add_board(&app, owner, "Secret garden", true).await;
    let pin = create_pin(&app, owner, png(64, 48, 1), &[&board], "Roses").await;
    let (token, id) = make_link(&app, owner, &board).await;
    let shared_page = format!("{PUBLIC_URL}/shared/{token}/");

    // The board's page and its pin's preview as the link's holder sees them, under the link.
    let html = crate::link_previews::page(&app, &format!("/shared/{token}/")).await;
    assert_eq!(
        crate::link_previews::title(&html),
        "Secret garden by ada · Corkboard"
    );
    assert_eq!(
        crate::link_previews::meta(&html, "og:url"),
        Some(shared_page.as_str())
    );
    let image = crate::link_previews::meta(&html, "og:image").expect("a picture");
    assert!(image.ends_with(&format!("?share={token}")), "{image}");
    let path = image.strip_prefix(PUBLIC_URL).unwrap();
    assert_eq!(fetched(&app, path).await.0, 200);
    let feed_link = format!("{PUBLIC_URL}/feeds/shared/{token}.atom");
    assert!(html.contains(&feed_link), "{html}");
    let html = crate::link_previews::page(&app, &format!("/shared/{token}/pins/{pin}/")).await;
    assert_eq!(
        crate::link_previews::meta(&html, "og:description"),
        Some("Roses")
    );

    // Its feed: the private board's pins, their pages and pictures under the link.
    let response = new_client()
        .get(app.url(&format!("/feeds/shared/{token}.atom")))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let body = response.text().await.unwrap();
    if let Some(feed) = crate::feeds::parsed(&body) {
        assert_eq!(feed["feed"]["link"], shared_page.as_str());
        let entries = feed["entries"].as_array().unwrap();
        assert_eq!(entries.len(), 1, "{feed}");
        let pin_page = format!("{shared_page}pins/{pin}/");
        assert_eq!(entries[0]["link"], pin_page.as_str());
        let enclosure = entries[0]["enclosures"][0]["href"].as_str().unwrap();
        assert!(enclosure.ends_with(&format!("?share={token}")), "{feed}");
        let path = enclosure.strip_prefix(PUBLIC_URL).unwrap();
        assert_eq!(fetched(&app, path).await.0, 200);
    }

    // Revoked: the feed is gone, and the pages preview nothing.
    ok(&app, owner, REVOKE, json!({ "id": id })).await;
    let (status, _) = fetched(&app, &format!("/feeds/shared/{token}.atom")).await;
    assert_eq!(status, 404);
    let html = crate::link_previews::page(&app, &format!("/shared/{token}/")).await;
    assert_eq!(crate::link_previews::title(&html), "Corkboard");
    assert!(!html.contains("Secret garden"));
    app.stop().await;
}
