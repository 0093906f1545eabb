//! Signing in through an OpenID provider, against a real one (npm's `oidc-provider`, started by
//! `common::oidc`): accounts made, signed into and linked; registration, the admin claim,
//! sign-out at the provider; every refusal a doctored answer can bring; accounts without a
//! password.

use crate::common;

use common::oidc::{
    OidcProvider, Trip, browser, come_back, location_of, sign_in, to_provider_and_back,
};
use common::{TestApp, error_code, graphql_with};
use corkboard_domain::config::{Config, Registration};
use serde_json::{Value, json};

const ME: &str = "{ me { id username email emailVerified isAdmin usernameEditable \
                  signInMethods { password identities { id label email linkedAt } } } }";

/// The provider's accounts: a subject and its claims.
fn accounts() -> Value {
    json!({
        "ada": { "email": "ada@example.org", "email_verified": true, "preferred_username": "ada.l", "groups": [] },
        "bea": { "email": "bea@example.org", "email_verified": true, "preferred_username": "bea", "groups": ["corkboard-admins"] },
        "cy": { "email": "cy@example.org", "email_verified": false, "preferred_username": "admin", "groups": ["others"] },
        "dan": { "email": "dan@example.org", "email_verified": true },
        "eve": { "email": "eve@example.org", "email_verified": false },
    })
}

/// The provider with `accounts()`, and a server signing in through it; `None` when the provider
/// is not installed.
async fn provider_and_app(adjust: impl FnOnce(&mut Config)) -> Option<(OidcProvider, TestApp)> {
    let provider = OidcProvider::start(accounts())?;
    let app = app_with(&provider, adjust).await;
    Some((provider, app))
}

async fn app_with(provider: &OidcProvider, adjust: impl FnOnce(&mut Config)) -> TestApp {
    let settings = provider.settings();
    TestApp::start_with(|config| {
        config.accounts.oidc = settings;
        adjust(config);
    })
    .await
}

/// A new browser signed in through the provider as `account`.
async fn signed_in(app: &TestApp, account: &str) -> reqwest::Client {
    let browser = browser();
    sign_in(&browser, &app.base_url, "", account).await;
    browser
}

async fn me(browser: &reqwest::Client, app: &TestApp) -> Value {
    let answer = graphql_with(browser, &app.base_url, ME, json!({})).await;
    assert!(answer["errors"].is_null(), "{answer}");
    answer["data"]["me"].clone()
}

/// Signs `username` up with a password in `browser`.
async fn sign_up_with_password(browser: &reqwest::Client, app: &TestApp, username: &str) -> Value {
    let answer = graphql_with(
        browser,
        &app.base_url,
        "mutation($e: String!, $u: String!) { addUser(email: $e, password: \"password-1\", username: $u) { id } }",
        json!({ "e": format!("{username}@example.org"), "u": username }),
    )
    .await;
    assert!(answer["errors"].is_null(), "{answer}");
    answer["data"]["addUser"].clone()
}

fn failure(app: &TestApp, page: &str, code: &str) -> String {
    app.url(&format!("{page}?failure={code}"))
}

