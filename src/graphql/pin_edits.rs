//! Mutations that change pins and their places on boards: thin resolvers over `service::pin_edits`.

use async_graphql::{Context, ID, Object, Result, SimpleObject};

use super::context::ContextExt;
use super::ids::{board_id, board_ids, pin_id};
use super::pagination::bounded_cost;
use super::pin_lists::{BoardPinEdge, board_pin_edge};
use super::types::objects::Board;
use super::types::objects::Pin;
use super::types::objects::User;
use corkboard_core::service::pin_edits::{self, PinPatch};
use corkboard_core::service::users;
use corkboard_domain::pin::PinText;

/// The most boards `deletePin` answers.
const MOST_BOARDS_ANSWERED: usize = 100;

/// What `deletePin` answers: the pin's owner and the boards it was on, to refresh them.
#[derive(SimpleObject)]
pub(crate) struct DeletedPin {
    pub user: User,
    /// At most 100 of them.
    #[graphql(complexity = "bounded_cost(MOST_BOARDS_ANSWERED, child_complexity)")]
    pub boards: Vec<Board>,
}

#[derive(Default)]
pub(crate) struct PinEditMutation;

#[Object]
impl PinEditMutation {
    /// Changes the fields given; the others stay.
    #[allow(clippy::too_many_arguments)]
    async fn update_pin(
        &self,
        ctx: &Context<'_>,
        id: ID,
        title: Option<String>,
        caption: Option<String>,
        rating: Option<i32>,
        #[graphql(name = "unsafe")] unsafe_content: Option<bool>,
        tags: Option<Vec<String>>,
    ) -> Result<Pin> {
        let viewer = ctx.viewer().require_user()?;
        let patch = PinPatch {
            title,
            caption,
            rating,
            unsafe_content,
            tags,
        };
        let pin = pin_edits::update(ctx.services(), viewer, pin_id(&id)?, patch).await?;
        Ok(Pin::from(pin))
    }

    /// Pins a copy of `pin` (`addedVia` it) for the viewer, on top of each of `boards`.
    #[allow(clippy::too_many_arguments)]
    async fn duplicate_pin(
        &self,
        ctx: &Context<'_>,
        pin: ID,
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
        let copy =
            pin_edits::duplicate(ctx.services(), viewer, pin_id(&pin)?, text, boards).await?;
        Ok(Pin::from(copy))
    }

    async fn delete_pin(&self, ctx: &Context<'_>, id: ID) -> Result<DeletedPin> {
        let viewer = ctx.viewer().require_user()?;
        let (pin, boards) = pin_edits::delete(ctx.services(), viewer, pin_id(&id)?).await?;
        Ok(DeletedPin {
            user: User::from(users::by_id(ctx.services(), pin.user).await?),
            boards: boards
                .into_iter()
                .take(MOST_BOARDS_ANSWERED)
                .map(Board)
                .collect(),
        })
    }

    /// Sets the rating, 0 (none) to 5.
    async fn rate_pin(&self, ctx: &Context<'_>, id: ID, rating: i32) -> Result<Pin> {
        let viewer = ctx.viewer().require_user()?;
        let pin = pin_edits::rate(ctx.services(), viewer, pin_id(&id)?, rating).await?;
        Ok(Pin::from(pin))
    }

    /// Puts the pin on top of the board; a pin already there keeps its place.
    async fn add_pin_to_board(
        &self,
        ctx: &Context<'_>,
        pin: ID,
        board: ID,
    ) -> Result<BoardPinEdge> {
        let viewer = ctx.viewer().require_user()?;
        let board = board_id(&board)?;
        let (order, record) =
            pin_edits::add_to_board(ctx.services(), viewer, pin_id(&pin)?, board).await?;
        Ok(board_pin_edge(board.0, order, Pin::on_board(board, record)))
    }

    async fn remove_pin_from_board(&self, ctx: &Context<'_>, pin: ID, board: ID) -> Result<Board> {
        let viewer = ctx.viewer().require_user()?;
        let board =
            pin_edits::remove_from_board(ctx.services(), viewer, pin_id(&pin)?, board_id(&board)?)
                .await?;
        Ok(Board(board))
    }

    /// Moves the pin to `order` on the board (the highest shows first).
    async fn order_pin_in_board(
        &self,
        ctx: &Context<'_>,
        pin: ID,
        board: ID,
        order: i64,
    ) -> Result<BoardPinEdge> {
        let viewer = ctx.viewer().require_user()?;
        let board = board_id(&board)?;
        let record =
            pin_edits::set_order(ctx.services(), viewer, pin_id(&pin)?, board, order).await?;
        Ok(board_pin_edge(board.0, order, Pin::on_board(board, record)))
    }
}
