//! Pin queries and mutations: thin resolvers over `service::pins`, `temp_pins` and `add_pin`.

use async_graphql::{Context, ID, Object, Result};

use super::boards::board_id;
use super::context::ContextExt;
use super::pin_lists::{PinConnection, pin_connection};
use super::types::pin::Pin;
use super::types::temp_pin::{ScanResult, TempPin};
use crate::domain::ids::PinId;
use crate::domain::pin::PinText;
use crate::error::AppError;
use crate::service::access::PIN_NOT_FOUND;
use crate::service::add_pin::{NewPin, add_pin};
use crate::service::pin_lists::PinList;
use crate::service::{pins, scanner, temp_pins};

pub fn pin_id(id: &ID) -> Result<PinId, AppError> {
    PinId::parse(id).ok_or_else(|| AppError::not_found(PIN_NOT_FOUND))
}

#[derive(Default)]
pub struct PinQuery;

#[Object]
impl PinQuery {
    /// One pin; `search` or `tag` name the list its neighbours come from.
    async fn pin(
        &self,
        ctx: &Context<'_>,
        id: ID,
        #[graphql(name = "search")] _search: Option<String>,
        #[graphql(name = "tag")] _tag: Option<String>,
    ) -> Result<Option<Pin>> {
        let pin = pins::get(ctx.state(), ctx.viewer().user, pin_id(&id)?).await?;
        Ok(Some(Pin::from(pin)))
    }

    /// Last pins, newest first.
    async fn pins(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
    ) -> Result<PinConnection> {
        pin_connection(ctx, PinList::Last, first, after).await
    }

    /// The pictures a web page shows, to pick one to pin.
    async fn scrapper(&self, ctx: &Context<'_>, url: String) -> Result<Vec<ScanResult>> {
        ctx.viewer().require_user()?;
        let found = scanner::scan(ctx.state(), url).await?;
        Ok(found.into_iter().map(ScanResult::from).collect())
    }
}

#[derive(Default)]
pub struct PinMutation;

#[Object]
impl PinMutation {
    /// Downloads a picture from the web into a temporary pin.
    async fn download_pin_file(&self, ctx: &Context<'_>, url: String) -> Result<TempPin> {
        let viewer = ctx.viewer().require_user()?;
        Ok(TempPin(
            temp_pins::stage_download(ctx.state(), viewer, url).await?,
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
        let boards = boards
            .unwrap_or_default()
            .iter()
            .map(board_id)
            .collect::<Result<Vec<_>, _>>()?;
        let new = NewPin {
            temp_file_name,
            url,
            text,
            boards,
        };
        Ok(Pin::from(add_pin(ctx.state(), viewer, new).await?))
    }
}
