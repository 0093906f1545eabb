//! What goes out compressed: the UI's files as their build-time brotli or gzip copies, and the
//! larger API answers compressed on the fly, zstd or else gzip (a visitor's kept answer gzipped
//! once for all), each only to a browser that accepts it.

use crate::common;

use std::io::Read;

use common::{TestApp, new_client};
use flate2::read::GzDecoder;
use serde_json::{Value, json};

async fn get(app: &TestApp, path: &str, accept: Option<&str>) -> reqwest::Response {
    let mut request = app.client.get(app.url(path));
    if let Some(accept) = accept {
        request = request.header("Accept-Encoding", accept);
    }
    request.send().await.unwrap()
}

fn header<'a>(response: &'a reqwest::Response, name: &str) -> &'a str {
    response
        .headers()
        .get(name)
        .map_or("", |value| value.to_str().unwrap())
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut plain = Vec::new();
    GzDecoder::new(bytes).read_to_end(&mut plain).unwrap();
    plain
}

#[tokio::test]
async fn the_ui_goes_out_as_its_brotli_or_gzip_copy_to_whoever_accepts_it() {
    let app = TestApp::start().await;
    let index = get(&app, "/", None).await.text().await.unwrap();
    // The app's script (the page's first one, which asks its first queries, is small).
    let script = index
        .split("src=\"")
        .filter_map(|rest| rest.split('"').next())
        .find(|src| src.starts_with("/assets/main-"))
        .expect("the page names the app's script")
        .to_owned();

    let plain = get(&app, &script, None).await;
    assert_eq!(header(&plain, "content-encoding"), "");
    assert_eq!(header(&plain, "vary"), "Accept-Encoding");
    let plain = plain.bytes().await.unwrap();

    let brotli = get(&app, &script, Some("gzip, deflate, br, zstd")).await;
    assert_eq!(header(&brotli, "content-encoding"), "br");
    assert_eq!(header(&brotli, "content-type"), "text/javascript");
    let brotli = brotli.bytes().await.unwrap();
    assert!(
        brotli.len() * 3 < plain.len(),
        "{} of {}",
        brotli.len(),
        plain.len()
    );

    let gzip = get(&app, &script, Some("gzip;q=1.0, br;q=0")).await;
    assert_eq!(header(&gzip, "content-encoding"), "gzip");
    assert_eq!(gunzip(&gzip.bytes().await.unwrap()), plain);

    let copy = get(&app, &format!("{script}.br"), None).await;
    assert_eq!(copy.status(), 404, "a copy is never served by its own name");
    app.stop().await;
}

#[tokio::test]
async fn larger_api_answers_are_compressed_for_whoever_accepts_it() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let visitor = new_client();
    let ask = |client: &reqwest::Client, query: &'static str, accept: Option<&'static str>| {
        let mut request = client
            .post(app.url("/api/graphql"))
            .json(&json!({ "query": query }));
        if let Some(accept) = accept {
            request = request.header("Accept-Encoding", accept);
        }
        request.send()
    };
    // A signed-in person's answer is computed for the request, and compressed for it.
    let signed_in = &app.client;
    let large = "{ __schema { types { name description } } }";
    let plain = ask(signed_in, large, None).await.unwrap();
    assert_eq!(header(&plain, "content-encoding"), "");
    let plain: Value = plain.json().await.unwrap();
    let json_length = serde_json::to_vec(&plain).unwrap().len();

    for (accepted, coding) in [
        ("gzip, deflate, br, zstd", "zstd"),
        ("gzip, br, zstd;q=0", "gzip"),
    ] {
        let compressed = ask(signed_in, large, Some(accepted)).await.unwrap();
        assert_eq!(header(&compressed, "content-encoding"), coding);
        assert!(header(&compressed, "vary").contains("Accept-Encoding"));
        let bytes = compressed.bytes().await.unwrap();
        let json = match coding {
            "zstd" => zstd::decode_all(&bytes[..]).unwrap(),
            _ => gunzip(&bytes),
        };
        let answer: Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(answer, plain);
        assert!(bytes.len() * 2 < json_length);
    }

    let small = ask(signed_in, "{ me { id } }", Some("gzip, zstd"))
        .await
        .unwrap();
    assert_eq!(header(&small, "content-encoding"), "", "too small to gain");

    // A visitor's answer is kept until the next change (see tests/app/visitor_answers.rs). The first
    // one goes out compressed on the fly, like any answer (many a search is asked once); asked
    // again, it is served as its kept gzip (zstd would gain a few percent there), made once: five
    // more browsers asking it cost at most one compression and get the same bytes. (A search index
    // that moved just after the first answer makes the second a first one again.)
    let kept = "{ __type(name: \"Pin\") { name description fields { name description } } }";
    let first = ask(&visitor, kept, Some("gzip, deflate, br, zstd"));
    assert_eq!(header(&first.await.unwrap(), "content-encoding"), "zstd");
    let mut again = ask(&visitor, kept, Some("gzip, deflate, br, zstd"))
        .await
        .unwrap();
    if header(&again, "content-encoding") == "zstd" {
        again = ask(&visitor, kept, Some("gzip, deflate, br, zstd"))
            .await
            .unwrap();
    }
    assert_eq!(header(&again, "content-encoding"), "gzip");
    let before = app.server.as_ref().unwrap().services.metrics.compressions();
    let mut answers = Vec::new();
    for _ in 0..5 {
        let answer = ask(&visitor, kept, Some("gzip, deflate, br, zstd"))
            .await
            .unwrap();
        assert_eq!(header(&answer, "content-encoding"), "gzip");
        assert!(header(&answer, "vary").contains("Accept-Encoding"));
        answers.push(answer.bytes().await.unwrap());
    }
    assert!(
        app.server.as_ref().unwrap().services.metrics.compressions() - before <= 1,
        "a kept answer gzipped once"
    );
    assert!(answers.iter().all(|answer| *answer == answers[0]));
    let plain: Value = ask(&visitor, kept, None)
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let unzipped: Value = serde_json::from_slice(&gunzip(&answers[0])).unwrap();
    assert_eq!(unzipped, plain);
    app.stop().await;
}
