//! Passkeys over real HTTP, with a software authenticator (`common::authenticator`): adding one,
//! signing in with it without an email, and every refusal of the ceremonies (unknown, expired,
//! reused, another's, from another site), of a passkey registered twice or unknown here, of a
//! disabled account, and of the removal of an account's last way in.

use crate::common;

use chrono::{Duration, Utc};
use common::authenticator::SoftPasskey;
use common::{TestApp, error_code, graphql_with, new_client};
use corkboard_core::service::secrets::secret_hash;
use corkboard_domain::config::LimitsConfig;
use corkboard_domain::ids::UserId;
use corkboard_store::{passkeys, users};
use serde_json::{Value, json};

const START_REGISTRATION: &str = "mutation { startPasskeyRegistration { id options } }";
const FINISH_REGISTRATION: &str = "mutation($c: ID!, $n: String!, $k: String!) { \
    finishPasskeyRegistration(ceremony: $c, name: $n, credential: $k) { id name createdAt lastUsedAt } }";
const START_SIGN_IN: &str = "mutation { startPasskeySignIn { id options } }";
const FINISH_SIGN_IN: &str = "mutation($c: ID!, $k: String!) { \
    finishPasskeySignIn(ceremony: $c, credential: $k) { id username } }";
const METHODS: &str = "{ me { id username lastLoginAt signInMethods { password \
    passkeys { id name createdAt lastUsedAt } } } }";
const RENAME: &str =
    "mutation($i: ID!, $n: String!) { renamePasskey(id: $i, name: $n) { id name } }";
const REMOVE: &str = "mutation($i: ID!) { removePasskey(id: $i) { username } }";

/// The page a browser signs in from: browsers offer passkeys on localhost, not on 127.0.0.1.
fn origin(app: &TestApp) -> String {
    app.base_url.replace("127.0.0.1", "localhost")
}

fn message(answer: &Value) -> &str {
    answer["errors"][0]["message"].as_str().unwrap_or("")
}

fn field(answer: &Value) -> Option<&str> {
    answer["errors"][0]["extensions"]["field"].as_str()
}

/// A ceremony `client` begins with `mutation` (its only field): its id and options.
async fn begin(app: &TestApp, client: &reqwest::Client, mutation: &str) -> (String, String) {
    let answer = graphql_with(client, &app.base_url, mutation, json!({})).await;
    let ceremony = answer["data"]
        .as_object()
        .and_then(|fields| fields.values().next())
        .unwrap_or_else(|| panic!("no ceremony: {answer}"));
    let id = ceremony["id"].as_str().unwrap().to_owned();
    (id, ceremony["options"].as_str().unwrap().to_owned())
}

/// Finishes a registration `client` began as `ceremony` with `answer`.
async fn finish_registration(
    app: &TestApp,
    client: &reqwest::Client,
    ceremony: &str,
    answer: &str,
) -> Value {
    let variables = json!({ "c": ceremony, "n": "My laptop", "k": answer });
    graphql_with(client, &app.base_url, FINISH_REGISTRATION, variables).await
}

/// Adds `passkey` to the account `client` is signed in to; the whole answer.
async fn add(app: &TestApp, client: &reqwest::Client, passkey: &mut SoftPasskey) -> Value {
    let (ceremony, options) = begin(app, client, START_REGISTRATION).await;
    let answer = passkey.register(&options, &origin(app));
    finish_registration(app, client, &ceremony, &answer).await
}

/// Adds a new passkey to the account `client` is signed in to; it and its id.
async fn add_new(app: &TestApp, client: &reqwest::Client) -> (SoftPasskey, String) {
    let mut passkey = SoftPasskey::new();
    let answer = add(app, client, &mut passkey).await;
    let id = answer["data"]["finishPasskeyRegistration"]["id"]
        .as_str()
        .unwrap_or_else(|| panic!("the passkey was not added: {answer}"))
        .to_owned();
    (passkey, id)
}

