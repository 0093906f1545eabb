//! Accounts over real HTTP: sign-up, sign-in, sessions, mails, profile, API keys, avatars, CSRF.

use crate::common;

use common::pins::upload_avatar;
use common::{TestApp, error_code, graphql_with, new_client, token_in};
use corkboard_domain::config::SmtpSecurity;
use serde_json::{Value, json};

const ME: &str = "{ me { id username email emailVerified lastLoginAt } }";
const LOGIN: &str =
    "mutation($e: String!, $p: String!) { login(email: $e, password: $p) { id username } }";
const ADD_USER: &str = "mutation($e: String!, $p: String!, $u: String!) { addUser(email: $e, password: $p, username: $u) { id } }";

fn validation_field(answer: &Value) -> Option<&str> {
    answer["errors"][0]["extensions"]["field"].as_str()
}

#[tokio::test]
async fn sign_up_signs_in_and_mails_a_verification_link() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let me = app.graphql(ME, json!({})).await;
    assert_eq!(me["data"]["me"]["username"], "ada");
    assert_eq!(me["data"]["me"]["email"], "ada@example.org");
    assert_eq!(me["data"]["me"]["emailVerified"], false);

    let mails = app.outbox();
    assert_eq!(mails.len(), 1);
    let token = token_in(&mails[0], "/verifie_email");
    assert!(
        common::readable_mail(&mails[0])
            .contains(&format!("{}/verifie_email?token=", app.base_url))
    );

    let verify = "mutation($t: String!) { verifieUserEmail(token: $t) { emailVerified } }";
    let answer = app.graphql(verify, json!({ "t": token })).await;
    assert_eq!(
        answer["data"]["verifieUserEmail"]["emailVerified"], true,
        "{answer}"
    );
    let again = app.graphql(verify, json!({ "t": token })).await;
    assert_eq!(
        error_code(&again),
        Some("VALIDATION_ERROR"),
        "a token works once: {again}"
    );
    app.stop().await;
}

#[tokio::test]
async fn sign_up_validates_every_field() {
    let app = TestApp::start().await;
    app.sign_up("taken-name").await;
    let cases = [
        ("a@example.org", "password-1", "bad name!", "username"),
        ("b@example.org", "password-1", &"x".repeat(31), "username"),
        ("c@example.org", "password-1", "login", "username"),
        ("d@example.org", "password-1", "TAKEN-name", "username"),
        ("taken-name@example.org", "password-1", "other", "email"),
        ("not-an-email", "password-1", "other", "email"),
        ("e@example.org", "short", "other", "password"),
        ("f@example.org", &"p".repeat(256), "other", "password"),
    ];
    for (email, password, username, field) in cases {
        let answer = app
            .graphql(
                ADD_USER,
                json!({ "e": email, "p": password, "u": username }),
            )
            .await;
        assert_eq!(
            error_code(&answer),
            Some("VALIDATION_ERROR"),
            "{username}: {answer}"
        );
        assert_eq!(
            validation_field(&answer),
            Some(field),
            "{username}: {answer}"
        );
        assert!(
            answer["errors"][0]["message"]
                .as_str()
                .unwrap()
                .ends_with('.')
        );
    }
    let invalid = app
        .graphql(
            ADD_USER,
            json!({ "e": "g@example.org", "p": "password-1", "u": "a b" }),
        )
        .await;
    assert_eq!(
        invalid["errors"][0]["message"],
        "Invalid characters in username."
    );
    app.stop().await;
}

