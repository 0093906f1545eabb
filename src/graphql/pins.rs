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
use corkboard_core::service::pin_lists::PinList;
use corkboard_core::service::{pins, scanner, search, temp_pins};
use corkboard_domain::pin::PinText;
use corkboard_search::query::Wanted;

const MAX_SUGGESTIONS: usize = 50;

/// A tag, with how many pins the viewer may see carry it.
#[derive(SimpleObject)]
pub(crate) struct TagSuggestion {
    pub name: String,
    pub count: usize,
}

/// What a search asks for: a tag wins over text, which `board` narrows to one board's pins;
/// blank means no search.
fn searched(
    search: Option<String>,
    tag: Option<String>,
    board: Option<ID>,
) -> Result<Option<Wanted>> {
    let given = |text: Option<String>| text.filter(|text| !text.trim().is_empty());
    let board = board.as_ref().map(board_id).transpose()?;
    Ok(given(tag).map(Wanted::Tag).or_else(|| {
        given(search).map(|text| Wanted::Text {
            text,
            board: board.map(|board| board.0),
        })
    }))
}

#[derive(Default)]
pub(crate) struct PinQuery;

#[Object]
impl PinQuery {
    /// One pin; `search` (narrowed to `board` when given) or `tag` name the search results its
    /// neighbours come from, else they come from Last pins.
    async fn pin(
        &self,
        ctx: &Context<'_>,
        id: ID,
        search: Option<String>,
        tag: Option<String>,
        board: Option<ID>,
    ) -> Result<Option<Pin>> {
        let record = pins::get(ctx.services(), ctx.viewer().user, pin_id(&id)?).await?;
        let list = searched(search, tag, board)?.map_or(PinList::Last, PinList::Found);
        Ok(Some(Pin {
            record: record.into(),
            list,
        }))
    }

    /// Last pins, newest first; or the pins found for `search` (by relevance; among the pins of
    /// `board` when given) or `tag` (newest first).
    #[graphql(complexity = "page_cost(first, child_complexity)")]
    async fn pins(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
        search: Option<String>,
        tag: Option<String>,
        board: Option<ID>,
    ) -> Result<PinConnection> {
        let list = searched(search, tag, board)?.map_or(PinList::Last, PinList::Found);
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
