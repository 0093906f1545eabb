//! Search as you type: the header's suggestions of each kind (tags with counts, boards, people,
//! recent searches), never something the viewer may not see; recent searches recorded with each
//! first page of results and cleared on request; and results narrowed to one person, one board or
//! pictures of one colour.

use crate::common;

use common::pictures::encoded;
use common::pins::{add_board, create_pin};
use common::{TestApp, error_code, graphql_with, new_client};
use image::{DynamicImage, ImageFormat, Rgb, RgbImage};
use serde_json::{Value, json};

const SUGGESTIONS: &str = "query($t: String!) { suggestions(text: $t) { tags { name count } boards { title } people { username } recentSearches } }";
const FOUND: &str = "query($s: String, $t: String, $b: ID, $u: String, $c: String) { pins(search: $s, tag: $t, board: $b, user: $u, colour: $c, first: 50) { totalCount edges { node { id } } } }";
const TAGGED: &str =
    "mutation($p: ID!, $t: [String!]) { updatePin(id: $p, caption: \"ok\", tags: $t) { id } }";

/// A PNG of one colour, so that its dominant colour is that one.
fn plain(rgb: [u8; 3]) -> Vec<u8> {
    let picture = DynamicImage::ImageRgb8(RgbImage::from_pixel(200, 150, Rgb(rgb)));
    encoded(&picture, ImageFormat::Png)
}

/// What `client` is suggested for `typed`.
async fn suggested(app: &TestApp, client: &reqwest::Client, typed: &str) -> Value {
    let answer = graphql_with(client, &app.base_url, SUGGESTIONS, json!({ "t": typed })).await;
    assert!(answer["errors"].is_null(), "{answer}");
    answer["data"]["suggestions"].clone()
}

/// `client`'s recent searches holding `typed`, as many as are kept.
async fn recent(app: &TestApp, client: &reqwest::Client, typed: &str) -> Value {
    let query = "query($t: String!) { suggestions(text: $t, first: 10) { recentSearches } }";
    let answer = graphql_with(client, &app.base_url, query, json!({ "t": typed })).await;
    assert!(answer["errors"].is_null(), "{answer}");
    answer["data"]["suggestions"]["recentSearches"].clone()
}

/// The ids of the pins `client` finds with `variables` (of `FOUND`), checked against the total.
async fn found(app: &TestApp, client: &reqwest::Client, variables: Value) -> Vec<String> {
    let answer = graphql_with(client, &app.base_url, FOUND, variables).await;
    assert!(answer["errors"].is_null(), "{answer}");
    let pins = &answer["data"]["pins"];
    let ids: Vec<String> = pins["edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|edge| edge["node"]["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(pins["totalCount"], json!(ids.len()), "{answer}");
    ids
}

/// A pin of `client`'s on `board` with `tags`.
async fn tagged_pin(
    app: &TestApp,
    client: &reqwest::Client,
    board: &str,
    seed: u8,
    tags: &[&str],
) -> String {
    let pin = create_pin(app, client, plain([seed, 90, 90]), &[board], "ok").await;
    let answer = graphql_with(
        client,
        &app.base_url,
        TAGGED,
        json!({ "p": pin, "t": tags }),
    )
    .await;
    assert!(answer["errors"].is_null(), "{answer}");
    pin
}

#[tokio::test]
async fn each_kind_is_suggested_from_two_letters_and_only_what_the_viewer_may_see() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let gary = app.client_signed_in_new("gary").await;
    let ideas = add_board(&app, &app.client, "Garden ideas", false).await;
    let secrets = add_board(&app, &app.client, "Gardening secrets", true).await;
    tagged_pin(&app, &app.client, &ideas, 1, &["garden", "Gardening"]).await;
    tagged_pin(&app, &app.client, &ideas, 2, &["garden"]).await;
    // Only on a private board: its tag is Ada's alone.
    tagged_pin(&app, &app.client, &secrets, 3, &["gargoyle", "garden"]).await;
    let visitor = new_client();

    let seen = suggested(&app, &visitor, "Ga").await;
    assert_eq!(
        seen,
        json!({
            "tags": [{ "name": "garden", "count": 2 }, { "name": "Gardening", "count": 1 }],
            "boards": [{ "title": "Garden ideas" }],
            "people": [{ "username": "gary" }],
            "recentSearches": [],
        })
    );
    assert_eq!(
        suggested(&app, &gary, "gar").await["boards"],
        seen["boards"]
    );
    assert_eq!(suggested(&app, &gary, "gar").await["tags"], seen["tags"]);

    let own = suggested(&app, &app.client, "gar").await;
    assert_eq!(
        own["tags"],
        json!([
            { "name": "garden", "count": 3 },
            { "name": "Gardening", "count": 1 },
            { "name": "gargoyle", "count": 1 },
        ])
    );
    assert_eq!(
        own["boards"],
        json!([{ "title": "Gardening secrets" }, { "title": "Garden ideas" }])
    );
    // Every typed word starts a word of the title; one letter suggests nothing yet.
    let both = suggested(&app, &app.client, "gard sec").await;
    assert_eq!(both["boards"], json!([{ "title": "Gardening secrets" }]));
    let one = suggested(&app, &app.client, "g").await;
    assert_eq!(
        (&one["tags"], &one["boards"], &one["people"]),
        (&json!([]), &json!([]), &json!([]))
    );
    assert_eq!(
        suggested(&app, &visitor, "@ad").await["people"],
        json!([{ "username": "ada" }])
    );
}