#[tokio::test]
async fn sign_in_failures_say_the_same_and_are_rate_limited() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let client = new_client();
    let wrong = graphql_with(
        &client,
        &app.base_url,
        LOGIN,
        json!({ "e": "ada@example.org", "p": "nope-nope" }),
    )
    .await;
    let unknown = graphql_with(
        &client,
        &app.base_url,
        LOGIN,
        json!({ "e": "who@example.org", "p": "nope-nope" }),
    )
    .await;
    assert_eq!(
        wrong["errors"][0]["message"],
        unknown["errors"][0]["message"]
    );
    assert_eq!(wrong["errors"][0]["message"], "Wrong email or password.");

    let right = graphql_with(
        &client,
        &app.base_url,
        LOGIN,
        json!({ "e": "ADA@example.org", "p": "password-1" }),
    )
    .await;
    assert_eq!(
        right["data"]["login"]["username"], "ada",
        "emails match without case: {right}"
    );
    let me = graphql_with(&client, &app.base_url, ME, json!({})).await;
    assert!(me["data"]["me"]["lastLoginAt"].is_string());

    for _ in 0..5 {
        graphql_with(
            &client,
            &app.base_url,
            LOGIN,
            json!({ "e": "ada@example.org", "p": "guess-guess" }),
        )
        .await;
    }
    let limited = graphql_with(
        &client,
        &app.base_url,
        LOGIN,
        json!({ "e": "ada@example.org", "p": "password-1" }),
    )
    .await;
    assert_eq!(error_code(&limited), Some("RATE_LIMITED"), "{limited}");
    app.stop().await;
}

/// The raw session cookie the app's client holds.
async fn session_cookie_of(app: &TestApp, email: &str) -> String {
    let response = reqwest::Client::new()
        .post(app.url("/api/graphql"))
        .header("Origin", &app.base_url)
        .json(&json!({ "query": LOGIN, "variables": { "e": email, "p": "password-1" } }))
        .send()
        .await
        .unwrap();
    let cookie = response.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    cookie.split(';').next().unwrap().to_owned()
}

async fn me_with_cookie(app: &TestApp, cookie: &str, origin: &str) -> Value {
    let response = reqwest::Client::new()
        .post(app.url("/api/graphql"))
        .header("Origin", origin)
        .header("Cookie", cookie)
        .json(&json!({ "query": "{ me { username } }" }))
        .send()
        .await
        .unwrap();
    response.json::<Value>().await.unwrap()["data"]["me"].clone()
}

async fn log_out(app: &TestApp, cookie: &str) -> reqwest::Response {
    reqwest::Client::new()
        .post(app.url("/api/graphql"))
        .header("Origin", &app.base_url)
        .header("Cookie", cookie)
        .json(&json!({ "query": "mutation { logout { message } }" }))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn logout_ends_the_session_on_the_server() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let cookie = session_cookie_of(&app, "ada@example.org").await;
    assert_eq!(
        me_with_cookie(&app, &cookie, &app.base_url).await["username"],
        "ada"
    );
    let logout = log_out(&app, &cookie).await;
    assert!(
        logout.headers()["set-cookie"]
            .to_str()
            .unwrap()
            .contains("Max-Age=0")
    );
    assert!(
        me_with_cookie(&app, &cookie, &app.base_url).await.is_null(),
        "the old cookie is dead"
    );
    app.stop().await;
}

/// A session's user is read once and kept until the next write: signing out, however recently
/// the session was read, ends it at the next request.
#[tokio::test]
async fn a_session_is_read_once_between_writes_and_a_sign_out_ends_it_at_once() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let cookie = session_cookie_of(&app, "ada@example.org").await;
    let store = &app.server.as_ref().unwrap().services.store;
    let reads_of_me = async || {
        let before = store.read_count();
        assert_eq!(
            me_with_cookie(&app, &cookie, &app.base_url).await["username"],
            "ada"
        );
        store.read_count() - before
    };
    // A kept session is also forgotten when the minute changes: keep clear of the next one.
    let second = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        % 60;
    if second >= 55 {
        tokio::time::sleep(std::time::Duration::from_secs(61 - second)).await;
    }
    app.wait_for_sweeps().await;
    reads_of_me().await; // the first sighting may be written down, which forgets what was kept
    let kept = reads_of_me().await;
    assert_eq!(reads_of_me().await, kept);
    app.graphql(
        "mutation { updateUser(firstName: \"Ada\") { firstName } }",
        json!({}),
    )
    .await;
    app.wait_for_sweeps().await; // the search index follows the new name, reading meanwhile
    assert_eq!(
        reads_of_me().await,
        kept + 1,
        "a write makes the session read again"
    );
    assert_eq!(reads_of_me().await, kept);

    let logout = log_out(&app, &cookie).await;
    assert!(logout.status().is_success());
    assert!(
        me_with_cookie(&app, &cookie, &app.base_url).await.is_null(),
        "the kept session is forgotten"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_cookie_from_another_origin_changes_nothing() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let cookie = session_cookie_of(&app, "ada@example.org").await;
    assert!(
        me_with_cookie(&app, &cookie, "http://evil.example")
            .await
            .is_null()
    );
    let response = reqwest::Client::new()
        .post(app.url("/api/graphql"))
        .header("Origin", "http://evil.example")
        .header("Cookie", &cookie)
        .json(&json!({ "query": "mutation { updateUser(firstName: \"Hacked\") { firstName } }" }))
        .send()
        .await
        .unwrap();
    let answer: Value = response.json().await.unwrap();
    assert_eq!(
        error_code(&answer),
        Some("PERMISSION_DENIED_ERROR"),
        "{answer}"
    );
    app.stop().await;
}