#[tokio::test]
async fn a_first_sign_in_makes_an_account_the_next_signs_into_it() {
    let Some((_provider, app)) = provider_and_app(|_| {}).await else {
        return;
    };
    let first = browser();
    let went = sign_in(&first, &app.base_url, "?next=/ada-l/boards/", "ada").await;
    assert_eq!(went, app.url("/ada-l/boards/"));
    let made = me(&first, &app).await;
    assert_eq!(
        made["username"], "ada-l",
        "from preferred_username, made valid"
    );
    assert_eq!(made["email"], "ada@example.org");
    assert_eq!(made["emailVerified"], true);
    assert_eq!(made["usernameEditable"], true);
    assert_eq!(made["signInMethods"]["password"], false);
    let identities = made["signInMethods"]["identities"].as_array().unwrap();
    assert_eq!(identities.len(), 1);
    assert_eq!(identities[0]["label"], "Test ID");
    assert_eq!(identities[0]["email"], "ada@example.org");

    let second = browser();
    let went = sign_in(&second, &app.base_url, "?next=//elsewhere.example/", "ada").await;
    assert_eq!(
        went,
        app.url("/"),
        "a next that is no path of this site is ignored"
    );
    assert_eq!(me(&second, &app).await["id"], made["id"]);

    // The username proposed may be changed once.
    let change =
        "mutation($u: String!) { changeUsername(username: $u) { username usernameEditable } }";
    let changed = graphql_with(&first, &app.base_url, change, json!({ "u": "ada" })).await;
    assert_eq!(
        changed["data"]["changeUsername"]["username"], "ada",
        "{changed}"
    );
    assert_eq!(changed["data"]["changeUsername"]["usernameEditable"], false);
    let again = graphql_with(&first, &app.base_url, change, json!({ "u": "ada-2" })).await;
    assert_eq!(error_code(&again), Some("VALIDATION_ERROR"), "{again}");
    let public = app
        .graphql("{ user(username: \"ada\") { username } }", json!({}))
        .await;
    assert_eq!(public["data"]["user"]["username"], "ada", "{public}");

    // A reserved preferred username gets a number; an unverified email is mailed a link.
    let cy = signed_in(&app, "cy").await;
    let cy_me = me(&cy, &app).await;
    assert_eq!(cy_me["username"], "admin-1");
    assert_eq!(cy_me["emailVerified"], false);
    assert!(
        app.outbox()
            .iter()
            .any(|mail| mail.contains("cy@example.org"))
    );
    app.stop().await;
}

#[tokio::test]
async fn sign_up_through_the_provider_follows_registration() {
    let Some((provider, app)) = provider_and_app(|config| {
        config.accounts.registration = Some(Registration::Invite);
    })
    .await
    else {
        return;
    };
    let admin = browser();
    sign_up_with_password(&admin, &app, "root").await;
    let without = browser();
    let went = sign_in(&without, &app.base_url, "", "ada").await;
    assert_eq!(went, failure(&app, "/login/", "invite-needed"));
    let went = sign_in(&browser(), &app.base_url, "?invite=not-an-invite", "ada").await;
    assert_eq!(went, failure(&app, "/login/", "invite-needed"));

    let made = graphql_with(
        &admin,
        &app.base_url,
        "mutation { createInvite { url } }",
        json!({}),
    )
    .await;
    let url = made["data"]["createInvite"]["url"].as_str().unwrap();
    let secret = url.split("invite=").nth(1).unwrap();
    let invited = browser();
    let went = sign_in(&invited, &app.base_url, &format!("?invite={secret}"), "ada").await;
    assert_eq!(went, app.url("/"));
    assert_eq!(me(&invited, &app).await["username"], "ada-l");
    let went = sign_in(
        &browser(),
        &app.base_url,
        &format!("?invite={secret}"),
        "dan",
    )
    .await;
    assert_eq!(
        went,
        failure(&app, "/login/", "invite-needed"),
        "an invite works once"
    );
    app.stop().await;

    let closed = app_with(&provider, |config| {
        config.accounts.registration = Some(Registration::Closed);
    })
    .await;
    let went = sign_in(&browser(), &closed.base_url, "", "ada").await;
    assert_eq!(went, failure(&closed, "/login/", "sign-up-closed"));
    closed.stop().await;

    let no_sign_up = app_with(&provider, |config| config.accounts.oidc.sign_up = false).await;
    let went = sign_in(&browser(), &no_sign_up.base_url, "", "ada").await;
    assert_eq!(went, failure(&no_sign_up, "/login/", "sign-up-closed"));
    no_sign_up.stop().await;
}

