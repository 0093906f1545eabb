//! Languages: a request is answered in the language of its `locale` cookie, else of its
//! `Accept-Language`, else in English (errors, `index.html`'s `<html lang>` and words, page
//! titles, feeds); a user chooses their own language (`updateUserLocale`), which only they and
//! admins see (`User.locale`) and which their mails are in; `languages` lists the catalogs'.

use crate::common;

use std::time::Duration;

use common::pins::add_board;
use common::{TestApp, error_code, graphql_with, new_client};
use corkboard_domain::config::SmtpSecurity;
use corkboard_i18n::{Locale, msg};
use serde_json::{Value, json};

const SIGNED_IN_ONLY: &str = "mutation { updateUserLocale(locale: \"fr\") { id } }";

fn french() -> Locale {
    Locale::named("fr").expect("a French catalog")
}

/// A GraphQL request from a new browser sending `headers`.
async fn graphql_sending(
    app: &TestApp,
    headers: &[(&str, &str)],
    query: &str,
    variables: Value,
) -> Value {
    graphql_from(&new_client(), app, headers, query, variables).await
}

/// A GraphQL request from `client` sending `headers`.
async fn graphql_from(
    client: &reqwest::Client,
    app: &TestApp,
    headers: &[(&str, &str)],
    query: &str,
    variables: Value,
) -> Value {
    let mut request = client
        .post(app.url("/api/graphql"))
        .header("Origin", &app.base_url)
        .json(&json!({ "query": query, "variables": variables }));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.unwrap().json().await.unwrap()
}

/// The first error's sentence.
fn message(answer: &Value) -> &str {
    answer["errors"][0]["message"].as_str().unwrap_or_default()
}

#[tokio::test]
async fn an_error_is_said_in_the_language_the_browser_asks_for() {
    let app = TestApp::start().await;
    let english = msg!("error-sign-in-required").text_in(&Locale::english());
    let in_french = msg!("error-sign-in-required").text_in(&french());
    assert_ne!(english, in_french);
    let french_browser = [("Accept-Language", "fr-FR,fr;q=0.9")];
    let answer = graphql_sending(&app, &french_browser, SIGNED_IN_ONLY, json!({})).await;
    assert_eq!(
        error_code(&answer),
        Some("PERMISSION_DENIED_ERROR"),
        "{answer}"
    );
    assert_eq!(message(&answer), in_french);
    for english_browser in [&[][..], &[("Accept-Language", "de-DE,de;q=0.9")][..]] {
        let answer = graphql_sending(&app, english_browser, SIGNED_IN_ONLY, json!({})).await;
        assert_eq!(message(&answer), english, "{english_browser:?}");
    }
    // An error met while the page's records load (a task of its own) is said in it too.
    let missing = "{ pin(id: \"999999\") { id } user(username: \"nobody\") { id } }";
    let in_english = graphql_sending(&app, &[], missing, json!({})).await;
    let answer = graphql_sending(&app, &french_browser, missing, json!({})).await;
    let messages = |answer: &Value| -> Vec<String> {
        let errors = answer["errors"].as_array().cloned().unwrap_or_default();
        errors.iter().map(|e| e["message"].to_string()).collect()
    };
    let (said, english) = (messages(&answer), messages(&in_english));
    assert!(!said.is_empty() && said.len() == english.len(), "{answer}");
    assert!(
        said.iter().all(|m| !english.contains(m)),
        "{answer}\n{in_english}"
    );
    app.stop().await;
}

#[tokio::test]
async fn the_locale_cookie_wins_over_the_browser_s_language() {
    let app = TestApp::start().await;
    let english = msg!("error-sign-in-required").text_in(&Locale::english());
    let in_french = msg!("error-sign-in-required").text_in(&french());
    let asked = [
        ("locale=fr", "en-US,en;q=0.9", &in_french),
        ("theme=dark; locale=fr", "en", &in_french),
        ("locale=en", "fr-FR,fr;q=0.9", &english),
        // A language without a catalog is no choice: the browser's.
        ("locale=xx", "fr", &in_french),
    ];
    for (cookie, accept_language, said) in asked {
        let headers = [("Cookie", cookie), ("Accept-Language", accept_language)];
        let answer = graphql_sending(&app, &headers, SIGNED_IN_ONLY, json!({})).await;
        assert_eq!(
            message(&answer),
            said.as_str(),
            "{cookie} / {accept_language}"
        );
    }
    app.stop().await;
}