#[tokio::test]
async fn changing_the_password_ends_other_sessions() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let other = app.client_signed_in("ada@example.org", "password-1").await;
    let change = "mutation($c: String!, $n: String!) { updateUserPassword(currentPassword: $c, newPassword: $n) { id } }";
    let wrong = app
        .graphql(change, json!({ "c": "not-it-at-all", "n": "password-2" }))
        .await;
    assert_eq!(validation_field(&wrong), Some("currentPassword"), "{wrong}");
    let answer = app
        .graphql(change, json!({ "c": "password-1", "n": "password-2" }))
        .await;
    assert!(answer["errors"].is_null(), "{answer}");

    assert_eq!(
        app.graphql(ME, json!({})).await["data"]["me"]["username"],
        "ada",
        "this session stays"
    );
    let elsewhere = graphql_with(&other, &app.base_url, ME, json!({})).await;
    assert!(
        elsewhere["data"]["me"].is_null(),
        "the other session ended: {elsewhere}"
    );
    app.client_signed_in("ada@example.org", "password-2").await;
    app.stop().await;
}

#[tokio::test]
async fn password_reset_through_the_outbox() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let old_session = app.client_signed_in("ada@example.org", "password-1").await;
    let start = "mutation($e: String!) { startUserPasswordReset(email: $e) { message } }";
    let unknown = app
        .graphql(start, json!({ "e": "nobody@example.org" }))
        .await;
    let known = app.graphql(start, json!({ "e": "ada@example.org" })).await;
    assert_eq!(unknown["data"], known["data"], "the same answer either way");
    let mails = app.outbox();
    assert_eq!(
        mails.len(),
        2,
        "verification, then reset; none for the unknown email"
    );
    let token = token_in(&mails[1], "/password_reset");

    let reset = "mutation($t: String!, $n: String!) { resetUserPassword(token: $t, newPassword: $n) { username } }";
    let fresh = new_client();
    let answer = graphql_with(
        &fresh,
        &app.base_url,
        reset,
        json!({ "t": token, "n": "brand-new-pw" }),
    )
    .await;
    assert_eq!(
        answer["data"]["resetUserPassword"]["username"], "ada",
        "{answer}"
    );
    assert_eq!(
        graphql_with(&fresh, &app.base_url, ME, json!({})).await["data"]["me"]["emailVerified"],
        true
    );
    let reused = graphql_with(
        &fresh,
        &app.base_url,
        reset,
        json!({ "t": token, "n": "another-pw-1" }),
    )
    .await;
    assert_eq!(validation_field(&reused), Some("token"));
    assert!(graphql_with(&old_session, &app.base_url, ME, json!({})).await["data"]["me"].is_null());
    let old = graphql_with(
        &new_client(),
        &app.base_url,
        LOGIN,
        json!({ "e": "ada@example.org", "p": "password-1" }),
    )
    .await;
    assert_eq!(error_code(&old), Some("VALIDATION_ERROR"));
    app.stop().await;
}

