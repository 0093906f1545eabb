//! Which language a sentence is said in: the languages the catalogs have, the one a request asks
//! for (its `locale` cookie, else its `Accept-Language`, else English), and the locale of the
//! request being answered, a tokio task-local.

use std::sync::LazyLock;

use fluent_templates::{LanguageIdentifier, Loader};

use crate::CATALOGS;

/// The most `Accept-Language` entries read: a browser sends a handful.
const MOST_ASKED: usize = 24;

tokio::task_local! {
    static CURRENT: Locale;
}

/// The languages the catalogs have, by code: read once, asked at every request.
static AVAILABLE: LazyLock<Vec<Locale>> = LazyLock::new(|| {
    let mut locales: Vec<Locale> = CATALOGS.locales().cloned().map(Locale).collect();
    locales.sort_by_key(Locale::code);
    locales
});

static ENGLISH: LazyLock<Locale> =
    LazyLock::new(|| Locale("en".parse().expect("`en` is a language identifier")));

/// A language the catalogs have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Locale(pub(crate) LanguageIdentifier);

/// A language as a person picks it: its code and its name in itself ("English", "Français").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Language {
    pub code: String,
    pub name: String,
}

/// Every language the catalogs have, by code.
pub fn languages() -> Vec<Language> {
    Locale::available()
        .iter()
        .map(|locale| Language {
            code: locale.code(),
            name: CATALOGS.lookup(&locale.0, "language-name"),
        })
        .collect()
}

impl Locale {
    /// English, the language of the code and the fallback of every catalog.
    pub fn english() -> Locale {
        ENGLISH.clone()
    }

    /// The languages the catalogs have, by code.
    pub fn available() -> &'static [Locale] {
        &AVAILABLE
    }

    /// Its code, as cookies, the stored choice and `<html lang>` write it: `en`, `fr`.
    pub fn code(&self) -> String {
        self.0.to_string()
    }

    /// The language of this code when the catalogs have it (the case does not matter).
    pub fn named(code: &str) -> Option<Locale> {
        let wanted: LanguageIdentifier = code.trim().parse().ok()?;
        Locale::available()
            .iter()
            .find(|locale| locale.0 == wanted)
            .cloned()
    }

    /// The language an `Accept-Language` header prefers among those the catalogs have: the
    /// entries by weight (the first of equal ones first), each matched exactly, else by its
    /// language alone (`fr-CA` is `fr`); `None` when it names none of them.
    pub fn from_accept_language(header: &str) -> Option<Locale> {
        let mut asked: Vec<(f32, LanguageIdentifier)> = header
            .split(',')
            .take(MOST_ASKED)
            .filter_map(|entry| {
                let mut parts = entry.split(';');
                let tag = parts.next()?.trim();
                let weight = match parts.find_map(|part| part.trim().strip_prefix("q=")) {
                    Some(weight) => weight.trim().parse::<f32>().ok()?,
                    None => 1.0,
                };
                let language = tag.parse::<LanguageIdentifier>().ok()?;
                (weight > 0.0 && tag != "*").then_some((weight, language))
            })
            .collect();
        // A stable sort: equal weights keep the header's order.
        asked.sort_by(|a, b| b.0.total_cmp(&a.0));
        let available = Locale::available();
        asked.iter().find_map(|(_, wanted)| {
            let exact = available.iter().find(|locale| locale.0 == *wanted);
            let same_language = || {
                available
                    .iter()
                    .find(|locale| locale.0.language == wanted.language)
            };
            exact.or_else(same_language).cloned()
        })
    }

    /// A request's language: its `locale` cookie when it names a language the catalogs have,
    /// else the best match of its `Accept-Language`, else English.
    pub fn negotiate(cookie: Option<&str>, accept_language: Option<&str>) -> Locale {
        cookie
            .and_then(Locale::named)
            .or_else(|| accept_language.and_then(Locale::from_accept_language))
            .unwrap_or_else(Locale::english)
    }

    /// The locale of the request being answered; English outside a request.
    pub fn current() -> Locale {
        CURRENT
            .try_with(Locale::clone)
            .unwrap_or_else(|_| Locale::english())
    }

    /// `future` run with this locale as the current one (a request, or a task it spawns).
    pub fn scope<F: Future>(self, future: F) -> impl Future<Output = F::Output> {
        CURRENT.scope(self, future)
    }

    /// `work` run with this locale as the current one, on a thread outside the runtime.
    pub fn sync_scope<R>(self, work: impl FnOnce() -> R) -> R {
        CURRENT.sync_scope(self, work)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(locale: Option<Locale>) -> Option<String> {
        locale.map(|locale| locale.code())
    }

    #[test]
    fn accept_language_is_read_by_weight_then_order() {
        let best = |header: &str| code(Locale::from_accept_language(header));
        assert_eq!(best("fr-FR,fr;q=0.9,en;q=0.8"), Some("fr".into()));
        assert_eq!(best("en-US,en;q=0.9,fr;q=0.8"), Some("en".into()));
        assert_eq!(best("de;q=0.9, fr-CA;q=0.95, en;q=0.5"), Some("fr".into()));
        assert_eq!(best("de, ja;q=0.5"), None);
        assert_eq!(best("fr;q=0, en"), Some("en".into()));
        assert_eq!(best("*"), None);
        assert_eq!(best(""), None);
        assert_eq!(best("not a language;;q=x,,"), None);
    }

    #[test]
    fn the_cookie_wins_when_it_names_a_language_we_have() {
        let negotiated = |cookie, header| Locale::negotiate(cookie, header).code();
        assert_eq!(negotiated(Some("fr"), Some("en-US")), "fr");
        assert_eq!(negotiated(Some("FR"), None), "fr");
        assert_eq!(negotiated(Some("xx"), Some("fr")), "fr");
        assert_eq!(negotiated(Some("xx"), Some("de")), "en");
        assert_eq!(negotiated(None, None), "en");
    }

    #[test]
    fn languages_are_named_in_themselves() {
        let named: Vec<(String, String)> = languages()
            .into_iter()
            .map(|language| (language.code, language.name))
            .collect();
        assert!(
            named.contains(&("en".into(), "English".into())),
            "{named:?}"
        );
        assert!(
            named.contains(&("fr".into(), "Français".into())),
            "{named:?}"
        );
    }

    #[tokio::test]
    async fn the_current_locale_is_the_scope_s_and_english_outside() {
        assert_eq!(Locale::current().code(), "en");
        let french = Locale::named("fr").unwrap();
        let inside = french.scope(async { Locale::current().code() }).await;
        assert_eq!(inside, "fr");
        assert_eq!(Locale::current().code(), "en");
    }
}
