//! Who may join (registration modes, invite links) and what admins do to accounts: rights,
//! disabling (sessions, keys and content stop at once) and deleting (with the files).

use crate::common;

use chrono::{Duration, Utc};
use common::pictures::png;
use common::pins::{add_board, create_pin};
use common::reads::assert_consistent;
use common::{TestApp, error_code, graphql_with, new_client};
use corkboard_domain::config::{Config, Registration};
use corkboard_store::invites;
use serde_json::{Value, json};

const SIGN_UP: &str = "mutation($u: String!, $i: String) { addUser(email: $u, \
    password: \"password-1\", username: $u, invite: $i) { id username } }";
const STATE: &str = "query($i: String) { signUpState(invite: $i) { mode refusal } }";
const CREATE_INVITE: &str = "mutation($d: Int) { createInvite(days: $d) { url invite { id } } }";

/// Signs `username` up with a new client (and `invite`); the client and the answer.
async fn sign_up(app: &TestApp, username: &str, invite: Option<&str>) -> (reqwest::Client, Value) {
    let client = new_client();
    let email = format!("{username}@example.org");
    let answer = graphql_with(
        &client,
        &app.base_url,
        &SIGN_UP.replace("email: $u", &format!("email: \"{email}\"")),
        json!({ "u": username, "i": invite }),
    )
    .await;
    (client, answer)
}

/// Whether the client's user is an admin (only they see it).
async fn is_admin(app: &TestApp, client: &reqwest::Client) -> Value {
    let me = graphql_with(client, &app.base_url, "{ me { isAdmin } }", json!({})).await;
    me["data"]["me"]["isAdmin"].clone()
}

fn message(answer: &Value) -> &str {
    answer["errors"][0]["message"].as_str().unwrap_or("")
}

fn secret_of(url: &str) -> String {
    url.split("invite=")
        .nth(1)
        .expect("an invite secret")
        .to_owned()
}

#[tokio::test]
async fn registration_defaults_to_open_on_loopback_and_invite_elsewhere() {
    let local = Config::default();
    assert_eq!(local.registration(), Registration::Open);
    let public = Config {
        listen: "0.0.0.0:8080".parse().unwrap(),
        ..Config::default()
    };
    assert_eq!(public.registration(), Registration::Invite);
}

#[tokio::test]
async fn invite_links_work_once_and_until_they_expire() {
    let app = TestApp::start_with(|config| {
        config.accounts.registration = Some(Registration::Invite);
    })
    .await;
    let (admin, _) = sign_up(&app, "ada", None).await;
    let invite_only =
        "Sign-up on this Corkboard is by invitation: open the invite link an admin sent you.";
    let (_, refused) = sign_up(&app, "bob", None).await;
    assert_eq!(message(&refused), invite_only, "{refused}");
    let (_, unknown) = sign_up(&app, "bob", Some("not-a-real-secret")).await;
    assert_eq!(
        message(&unknown),
        "This invite link is not valid: ask for a new one."
    );

    let made = graphql_with(&admin, &app.base_url, CREATE_INVITE, json!({})).await;
    let url = made["data"]["createInvite"]["url"].as_str().unwrap();
    assert!(
        url.starts_with(&format!("{}/signup/?invite=", app.base_url)),
        "{url}"
    );
    let secret = secret_of(url);
    let state = app.graphql(STATE, json!({ "i": secret })).await;
    assert_eq!(
        state["data"]["signUpState"],
        json!({ "mode": "INVITE", "refusal": null })
    );
    let (bob, answer) = sign_up(&app, "bob", Some(&secret)).await;
    assert!(answer["errors"].is_null(), "{answer}");
    assert_eq!(is_admin(&app, &bob).await, false);
    let (_, again) = sign_up(&app, "cleo", Some(&secret)).await;
    assert_eq!(
        message(&again),
        "This invite link was already used: ask for a new one."
    );
    let listed = graphql_with(
        &admin,
        &app.base_url,
        "{ invites { id usedBy { username } } }",
        json!({}),
    )
    .await;
    assert_eq!(
        listed["data"]["invites"][0]["usedBy"]["username"], "bob",
        "{listed}"
    );

    let made = graphql_with(&admin, &app.base_url, CREATE_INVITE, json!({ "d": 1 })).await;
    let secret = secret_of(made["data"]["createInvite"]["url"].as_str().unwrap());
    let id = made["data"]["createInvite"]["invite"]["id"]
        .as_str()
        .unwrap();
    let store = &app.server.as_ref().unwrap().services.store;
    store
        .write(|write| {
            let mut invite = invites::get(write, id)?.unwrap();
            invite.expires_at = Utc::now() - Duration::minutes(1);
            invites::save(write, &invite)
        })
        .unwrap();
    let (_, late) = sign_up(&app, "cleo", Some(&secret)).await;
    assert_eq!(
        message(&late),
        "This invite link has expired: ask for a new one."
    );
    let revoked = graphql_with(
        &admin,
        &app.base_url,
        "mutation($id: ID!) { revokeInvite(id: $id) { message } }",
        json!({ "id": id }),
    )
    .await;
    assert!(revoked["errors"].is_null(), "{revoked}");
    let (_, gone) = sign_up(&app, "cleo", Some(&secret)).await;
    assert_eq!(
        message(&gone),
        "This invite link is not valid: ask for a new one."
    );
    app.stop().await;
}