/// Signs `client` in with `passkey`; the whole answer.
async fn sign_in(app: &TestApp, client: &reqwest::Client, passkey: &mut SoftPasskey) -> Value {
    let (ceremony, options) = begin(app, client, START_SIGN_IN).await;
    let answer = passkey.sign_in(&options, &origin(app));
    let variables = json!({ "c": ceremony, "k": answer });
    graphql_with(client, &app.base_url, FINISH_SIGN_IN, variables).await
}

async fn methods(app: &TestApp, client: &reqwest::Client) -> Value {
    let me = graphql_with(client, &app.base_url, METHODS, json!({})).await;
    me["data"]["me"].clone()
}

/// Changes a stored account (the server's own store, as a test may).
fn change_user(
    app: &TestApp,
    id: &Value,
    change: impl FnOnce(&mut corkboard_domain::user::UserRecord),
) {
    let store = &app.server.as_ref().unwrap().services.store;
    let id = UserId(id.as_str().unwrap().parse().unwrap());
    store
        .write(|write| {
            let mut user = users::load(write, id)?;
            change(&mut user);
            users::update(write, &user)
        })
        .unwrap();
}

#[tokio::test]
async fn a_passkey_added_on_the_profile_signs_in_without_an_email() {
    let app = TestApp::start().await;
    let options = app
        .graphql("{ signInOptions { passwords passkeys } }", json!({}))
        .await;
    assert_eq!(
        options["data"]["signInOptions"],
        json!({ "passwords": true, "passkeys": true })
    );
    app.sign_up("ada").await;
    let (_, registration) = begin(&app, &app.client, START_REGISTRATION).await;
    let registration: Value = serde_json::from_str(&registration).unwrap();
    let public_key = &registration["publicKey"];
    assert_eq!(public_key["rp"]["id"], "localhost");
    assert_eq!(public_key["user"]["name"], "ada");
    let selection = &public_key["authenticatorSelection"];
    assert_eq!(selection["residentKey"], "required", "{registration}");
    assert_eq!(selection["userVerification"], "required");

    let mut passkey = SoftPasskey::new();
    let added = add(&app, &app.client, &mut passkey).await;
    let added = &added["data"]["finishPasskeyRegistration"];
    assert_eq!(added["name"], "My laptop", "{added}");
    assert!(added["lastUsedAt"].is_null());
    let mine = methods(&app, &app.client).await;
    assert_eq!(mine["signInMethods"]["password"], true);
    assert_eq!(mine["signInMethods"]["passkeys"][0]["id"], added["id"]);

    // Another browser, no email typed: the passkey names its account.
    let browser = new_client();
    let (_, sign_in_options) = begin(&app, &browser, START_SIGN_IN).await;
    let sign_in_options: Value = serde_json::from_str(&sign_in_options).unwrap();
    assert_eq!(sign_in_options["publicKey"]["rpId"], "localhost");
    assert!(
        sign_in_options["publicKey"]["allowCredentials"]
            .as_array()
            .is_none_or(Vec::is_empty),
        "a discoverable sign-in names no credential: {sign_in_options}"
    );
    let signed_in = sign_in(&app, &browser, &mut passkey).await;
    assert_eq!(
        signed_in["data"]["finishPasskeySignIn"]["username"], "ada",
        "{signed_in}"
    );
    let theirs = methods(&app, &browser).await;
    assert_eq!(theirs["username"], "ada", "the session cookie was set");
    assert!(theirs["lastLoginAt"].is_string());
    assert!(theirs["signInMethods"]["passkeys"][0]["lastUsedAt"].is_string());
    let again = sign_in(&app, &new_client(), &mut passkey).await;
    assert!(
        again["errors"].is_null(),
        "a passkey signs in again: {again}"
    );

    // A copy of the authenticator whose counter went back is refused.
    let mut copy = passkey.clone();
    copy.counter = 0;
    let cloned = sign_in(&app, &new_client(), &mut copy).await;
    assert_eq!(error_code(&cloned), Some("VALIDATION_ERROR"), "{cloned}");
    assert!(
        message(&cloned).contains("could not be verified"),
        "{cloned}"
    );

    // Others see no sign-in methods of ada's.
    let bob = app.client_signed_in_new("bob").await;
    let seen = graphql_with(
        &bob,
        &app.base_url,
        "{ user(username: \"ada\") { signInMethods { password } } }",
        json!({}),
    )
    .await;
    assert!(seen["data"]["user"]["signInMethods"].is_null(), "{seen}");
    app.stop().await;
}