#[tokio::test]
async fn the_reset_mail_goes_out_over_smtp() {
    let (port, received) = common::smtp::start().await;
    let app = TestApp::start_with(|config| {
        config.public_url = Some("https://pins.example.org".into());
        config.mail.smtp_host = Some("127.0.0.1".into());
        config.mail.smtp_port = port;
        config.mail.smtp_security = SmtpSecurity::None;
    })
    .await;
    // Sign-up sends its verification mail over the same server: let the test server take that one.
    let answer = app
        .graphql(
            "mutation($e: String!) { startUserPasswordReset(email: $e) { message } }",
            json!({ "e": "nobody@example.org" }),
        )
        .await;
    assert!(answer["errors"].is_null());
    app.sign_up("ada").await;
    let mail = tokio::time::timeout(std::time::Duration::from_secs(10), received)
        .await
        .unwrap()
        .unwrap();
    assert!(mail.contains("To: ada@example.org"), "{mail}");
    let token = token_in(&mail, "https://pins.example.org/verifie_email");
    assert!(token.len() >= 40);
    assert!(
        app.outbox().is_empty(),
        "nothing written to the outbox when SMTP is set"
    );
    app.stop().await;
}

#[tokio::test]
async fn profile_fields_are_public_account_fields_are_not() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let update = "mutation { updateUser(firstName: \" Ada \", lastName: \"Lovelace\", websiteLink: \"https://ada.example\") { firstName lastName websiteLink } }";
    let answer = app.graphql(update, json!({})).await;
    assert_eq!(answer["data"]["updateUser"]["firstName"], "Ada", "{answer}");
    let bad = app
        .graphql(
            "mutation { updateUser(twitterLink: \"javascript:alert(1)\") { id } }",
            json!({}),
        )
        .await;
    assert_eq!(validation_field(&bad), Some("twitterLink"));

    let query = "query($u: String!) { user(username: $u) { username firstName lastName websiteLink email emailVerified lastLoginAt apiKeys { id } } }";
    let seen_by_visitor =
        graphql_with(&new_client(), &app.base_url, query, json!({ "u": "ADA" })).await;
    let user = &seen_by_visitor["data"]["user"];
    assert_eq!(user["lastName"], "Lovelace");
    assert!(
        user["email"].is_null() && user["emailVerified"].is_null() && user["lastLoginAt"].is_null()
    );
    assert_eq!(user["apiKeys"], json!([]));
    let seen_by_self = app.graphql(query, json!({ "u": "ada" })).await;
    assert_eq!(seen_by_self["data"]["user"]["email"], "ada@example.org");

    let missing = app.graphql(query, json!({ "u": "nobody" })).await;
    assert_eq!(error_code(&missing), Some("NOT_FOUND_ERROR"));
    let clear = app
        .graphql(
            "mutation { updateUser(websiteLink: \"\") { websiteLink firstName } }",
            json!({}),
        )
        .await;
    assert_eq!(
        clear["data"]["updateUser"],
        json!({ "websiteLink": null, "firstName": "Ada" })
    );
    app.stop().await;
}

#[tokio::test]
async fn changing_the_email_needs_the_password_and_a_new_verification() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let change = "mutation($e: String!, $p: String!) { updateUserEmail(newEmail: $e, password: $p) { id email emailVerified } }";
    let wrong = app
        .graphql(
            change,
            json!({ "e": "ada@new.example", "p": "wrong-password" }),
        )
        .await;
    assert_eq!(validation_field(&wrong), Some("password"));
    let answer = app
        .graphql(change, json!({ "e": "ada@new.example", "p": "password-1" }))
        .await;
    assert_eq!(
        answer["data"]["updateUserEmail"]["email"], "ada@new.example",
        "{answer}"
    );
    assert_eq!(answer["data"]["updateUserEmail"]["emailVerified"], false);
    let mails = app.outbox();
    assert!(mails[1].contains("To: ada@new.example"));
    // The first verification link was for the old address: it no longer verifies anything.
    let stale = app
        .graphql(
            "mutation($t: String!) { verifieUserEmail(token: $t) { id } }",
            json!({ "t": token_in(&mails[0], "/verifie_email") }),
        )
        .await;
    assert_eq!(error_code(&stale), Some("VALIDATION_ERROR"));
    app.client_signed_in("ada@new.example", "password-1").await;
    app.stop().await;
}

