//! Pin lists as Relay connections: Last pins and a user's pins (`PinConnection`), a board's pins
//! (`BoardPinConnection`, whose edges carry their order), and the pins like one (`Pin.similar`).

use async_graphql::connection::{ConnectionNameType, CursorType, EdgeNameType};
use async_graphql::{Context, ID, Object, OutputType, Result, SimpleObject};

use super::connection::{Connection, Edge};
use super::context::ContextExt;
use super::pagination::{Total, items_to_read};
use super::prefetch;
use super::types::objects::Pin;
use std::sync::Arc;

use corkboard_core::service::pin_lists::{PageRequest, PinList, PinPage, cursor, parse_cursor};
use corkboard_core::service::similar_pins;
use corkboard_domain::ids::PinId;
use corkboard_domain::pin::PinRecord;
use corkboard_i18n::msg;
use corkboard_store::pin_order::PinKey;

pub(crate) type PinConnection = Connection<PinCursor, Pin, PinTotal>;

/// A page cursor: the key of a pin in its list, written out only when asked for (a page's
/// `endCursor`). Each edge of a page wrote its own before: 7% of a board page's instructions.
pub struct PinCursor(pub(crate) PinKey);

impl CursorType for PinCursor {
    type Error = String;

    fn decode_cursor(text: &str) -> Result<Self, Self::Error> {
        parse_cursor(text)
            .map(PinCursor)
            .map_err(|_| msg!("error-cursor-invalid").text())
    }

    fn encode_cursor(&self) -> String {
        cursor(self.0)
    }
}

/// The extra fields of a list of pins.
#[derive(SimpleObject)]
pub(crate) struct PinTotal {
    /// How many pins the list holds. A search counts up to 10,000 matches.
    pub total_count: usize,
    /// True when a search stopped counting at `totalCount`: more pins match.
    pub total_count_capped: bool,
}

/// One page of `list`.
pub(crate) async fn pin_connection(
    ctx: &Context<'_>,
    list: PinList,
    first: Option<i32>,
    after: Option<String>,
) -> Result<PinConnection> {
    let page = load(ctx, list.clone(), first, after).await?;
    Ok(connection_of(page, list))
}

/// One page of the pins like `pin` ("More like this"); opened from it, each pin's neighbours
/// are those of Last pins.
pub(crate) async fn similar_connection(
    ctx: &Context<'_>,
    pin: PinId,
    first: Option<i32>,
    after: Option<String>,
) -> Result<PinConnection> {
    let first = items_to_read(ctx, first)?;
    let after = after.as_deref().map(parse_cursor).transpose()?;
    let viewer = ctx.viewer().user;
    let page = similar_pins::page(ctx.services(), viewer, pin, first, after).await?;
    Ok(connection_of(page, PinList::Last))
}

/// A page as a connection whose pins, opened, have their neighbours in `list`.
pub(crate) fn connection_of(page: PinPage, list: PinList) -> PinConnection {
    prefetch::records(page.pins.iter().map(|(_, record)| &**record));
    let total = PinTotal {
        total_count: page.total,
        total_count_capped: page.total_capped,
    };
    page_connection(page, total, |record| Pin {
        record,
        list: list.clone(),
    })
}

/// A page of pins as a connection whose fields are `fields`, each pin's key its cursor and
/// `node` its node.
pub(crate) fn page_connection<Node, Fields>(
    page: PinPage,
    fields: Fields,
    node: impl Fn(Arc<PinRecord>) -> Node,
) -> Connection<PinCursor, Node, Fields> {
    let mut connection =
        Connection::with_additional_fields(page.has_previous, page.has_next, fields);
    connection.edges.extend(
        page.pins
            .into_iter()
            .map(|(key, record)| Edge::new(PinCursor(key), node(record))),
    );
    connection
}

async fn load(
    ctx: &Context<'_>,
    list: PinList,
    first: Option<i32>,
    after: Option<String>,
) -> Result<PinPage> {
    let request = PageRequest {
        list,
        first: items_to_read(ctx, first)?,
        after: after.as_deref().map(parse_cursor).transpose()?,
    };
    Ok(Arc::unwrap_or_clone(ctx.loaders().pin_page(request).await?))
}

/// The extra fields of a board-pin edge.
pub struct BoardPinFields {
    board: u64,
    pin: PinId,
    order: i64,
}

#[Object]
impl BoardPinFields {
    /// The edge's own id: board and pin.
    async fn id(&self) -> ID {
        format!("{}:{}", self.board, self.pin).into()
    }

    /// Position on the board; the highest shows first.
    async fn order(&self) -> i64 {
        self.order
    }
}

pub struct BoardPinConnectionName;

impl ConnectionNameType for BoardPinConnectionName {
    fn type_name<T: OutputType>() -> String {
        "BoardPinConnection".into()
    }
}

pub struct BoardPinEdgeName;

impl EdgeNameType for BoardPinEdgeName {
    fn type_name<T: OutputType>() -> String {
        "BoardPinEdge".into()
    }
}

pub type BoardPinConnection =
    Connection<PinCursor, Pin, Total, BoardPinFields, BoardPinConnectionName, BoardPinEdgeName>;
pub type BoardPinEdge = Edge<PinCursor, Pin, BoardPinFields, BoardPinEdgeName>;

/// An edge of a board's pin list.
pub(crate) fn board_pin_edge(board: u64, order: i64, pin: Pin) -> BoardPinEdge {
    let fields = BoardPinFields {
        board,
        pin: pin.record.id,
        order,
    };
    Edge::with_additional_fields(PinCursor((order, pin.record.id.0)), pin, fields)
}

/// One page of a board's pins, in board order.
pub(crate) async fn board_pin_connection(
    ctx: &Context<'_>,
    board: corkboard_domain::ids::BoardId,
    first: Option<i32>,
    after: Option<String>,
) -> Result<BoardPinConnection> {
    let page = load(ctx, PinList::OnBoard(board), first, after).await?;
    let total = Total {
        total_count: page.total,
    };
    let mut connection =
        Connection::with_additional_fields(page.has_previous, page.has_next, total);
    connection.edges.extend(
        page.pins.into_iter().map(|((order, _), record)| {
            board_pin_edge(board.0, order, Pin::on_board(board, record))
        }),
    );
    Ok(connection)
}