#[tokio::test]
async fn only_admins_do_what_admins_do_and_the_last_admin_stays() {
    let app = TestApp::start().await;
    let (ada, first) = sign_up(&app, "ada", None).await;
    assert_eq!(is_admin(&app, &ada).await, true);
    let ada_id = first["data"]["addUser"]["id"].as_str().unwrap().to_owned();
    let (bob, second) = sign_up(&app, "bob", None).await;
    let bob_id = second["data"]["addUser"]["id"].as_str().unwrap().to_owned();
    assert_eq!(is_admin(&app, &bob).await, false);

    let admin_calls = [
        ("{ accounts { totalCount } }", json!({})),
        ("{ invites { id } }", json!({})),
        ("mutation { createInvite { url } }", json!({})),
        (
            "mutation($u: ID!) { setAccountAdmin(userId: $u, admin: true) { isAdmin } }",
            json!({ "u": bob_id }),
        ),
        (
            "mutation($u: ID!) { setAccountDisabled(userId: $u, disabled: true) { disabled } }",
            json!({ "u": ada_id }),
        ),
        (
            "mutation($u: ID!) { deleteAccount(userId: $u, confirmation: \"ada\") { message } }",
            json!({ "u": ada_id }),
        ),
        (
            "mutation { revokeInvite(id: \"x\") { message } }",
            json!({}),
        ),
    ];
    for (query, variables) in &admin_calls {
        for client in [&bob, &new_client()] {
            let answer = graphql_with(client, &app.base_url, query, variables.clone()).await;
            assert_eq!(
                error_code(&answer),
                Some("PERMISSION_DENIED_ERROR"),
                "{query}: {answer}"
            );
        }
    }

    let last = graphql_with(
        &ada,
        &app.base_url,
        "mutation($u: ID!) { setAccountAdmin(userId: $u, admin: false) { isAdmin } }",
        json!({ "u": ada_id }),
    )
    .await;
    assert_eq!(
        message(&last),
        "This is the only admin who can sign in: make someone else an admin first."
    );
    let promoted = graphql_with(
        &ada,
        &app.base_url,
        "mutation($u: ID!) { setAccountAdmin(userId: $u, admin: true) { isAdmin } }",
        json!({ "u": bob_id }),
    )
    .await;
    assert_eq!(promoted["data"]["setAccountAdmin"]["isAdmin"], true);
    let listed = graphql_with(
        &bob,
        &app.base_url,
        "{ accounts(query: \"ADA\") { totalCount nodes { username email emailVerified isAdmin \
         disabled lastSeenAt holdings { pins boards storageBytes } } } }",
        json!({}),
    )
    .await;
    let accounts = &listed["data"]["accounts"];
    assert_eq!(accounts["totalCount"], 1, "{listed}");
    let node = &accounts["nodes"][0];
    assert_eq!(
        (&node["username"], &node["email"], &node["isAdmin"]),
        (&json!("ada"), &json!("ada@example.org"), &json!(true))
    );
    assert!(node["lastSeenAt"].is_string());
    assert_eq!(
        node["holdings"],
        json!({ "pins": 0, "boards": 0, "storageBytes": 0.0 })
    );
    app.stop().await;
}