#[tokio::test]
async fn api_keys_authenticate_until_revoked() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let created = app
        .graphql(
            "mutation { createApiKey(name: \"backup script\") }",
            json!({}),
        )
        .await;
    let secret = created["data"]["createApiKey"].as_str().unwrap().to_owned();
    let with_key = |secret: String| {
        let url = app.url("/api/graphql");
        async move {
            let response = reqwest::Client::new()
                .post(url)
                .bearer_auth(secret)
                .json(&json!({ "query": "{ me { username apiKeys { id name lastUsedAt } } }" }))
                .send()
                .await
                .unwrap();
            response.json::<Value>().await.unwrap()
        }
    };
    let answer = with_key(secret.clone()).await;
    assert_eq!(answer["data"]["me"]["username"], "ada", "{answer}");
    let keys = &answer["data"]["me"]["apiKeys"];
    assert_eq!(keys[0]["name"], "backup script");
    let id = keys[0]["id"].as_str().unwrap().to_owned();

    let revoke = app
        .graphql(
            "mutation($id: ID!) { revokeApiKey(id: $id) { message } }",
            json!({ "id": id }),
        )
        .await;
    assert!(revoke["errors"].is_null(), "{revoke}");
    assert!(with_key(secret).await["data"]["me"].is_null());
    let not_signed_in = graphql_with(
        &new_client(),
        &app.base_url,
        "mutation { createApiKey(name: \"x\") }",
        json!({}),
    )
    .await;
    assert_eq!(error_code(&not_signed_in), Some("PERMISSION_DENIED_ERROR"));
    app.stop().await;
}

fn png(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 128])
    });
    let mut bytes = std::io::Cursor::new(Vec::new());
    picture
        .write_to(&mut bytes, image::ImageFormat::Png)
        .unwrap();
    bytes.into_inner()
}

#[tokio::test]
async fn avatars_are_cropped_resized_and_served() {
    let app = TestApp::start().await;
    app.sign_up("ada").await;
    let response = upload_avatar(&app, &app.client, png(300, 200), "me.png").await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    let url = body["avatar"].as_str().unwrap().to_owned();
    assert!(
        url.starts_with("/media/avatars/") && url.ends_with("_80.jpeg"),
        "{url}"
    );

    let me = app
        .graphql(
            "{ me { small: avatar(minSize: 32) large: avatar(minSize: 120, format: \"webp\") } }",
            json!({}),
        )
        .await;
    let small = me["data"]["me"]["small"].as_str().unwrap();
    assert!(small.ends_with("_32.jpeg"));
    assert!(
        me["data"]["me"]["large"]
            .as_str()
            .unwrap()
            .ends_with("_120.webp")
    );
    let file = app.client.get(app.url(small)).send().await.unwrap();
    assert_eq!(file.status(), 200);
    assert!(
        file.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable")
    );
    let served = image::load_from_memory(&file.bytes().await.unwrap()).unwrap();
    assert_eq!((served.width(), served.height()), (32, 32));

    let text = upload_avatar(
        &app,
        &app.client,
        b"not a picture at all".to_vec(),
        "fake.png",
    )
    .await;
    assert_eq!(text.status(), 400);
    let error: Value = text.json().await.unwrap();
    assert_eq!(error["code"], "VALIDATION_ERROR");
    let visitor = upload_avatar(&app, &new_client(), png(10, 10), "me.png").await;
    assert_eq!(visitor.status(), 403);
    let spec = app
        .client
        .get(app.url("/api/openapi.json"))
        .send()
        .await
        .unwrap();
    assert!(spec.text().await.unwrap().contains("/upload/avatar"));
    app.stop().await;
}

#[tokio::test]
async fn avatars_respect_the_pixel_limit() {
    let app = TestApp::start_with(|config| config.uploads.max_pixels = 10_000).await;
    app.sign_up("ada").await;
    let response = upload_avatar(&app, &app.client, png(200, 200), "big.png").await;
    assert_eq!(response.status(), 400);
    let error: Value = response.json().await.unwrap();
    assert!(
        error["message"].as_str().unwrap().contains("too large"),
        "{error}"
    );
    assert!(
        app.graphql("{ me { avatar(minSize: 32) } }", json!({}))
            .await["data"]["me"]["avatar"]
            .is_null()
    );
    app.stop().await;
}
