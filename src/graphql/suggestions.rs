//! Search as you type: the header's suggestions (`suggestions`), the palette a search narrows to
//! (`colours`), and forgetting the viewer's recent searches (`clearRecentSearches`).

use async_graphql::{Context, Object, Result, SimpleObject};

use super::context::ContextExt;
use super::pagination::bounded_cost;
use super::pins::TagSuggestion;
use super::types::objects::{Board, User};
use super::types::user::Message;
use corkboard_core::service::suggestions::{self, Suggestions};
use corkboard_domain::colour::Colour;
use corkboard_i18n::msg;

/// How many suggestions of each kind may be asked for.
const MAX_EACH: usize = 10;

/// What the header suggests for what is typed; each kind holds only what the viewer may see.
#[derive(SimpleObject)]
#[graphql(name = "Suggestions")]
pub(crate) struct SuggestionList {
    /// Tags starting with it (from two letters), most used first. Each count is how many pins
    /// the viewer may see carry the tag (the index's pins with it, less the private ones the
    /// viewer may not read), as `tagSuggestions` counts; while a board made private waits for
    /// its sweep, the count may still hold its pins for a moment, but a tag only they carry is
    /// not suggested.
    #[graphql(complexity = "bounded_cost(MAX_EACH, child_complexity)")]
    tags: Vec<TagSuggestion>,
    /// Boards the viewer may see with title words starting with its words (from two letters),
    /// newest first.
    #[graphql(complexity = "bounded_cost(MAX_EACH, child_complexity)")]
    boards: Vec<Board>,
    /// People whose username starts with it (from two letters; a leading '@' is left out).
    #[graphql(complexity = "bounded_cost(MAX_EACH, child_complexity)")]
    people: Vec<User>,
    /// The viewer's recent searches holding it, newest first (all of them for an empty text);
    /// none for a visitor.
    recent_searches: Vec<String>,
}

/// A colour of the palette a search narrows to.
#[derive(SimpleObject)]
#[graphql(name = "SearchColour")]
pub(crate) struct SearchColour {
    /// Its name, as `pins(colour:)` takes it.
    name: String,
    /// Its centre, `#rrggbb`.
    hex: String,
}

#[derive(Default)]
pub(crate) struct SuggestionQuery;

#[Object]
impl SuggestionQuery {
    /// Suggestions for `text` as it is typed in the search box, up to `first` of each kind.
    async fn suggestions(
        &self,
        ctx: &Context<'_>,
        text: String,
        #[graphql(default = 5)] first: i32,
    ) -> Result<SuggestionList> {
        let first = usize::try_from(first).unwrap_or(0).min(MAX_EACH);
        let Suggestions {
            tags,
            boards,
            people,
            recent_searches,
        } = suggestions::suggest(ctx.services(), ctx.viewer().user, text, first).await?;
        Ok(SuggestionList {
            tags: tags
                .into_iter()
                .map(|(name, count)| TagSuggestion { name, count })
                .collect(),
            boards: boards.into_iter().map(Board).collect(),
            people: people.into_iter().map(User::from).collect(),
            recent_searches,
        })
    }

    /// The colours a search narrows to (`pins(colour:)`): each picture counts as the one nearest
    /// its dominant colour.
    #[graphql(complexity = "bounded_cost(Colour::all().count(), child_complexity)")]
    async fn colours(&self) -> Vec<SearchColour> {
        Colour::all()
            .map(|colour| SearchColour {
                name: colour.name().to_owned(),
                hex: colour.hex(),
            })
            .collect()
    }
}

#[derive(Default)]
pub(crate) struct SuggestionMutation;

#[Object]
impl SuggestionMutation {
    /// Forgets the viewer's recent searches.
    async fn clear_recent_searches(&self, ctx: &Context<'_>) -> Result<Message> {
        let viewer = ctx.viewer().require_user()?;
        suggestions::clear_recent_searches(ctx.services(), viewer).await?;
        Ok(Message::new(msg!("done-recent-searches-cleared").text()))
    }
}