#[tokio::test]
async fn a_signed_in_user_links_the_provider_from_the_profile_page() {
    let Some((_provider, app)) = provider_and_app(|_| {}).await else {
        return;
    };
    let went = sign_in(&browser(), &app.base_url, "?intent=link", "ada").await;
    assert_eq!(
        went,
        failure(&app, "/profile/", "expired"),
        "linking needs a signed-in user"
    );

    let bob = browser();
    let bob_id = sign_up_with_password(&bob, &app, "bob").await["id"].clone();
    let went = sign_in(&bob, &app.base_url, "?intent=link", "ada").await;
    assert_eq!(went, app.url("/profile/"));
    let linked = me(&bob, &app).await;
    assert_eq!(linked["signInMethods"]["password"], true);
    assert_eq!(
        linked["signInMethods"]["identities"][0]["email"],
        "ada@example.org"
    );

    let elsewhere = signed_in(&app, "ada").await;
    assert_eq!(
        me(&elsewhere, &app).await["id"],
        bob_id,
        "the provider signs into bob"
    );

    let carol = browser();
    sign_up_with_password(&carol, &app, "carol").await;
    let went = sign_in(&carol, &app.base_url, "?intent=link", "ada").await;
    assert_eq!(went, failure(&app, "/profile/", "already-linked"));
    app.stop().await;
}

#[tokio::test]
async fn a_verified_email_links_only_when_the_settings_say_so() {
    let Some((_provider, mut app)) = provider_and_app(|_| {}).await else {
        return;
    };
    sign_up_with_password(&browser(), &app, "dan").await;
    sign_up_with_password(&browser(), &app, "eve").await;
    let went = sign_in(&browser(), &app.base_url, "", "dan").await;
    assert_eq!(went, failure(&app, "/login/", "email-taken"));

    app.restart_configured(|config| config.accounts.oidc.link_by_verified_email = true)
        .await;
    let dan = browser();
    assert_eq!(sign_in(&dan, &app.base_url, "", "dan").await, app.url("/"));
    assert_eq!(me(&dan, &app).await["username"], "dan");
    let went = sign_in(&browser(), &app.base_url, "", "eve").await;
    assert_eq!(
        went,
        failure(&app, "/login/", "email-taken"),
        "eve's email is not verified"
    );
    app.stop().await;
}

#[tokio::test]
async fn the_admin_claim_makes_admins_and_disabled_accounts_are_refused() {
    let Some((_provider, app)) = provider_and_app(|config| {
        config.accounts.oidc.admin_value = Some("corkboard-admins".into());
    })
    .await
    else {
        return;
    };
    let root = browser();
    sign_up_with_password(&root, &app, "root").await;
    let bea = signed_in(&app, "bea").await;
    assert_eq!(
        me(&bea, &app).await["isAdmin"],
        true,
        "bea's groups hold the admin value"
    );
    let cy = signed_in(&app, "cy").await;
    let cy_id = me(&cy, &app).await["id"].clone();
    assert_eq!(me(&cy, &app).await["isAdmin"], false);

    let disable =
        "mutation($u: ID!) { setAccountDisabled(userId: $u, disabled: true) { disabled } }";
    let done = graphql_with(&root, &app.base_url, disable, json!({ "u": cy_id })).await;
    assert!(done["errors"].is_null(), "{done}");
    let answer = graphql_with(
        &cy,
        &app.base_url,
        "{ me { id } accountDisabled }",
        json!({}),
    )
    .await;
    assert_eq!(
        answer["data"]["accountDisabled"], true,
        "the session is refused: {answer}"
    );
    let went = sign_in(&browser(), &app.base_url, "", "cy").await;
    assert_eq!(went, failure(&app, "/login/", "disabled"));
    app.stop().await;
}

