//! Numbers in a sentence, written as its language writes them. Each catalog says how, with the
//! messages `number-group-separator` (between groups of three digits: nothing in English, where
//! the code wrote `5000`, a narrow no-break space in French) and `number-decimal-separator`; so a
//! new language brings its own with its catalog. Plural forms are Fluent's, by language.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::LazyLock;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};
use intl_memoizer::Memoizable;
use intl_memoizer::concurrent::IntlLangMemoizer;

use crate::CATALOGS;

/// How one language writes numbers.
struct Separators {
    group: String,
    decimal: String,
}

/// The separators of every catalog's language.
static SEPARATORS: LazyLock<HashMap<LanguageIdentifier, Separators>> = LazyLock::new(|| {
    CATALOGS
        .locales()
        .map(|language| {
            let separators = Separators {
                group: CATALOGS.lookup(language, "number-group-separator"),
                decimal: CATALOGS.lookup(language, "number-decimal-separator"),
            };
            (language.clone(), separators)
        })
        .collect()
});

/// The language of a bundle, which its formatter is not told otherwise: Fluent hands it only
/// the bundle's memoizer, which makes this once from the language.
struct BundleLanguage(LanguageIdentifier);

impl Memoizable for BundleLanguage {
    type Args = ();
    type Error = Infallible;

    fn construct(language: LanguageIdentifier, _: ()) -> Result<Self, Infallible> {
        Ok(BundleLanguage(language))
    }
}

/// The bundles' formatter: a number written with its language's separators; anything else as
/// Fluent writes it.
pub(crate) fn written_in(value: &FluentValue, memoizer: &IntlLangMemoizer) -> Option<String> {
    let FluentValue::Number(number) = value else {
        return None;
    };
    let language = memoizer
        .with_try_get::<BundleLanguage, _, _>((), |bundle| bundle.0.clone())
        .ok()?;
    let separators = SEPARATORS.get(&language)?;
    Some(written(&number.as_string(), separators))
}

/// `plain` (`-12345.5`, as Fluent writes a number) with `separators`.
fn written(plain: &str, separators: &Separators) -> String {
    let (sign, unsigned) = match plain.strip_prefix('-') {
        Some(unsigned) => ("-", unsigned),
        None => ("", plain),
    };
    let (whole, fraction) = match unsigned.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (unsigned, None),
    };
    let mut out = String::with_capacity(plain.len() + 8);
    out.push_str(sign);
    let digits = whole.len();
    for (at, digit) in whole.chars().enumerate() {
        if at > 0 && (digits - at) % 3 == 0 {
            out.push_str(&separators.group);
        }
        out.push(digit);
    }
    if let Some(fraction) = fraction {
        out.push_str(&separators.decimal);
        out.push_str(fraction);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_grouped_by_three_and_the_decimal_mark_replaced() {
        let french = Separators {
            group: "\u{202f}".into(),
            decimal: ",".into(),
        };
        assert_eq!(written("5", &french), "5");
        assert_eq!(written("200", &french), "200");
        assert_eq!(written("5000", &french), "5\u{202f}000");
        assert_eq!(
            written("-1234567.25", &french),
            "-1\u{202f}234\u{202f}567,25"
        );
        let english = Separators {
            group: String::new(),
            decimal: ".".into(),
        };
        assert_eq!(written("1234567.5", &english), "1234567.5");
    }
}