#[tokio::test]
async fn a_ceremony_is_answered_once_in_time_and_by_whom_began_it() {
    // Each refusal counts as a failed sign-in from the test's address.
    let app = TestApp::start_with(|config| config.limits.sign_in_failures = 100).await;
    app.sign_up("ada").await;
    let (mut passkey, _) = add_new(&app, &app.client).await;
    let browser = new_client();

    // Reused: the answer to a sign-in, sent again.
    let (ceremony, options) = begin(&app, &browser, START_SIGN_IN).await;
    let answer = passkey.sign_in(&options, &origin(&app));
    let variables = json!({ "c": ceremony, "k": answer });
    let first = graphql_with(&browser, &app.base_url, FINISH_SIGN_IN, variables.clone()).await;
    assert!(first["errors"].is_null(), "{first}");
    let replayed = graphql_with(&browser, &app.base_url, FINISH_SIGN_IN, variables).await;
    assert_eq!(field(&replayed), Some("ceremony"), "{replayed}");
    assert!(message(&replayed).contains("already used"), "{replayed}");

    // Unknown, and expired.
    let unknown = json!({ "c": "no-such-ceremony", "k": answer });
    let refused = graphql_with(&browser, &app.base_url, FINISH_SIGN_IN, unknown).await;
    assert_eq!(field(&refused), Some("ceremony"), "{refused}");
    let (ceremony, options) = begin(&app, &browser, START_SIGN_IN).await;
    let store = &app.server.as_ref().unwrap().services.store;
    let hash = secret_hash(&ceremony);
    store
        .write(|write| {
            let mut held = passkeys::take_ceremony(write, &hash)?.expect("the ceremony is kept");
            held.expires_at = Utc::now() - Duration::seconds(1);
            passkeys::insert_ceremony(write, &hash, &held)
        })
        .unwrap();
    let late = json!({ "c": ceremony, "k": passkey.sign_in(&options, &origin(&app)) });
    let late = graphql_with(&browser, &app.base_url, FINISH_SIGN_IN, late).await;
    assert!(message(&late).contains("took too long"), "{late}");

    // A registration begun by ada, answered by bob; and answered as a sign-in.
    let (ceremony, options) = begin(&app, &app.client, START_REGISTRATION).await;
    let registration = SoftPasskey::new().register(&options, &origin(&app));
    let bob = app.client_signed_in_new("bob").await;
    let stolen = finish_registration(&app, &bob, &ceremony, &registration).await;
    assert_eq!(field(&stolen), Some("ceremony"), "{stolen}");
    let (ceremony, _) = begin(&app, &app.client, START_REGISTRATION).await;
    let (_, options) = begin(&app, &browser, START_SIGN_IN).await;
    let crossed = json!({ "c": ceremony, "k": passkey.sign_in(&options, &origin(&app)) });
    let crossed = graphql_with(&browser, &app.base_url, FINISH_SIGN_IN, crossed).await;
    assert_eq!(field(&crossed), Some("ceremony"), "{crossed}");

    // An answer made for another site's page, or that is not a credential.
    let (ceremony, options) = begin(&app, &browser, START_SIGN_IN).await;
    let elsewhere = passkey.sign_in(&options, "https://evil.example");
    let elsewhere = json!({ "c": ceremony, "k": elsewhere });
    let elsewhere = graphql_with(&browser, &app.base_url, FINISH_SIGN_IN, elsewhere).await;
    assert!(
        message(&elsewhere).contains("could not be verified"),
        "{elsewhere}"
    );
    let (ceremony, _) = begin(&app, &browser, START_SIGN_IN).await;
    let garbled = json!({ "c": ceremony, "k": "{\"id\": 7}" });
    let garbled = graphql_with(&browser, &app.base_url, FINISH_SIGN_IN, garbled).await;
    assert_eq!(field(&garbled), Some("credential"), "{garbled}");
    app.stop().await;
}

