//! The `Pin` GraphQL type, and the board-pin connection with each edge's order.

use async_graphql::connection::{Connection, ConnectionNameType, Edge, EdgeNameType};
use async_graphql::{Context, ID, Object, OutputType, Result, SimpleObject};
use chrono::{DateTime, Utc};

use super::board::Board;
use super::user::User;
use crate::domain::pin::PinRecord;
use crate::graphql::context::ContextExt;
use crate::graphql::pagination::{Total, page, slice};
use crate::media::encode::FORMATS;
use crate::service::{pins, users};

pub struct Pin(pub PinRecord);

#[Object]
impl Pin {
    async fn id(&self) -> ID {
        self.0.id.into()
    }

    async fn sha1(&self) -> &str {
        &self.0.picture.sha1
    }

    /// Widths of the stored previews, smallest first.
    async fn previews_sizes(&self) -> &[u32] {
        &self.0.picture.preview_widths
    }

    async fn previews_formats(&self) -> Vec<&str> {
        FORMATS.to_vec()
    }

    async fn width(&self) -> u32 {
        self.0.picture.width
    }

    async fn height(&self) -> u32 {
        self.0.picture.height
    }

    /// Size of the original file in bytes.
    async fn weight(&self) -> u64 {
        self.0.picture.weight
    }

    async fn camera(&self) -> Option<&str> {
        self.0.picture.exif.camera.as_deref()
    }

    async fn lens(&self) -> Option<&str> {
        self.0.picture.exif.lens.as_deref()
    }

    /// Focal length in millimetres.
    async fn focal_length(&self) -> Option<f64> {
        self.0.picture.exif.focal_length
    }

    /// Exposure time in seconds, as a fraction such as "1/250".
    async fn exposure_time(&self) -> Option<&str> {
        self.0.picture.exif.exposure_time.as_deref()
    }

    /// The f-number.
    async fn aperture(&self) -> Option<f64> {
        self.0.picture.exif.aperture
    }

    async fn iso(&self) -> Option<u32> {
        self.0.picture.exif.iso
    }

    /// When the picture was taken, from EXIF (ISO 8601 without a time zone).
    async fn exif_date(&self) -> Option<&str> {
        self.0.picture.exif.date.as_deref()
    }

    async fn source_file_url(&self) -> Option<&str> {
        self.0.source_file_url.as_deref()
    }

    async fn source_domain(&self) -> Option<String> {
        self.0.source_domain()
    }

    /// URL of the original file.
    async fn original(&self) -> String {
        format!("/media/originals/{}", self.0.picture.original_path())
    }

    async fn title(&self) -> Option<&str> {
        self.0.title.as_deref()
    }

    async fn caption(&self) -> &str {
        &self.0.caption
    }

    /// 0 (none) to 5.
    async fn rating(&self) -> u8 {
        self.0.rating
    }

    /// Not safe for work.
    #[graphql(name = "unsafe")]
    async fn unsafe_content(&self) -> bool {
        self.0.unsafe_content
    }

    /// True unless the pin is on at least one public board.
    async fn secret(&self, ctx: &Context<'_>) -> Result<bool> {
        Ok(pins::is_secret(ctx.state(), self.0.id).await?)
    }

    /// `#rrggbb`.
    async fn dominant_color(&self) -> &str {
        &self.0.picture.dominant_color
    }

    async fn created_at(&self) -> DateTime<Utc> {
        self.0.created_at
    }

    async fn tags(&self) -> &[String] {
        &self.0.tags
    }

    /// The pin this one was pinned from, when the viewer may see it.
    async fn added_via(&self, ctx: &Context<'_>) -> Result<Option<Pin>> {
        let Some(via) = self.0.added_via else {
            return Ok(None);
        };
        Ok(pins::visible(ctx.state(), ctx.viewer().user, via)
            .await?
            .map(Pin))
    }

    async fn user(&self, ctx: &Context<'_>) -> Result<User> {
        Ok(User(users::by_id(ctx.state(), self.0.user).await?))
    }

    /// The pin's boards that the viewer may see.
    async fn boards(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
    ) -> Result<Connection<String, Board, Total>> {
        let found = pins::boards_of(ctx.state(), ctx.viewer().user, self.0.id).await?;
        Ok(page(
            found,
            first,
            after,
            |board| board.id.to_string(),
            Board,
        )?)
    }

    /// URL of the smallest preview at least `minWidth` wide, else the largest.
    async fn preview(&self, min_width: i32, #[graphql(default = "jpeg")] format: String) -> String {
        let picture = &self.0.picture;
        let format = if format == "webp" { "webp" } else { "jpeg" };
        format!(
            "/media/previews/{}",
            picture.preview_path(picture.preview_width_for(min_width), format)
        )
    }
}

/// The extra fields of a board-pin edge.
#[derive(SimpleObject)]
pub struct BoardPinFields {
    /// The edge's own id: board and pin.
    pub id: ID,
    /// Position on the board; the highest shows first.
    pub order: i64,
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
    Connection<String, Pin, Total, BoardPinFields, BoardPinConnectionName, BoardPinEdgeName>;

/// One page of a board's pins, `pins` being in board order.
pub fn board_pin_page(
    board: u64,
    pins: Vec<(i64, PinRecord)>,
    first: Option<i32>,
    after: Option<String>,
) -> Result<BoardPinConnection> {
    let page = slice(pins, first, after, |(_, pin)| pin.id.to_string())?;
    let total = Total {
        total_count: page.total_count,
    };
    let mut connection =
        Connection::with_additional_fields(page.has_previous_page, page.has_next_page, total);
    connection
        .edges
        .extend(page.items.into_iter().map(|(cursor, (order, pin))| {
            let fields = BoardPinFields {
                id: format!("{board}:{}", pin.id).into(),
                order,
            };
            Edge::with_additional_fields(cursor, Pin(pin), fields)
        }));
    Ok(connection)
}
