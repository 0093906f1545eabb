//! Corkboard's words in every language. The Fluent catalogs (`locales/<code>/*.ftl`) are built
//! into the binary; a sentence is a `Message` (an id and its arguments, made with `msg!`) and is
//! translated late, in the locale of the request being answered (`Locale::current`, a task-local
//! the HTTP layer sets) or in a given one (a mail, in its reader's language). English is the
//! fallback: an id a catalog lacks is said in English.
//!
//! A new language is one new folder `locales/<code>/` holding the same messages as `en`
//! (`tests/catalogs.rs` checks it); `languages()` lists it from then on.

mod locale;
mod message;
mod numbers;

pub use locale::{Language, Locale, languages};
pub use message::{Arg, Message};

fluent_templates::static_loader! {
    static CATALOGS = {
        locales: "./locales",
        fallback_language: "en",
        customise: |bundle| {
            // No Unicode isolation marks around arguments: the English text stays the very
            // sentence the code wrote before it had catalogs.
            bundle.set_use_isolating(false);
            bundle.set_formatter(Some(numbers::written_in));
        },
    };
}

/// A `Message` with its id and named arguments (anything `Into<Arg>`: strings, integers, f64):
/// `msg!("error-pin-not-found")`, `msg!("title-pin-by", username = &owner.username)`.
/// Without arguments it is a constant expression (`const GONE: Message = msg!("...")`).
#[macro_export]
macro_rules! msg {
    ($id:literal $(,)?) => {
        $crate::Message::new($id)
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::Message::new($id)$(.with(stringify!($name), $value))+
    };
}