#[tokio::test]
async fn a_private_board_shared_with_someone_is_suggested_to_them_only_while_shared() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let bob = app.client_signed_in_new("bob").await;
    let cyd = app.client_signed_in_new("cyd").await;
    let plans = add_board(&app, &app.client, "Harbour plans", true).await;
    tagged_pin(&app, &app.client, &plans, 1, &["harbour"]).await;
    common::pins::share_board(&app, &app.client, &plans, "bob").await;

    let bob_sees = suggested(&app, &bob, "harb").await;
    assert_eq!(bob_sees["boards"], json!([{ "title": "Harbour plans" }]));
    assert_eq!(bob_sees["tags"], json!([{ "name": "harbour", "count": 1 }]));
    let cyd_sees = suggested(&app, &cyd, "harb").await;
    assert_eq!(
        (&cyd_sees["boards"], &cyd_sees["tags"]),
        (&json!([]), &json!([]))
    );

    let unshare = "mutation($b: ID!) { unshareBoard(board: $b, username: \"bob\") { message } }";
    let answer = app.graphql(unshare, json!({ "b": plans })).await;
    assert!(answer["errors"].is_null(), "{answer}");
    app.wait_for_sweeps().await;
    let bob_sees = suggested(&app, &bob, "harb").await;
    assert_eq!(
        (&bob_sees["boards"], &bob_sees["tags"]),
        (&json!([]), &json!([]))
    );
}

#[tokio::test]
async fn recent_searches_are_kept_ten_distinct_newest_first_and_cleared() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let search = |variables: Value| {
        let app = &app;
        async move { found(app, &app.client, variables).await }
    };
    search(json!({ "s": "garden" })).await;
    search(json!({ "t": "sea" })).await;
    assert_eq!(
        recent(&app, &app.client, "").await,
        json!(["#sea", "garden"])
    );
    // The same search again, in another case, goes first once.
    search(json!({ "s": "Garden" })).await;
    assert_eq!(
        recent(&app, &app.client, "").await,
        json!(["Garden", "#sea"])
    );
    // Those holding what is typed.
    assert_eq!(recent(&app, &app.client, "ard").await, json!(["Garden"]));
    // Ten at most, the oldest going first.
    for word in 0..10 {
        search(json!({ "s": format!("word{word}") })).await;
    }
    let kept = recent(&app, &app.client, "").await;
    let ten: Vec<String> = (0..10).rev().map(|word| format!("word{word}")).collect();
    assert_eq!(kept, json!(ten));
    // A next page of results is not a new search.
    let next = "query { pins(search: \"garden\", first: 1, after: \"AAAAAAAAAAAAAAAAAAAAAA\") { totalCount } }";
    app.graphql(next, json!({})).await;
    assert_eq!(recent(&app, &app.client, "").await, kept);

    let clear = "mutation { clearRecentSearches { message } }";
    let answer = app.graphql(clear, json!({})).await;
    assert_eq!(
        answer["data"]["clearRecentSearches"]["message"],
        "Your recent searches are cleared."
    );
    assert_eq!(recent(&app, &app.client, "").await, json!([]));

    // A visitor's searches are not kept, and there are none to clear.
    let visitor = new_client();
    found(&app, &visitor, json!({ "s": "garden" })).await;
    assert_eq!(recent(&app, &visitor, "").await, json!([]));
    let answer = graphql_with(&visitor, &app.base_url, clear, json!({})).await;
    assert_eq!(error_code(&answer), Some("PERMISSION_DENIED_ERROR"));
    // Another user's are their own.
    let bob = app.client_signed_in_new("bob").await;
    search(json!({ "s": "ada's" })).await;
    assert_eq!(recent(&app, &bob, "").await, json!([]));
}

