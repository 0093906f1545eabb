//! Who may have a picture's files is read one pin at a time, up to the first that answers: a
//! preview of a picture that 61 pins show reads as many index keys as with one pin, and a
//! picture only private pins show stays hidden from visitors and served to its owner.

use crate::common;

use common::pictures::png;
use common::pins::{add_board, create_pin, duplicate_pin};
use common::reads::store;
use common::{TestApp, graphql_with};
use serde_json::json;

/// The preview path of a pin, and the index keys read to answer it for `client`, with its status.
async fn preview_reads(app: &TestApp, client: &reqwest::Client, pin: &str) -> (u16, u64) {
    let answer = graphql_with(
        &app.client,
        &app.base_url,
        "query($p: ID!) { pin(id: $p) { preview(minWidth: 236) } }",
        json!({ "p": pin }),
    )
    .await;
    let path = answer["data"]["pin"]["preview"]
        .as_str()
        .unwrap()
        .to_owned();
    let before = store(app).keys_read();
    let status = client.get(app.url(&path)).send().await.unwrap().status();
    (status.as_u16(), store(app).keys_read() - before)
}

async fn duplicate(app: &TestApp, pin: &str, board: &str, count: usize) {
    for n in 0..count {
        duplicate_pin(app, &app.client, pin, &format!("copy {n}"), board).await;
    }
}

#[tokio::test]
async fn a_pictures_access_is_read_up_to_the_first_pin_that_answers() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let visitor = common::new_client();
    let public = add_board(&app, &app.client, "Public", false).await;
    let private = add_board(&app, &app.client, "Private", true).await;

    let shown = create_pin(&app, &app.client, png(40, 30, 7), &[&public], "shown").await;
    let alone = preview_reads(&app, &visitor, &shown).await;
    duplicate(&app, &shown, &public, 60).await;
    let with_copies = preview_reads(&app, &visitor, &shown).await;
    assert_eq!(alone.0, 200);
    assert_eq!(
        alone, with_copies,
        "a preview's check grows with the pins showing it"
    );

    let kept = create_pin(&app, &app.client, png(30, 40, 9), &[&private], "kept").await;
    duplicate(&app, &kept, &private, 3).await;
    assert_eq!(preview_reads(&app, &visitor, &kept).await.0, 404);
    assert_eq!(preview_reads(&app, &app.client, &kept).await.0, 200);
    app.stop().await;
}