#[tokio::test]
async fn the_sign_in_page_is_told_what_to_offer() {
    let auto_redirect = |config: &mut Config| config.accounts.oidc.auto_redirect = true;
    let Some((_provider, app)) = provider_and_app(auto_redirect).await else {
        return;
    };
    let options = "{ signInOptions { passwords passkeys provider { label signUp autoRedirect } } }";
    let answer = app.graphql(options, json!({})).await;
    assert_eq!(
        answer["data"]["signInOptions"],
        json!({ "passwords": true, "passkeys": true,
                "provider": { "label": "Test ID", "signUp": true, "autoRedirect": true } })
    );
    let page = app
        .client
        .get(app.url("/login/?local=1"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        page.status(),
        200,
        "the way past the redirect is the page itself"
    );
    app.stop().await;

    let plain = TestApp::start_with(|config| config.accounts.passwords = false).await;
    let answer = plain.graphql(options, json!({})).await;
    assert_eq!(
        answer["data"]["signInOptions"],
        json!({ "passwords": false, "passkeys": true, "provider": null })
    );
    let login = "mutation { login(email: \"a@example.org\", password: \"password-1\") { id } }";
    let refused = plain.graphql(login, json!({})).await;
    assert_eq!(
        error_code(&refused),
        Some("PERMISSION_DENIED_ERROR"),
        "{refused}"
    );
    assert!(
        refused["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("password")
    );
    let sign_up = "mutation { addUser(email: \"a@example.org\", password: \"password-1\", username: \"a\") { id } }";
    let refused = plain.graphql(sign_up, json!({})).await;
    assert_eq!(
        error_code(&refused),
        Some("PERMISSION_DENIED_ERROR"),
        "{refused}"
    );
    plain.stop().await;
}

#[tokio::test]
async fn signing_out_ends_the_providers_session_too() {
    let Some((provider, app)) = provider_and_app(|_| {}).await else {
        return;
    };
    let ada = signed_in(&app, "ada").await;
    let logout = "mutation { logout { message providerLogoutUrl } }";
    let answer = graphql_with(&ada, &app.base_url, logout, json!({})).await;
    let end = answer["data"]["logout"]["providerLogoutUrl"]
        .as_str()
        .expect("an address")
        .to_owned();
    assert!(
        end.starts_with(&format!("{}/session/end?", provider.issuer)),
        "{end}"
    );
    assert!(end.contains("id_token_hint="), "{end}");
    let after =
        url::form_urlencoded::byte_serialize(app.url("/login/").as_bytes()).collect::<String>();
    assert!(
        end.contains(&format!("post_logout_redirect_uri={after}")),
        "{end}"
    );
    assert!(me_is_null(&ada, &app).await);

    let page = ada.get(&end).send().await.unwrap().text().await.unwrap();
    let xsrf = page
        .split("name=\"xsrf\" value=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let confirm = format!("{}/session/end/confirm", provider.issuer);
    let confirmed = ada
        .post(&confirm)
        .form(&[("xsrf", xsrf), ("logout", "yes")])
        .send()
        .await
        .unwrap();
    assert_eq!(location_of(&confirm, &confirmed), app.url("/login/"));

    // The provider asks to sign in again.
    let start = ada
        .get(app.url("/api/auth/oidc/start"))
        .send()
        .await
        .unwrap();
    let authorize = location_of(&app.url("/api/auth/oidc/start"), &start);
    let asked = ada.get(&authorize).send().await.unwrap();
    let interaction = location_of(&authorize, &asked);
    let page = ada
        .get(&interaction)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains(r#"value="login""#), "a login form: {page}");

    // A session signed in with a password has no provider session to end.
    let root = browser();
    sign_up_with_password(&root, &app, "root").await;
    let answer = graphql_with(&root, &app.base_url, logout, json!({})).await;
    assert_eq!(answer["data"]["logout"]["providerLogoutUrl"], Value::Null);
    app.stop().await;
}

async fn me_is_null(browser: &reqwest::Client, app: &TestApp) -> bool {
    let answer = graphql_with(browser, &app.base_url, "{ me { id } }", json!({})).await;
    answer["data"]["me"].is_null()
}

#[tokio::test]
async fn forged_replayed_and_doctored_answers_are_refused() {
    // Each refused answer counts as a failed sign-in from 127.0.0.1.
    let Some((provider, app)) =
        provider_and_app(|config| config.limits.sign_in_failures = 100).await
    else {
        return;
    };
    let login_failure = |code: &str| failure(&app, "/login/", code);

    // A state the browser never had.
    let ada = browser();
    let Trip::Callback(callback) = to_provider_and_back(&ada, &app.base_url, "", "ada").await
    else {
        panic!("no callback");
    };
    let state = query_value(&callback, "state");
    let forged = callback.replace(&format!("state={state}"), "state=forged");
    assert_eq!(come_back(&ada, &forged).await, login_failure("expired"));
    // The same callback in another browser, without the round trip's cookie.
    assert_eq!(
        come_back(&browser(), &callback).await,
        login_failure("expired")
    );
    // That used the state up: the real browser cannot come back with it either.
    assert_eq!(come_back(&ada, &callback).await, login_failure("expired"));

    // A code used once, then again with a fresh state.
    let Trip::Callback(callback) = to_provider_and_back(&ada, &app.base_url, "", "ada").await
    else {
        panic!("no callback");
    };
    assert_eq!(come_back(&ada, &callback).await, app.url("/"));
    assert_eq!(
        come_back(&ada, &callback).await,
        login_failure("expired"),
        "a replayed callback"
    );
    let start = ada
        .get(app.url("/api/auth/oidc/start"))
        .send()
        .await
        .unwrap();
    let authorize = location_of(&app.url("/api/auth/oidc/start"), &start);
    let fresh = query_value(&authorize, "state");
    let code = query_value(&callback, "code");
    let replayed = app.url(&format!(
        "/api/auth/oidc/callback?code={code}&state={fresh}"
    ));
    assert_eq!(
        come_back(&ada, &replayed).await,
        login_failure("expired"),
        "a replayed code"
    );

    // The person cancels at the provider.
    let fresh = browser();
    let start = fresh
        .get(app.url("/api/auth/oidc/start"))
        .send()
        .await
        .unwrap();
    let authorize = location_of(&app.url("/api/auth/oidc/start"), &start);
    let asked = fresh.get(&authorize).send().await.unwrap();
    let interaction = location_of(&authorize, &asked);
    let aborted = fresh
        .get(format!("{interaction}/abort"))
        .send()
        .await
        .unwrap();
    let resumed = location_of(&interaction, &aborted);
    let back = fresh.get(&resumed).send().await.unwrap();
    let callback = location_of(&resumed, &back);
    assert!(callback.contains("error=access_denied"), "{callback}");
    assert_eq!(come_back(&fresh, &callback).await, login_failure("refused"));

    // ID tokens a real provider would not send.
    for mode in [
        "nonce",
        "audience",
        "expired",
        "none",
        "foreign-key",
        "issuer",
        "hs256",
        "hs256-public-key",
    ] {
        provider.tamper(mode).await;
        let went = sign_in(&browser(), &app.base_url, "", "ada").await;
        assert_eq!(went, login_failure("invalid-token"), "{mode}");
    }
    assert_eq!(
        sign_in(&browser(), &app.base_url, "", "ada").await,
        app.url("/")
    );
    app.stop().await;
}

/// The value of `name` in the query of `address`.
fn query_value(address: &str, name: &str) -> String {
    let url = url::Url::parse(address).unwrap();
    url.query_pairs()
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.into_owned())
        .unwrap_or_else(|| panic!("no {name} in {address}"))
}

#[tokio::test]
async fn keys_the_provider_rotates_are_fetched_again() {
    let Some((provider, app)) = provider_and_app(|_| {}).await else {
        return;
    };
    assert_eq!(
        sign_in(&browser(), &app.base_url, "", "ada").await,
        app.url("/")
    );
    provider.rotate_keys().await;
    assert_eq!(
        sign_in(&browser(), &app.base_url, "", "ada").await,
        app.url("/")
    );
    app.stop().await;
}

#[tokio::test]
async fn an_account_without_a_password_keeps_a_way_in() {
    let Some((_provider, app)) = provider_and_app(|_| {}).await else {
        return;
    };
    let ada = signed_in(&app, "ada").await;
    let other = signed_in(&app, "ada").await;

    let login = "mutation($p: String!) { login(email: \"ada@example.org\", password: $p) { id } }";
    let refused = app.graphql(login, json!({ "p": "" })).await;
    let wrong = app.graphql(login, json!({ "p": "any-password" })).await;
    assert_eq!(error_code(&wrong), Some("VALIDATION_ERROR"), "{wrong}");
    assert_eq!(
        refused["errors"][0]["message"],
        wrong["errors"][0]["message"]
    );
    assert_eq!(wrong["errors"][0]["message"], "Wrong email or password.");

    let identity = me(&ada, &app).await["signInMethods"]["identities"][0]["id"].clone();
    let unlink =
        "mutation($i: ID!) { unlinkIdentity(id: $i) { signInMethods { identities { id } } } }";
    let last = graphql_with(&ada, &app.base_url, unlink, json!({ "i": identity })).await;
    assert_eq!(
        error_code(&last),
        Some("VALIDATION_ERROR"),
        "the last way in: {last}"
    );

    // API keys work for it.
    let key = graphql_with(
        &ada,
        &app.base_url,
        "mutation { createApiKey(name: \"extension\") }",
        json!({}),
    )
    .await;
    let key = key["data"]["createApiKey"]
        .as_str()
        .expect("a key")
        .to_owned();
    let by_key = reqwest::Client::new()
        .post(app.url("/api/graphql"))
        .bearer_auth(&key)
        .json(&json!({ "query": "{ me { username } }" }))
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(by_key["data"]["me"]["username"], "ada-l", "{by_key}");

    // A first password, without a current one; nothing else stops working.
    let first = "mutation { updateUserPassword(newPassword: \"password-1\") { id } }";
    let set = graphql_with(&ada, &app.base_url, first, json!({})).await;
    assert!(set["errors"].is_null(), "{set}");
    assert!(!me_is_null(&other, &app).await, "the other session stays");
    let signed_in = app.graphql(login, json!({ "p": "password-1" })).await;
    assert!(signed_in["errors"].is_null(), "{signed_in}");
    let unlinked = graphql_with(&ada, &app.base_url, unlink, json!({ "i": identity })).await;
    assert_eq!(
        unlinked["data"]["unlinkIdentity"]["signInMethods"]["identities"],
        json!([]),
        "{unlinked}"
    );

    // The next password change ends the provider's sessions as any other.
    let change = "mutation { updateUserPassword(currentPassword: \"password-1\", newPassword: \"password-2\") { id } }";
    let changed = graphql_with(&ada, &app.base_url, change, json!({})).await;
    assert!(changed["errors"].is_null(), "{changed}");
    assert!(me_is_null(&other, &app).await, "the other session ended");
    app.stop().await;
}

#[tokio::test]
async fn a_provider_that_does_not_answer_is_said_so() {
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let issuer = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let app = TestApp::start_with(|config| {
        config.accounts.oidc.issuer = Some(issuer);
        config.accounts.oidc.client_id = "corkboard".into();
    })
    .await;
    let went = sign_in(&browser(), &app.base_url, "", "ada").await;
    assert_eq!(went, failure(&app, "/login/", "provider-down"));
    app.stop().await;
}

#[tokio::test]
async fn settings_that_cannot_work_stop_the_start() {
    for (issuer, client_id, named) in [
        ("not an address", "corkboard", "accounts.oidc.issuer"),
        (
            "ftp://auth.example.org",
            "corkboard",
            "accounts.oidc.issuer",
        ),
        ("https://auth.example.org", "", "accounts.oidc.client_id"),
    ] {
        let data = tempfile::tempdir().unwrap();
        let mut config = Config {
            listen: "127.0.0.1:0".parse().unwrap(),
            data_dir: data.path().to_owned(),
            ..Config::default()
        };
        config.accounts.oidc.issuer = Some(issuer.into());
        config.accounts.oidc.client_id = client_id.into();
        let Err(error) = corkboard::app::start(config).await else {
            panic!("{issuer} {client_id:?} started");
        };
        assert!(format!("{error:#}").contains(named), "{error:#}");
    }
}
