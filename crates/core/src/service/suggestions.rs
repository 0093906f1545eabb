//! Suggestions as a search is typed in the header: tags, boards and people whose names start
//! with what is typed, and the viewer's recent searches; each only what the viewer may see.

use corkboard_domain::board::{BoardRecord, title_matches, title_words};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;
use corkboard_domain::policy::shows_content;
use corkboard_domain::user::UserRecord;
use corkboard_store::{Source, board_titles, boards, recent_searches, users};

use crate::service::access::visible_only;
use crate::service::data::Data;
use crate::service::search::tags_seen;

/// How many letters a search needs before tags, boards and people are suggested.
pub const FEWEST_LETTERS: usize = 2;
/// How many entries of the index of board title words one suggestion reads at most: boards the
/// viewer may not see are passed over, and a common beginning stops there.
const BOARD_WORDS_READ: usize = 200;
/// How many usernames starting alike are read at most (disabled accounts are passed over).
const PEOPLE_READ: usize = 50;

/// What the header suggests for what is typed.
pub struct Suggestions {
    /// Tags starting with it, most used first, each with how many pins the viewer may see
    /// carry it (see `search::suggest_tags`).
    pub tags: Vec<(String, usize)>,
    /// Boards the viewer may see with a title word starting with each typed word, newest first.
    pub boards: Vec<BoardRecord>,
    /// People whose username starts with it.
    pub people: Vec<UserRecord>,
    /// The viewer's recent searches holding it (all of them for nothing typed), newest first.
    pub recent_searches: Vec<String>,
}

/// Up to `first` suggestions of each kind for `typed`: tags, boards and people once it has
/// `FEWEST_LETTERS`, recent searches always (none for a visitor).
pub async fn suggest(
    data: &Data,
    viewer: Option<UserId>,
    typed: String,
    first: usize,
) -> AppResult<Suggestions> {
    data.reading(move |data| {
        let typed = typed.trim();
        let recent_searches = match viewer {
            Some(viewer) => recent_holding(data, viewer, typed, first)?,
            None => Vec::new(),
        };
        if typed.chars().count() < FEWEST_LETTERS {
            return Ok(Suggestions {
                tags: Vec::new(),
                boards: Vec::new(),
                people: Vec::new(),
                recent_searches,
            });
        }
        let tags = tags_seen(data, viewer, typed, &[], first)?;
        let (boards, people) = data.store.read(|read| {
            let name = typed.trim_start_matches('@').to_lowercase();
            let people =
                users::with_username_starting(read, &name, PEOPLE_READ, first, shows_content)?;
            Ok((boards_titled(read, viewer, typed, first)?, people))
        })?;
        Ok(Suggestions {
            tags,
            boards,
            people,
            recent_searches,
        })
    })
    .await
}

/// Up to `first` boards the viewer may see with a title word starting with each typed word,
/// newest first: the index's entries are sorted by board, and boards are read only until enough
/// are found.
fn boards_titled(
    read: &impl Source,
    viewer: Option<UserId>,
    typed: &str,
    first: usize,
) -> AppResult<Vec<BoardRecord>> {
    let searched = title_words(typed);
    let Some(word) = searched.iter().next() else {
        return Ok(Vec::new());
    };
    let mut ids = board_titles::of_anyone_with_word_starting(read, word, BOARD_WORDS_READ)?;
    ids.sort_unstable_by_key(|id| std::cmp::Reverse(*id));
    let mut found = Vec::new();
    for id in ids {
        if found.len() == first {
            break;
        }
        let board = boards::get(read, id)?.filter(|board| {
            searched.len() == 1 || title_matches(&title_words(&board.title), &searched)
        });
        found.extend(visible_only(read, board.into_iter().collect(), viewer)?);
    }
    Ok(found)
}

/// The viewer's recent searches holding `typed` (any case), newest first, at most `first`.
fn recent_holding(
    data: &Data,
    viewer: UserId,
    typed: &str,
    first: usize,
) -> AppResult<Vec<String>> {
    let typed = typed.to_lowercase();
    let mut searches = data.store.read(|read| recent_searches::of(read, viewer))?;
    searches.retain(|search| search.to_lowercase().contains(&typed));
    searches.truncate(first);
    Ok(searches)
}

/// Records that a signed-in viewer asked the results of `search` (a text, or `#tag`). A failure
/// is logged: the results are answered all the same.
pub async fn record_search(data: &Data, viewer: UserId, search: String) {
    let recorded = data
        .reading(move |data| recent_searches::record(&data.store, viewer, search.trim()))
        .await;
    if let Err(error) = recorded {
        tracing::warn!(?error, "a recent search could not be kept");
    }
}

/// Forgets the viewer's recent searches.
pub async fn clear_recent_searches(data: &Data, viewer: UserId) -> AppResult<()> {
    data.write(move |write| recent_searches::clear(write, viewer))
        .await
}