#[tokio::test]
async fn passkeys_are_for_the_signed_in_and_from_corkboards_own_pages() {
    let app = TestApp::start().await;
    let visitor = graphql_with(&new_client(), &app.base_url, START_REGISTRATION, json!({})).await;
    assert_eq!(
        error_code(&visitor),
        Some("PERMISSION_DENIED_ERROR"),
        "{visitor}"
    );

    let foreign = |query: &'static str| {
        new_client()
            .post(app.url("/api/graphql"))
            .header("Origin", "https://evil.example")
            .json(&json!({ "query": query }))
            .send()
    };
    for query in [START_SIGN_IN, START_REGISTRATION] {
        let answer: Value = foreign(query).await.unwrap().json().await.unwrap();
        assert_eq!(
            error_code(&answer),
            Some("PERMISSION_DENIED_ERROR"),
            "{answer}"
        );
        assert!(message(&answer).contains("own pages"), "{answer}");
    }
    app.stop().await;
}

#[tokio::test]
async fn a_passkey_is_registered_once_here_whoever_offers_it() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let (mut passkey, _) = add_new(&app, &app.client).await;
    let again = add(&app, &app.client, &mut passkey).await;
    assert!(message(&again).contains("already registered"), "{again}");

    // The same credential, attested anew for bob's own ceremony ("none" attestation signs nothing).
    let bob = app.client_signed_in_new("bob").await;
    let offered = add(&app, &bob, &mut passkey).await;
    assert_eq!(field(&offered), Some("credential"), "{offered}");
    assert!(
        message(&offered).contains("already registered"),
        "{offered}"
    );
    assert_eq!(
        methods(&app, &bob).await["signInMethods"]["passkeys"],
        json!([])
    );
    app.stop().await;
}

#[tokio::test]
async fn passkeys_are_named_and_removed_by_their_owner_alone() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let (_, id) = add_new(&app, &app.client).await;
    let renamed = app
        .graphql(RENAME, json!({ "i": id, "n": "  Phone " }))
        .await;
    assert_eq!(
        renamed["data"]["renamePasskey"]["name"], "Phone",
        "{renamed}"
    );
    for name in ["   ", &"x".repeat(61)] {
        let refused = app.graphql(RENAME, json!({ "i": id, "n": name })).await;
        assert_eq!(field(&refused), Some("name"), "{refused}");
    }

    let bob = app.client_signed_in_new("bob").await;
    let rename = json!({ "i": id, "n": "Mine now" });
    let renamed = graphql_with(&bob, &app.base_url, RENAME, rename).await;
    assert_eq!(error_code(&renamed), Some("NOT_FOUND_ERROR"), "{renamed}");
    let removed = graphql_with(&bob, &app.base_url, REMOVE, json!({ "i": id })).await;
    assert_eq!(error_code(&removed), Some("NOT_FOUND_ERROR"), "{removed}");
    let unknown = graphql_with(&bob, &app.base_url, REMOVE, json!({ "i": "nope" })).await;
    assert_eq!(error_code(&unknown), Some("NOT_FOUND_ERROR"), "{unknown}");

    let removed = app.graphql(REMOVE, json!({ "i": id })).await;
    assert_eq!(
        removed["data"]["removePasskey"]["username"], "ada",
        "{removed}"
    );
    assert_eq!(
        methods(&app, &app.client).await["signInMethods"]["passkeys"],
        json!([])
    );
    app.stop().await;
}

#[tokio::test]
async fn the_last_way_into_an_account_is_never_removed() {
    let app = TestApp::start().await;
    let ada = app.sign_up("ada").await;
    let (_, first) = add_new(&app, &app.client).await;
    let (_, second) = add_new(&app, &app.client).await;
    // An account without a password, as one made through an identity provider.
    change_user(&app, &ada["id"], |user| user.password_hash.clear());
    assert_eq!(
        methods(&app, &app.client).await["signInMethods"]["password"],
        false
    );
    let removed = app.graphql(REMOVE, json!({ "i": first })).await;
    assert!(
        removed["errors"].is_null(),
        "another passkey is left: {removed}"
    );
    let last = app.graphql(REMOVE, json!({ "i": second })).await;
    assert_eq!(field(&last), Some("id"), "{last}");
    assert!(message(&last).contains("last way to sign in"), "{last}");
    let left = methods(&app, &app.client).await["signInMethods"]["passkeys"].clone();
    assert_eq!(left[0]["id"], second.as_str());
    app.stop().await;
}

