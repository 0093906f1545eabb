//! A sentence to say: a catalog id and its named arguments, kept as they are until it is said,
//! in the locale of whoever hears it.

use std::borrow::Cow;
use std::collections::HashMap;

use fluent_templates::Loader;
use fluent_templates::fluent_bundle::FluentValue;

use crate::CATALOGS;
use crate::locale::Locale;

/// A sentence from the catalogs, not yet in any language (`msg!` makes one).
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    id: &'static str,
    args: Vec<(&'static str, Arg)>,
}

/// A named argument of a message: a text (said as it is) or a number (written as the language
/// writes numbers, and choosing its plural form).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Text(String),
    Number(f64),
}

impl Message {
    /// The message `id` without arguments.
    pub const fn new(id: &'static str) -> Message {
        Message {
            id,
            args: Vec::new(),
        }
    }

    /// This message with the argument `name`.
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Message {
        self.args.push((name, value.into()));
        self
    }

    /// Its catalog id, `error-pin-not-found`.
    pub fn id(&self) -> &'static str {
        self.id
    }

    /// The argument `name`, when it has one.
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args
            .iter()
            .find(|(named, _)| *named == name)
            .map(|(_, arg)| arg)
    }

    /// The sentence in the current request's language (English outside a request).
    pub fn text(&self) -> String {
        self.text_in(&Locale::current())
    }

    /// The sentence in `locale` (in English when that catalog lacks it).
    pub fn text_in(&self, locale: &Locale) -> String {
        let args: HashMap<Cow<'static, str>, FluentValue> = self
            .args
            .iter()
            .map(|(name, arg)| (Cow::Borrowed(*name), arg.value()))
            .collect();
        match CATALOGS.try_lookup_complete(&locale.0, self.id, Some(&args)) {
            Some(text) => text,
            None => {
                tracing::error!(id = self.id, "a message the catalogs cannot say");
                self.id.to_owned()
            }
        }
    }
}

impl Arg {
    fn value(&self) -> FluentValue<'static> {
        match self {
            Arg::Text(text) => FluentValue::from(text.clone()),
            Arg::Number(number) => FluentValue::from(*number),
        }
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<&String> for Arg {
    fn from(text: &String) -> Arg {
        Arg::Text(text.clone())
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_owned())
    }
}

impl From<Cow<'_, str>> for Arg {
    fn from(text: Cow<'_, str>) -> Arg {
        Arg::Text(text.into_owned())
    }
}

macro_rules! numbers_are_args {
    ($($number:ty),*) => {$(
        impl From<$number> for Arg {
            fn from(number: $number) -> Arg {
                Arg::Number(number as f64)
            }
        }
    )*};
}

numbers_are_args!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize, f32, f64);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::msg;

    fn french() -> Locale {
        Locale::named("fr").unwrap()
    }

    #[test]
    fn a_message_is_said_in_the_locale_asked_and_english_by_default() {
        let message = msg!("title-pin-by", username = "ann");
        assert_eq!(message.text(), "Pin by ann");
        assert_eq!(message.text_in(&Locale::english()), "Pin by ann");
        assert_eq!(message.text_in(&french()), "Épingle de ann");
        assert_eq!(message.id(), "title-pin-by");
        assert_eq!(message.arg("username"), Some(&Arg::Text("ann".into())));
    }

    #[test]
    fn arguments_have_no_isolation_marks_and_numbers_follow_the_language() {
        let message = msg!("mail-password-changed-keys", count = 12345);
        assert_eq!(
            message.text_in(&Locale::english()),
            "Your 12345 API keys were revoked: make new ones in your profile."
        );
        let french = message.text_in(&french());
        assert!(french.starts_with("Vos 12\u{202f}345 clés"), "{french}");
        assert!(!french.contains('\u{2068}') && !french.contains('\u{2069}'));
    }

    #[test]
    fn plurals_follow_the_language() {
        let hours = |count: u32, locale: &Locale| {
            msg!("mail-password-reset-body", link = "L", hours = count).text_in(locale)
        };
        assert!(hours(1, &Locale::english()).contains("open this link within an hour:\nL\n"));
        assert!(hours(2, &Locale::english()).contains("within 2 hours:"));
        assert!(hours(1, &french()).contains("dans l'heure"));
        assert!(hours(2, &french()).contains("dans les 2 heures"));
    }

    #[test]
    fn an_unknown_id_is_said_as_itself() {
        assert_eq!(msg!("no-such-message").text(), "no-such-message");
    }
}
