//! Pin queries and mutations: thin resolvers over `service::pins`, `temp_pins` and `add_pin`.

use async_graphql::{Context, ID, Object, Result, SimpleObject};

use super::context::ContextExt;
use super::ids::{board_id, board_ids, pin_id};
use super::pagination::page_cost;
use super::pin_lists::{PinConnection, pin_connection};
use super::types::objects::Pin;
use super::types::temp_pin::{ScanResult, TempPin};
use corkboard_core::service::add_pin::{NewPin, add_pin};
use corkboard_core::service::fetch_jobs::For;
use corkboard_core::service::loads::asked::Then;
use corkboard_core::service::pin_lists::PinList;
use corkboard_core::service::{pins, scanner, search, suggestions, temp_pins};
use corkboard_domain::colour::Colour;
use corkboard_domain::error::AppError;
use corkboard_domain::pin::PinText;
use corkboard_i18n::msg;
use corkboard_search::query::{Narrowing, Wanted};

const MAX_SUGGESTIONS: usize = 50;

/// A tag, with how many pins the viewer may see carry it.
#[derive(SimpleObject)]
pub(crate) struct TagSuggestion {
    pub name: String,
    pub count: usize,
}

/// The arguments of a search: a tag wins over text, which `board`, `user` (a username) and
/// `colour` (one of `colours`) narrow; blank means no search.
struct Searched {
    search: Option<String>,
    tag: Option<String>,
    board: Option<ID>,
    user: Option<String>,
    colour: Option<String>,
}

impl Searched {
    async fn wanted(self, ctx: &Context<'_>) -> Result<Option<Wanted>> {
        let given = |text: Option<String>| text.filter(|text| !text.trim().is_empty());
        if let Some(tag) = given(self.tag) {
            return Ok(Some(Wanted::Tag(tag)));
        }
        let Some(text) = given(self.search) else {
            return Ok(None);
        };
        let board = self.board.as_ref().map(board_id).transpose()?;
        let owner = match given(self.user) {
            Some(username) => Some(ctx.loaders().user_named(username, Then::new()).await?.id),
            None => None,
        };
        let colour = given(self.colour)
            .map(|name| Colour::named(&name).ok_or_else(|| unknown_colour(&name)))
            .transpose()?;
        let within = Narrowing {
            board: board.map(|board| board.0),
            owner: owner.map(|owner| owner.0),
            colour,
        };
        Ok(Some(Wanted::Text { text, within }))
    }
}

fn unknown_colour(name: &str) -> AppError {
    let names: Vec<&str> = Colour::all().map(Colour::name).collect();
    AppError::invalid(
        "colour",
        msg!(
            "error-colour-unknown",
            name = name,
            names = names.join(", ")
        ),
    )
}

/// What a results page is remembered as among the viewer's recent searches.
fn as_recent_search(wanted: &Wanted) -> String {
    match wanted {
        Wanted::Text { text, .. } => text.trim().to_owned(),
        Wanted::Tag(tag) => format!("#{}", tag.trim().trim_start_matches('#')),
    }
}

#[derive(Default)]
pub(crate) struct PinQuery;

#[Object]
impl PinQuery {
    /// One pin; `search` (narrowed to `board`, `user` and `colour` when given) or `tag` name the
    /// search results its neighbours come from, else they come from Last pins.
    #[allow(clippy::too_many_arguments)]
    async fn pin(
        &self,
        ctx: &Context<'_>,
        id: ID,
        search: Option<String>,
        tag: Option<String>,
        board: Option<ID>,
        user: Option<String>,
        colour: Option<String>,
    ) -> Result<Option<Pin>> {
        let record = pins::get(ctx.services(), ctx.viewer().user, pin_id(&id)?).await?;
        let searched = Searched {
            search,
            tag,
            board,
            user,
            colour,
        };
        let list = searched
            .wanted(ctx)
            .await?
            .map_or(PinList::Last, PinList::Found);
        Ok(Some(Pin {
            record: record.into(),
            list,
        }))
    }