#[tokio::test]
async fn a_deleted_accounts_passkey_and_a_disabled_account_are_refused() {
    let app = TestApp::start().await;
    app.sign_up("root").await;
    let ada_client = app.client_signed_in_new("ada").await;
    let bob_client = app.client_signed_in_new("bob").await;
    let (mut ada_key, _) = add_new(&app, &ada_client).await;
    let (mut bob_key, _) = add_new(&app, &bob_client).await;
    let ada = methods(&app, &ada_client).await["id"].clone();
    let bob = methods(&app, &bob_client).await["id"].clone();

    let delete =
        "mutation($u: ID!) { deleteAccount(userId: $u, confirmation: \"ada\") { message } }";
    let deleted = app.graphql(delete, json!({ "u": ada })).await;
    assert!(deleted["errors"].is_null(), "{deleted}");
    let refused = sign_in(&app, &new_client(), &mut ada_key).await;
    assert_eq!(field(&refused), Some("credential"), "{refused}");
    assert!(
        message(&refused).contains("does not belong to an account here"),
        "{refused}"
    );

    let disable =
        "mutation($u: ID!) { setAccountDisabled(userId: $u, disabled: true) { disabled } }";
    let disabled = app.graphql(disable, json!({ "u": bob })).await;
    assert!(disabled["errors"].is_null(), "{disabled}");
    let refused = sign_in(&app, &new_client(), &mut bob_key).await;
    assert_eq!(
        error_code(&refused),
        Some("PERMISSION_DENIED_ERROR"),
        "{refused}"
    );
    assert!(message(&refused).contains("disabled"), "{refused}");
    common::reads::assert_consistent(&app);
    app.stop().await;
}

#[tokio::test]
async fn passkey_sign_ins_count_with_the_password_ones_of_an_address() {
    let app = TestApp::start_with(|config| {
        config.limits = LimitsConfig {
            sign_in_failures: 3,
            ..LimitsConfig::default()
        }
    })
    .await;
    app.sign_up("ada").await;
    let (mut passkey, _) = add_new(&app, &app.client).await;
    let browser = new_client();
    for _ in 0..3 {
        let unknown = sign_in(&app, &browser, &mut SoftPasskey::new()).await;
        assert_eq!(error_code(&unknown), Some("VALIDATION_ERROR"), "{unknown}");
    }
    let limited = sign_in(&app, &browser, &mut passkey).await;
    assert_eq!(error_code(&limited), Some("RATE_LIMITED"), "{limited}");
    let login = "mutation { login(email: \"ada@example.org\", password: \"password-1\") { id } }";
    let password = graphql_with(&browser, &app.base_url, login, json!({})).await;
    assert_eq!(error_code(&password), Some("RATE_LIMITED"), "{password}");
    app.stop().await;
}

#[tokio::test]
async fn passkeys_are_off_where_browsers_would_refuse_them() {
    for (public_url, available) in [
        (Some("http://127.0.0.1:9"), false),
        (Some("https://pins.example.org"), true),
    ] {
        let app =
            TestApp::start_with(|config| config.public_url = public_url.map(str::to_owned)).await;
        let options = app
            .graphql("{ signInOptions { passkeys } }", json!({}))
            .await;
        assert_eq!(
            options["data"]["signInOptions"]["passkeys"], available,
            "{options}"
        );
        let started = app.graphql(START_SIGN_IN, json!({})).await;
        match available {
            true => {
                let options = started["data"]["startPasskeySignIn"]["options"]
                    .as_str()
                    .unwrap();
                let options: Value = serde_json::from_str(options).unwrap();
                assert_eq!(options["publicKey"]["rpId"], "pins.example.org");
            }
            false => {
                assert_eq!(error_code(&started), Some("VALIDATION_ERROR"), "{started}");
                assert!(message(&started).contains("public_url"), "{started}");
            }
        }
        app.stop().await;
    }
}
