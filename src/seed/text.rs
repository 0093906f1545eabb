//! Words for seeded data: names, board titles, captions and tags. Titles, captions and tags are
//! drawn from a real English vocabulary (`words.txt`, wordfreq's 30,000 most frequent words, see
//! `make_words.py`), each word as often as in English text: a few words are very common, most
//! are rare.

use std::ops::Range;
use std::sync::LazyLock;

use rand::Rng;
use rand::distr::Distribution;
use rand::distr::weighted::WeightedIndex;
use rand::rngs::StdRng;

/// `word<TAB>zipf` a line, most frequent first, after a `#` header line (CC-BY-SA 4.0 data).
const WORDS_TXT: &str = include_str!("words.txt");
/// The most frequent words ("the", "of", "and", ...), left out of tags and board titles.
const FUNCTION_WORDS: usize = 100;

/// The vocabulary and its samplers, made once.
struct Vocabulary {
    words: Vec<&'static str>,
    /// Any word, with a probability proportional to its frequency (10^zipf).
    any: WeightedIndex<f64>,
    /// A word past the `FUNCTION_WORDS` most frequent, likewise.
    content: WeightedIndex<f64>,
}

static VOCABULARY: LazyLock<Vocabulary> = LazyLock::new(|| {
    let (words, weights): (Vec<&str>, Vec<f64>) = WORDS_TXT
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let (word, zipf) = line.split_once('\t').expect("words.txt: word<TAB>zipf");
            let zipf: f64 = zipf.parse().expect("words.txt: a zipf value");
            (word, 10f64.powf(zipf))
        })
        .unzip();
    Vocabulary {
        any: WeightedIndex::new(&weights).expect("words.txt: weights"),
        content: WeightedIndex::new(&weights[FUNCTION_WORDS..]).expect("words.txt: weights"),
        words,
    }
});

impl Vocabulary {
    fn any(&self, rng: &mut StdRng) -> &'static str {
        self.words[self.any.sample(rng)]
    }

    fn content(&self, rng: &mut StdRng) -> &'static str {
        self.words[FUNCTION_WORDS + self.content.sample(rng)]
    }
}

const FIRST_NAMES: &[&str] = &[
    "Ada", "Bruno", "Chloé", "Dmitri", "Elena", "Farid", "Greta", "Hugo", "Inès", "Jonas", "Kaito",
    "Léa", "Mateo", "Nora", "Oskar", "Priya", "Quentin", "Rosa", "Søren", "Tomás", "Ursula",
    "Vikram", "Wren", "Xavier", "Yara", "Zoë",
];

const LAST_NAMES: &[&str] = &[
    "Andersen", "Bianchi", "Costa", "Dubois", "Eriksen", "Fischer", "García", "Hoffmann",
    "Ivanova", "Jansen", "Kowalski", "Lambert", "Moreau", "Novak", "Olsen", "Petrov", "Rossi",
    "Schmidt", "Tanaka", "Müller", "Weber", "Yilmaz",
];

const THEMES: &[&str] = &[
    "Travel",
    "Recipes",
    "Architecture",
    "Gardens",
    "Interiors",
    "Street photography",
    "Mountains",
    "Coffee",
    "Typography",
    "Vintage cars",
    "Birds",
    "Ceramics",
    "Knitting",
    "Cafés",
    "Sunsets",
    "Bicycles",
    "Posters",
    "Tiny houses",
    "Lighthouses",
    "Bread",
    "Botanical art",
    "Film cameras",
    "Comics",
    "Woodwork",
    "Islands",
    "Night skies",
    "Markets",
    "Bridges",
    "Desserts",
    "Maps",
];

const QUALIFIERS: &[&str] = &[
    "ideas",
    "to try",
    "favourites",
    "2026",
    "inspiration",
    "collection",
    "for later",
    "wishlist",
    "notes",
    "of the week",
];

const DOMAINS: &[&str] = &[
    "www.flickr.com",
    "unsplash.com",
    "www.behance.net",
    "commons.wikimedia.org",
    "www.nationalgeographic.com",
    "dribbble.com",
    "www.seriouseats.com",
    "archinect.com",
];

/// An index below `len`, small ones far more likely than large ones.
pub(crate) fn skewed(rng: &mut StdRng, len: usize) -> usize {
    let x: f64 = rng.random();
    ((x * x * x) * len as f64) as usize
}

fn pick<'a>(rng: &mut StdRng, words: &[&'a str]) -> &'a str {
    words[rng.random_range(0..words.len())]
}

/// A first and a last name.
pub fn person(rng: &mut StdRng) -> (String, String) {
    (
        pick(rng, FIRST_NAMES).to_owned(),
        pick(rng, LAST_NAMES).to_owned(),
    )
}

