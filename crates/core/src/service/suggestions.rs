//! Suggestions as a search is typed in the header: tags, boards and people whose names start
//! with what is typed, and the viewer's recent searches; each only what the viewer may see.

use corkboard_domain::board::{BoardRecord, title_matches, title_words};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::UserId;
use corkboard_domain::policy::shows_content;
use corkboard_domain::user::UserRecord;
use corkboard_store::{board_titles, boards, recent_searches, users};

use crate::service::access::visible_only;
use crate::service::data::Data;
use crate::service::search::tags_seen;

/// How many letters a search needs before tags, boards and people are suggested.
pub const FEWEST_LETTERS: usize = 2;
/// How many entries of the index of board title words one suggestion reads at most: boards the
/// viewer may not see are passed over, and a common beginning stops there.
const BOARD_WORDS_READ: usize = 200;
/// How many people whose username starts alike are read at most (disabled ones are passed over).
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
            let searched = title_words(typed);
            let boards = match searched.iter().next() {
                Some(word) => {
                    let ids =
                        board_titles::of_anyone_with_word_starting(read, word, BOARD_WORDS_READ)?;
                    let mut found = Vec::new();
                    for id in ids {
                        found.extend(boards::get(read, id)?);
                    }
                    found.retain(|board| title_matches(&title_words(&board.title), &searched));
                    found.sort_by_key(|board| std::cmp::Reverse(board.id));
                    visible_only(read, found, viewer)?
                }
                None => Vec::new(),
            };
            let name = typed.trim_start_matches('@').to_lowercase();
            let mut people = users::with_username_starting(read, &name, PEOPLE_READ)?;
            people.retain(shows_content);
            Ok((boards, people))
        })?;
        Ok(Suggestions {
            tags,
            boards: boards.into_iter().take(first).collect(),
            people: people.into_iter().take(first).collect(),
            recent_searches,
        })
    })
    .await
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
