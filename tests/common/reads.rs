//! What a request reads of the database, and whether the database still agrees with itself.

use std::sync::atomic::{AtomicUsize, Ordering};

use corkboard_store::{Store, board_sweeps, check};
use serde_json::json;

use super::{TestApp, graphql_with};

/// The app's store, which counts the records and index keys its transactions read.
pub fn store(app: &TestApp) -> &Store {
    &app.server.as_ref().unwrap().services.store
}

/// Requests measured so far.
static TRIES: AtomicUsize = AtomicUsize::new(0);

/// The records read to answer `query`: the fewest of three tries, since the background work
/// of earlier requests decodes too. Each try is a new text, which no visitor's kept answer
/// serves.
pub async fn records_read(app: &TestApp, client: &reqwest::Client, query: &str) -> u64 {
    let mut fewest = u64::MAX;
    for _ in 0..3 {
        let tries = TRIES.fetch_add(1, Ordering::Relaxed);
        let query = format!("{query}\n# try {tries}");
        let before = store(app).records_read();
        let answer = graphql_with(client, &app.base_url, &query, json!({})).await;
        fewest = fewest.min(store(app).records_read() - before);
        assert!(answer["errors"].is_null(), "{answer}");
    }
    fewest
}

/// Every index of the database agrees with its records, once no board waits for its sweep.
pub fn assert_consistent(app: &TestApp) {
    let store = store(app);
    for _ in 0..2_000 {
        if store.boards_swept() && store.read(board_sweeps::count).unwrap() == 0 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let report = store.read(check::database).unwrap();
    assert!(report.is_consistent(), "{report:?}");
}

/// One of those a list is read by, with which of its items they may see.
pub struct Viewer<K> {
    pub name: &'static str,
    pub client: reqwest::Client,
    pub sees: fn(K) -> bool,
}

/// A visitor, Bob (signed up here) and Ada (the app's client): the readers of Ada's lists.
pub async fn visitor_bob_and_ada<K>(
    app: &TestApp,
    visitor_sees: fn(K) -> bool,
    bob_sees: fn(K) -> bool,
) -> [Viewer<K>; 3] {
    [
        Viewer {
            name: "a visitor",
            client: super::new_client(),
            sees: visitor_sees,
        },
        Viewer {
            name: "Bob",
            client: app.client_signed_in_new("bob").await,
            sees: bob_sees,
        },
        Viewer {
            name: "Ada",
            client: app.client.clone(),
            sees: |_| true,
        },
    ]
}

/// The records each viewer's first page of each of `queries` reads.
pub async fn first_page_records<K>(
    app: &TestApp,
    viewers: &[Viewer<K>],
    queries: &[&str],
) -> Vec<u64> {
    let mut records = Vec::new();
    for viewer in viewers {
        for query in queries {
            records.push(records_read(app, &viewer.client, query).await);
        }
    }
    records
}

/// Sends a mutation as the app's client, which must succeed.
pub async fn mutate(app: &TestApp, query: &str, variables: serde_json::Value) {
    let answer = graphql_with(&app.client, &app.base_url, query, variables).await;
    assert!(answer["errors"].is_null(), "{answer}");
}