#[tokio::test]
async fn results_narrow_to_one_person_one_board_or_one_colour() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let bob = app.client_signed_in_new("bob").await;
    let roses = add_board(&app, &app.client, "Roses", false).await;
    let sky = add_board(&app, &app.client, "Sky", false).await;
    let fields = add_board(&app, &bob, "Fields", false).await;
    let red = create_pin(&app, &app.client, plain([200, 30, 30]), &[&roses], "flower").await;
    let blue = create_pin(&app, &app.client, plain([30, 60, 200]), &[&sky], "flower").await;
    let green = create_pin(&app, &bob, plain([40, 150, 50]), &[&fields], "flower").await;
    let visitor = new_client();
    let sorted = |mut ids: Vec<String>| {
        ids.sort();
        ids
    };

    let all = found(&app, &visitor, json!({ "s": "flower" })).await;
    assert_eq!(
        sorted(all),
        sorted(vec![red.clone(), blue.clone(), green.clone()])
    );
    let by_colour = |colour: &str| json!({ "s": "flower", "c": colour });
    assert_eq!(
        found(&app, &visitor, by_colour("red")).await,
        vec![red.clone()]
    );
    assert_eq!(
        found(&app, &visitor, by_colour("Blue")).await,
        vec![blue.clone()]
    );
    assert_eq!(
        found(&app, &visitor, by_colour("green")).await,
        vec![green.clone()]
    );
    assert!(found(&app, &visitor, by_colour("yellow")).await.is_empty());
    let of_bob = found(&app, &visitor, json!({ "s": "flower", "u": "bob" })).await;
    assert_eq!(of_bob, [green]);
    let of_ada = found(&app, &visitor, json!({ "s": "flower", "u": "ada" })).await;
    assert_eq!(sorted(of_ada), sorted(vec![red.clone(), blue.clone()]));
    let on_sky = found(&app, &visitor, json!({ "s": "flower", "b": sky })).await;
    assert_eq!(on_sky, [blue]);
    // Together, each narrows the others.
    let narrowed = json!({ "s": "flower", "u": "ada", "c": "red", "b": roses });
    assert_eq!(found(&app, &visitor, narrowed).await, [red]);
    let none = json!({ "s": "flower", "u": "ada", "c": "red", "b": sky });
    assert!(found(&app, &visitor, none).await.is_empty());

    let mauve = graphql_with(&visitor, &app.base_url, FOUND, by_colour("mauve")).await;
    assert_eq!(error_code(&mauve), Some("VALIDATION_ERROR"));
    assert!(
        mauve["errors"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("There is no colour \"mauve\": choose one of red, orange"),
        "{mauve}"
    );
    let nobody = json!({ "s": "flower", "u": "nobody" });
    let answer = graphql_with(&visitor, &app.base_url, FOUND, nobody).await;
    assert_eq!(error_code(&answer), Some("NOT_FOUND_ERROR"));

    let colours = app.graphql("{ colours { name hex } }", json!({})).await;
    assert_eq!(
        colours["data"]["colours"][0],
        json!({ "name": "red", "hex": "#d32f2f" })
    );
}
