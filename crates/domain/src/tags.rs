//! Tags: split on spaces and `#`, trimmed, without duplicates (spec, section 5).

const TAG_MAX: usize = 100;
const TAGS_MAX: usize = 100;

/// Normalises tags as typed, keeping the first spelling of each (duplicates ignore case).
pub fn normalize_tags<S: AsRef<str>>(raw: &[S]) -> Vec<String> {
    let mut tags: Vec<String> = Vec::new();
    let words = raw
        .iter()
        .flat_map(|tag| tag.as_ref().split(|c: char| c == '#' || c.is_whitespace()));
    for word in words {
        let tag: String = word.trim().chars().take(TAG_MAX).collect();
        if !tag.is_empty()
            && !tags
                .iter()
                .any(|known| known.to_lowercase() == tag.to_lowercase())
        {
            tags.push(tag);
        }
        if tags.len() == TAGS_MAX {
            break;
        }
    }
    tags
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_split_on_spaces_and_hashes_without_duplicates() {
        let tags = normalize_tags(&["#sea #Sky", " sea  ", "sun#moon", "", "#"]);
        assert_eq!(tags, ["sea", "Sky", "sun", "moon"]);
    }
}
