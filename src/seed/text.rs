//! Words for seeded data: names, board titles, captions and tags, drawn so that a few tags and
//! words are common and most are rare, as on a real site.

use std::ops::Range;

use rand::Rng;
use rand::rngs::StdRng;

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

const WORDS: &[&str] = &[
    "light",
    "morning",
    "old",
    "harbour",
    "blue",
    "quiet",
    "street",
    "window",
    "garden",
    "river",
    "stone",
    "wooden",
    "table",
    "market",
    "summer",
    "winter",
    "autumn",
    "spring",
    "city",
    "village",
    "coast",
    "forest",
    "tower",
    "bridge",
    "kitchen",
    "bread",
    "cheese",
    "crème",
    "brûlée",
    "café",
    "naïve",
    "façade",
    "piñata",
    "jalapeño",
    "smörgåsbord",
    "fjord",
    "pâtisserie",
    "déjà",
    "vu",
    "colour",
    "shadow",
    "pattern",
    "texture",
    "detail",
    "corner",
    "roof",
    "door",
    "stairs",
    "bench",
    "lamp",
    "poster",
    "print",
    "map",
    "boat",
    "train",
    "station",
    "road",
    "hill",
    "valley",
    "lake",
    "rain",
    "snow",
    "sun",
    "evening",
    "night",
    "golden",
    "green",
    "red",
    "warm",
    "soft",
    "bright",
    "simple",
    "handmade",
    "tiny",
    "huge",
    "favourite",
    "found",
    "near",
    "home",
    "trip",
    "weekend",
];

/// Tags, the first ones the most used (drawn with `skewed`).
const TAGS: &[&str] = &[
    "travel",
    "food",
    "design",
    "nature",
    "architecture",
    "photography",
    "art",
    "diy",
    "home",
    "garden",
    "coffee",
    "vintage",
    "minimal",
    "sea",
    "mountains",
    "city",
    "street",
    "retro",
    "handmade",
    "sunset",
    "café",
    "recipe",
    "interior",
    "wood",
    "bikes",
    "cars",
    "birds",
    "flowers",
    "typography",
    "poster",
    "illustration",
    "ceramics",
    "knitting",
    "bread",
    "cake",
    "winter",
    "summer",
    "autumn",
    "spring",
    "night",
    "stars",
    "maps",
    "islands",
    "bridges",
    "markets",
    "lighthouse",
    "film",
    "analog",
    "comics",
    "woodwork",
    "tinyhouse",
    "botanical",
    "desserts",
    "pâtisserie",
    "fjords",
    "crèmebrûlée",
    "roadtrip",
    "hiking",
    "camping",
    "beach",
    "lake",
    "forest",
    "rain",
    "snow",
    "fog",
    "window",
    "doors",
    "stairs",
    "lamps",
    "chairs",
    "tables",
    "kitchen",
    "bathroom",
    "bedroom",
    "library",
    "books",
    "plants",
    "cats",
    "dogs",
    "horses",
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

pub(crate) fn board_title(rng: &mut StdRng) -> String {
    format!("{} {}", pick(rng, THEMES), pick(rng, QUALIFIERS))
}

pub fn folder_name(rng: &mut StdRng) -> String {
    format!("{} and more", pick(rng, THEMES))
}

/// A number of words within `length`, capitalised like a sentence.
pub fn sentence(rng: &mut StdRng, length: Range<usize>) -> String {
    let count = rng.random_range(length);
    let words: Vec<&str> = (0..count)
        .map(|_| WORDS[skewed(rng, WORDS.len())])
        .collect();
    let text = words.join(" ");
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Up to five distinct tags.
pub fn tags(rng: &mut StdRng) -> Vec<String> {
    let count = rng.random_range(0..=5);
    let mut tags: Vec<String> = Vec::new();
    for _ in 0..count {
        let tag = TAGS[skewed(rng, TAGS.len())].to_owned();
        if !tags.contains(&tag) {
            tags.push(tag);
        }
    }
    tags
}

/// Where a pin was found, for about half of them.
pub(crate) fn source_url(rng: &mut StdRng, pin: usize) -> Option<String> {
    rng.random_bool(0.5)
        .then(|| format!("https://{}/photos/{pin}.jpg", pick(rng, DOMAINS)))
}