    /// Last pins, newest first; or the pins found for `search` (by relevance; among the pins of
    /// `board`, of the person `user` (a username), of pictures whose colour is nearest `colour`
    /// (one of `colours`), when given) or `tag` (newest first). A signed-in viewer's first page
    /// of results is kept among their recent searches.
    #[allow(clippy::too_many_arguments)]
    #[graphql(complexity = "page_cost(first, child_complexity)")]
    async fn pins(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        search: Option<String>,
        tag: Option<String>,
        board: Option<ID>,
        user: Option<String>,
        colour: Option<String>,
    ) -> Result<PinConnection> {
        let searched = Searched {
            search,
            tag,
            board,
            user,
            colour,
        };
        let wanted = searched.wanted(ctx).await?;
        if let (Some(wanted), Some(viewer), None) = (&wanted, ctx.viewer().user, &after) {
            suggestions::record_search(ctx.services(), viewer, as_recent_search(wanted)).await;
        }
        let list = wanted.map_or(PinList::Last, PinList::Found);
        pin_connection(ctx, list, first, after).await
    }

    /// Tags starting with `token`, most used first, leaving out `actualTags`.
    #[graphql(complexity = "page_cost(Some(first), child_complexity)")]
    async fn tag_suggestions(
        &self,
        ctx: &Context<'_>,
        token: String,
        actual_tags: Option<Vec<String>>,
        #[graphql(default = 5)] first: i32,
    ) -> Result<Vec<TagSuggestion>> {
        let first = usize::try_from(first).unwrap_or(0).min(MAX_SUGGESTIONS);
        let found = search::suggest_tags(
            ctx.services(),
            ctx.viewer().user,
            token,
            actual_tags.unwrap_or_default(),
            first,
        )
        .await?;
        Ok(found
            .into_iter()
            .map(|(name, count)| TagSuggestion { name, count })
            .collect())
    }

    /// The pictures a web page shows, to pick one to pin.
    // A fetch from the web: priced like a page.
    #[graphql(complexity = "page_cost(None, child_complexity)")]
    async fn scrapper(&self, ctx: &Context<'_>, url: String) -> Result<Vec<ScanResult>> {
        let user = ctx.viewer().require_user()?;
        let found = scanner::scan(ctx.services(), For::Person(user), url).await?;
        Ok(found.into_iter().map(ScanResult::from).collect())
    }
}

#[derive(Default)]
pub(crate) struct PinMutation;

#[Object]
impl PinMutation {
    /// Downloads a picture from the web into a temporary pin; `referer` is the page it was
    /// found on, sent as the download's `Referer`.
    async fn download_pin_file(
        &self,
        ctx: &Context<'_>,
        url: String,
        referer: Option<String>,
    ) -> Result<TempPin> {
        let viewer = ctx.viewer().require_user()?;
        Ok(TempPin(
            temp_pins::stage_download(ctx.services(), viewer, url, referer).await?,
        ))
    }

    /// Turns a temporary pin into a pin, on top of each of `boards`.
    #[allow(clippy::too_many_arguments)]
    async fn add_pin(
        &self,
        ctx: &Context<'_>,
        temp_file_name: String,
        #[graphql(name = "originalName")] _original_name: Option<String>,
        url: Option<String>,
        title: Option<String>,
        caption: String,
        rating: Option<i32>,
        #[graphql(name = "unsafe")] unsafe_content: Option<bool>,
        tags: Option<Vec<String>>,
        boards: Option<Vec<ID>>,
    ) -> Result<Pin> {
        let viewer = ctx.viewer().require_user()?;
        let text = PinText::checked(title, &caption, rating, unsafe_content, tags)?;
        let boards = board_ids(boards)?;
        let new = NewPin {
            temp_file_name,
            url,
            text,
            boards,
        };
        Ok(Pin::from(add_pin(ctx.services(), viewer, new).await?))
    }
}