/// What a visitor finds of bob's: his profile, the public pin directly, in the last pins and
/// in a search.
async fn visible_of_bob(app: &TestApp, pin: &str) -> [bool; 4] {
    let visitor = new_client();
    let profile = graphql_with(
        &visitor,
        &app.base_url,
        "{ user(username: \"bob\") { id } }",
        json!({}),
    )
    .await;
    let opened = graphql_with(
        &visitor,
        &app.base_url,
        "query($p: ID!) { pin(id: $p) { id } }",
        json!({ "p": pin }),
    )
    .await;
    let last = graphql_with(
        &visitor,
        &app.base_url,
        "{ pins { nodes { id } } }",
        json!({}),
    )
    .await;
    let found = graphql_with(
        &visitor,
        &app.base_url,
        "{ pins(search: \"lighthouse\") { nodes { id } } }",
        json!({}),
    )
    .await;
    let holds = |answer: &Value| {
        answer["data"]["pins"]["nodes"]
            .as_array()
            .is_some_and(|nodes| nodes.iter().any(|node| node["id"] == pin))
    };
    [
        profile["errors"].is_null(),
        opened["data"]["pin"]["id"] == pin,
        holds(&last),
        holds(&found),
    ]
}

#[tokio::test]
async fn a_disabled_account_is_signed_out_refused_and_hidden_until_enabled() {
    let app = TestApp::start().await;
    let (ada, _) = sign_up(&app, "ada", None).await;
    let (bob, answer) = sign_up(&app, "bob", None).await;
    let bob_id = answer["data"]["addUser"]["id"].as_str().unwrap().to_owned();
    let board = add_board(&app, &bob, "Coast", false).await;
    let pin = create_pin(&app, &bob, png(300, 200, 1), &[&board], "A lighthouse").await;
    let key = graphql_with(
        &bob,
        &app.base_url,
        "mutation { createApiKey(name: \"script\") }",
        json!({}),
    )
    .await;
    let key = key["data"]["createApiKey"].as_str().unwrap().to_owned();
    let me_by_key = || async {
        let answer: Value = reqwest::Client::new()
            .post(app.url("/api/graphql"))
            .bearer_auth(&key)
            .json(&json!({ "query": "{ me { username } }" }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        answer["data"]["me"]["username"].clone()
    };
    assert_eq!(me_by_key().await, "bob");
    assert_eq!(visible_of_bob(&app, &pin).await, [true; 4]);

    let set = |disabled: bool| {
        graphql_with(
            &ada,
            &app.base_url,
            "mutation($u: ID!, $d: Boolean!) { setAccountDisabled(userId: $u, disabled: $d) { disabled } }",
            json!({ "u": bob_id, "d": disabled }),
        )
    };
    assert_eq!(
        set(true).await["data"]["setAccountDisabled"]["disabled"],
        true
    );
    let asked = "{ me { username } accountDisabled }";
    let me = graphql_with(&bob, &app.base_url, asked, json!({})).await;
    assert_eq!(me["data"]["me"], Value::Null, "signed out: {me}");
    // Bob's open tab is told why, and no visitor is told so after him (kept answers).
    assert_eq!(me["data"]["accountDisabled"], true, "{me}");
    for _ in 0..2 {
        let visitor = graphql_with(&new_client(), &app.base_url, asked, json!({})).await;
        assert_eq!(visitor["data"]["accountDisabled"], false, "{visitor}");
    }
    assert_eq!(me_by_key().await, Value::Null);
    assert_eq!(visible_of_bob(&app, &pin).await, [false; 4]);
    let login = graphql_with(
        &new_client(),
        &app.base_url,
        "mutation { login(email: \"bob@example.org\", password: \"password-1\") { id } }",
        json!({}),
    )
    .await;
    assert_eq!(
        message(&login),
        "This account is disabled: ask the admin of this Corkboard."
    );
    let mine = graphql_with(
        &ada,
        &app.base_url,
        "mutation($u: ID!) { setAccountDisabled(userId: $u, disabled: true) { disabled } }",
        json!({ "u": "1" }),
    )
    .await;
    assert_eq!(message(&mine), "You cannot disable your own account.");

    assert_eq!(
        set(false).await["data"]["setAccountDisabled"]["disabled"],
        false
    );
    assert_eq!(visible_of_bob(&app, &pin).await, [true; 4]);
    assert_eq!(me_by_key().await, "bob");
    // Enabled again, the session of before stays ended: Bob signs in anew.
    let me = graphql_with(&bob, &app.base_url, asked, json!({})).await;
    assert_eq!(
        me["data"],
        json!({ "me": null, "accountDisabled": false }),
        "{me}"
    );
    app.client_signed_in("bob@example.org", "password-1").await;
    assert_consistent(&app);
    app.stop().await;
}

#[tokio::test]
async fn deleting_an_account_takes_everything_it_owned_and_only_its_own_files() {
    let app = TestApp::start().await;
    let (ada, _) = sign_up(&app, "ada", None).await;
    let (bob, answer) = sign_up(&app, "bob", None).await;
    let bob_id = answer["data"]["addUser"]["id"].as_str().unwrap().to_owned();
    let ada_board = add_board(&app, &ada, "Friends", true).await;
    let shared = graphql_with(
        &ada,
        &app.base_url,
        "mutation($b: ID!) { shareBoard(board: $b, username: \"bob\") { message } }",
        json!({ "b": ada_board }),
    )
    .await;
    assert!(shared["errors"].is_null(), "{shared}");
    create_pin(&app, &ada, png(300, 200, 7), &[&ada_board], "Both have it").await;
    let board = add_board(&app, &bob, "Mine", false).await;
    create_pin(&app, &bob, png(300, 200, 7), &[&board], "Both have it").await;
    create_pin(&app, &bob, png(320, 200, 8), &[&board], "Only bob's").await;
    add_board(&app, &bob, "Drafts", true).await;
    let originals = || walkdir(&app.data_dir.path().join("originals"));
    assert_eq!(originals(), 2);

    // The admin's list counts every pin and board of bob's, and the bytes of his originals.
    let weights = graphql_with(
        &bob,
        &app.base_url,
        "{ me { pins(first: 10) { edges { node { weight } } } } }",
        json!({}),
    )
    .await;
    let edges = weights["data"]["me"]["pins"]["edges"].as_array().unwrap();
    let bytes: f64 = edges
        .iter()
        .map(|e| e["node"]["weight"].as_f64().unwrap())
        .sum();
    assert!(bytes > 0.0, "{weights}");
    let listed = graphql_with(
        &ada,
        &app.base_url,
        "{ accounts(query: \"bob\") { nodes { holdings { pins boards storageBytes } } } }",
        json!({}),
    )
    .await;
    assert_eq!(
        listed["data"]["accounts"]["nodes"][0]["holdings"],
        json!({ "pins": 2, "boards": 2, "storageBytes": bytes }),
        "{listed}"
    );

    let delete = |confirmation: &str| {
        graphql_with(
            &ada,
            &app.base_url,
            "mutation($u: ID!, $c: String!) { deleteAccount(userId: $u, confirmation: $c) { message } }",
            json!({ "u": bob_id, "c": confirmation }),
        )
    };
    let wrong = delete("bo").await;
    assert_eq!(
        message(&wrong),
        "Type the username bob to delete this account."
    );
    let done = delete("bob").await;
    assert_eq!(
        done["data"]["deleteAccount"]["message"],
        "The account was deleted."
    );

    assert_eq!(
        originals(),
        1,
        "the picture only bob had is gone, the shared one stays"
    );
    let me = graphql_with(&bob, &app.base_url, "{ me { username } }", json!({})).await;
    assert_eq!(me["data"]["me"], Value::Null);
    let profile = app
        .graphql("{ user(username: \"bob\") { id } }", json!({}))
        .await;
    assert_eq!(error_code(&profile), Some("NOT_FOUND_ERROR"));
    let accounts = graphql_with(
        &ada,
        &app.base_url,
        "{ accounts { totalCount } }",
        json!({}),
    )
    .await;
    assert_eq!(accounts["data"]["accounts"]["totalCount"], 1);
    let board = graphql_with(
        &ada,
        &app.base_url,
        "query($b: ID!) { board(id: $b) { sharedWith } }",
        json!({ "b": ada_board }),
    )
    .await;
    assert_eq!(board["data"]["board"]["sharedWith"], json!([]), "{board}");
    assert_consistent(&app);
    // The name is free again.
    let (_, again) = sign_up(&app, "bob", None).await;
    assert!(again["errors"].is_null(), "{again}");
    app.stop().await;
}

/// How many files a folder holds, at any depth.
fn walkdir(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |entries| {
        entries
            .flatten()
            .map(|entry| {
                let path = entry.path();
                if path.is_dir() { walkdir(&path) } else { 1 }
            })
            .sum()
    })
}