/// The page at `path` with `headers`: its status, `Vary` and text.
async fn page(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> (u16, String, String) {
    let mut request = new_client().get(app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let vary = response
        .headers()
        .get_all("vary")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .collect::<Vec<_>>()
        .join(", ");
    (status, vary, response.text().await.unwrap())
}

fn title(html: &str) -> &str {
    let start = html.find("<title>").unwrap() + "<title>".len();
    &html[start..start + html[start..].find("</title>").unwrap()]
}

#[tokio::test]
async fn pages_and_feeds_are_served_in_the_browser_s_language() {
    let app = TestApp::start().await;
    app.sign_up("ann").await;
    add_board(&app, &app.client, "Garden", false).await;
    let french_browser = [("Accept-Language", "fr-FR,fr;q=0.9,en;q=0.5")];

    let (status, vary, html) = page(&app, "/ann/boards/garden/", &french_browser).await;
    assert_eq!(status, 200);
    assert!(html.contains("<html lang=\"fr\">"), "{html}");
    assert_eq!(title(&html), "Garden par ann · Corkboard");
    assert!(vary.contains("Accept-Language"), "{vary}");
    let (_, _, html) = page(&app, "/ann/boards/garden/", &[]).await;
    assert!(html.contains("<html lang=\"en\">"));
    assert_eq!(title(&html), "Garden by ann · Corkboard");

    // A page without a preview: the page's own words.
    let (status, _, html) = page(&app, "/login/", &french_browser).await;
    assert_eq!(status, 200);
    assert!(html.contains("<html lang=\"fr\">"), "{html}");
    let noscript = msg!("page-noscript").text_in(&french());
    assert!(
        html.contains(&format!("<noscript>{noscript}</noscript>")),
        "{html}"
    );
    let (_, _, html) = page(&app, "/login/", &[("Cookie", "locale=fr")]).await;
    assert!(html.contains("<html lang=\"fr\">"));
    let (_, _, html) = page(&app, "/login/", &[]).await;
    assert!(html.contains("<html lang=\"en\">"));
    assert!(html.contains("<noscript>Corkboard needs JavaScript to run.</noscript>"));

    // The installable app's manifest.
    let description = |manifest: &str| {
        let manifest: Value = serde_json::from_str(manifest).unwrap();
        manifest["description"].as_str().unwrap().to_owned()
    };
    let (_, _, manifest) = page(&app, "/manifest.webmanifest", &french_browser).await;
    assert_eq!(description(&manifest), "Votre propre tableau d'images.");
    let (_, _, manifest) = page(&app, "/manifest.webmanifest", &[]).await;
    assert_eq!(description(&manifest), "Your own board of pictures.");

    let (status, _, atom) =
        page(&app, "/feeds/users/ann/boards/garden.atom", &french_browser).await;
    assert_eq!(status, 200);
    assert!(atom.contains("Garden par ann · Corkboard"), "{atom}");
    assert!(atom.contains("xml:lang=\"fr\""), "{atom}");
    let (_, _, rss) = page(&app, "/feeds/users/ann/boards/garden.rss", &[]).await;
    assert!(rss.contains("<language>en</language>"), "{rss}");
    assert!(rss.contains("Garden by ann · Corkboard"), "{rss}");
    app.stop().await;
}

/// A mail's text with its quoted-printable encoding undone.
fn decoded(mail: &str) -> String {
    let joined = mail.replace("=\r\n", "").replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let escaped = (bytes[at] == b'=')
            .then(|| bytes.get(at + 1..at + 3))
            .flatten()
            .and_then(|hex| std::str::from_utf8(hex).ok())
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match escaped {
            Some(byte) => {
                out.push(byte);
                at += 3;
            }
            None => {
                out.push(bytes[at]);
                at += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[tokio::test]
async fn a_user_s_mails_are_in_the_language_they_chose() {
    let mut app = TestApp::start().await;
    app.sign_up("ann").await;
    let chose = app
        .graphql(
            "mutation { updateUserLocale(locale: \"fr\") { locale } }",
            json!({}),
        )
        .await;
    assert_eq!(chose["data"]["updateUserLocale"]["locale"], "fr", "{chose}");
    // The sign-up's verification mail went to the outbox; the next one goes over SMTP.
    let (port, received) = common::smtp::start().await;
    app.restart_configured(|config| {
        config.mail.smtp_host = Some("127.0.0.1".into());
        config.mail.smtp_port = port;
        config.mail.smtp_security = SmtpSecurity::None;
    })
    .await;
    // Asked for from an English browser: the mail is in the language of its reader.
    let answer = graphql_sending(
        &app,
        &[("Accept-Language", "en-US,en;q=0.9")],
        "mutation($e: String!) { startUserPasswordReset(email: $e) { message } }",
        json!({ "e": "ann@example.org" }),
    )
    .await;
    assert!(answer["errors"].is_null(), "{answer}");
    let mail = tokio::time::timeout(Duration::from_secs(10), received)
        .await
        .unwrap()
        .unwrap();
    let text = decoded(&mail);
    assert!(text.contains("To: ann@example.org"), "{text}");
    assert!(
        text.contains(
            "Quelqu'un a demandé à réinitialiser le mot de passe de votre compte Corkboard."
        ),
        "{text}"
    );
    assert!(
        text.contains("Pour choisir un nouveau mot de passe, ouvrez ce lien dans l'heure\u{a0}:\n"),
        "{text}"
    );
    assert!(text.contains("/password_reset?token="), "{text}");
    assert!(!text.contains("Someone asked") && !text.contains("Reset your Corkboard password"));
    app.stop().await;
}

#[tokio::test]
async fn a_user_chooses_their_own_language_which_only_they_and_admins_see() {
    let app = TestApp::start().await;
    // The first account is the admin.
    app.sign_up("ann").await;
    let bob = app.client_signed_in_new("bob").await;
    let cyd = app.client_signed_in_new("cyd").await;
    let choose = "mutation($l: String) { updateUserLocale(locale: $l) { username locale } }";
    let as_bob =
        |query: &'static str, variables: Value| graphql_from(&bob, &app, &[], query, variables);

    let visitor = graphql_with(&new_client(), &app.base_url, choose, json!({ "l": "fr" })).await;
    assert_eq!(
        error_code(&visitor),
        Some("PERMISSION_DENIED_ERROR"),
        "{visitor}"
    );

    let chose = as_bob(choose, json!({ "l": "FR" })).await;
    assert_eq!(
        chose["data"]["updateUserLocale"],
        json!({ "username": "bob", "locale": "fr" }),
        "{chose}"
    );
    let mine = as_bob("{ me { locale } }", json!({})).await;
    assert_eq!(mine["data"]["me"]["locale"], "fr");

    // Bob's choice is his: the admin sees it, another user and a visitor do not.
    let bobs = "{ user(username: \"bob\") { locale } }";
    let by_admin = app.graphql(bobs, json!({})).await;
    assert_eq!(by_admin["data"]["user"]["locale"], "fr", "{by_admin}");
    let by_cyd = graphql_with(&cyd, &app.base_url, bobs, json!({})).await;
    assert_eq!(by_cyd["data"]["user"]["locale"], Value::Null, "{by_cyd}");
    let by_visitor = graphql_with(&new_client(), &app.base_url, bobs, json!({})).await;
    assert_eq!(by_visitor["data"]["user"]["locale"], Value::Null);
    let anns = app.graphql("{ me { locale } }", json!({})).await;
    assert_eq!(
        anns["data"]["me"]["locale"],
        Value::Null,
        "ann chose nothing"
    );

    // A language the server has no catalog of is refused, and changes nothing.
    let refused = as_bob(choose, json!({ "l": "xx" })).await;
    assert_eq!(error_code(&refused), Some("VALIDATION_ERROR"), "{refused}");
    assert_eq!(refused["errors"][0]["extensions"]["field"], "locale");
    assert_eq!(message(&refused), "This language is not available: xx.");
    let in_french = graphql_from(
        &bob,
        &app,
        &[("Accept-Language", "fr")],
        choose,
        json!({ "l": "xx" }),
    )
    .await;
    assert_eq!(
        message(&in_french),
        "Cette langue n'est pas disponible\u{a0}: xx."
    );
    let mine = as_bob("{ me { locale } }", json!({})).await;
    assert_eq!(mine["data"]["me"]["locale"], "fr");

    // Null: the browser's language again.
    let cleared = as_bob(choose, json!({ "l": null })).await;
    assert_eq!(
        cleared["data"]["updateUserLocale"]["locale"],
        Value::Null,
        "{cleared}"
    );
    let mine = as_bob("{ me { locale } }", json!({})).await;
    assert_eq!(mine["data"]["me"]["locale"], Value::Null);
    app.stop().await;
}

#[tokio::test]
async fn languages_lists_each_catalog_named_in_itself() {
    let app = TestApp::start().await;
    let answer = app.graphql("{ languages { code name } }", json!({})).await;
    assert_eq!(
        answer["data"]["languages"],
        json!([
            { "code": "en", "name": "English" },
            { "code": "fr", "name": "Français" },
        ]),
        "{answer}"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_validation_error_is_said_in_french_with_french_numbers() {
    let app = TestApp::start().await;
    app.sign_up("ann").await;
    let add = "mutation($t: String!, $c: String) { addBoard(title: $t, caption: $c, secret: false) \
        { id } }";
    let french_browser: &'static [(&str, &str)] = &[("Accept-Language", "fr-FR,fr;q=0.9")];
    let asked = |headers: &'static [(&'static str, &'static str)], variables: Value| {
        graphql_from(&app.client, &app, headers, add, variables)
    };

    let empty = asked(french_browser, json!({ "t": "  " })).await;
    assert_eq!(error_code(&empty), Some("VALIDATION_ERROR"), "{empty}");
    assert_eq!(empty["errors"][0]["extensions"]["field"], "title");
    assert_eq!(message(&empty), "Ce champ est obligatoire.");
    let english = asked(&[], json!({ "t": "" })).await;
    assert_eq!(message(&english), "This field is required.");

    // The limit is written as each language writes numbers: 5000 in English as before, with a
    // narrow no-break space between thousands in French.
    let long = json!({ "t": "Garden", "c": "a".repeat(5001) });
    let in_french = asked(french_browser, long.clone()).await;
    assert_eq!(
        in_french["errors"][0]["extensions"]["field"], "caption",
        "{in_french}"
    );
    assert_eq!(message(&in_french), "5\u{202f}000 caractères au maximum.");
    let in_english = asked(&[], long).await;
    assert_eq!(
        message(&in_english),
        "This is at most 5000 characters long."
    );
    app.stop().await;
}
