//! Boards and folders: stored records, slugs, titles and captions.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};
use corkboard_i18n::msg;
use serde::{Deserialize, Serialize};

use crate::error::{AppError, AppResult};
use crate::ids::{BoardId, FolderId, PinId, UserId};
use crate::stored_time;

/// The longest title and caption (of a board or a pin), in characters.
pub const TITLE_MAX: usize = 200;
pub const CAPTION_MAX: usize = 5000;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BoardRecord {
    pub id: BoardId,
    pub user: UserId,
    /// Made from the first title; it stays when the board is renamed, so links keep working.
    pub slug: String,
    pub title: String,
    pub caption: Option<String>,
    pub pin_default_description: Option<String>,
    pub pin_default_tags: Vec<String>,
    pub secret: bool,
    pub folder: Option<FolderId>,
    /// Users who may see the board while it is private.
    pub shared_with: Vec<UserId>,
    /// The pin chosen as first cover.
    #[serde(default)]
    pub cover: Option<PinId>,
    #[serde(deserialize_with = "stored_time::read")]
    pub created_at: DateTime<Utc>,
}

impl BoardRecord {
    /// A new board of `user`'s (its id is given, and its slug made free, when it is stored).
    pub fn new(
        user: UserId,
        title: String,
        caption: Option<String>,
        folder: Option<FolderId>,
        secret: bool,
    ) -> BoardRecord {
        BoardRecord {
            id: BoardId(0),
            user,
            slug: slugify(&title, "board"),
            title,
            caption,
            pin_default_description: None,
            pin_default_tags: Vec::new(),
            secret,
            folder,
            shared_with: Vec::new(),
            cover: None,
            created_at: Utc::now(),
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FolderRecord {
    pub id: FolderId,
    pub user: UserId,
    pub slug: String,
    pub name: String,
    pub secret: bool,
    #[serde(deserialize_with = "stored_time::read")]
    pub created_at: DateTime<Utc>,
}

/// The URL part made from a title: lowercase ASCII words joined by hyphens.
pub fn slugify(title: &str, fallback: &str) -> String {
    let slug: String = slug::slugify(title).chars().take(80).collect();
    let slug = slug.trim_end_matches('-').to_owned();
    if slug.is_empty() {
        fallback.to_owned()
    } else {
        slug
    }
}

/// The words of a board title, or of a search for boards by title: runs of letters and digits
/// (in any script), lowercased, each once.
pub fn title_words(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Whether each of `searched` starts a word of `title_words`.
pub fn title_matches(title_words: &BTreeSet<String>, searched: &BTreeSet<String>) -> bool {
    searched.iter().all(|wanted| {
        title_words
            .iter()
            .any(|word| word.starts_with(wanted.as_str()))
    })
}

/// A required title or name: trimmed, not empty, not too long.
pub fn required_title(field: &str, value: &str) -> AppResult<String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(AppError::invalid(field, msg!("error-field-required")));
    }
    if value.chars().count() > TITLE_MAX {
        return Err(AppError::invalid(
            field,
            msg!("error-text-too-long", max = TITLE_MAX),
        ));
    }
    Ok(value.to_owned())
}

/// An optional text: trimmed, empty meaning none.
pub fn optional_text(field: &str, value: Option<String>) -> AppResult<Option<String>> {
    let value = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    if value
        .as_ref()
        .is_some_and(|v| v.chars().count() > CAPTION_MAX)
    {
        return Err(AppError::invalid(
            field,
            msg!("error-text-too-long", max = CAPTION_MAX),
        ));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_lowercase_ascii_with_hyphens() {
        assert_eq!(
            slugify("Café de Flore, Paris!", "board"),
            "cafe-de-flore-paris"
        );
        assert_eq!(slugify("!!!", "board"), "board");
        assert_eq!(slugify("日本", "board"), "ri-ben");
    }

    #[test]
    fn title_words_are_runs_of_letters_and_digits_lowercased() {
        let words = title_words("My Garden: café-Ünter 2024, my garden!");
        let expected = ["2024", "café", "garden", "my", "ünter"];
        assert_eq!(words, expected.map(String::from).into());
        assert!(title_words(" -- !! ").is_empty());
    }

    #[test]
    fn a_title_matches_when_each_searched_word_starts_one_of_its_words() {
        let title = title_words("Red garden");
        assert!(title_matches(&title, &title_words("gar")));
        assert!(title_matches(&title, &title_words("RED Gar")));
        assert!(!title_matches(&title, &title_words("red den")));
        assert!(!title_matches(
            &title_words("Blue garden"),
            &title_words("red gar")
        ));
    }
}
