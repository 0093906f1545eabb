//! The `Pin` GraphQL type's fields, over `objects::Pin`.

use async_graphql::{Context, ID, Object, Result};
use chrono::{DateTime, Utc};

use super::objects::{Board, Pin, User};
use crate::graphql::connection::Connection;
use crate::graphql::context::ContextExt;
use crate::graphql::in_turn;
use crate::graphql::pagination::{Total, page, page_cost};
use crate::graphql::pin_lists::{PinConnection, similar_connection};
use corkboard_core::media::encode::FORMATS;
use corkboard_core::media::urls;
use corkboard_core::service::pin_lists::{self, Neighbours};
use corkboard_core::service::pins;

in_turn::answered_in_turn!(Pin by PinFields,
    plain: {
        "id" => id,
        "sha1" => sha1,
        "previewsSizes" => previews_sizes,
        "previewsFormats" => previews_formats,
        "width" => width,
        "height" => height,
        "weight" => weight,
        "camera" => camera,
        "lens" => lens,
        "focalLength" => focal_length,
        "exposureTime" => exposure_time,
        "aperture" => aperture,
        "iso" => iso,
        "exifDate" => exif_date,
        "sourceFileUrl" => source_file_url,
        "sourceDomain" => source_domain,
        "original" => original,
        "title" => title,
        "caption" => caption,
        "rating" => rating,
        "unsafe" => unsafe_content,
        "dominantColor" => dominant_color,
        "createdAt" => created_at,
        "tags" => tags,
    },
    ready: ["preview"]
);

#[Object(name = "Pin")]
impl PinFields<'_> {
    async fn id(&self) -> ID {
        self.record.id.into()
    }

    async fn sha1(&self) -> &str {
        &self.record.picture.sha1
    }

    /// Widths of the stored previews, smallest first.
    async fn previews_sizes(&self) -> &[u32] {
        &self.record.picture.preview_widths
    }

    async fn previews_formats(&self) -> Vec<&str> {
        FORMATS.to_vec()
    }

    async fn width(&self) -> u32 {
        self.record.picture.width
    }

    async fn height(&self) -> u32 {
        self.record.picture.height
    }

    /// Size of the original file in bytes.
    async fn weight(&self) -> u64 {
        self.record.picture.weight
    }

    async fn camera(&self) -> Option<&str> {
        self.record.picture.exif.camera.as_deref()
    }

    async fn lens(&self) -> Option<&str> {
        self.record.picture.exif.lens.as_deref()
    }

    /// Focal length in millimetres.
    async fn focal_length(&self) -> Option<f64> {
        self.record.picture.exif.focal_length
    }

    /// Exposure time in seconds, as a fraction such as "1/250".
    async fn exposure_time(&self) -> Option<&str> {
        self.record.picture.exif.exposure_time.as_deref()
    }

    /// The f-number.
    async fn aperture(&self) -> Option<f64> {
        self.record.picture.exif.aperture
    }

    async fn iso(&self) -> Option<u32> {
        self.record.picture.exif.iso
    }

    /// When the picture was taken, from EXIF (ISO 8601 without a time zone).
    async fn exif_date(&self) -> Option<&str> {
        self.record.picture.exif.date.as_deref()
    }

    async fn source_file_url(&self) -> Option<&str> {
        self.record.source_file_url.as_deref()
    }

    async fn source_domain(&self) -> Option<String> {
        self.record.source_domain()
    }

    /// URL of the original file.
    async fn original(&self) -> String {
        urls::original(&self.record.picture)
    }

    async fn title(&self) -> Option<&str> {
        self.record.title.as_deref()
    }

    async fn caption(&self) -> &str {
        &self.record.caption
    }

    /// 0 (none) to 5.
    async fn rating(&self) -> u8 {
        self.record.rating
    }

    /// Not safe for work.
    #[graphql(name = "unsafe")]
    async fn unsafe_content(&self) -> bool {
        self.record.unsafe_content
    }

    /// True unless the pin is on at least one public board.
    async fn secret(&self, ctx: &Context<'_>) -> Result<bool> {
        ctx.loaders().pin_secret(self.record.id).await
    }

    /// `#rrggbb`.
    async fn dominant_color(&self) -> &str {
        &self.record.picture.dominant_color
    }

    async fn created_at(&self) -> DateTime<Utc> {
        self.record.created_at
    }

    async fn tags(&self) -> &[String] {
        &self.record.tags
    }

    /// The pin this one was pinned from, when the viewer may see it.
    async fn added_via(&self, ctx: &Context<'_>) -> Result<Option<Pin>> {
        let Some(via) = self.record.added_via else {
            return Ok(None);
        };
        Ok(pins::visible(ctx.services(), ctx.viewer().user, via)
            .await?
            .map(Pin::from))
    }

    async fn user(&self, ctx: &Context<'_>) -> Result<User> {
        User::load(ctx, self.record.user).await
    }

    /// The pin's boards that the viewer may see.
    #[graphql(complexity = "page_cost(first, child_complexity)")]
    async fn boards(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
    ) -> Result<Connection<String, Board, Total>> {
        let found = pins::boards_of(ctx.services(), ctx.viewer().user, self.record.id).await?;
        Ok(page(
            found,
            first,
            after,
            |board| board.id.to_string(),
            Board,
        )?)
    }

    /// "More like this": pins whose pictures look alike this one's or whose words read alike,
    /// best first, one a picture, never this pin's own picture; only those the viewer may see.
    #[graphql(complexity = "page_cost(first, child_complexity)")]
    async fn similar(
        &self,
        ctx: &Context<'_>,
        first: Option<i32>,
        after: Option<String>,
    ) -> Result<PinConnection> {
        similar_connection(ctx, self.record.id, first, after).await
    }

    /// The pin before this one in the list it was opened from.
    #[graphql(name = "prevID")]
    async fn prev_id(&self, ctx: &Context<'_>) -> Result<Option<ID>> {
        Ok(self.neighbours(ctx).await?.prev.map(ID::from))
    }

    /// The pin after this one in the list it was opened from.
    #[graphql(name = "nextID")]
    async fn next_id(&self, ctx: &Context<'_>) -> Result<Option<ID>> {
        Ok(self.neighbours(ctx).await?.next.map(ID::from))
    }

    /// URL of the smallest preview at least `minWidth` wide, else the largest.
    async fn preview(&self, min_width: i32, #[graphql(default = "jpeg")] format: String) -> String {
        urls::preview(&self.record.picture, min_width, &format)
    }
}

impl Pin {
    async fn neighbours(&self, ctx: &Context<'_>) -> Result<Neighbours> {
        let viewer = ctx.viewer().user;
        Ok(
            pin_lists::neighbours(ctx.services(), viewer, self.list.clone(), self.record.id)
                .await?,
        )
    }
}