/// A theme, one or two words and a qualifier: "Gardens upheaval ideas".
pub(crate) fn board_title(rng: &mut StdRng) -> String {
    let vocabulary = &*VOCABULARY;
    let mut title = pick(rng, THEMES).to_owned();
    for _ in 0..rng.random_range(1..=2) {
        title.push(' ');
        title.push_str(vocabulary.content(rng));
    }
    title.push(' ');
    title.push_str(pick(rng, QUALIFIERS));
    title
}

pub fn folder_name(rng: &mut StdRng) -> String {
    format!("{} and more", pick(rng, THEMES))
}

/// A number of words within `length`, capitalised like a sentence.
pub fn sentence(rng: &mut StdRng, length: Range<usize>) -> String {
    let vocabulary = &*VOCABULARY;
    let count = rng.random_range(length);
    let mut text = String::new();
    for n in 0..count {
        let word = vocabulary.any(rng);
        if n == 0 {
            let mut chars = word.chars();
            text.extend(chars.next().into_iter().flat_map(char::to_uppercase));
            text.push_str(chars.as_str());
        } else {
            text.push(' ');
            text.push_str(word);
        }
    }
    text
}

/// Up to five distinct tags, words of the vocabulary but its most frequent ones.
pub fn tags(rng: &mut StdRng) -> Vec<String> {
    let vocabulary = &*VOCABULARY;
    let count = rng.random_range(0..=5);
    let mut tags: Vec<String> = Vec::new();
    for _ in 0..count {
        let tag = vocabulary.content(rng);
        if !tags.iter().any(|known| known == tag) {
            tags.push(tag.to_owned());
        }
    }
    tags
}

/// A pin's text: a title for 60% of them, a caption, up to five tags.
pub struct PinText {
    pub title: Option<String>,
    pub caption: String,
    pub tags: Vec<String>,
}

pub fn pin_text(rng: &mut StdRng) -> PinText {
    PinText {
        title: rng.random_bool(0.6).then(|| sentence(rng, 2..6)),
        caption: sentence(rng, 5..20),
        tags: tags(rng),
    }
}

/// Where a pin was found, for about half of them.
pub(crate) fn source_url(rng: &mut StdRng, pin: usize) -> Option<String> {
    rng.random_bool(0.5)
        .then(|| format!("https://{}/photos/{pin}.jpg", pick(rng, DOMAINS)))
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, HashSet};

    use rand::SeedableRng;

    use super::*;

    #[test]
    fn the_vocabulary_holds_over_twenty_thousand_distinct_words() {
        let words = &VOCABULARY.words;
        let distinct: HashSet<&str> = words.iter().copied().collect();
        assert!(distinct.len() >= 20_000, "{} words", distinct.len());
        assert_eq!(distinct.len(), words.len(), "a word is listed twice");
        assert!(
            words
                .iter()
                .all(|word| word.chars().count() >= 2 && word.chars().all(char::is_alphabetic))
        );
    }

    #[test]
    fn ten_thousand_pins_use_thousands_of_words_a_few_common_most_rare() {
        let mut rng = StdRng::seed_from_u64(7);
        let mut uses: HashMap<String, usize> = HashMap::new();
        let mut tags: HashSet<String> = HashSet::new();
        for _ in 0..10_000 {
            let text = pin_text(&mut rng);
            let written = [text.title.as_deref().unwrap_or(""), &text.caption].join(" ");
            for word in written.split_whitespace() {
                *uses.entry(word.to_lowercase()).or_default() += 1;
            }
            for tag in text.tags {
                assert!(!VOCABULARY.words[..FUNCTION_WORDS].contains(&tag.as_str()));
                tags.insert(tag);
            }
        }
        let total: usize = uses.values().sum();
        let mut counts: Vec<usize> = uses.values().copied().collect();
        counts.sort_unstable_by(|a, b| b.cmp(a));
        let top: usize = counts[..100].iter().sum();
        let once = counts.iter().filter(|&&count| count == 1).count();
        assert!(uses.len() >= 5_000, "{} distinct words", uses.len());
        assert!(tags.len() >= 2_000, "{} distinct tags", tags.len());
        // English text: the 100 most frequent words make about half of it, and many words
        // turn up once.
        assert!(
            (0.35..0.65).contains(&(top as f64 / total as f64)),
            "{top} of {total}"
        );
        assert!(
            once * 5 >= uses.len(),
            "{once} of {} words once",
            uses.len()
        );
    }

    #[test]
    fn board_titles_have_a_theme_real_words_and_a_qualifier() {
        let mut rng = StdRng::seed_from_u64(3);
        let title = board_title(&mut rng);
        assert!(
            THEMES.iter().any(|theme| title.starts_with(theme)),
            "{title}"
        );
        assert!(QUALIFIERS.iter().any(|q| title.ends_with(q)), "{title}");
    }
}
