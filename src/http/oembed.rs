//! `GET /api/oembed?url=...`: oEmbed (JSON) for the page of a pin (a photo) or a board (a link
//! with its cover as thumbnail), as a visitor sees it; 404 for any other address, or one a
//! visitor may not see. `maxwidth` and `maxheight` choose a smaller preview.

use poem::http::StatusCode;
use poem::web::{Data, Query};
use poem::{Response, handler};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::http::addresses::{Addresses, SizedPicture};
use crate::http::link_previews::preview_of;
use crate::http::page_paths::page_at;
use crate::http::titles::{SITE_NAME, display_name, pin_title};
use corkboard_core::service::context::Services;
use corkboard_core::service::visitor_pages::{self, Page, Shown};
use corkboard_domain::error::AppError;
use corkboard_domain::pin::Picture;
use corkboard_domain::user::UserRecord;
use corkboard_i18n::msg;

#[derive(Deserialize)]
pub(crate) struct Asked {
    url: String,
    format: Option<String>,
    maxwidth: Option<u32>,
    maxheight: Option<u32>,
}

#[handler]
pub(crate) async fn oembed(
    services: Data<&Services>,
    Query(asked): Query<Asked>,
) -> poem::Result<Response> {
    if asked
        .format
        .as_deref()
        .is_some_and(|format| format != "json")
    {
        return Ok(Response::builder()
            .status(StatusCode::NOT_IMPLEMENTED)
            .body(msg!("oembed-json-only").text()));
    }
    let not_found = || AppError::not_found(msg!("error-nothing-to-embed"));
    let addresses = Addresses::of(&services.config);
    let address = addresses.path_of(&asked.url).ok_or_else(not_found)?;
    let (path, query) = address.split_once('?').unwrap_or((address, ""));
    let page = page_at(path, query)
        .filter(|page| {
            matches!(
                page,
                Page::Pin(_) | Page::Board { .. } | Page::Shared { .. }
            )
        })
        .ok_or_else(not_found)?;
    let addresses = Addresses::for_page(&services.config, &page);
    let shown = visitor_pages::page(&services, page)
        .await?
        .ok_or_else(not_found)?;
    let fitting = |picture: &Picture| fitting(&addresses, picture, &asked);
    let answer = match &shown {
        Shown::Pin { pin, owner } => {
            let photo = fitting(&pin.picture);
            let mut answer = common(&addresses, "photo", &pin_title(pin, owner), owner);
            answer["url"] = json!(photo.url);
            answer["width"] = json!(photo.width);
            answer["height"] = json!(photo.height);
            answer
        }
        Shown::Board {
            board,
            owner,
            cover,
            ..
        } => {
            let mut answer = common(&addresses, "link", &board.title, owner);
            if let Some(cover) = cover {
                let thumbnail = fitting(&cover.picture);
                answer["thumbnail_url"] = json!(thumbnail.url);
                answer["thumbnail_width"] = json!(thumbnail.width);
                answer["thumbnail_height"] = json!(thumbnail.height);
            }
            answer
        }
        _ => return Err(not_found().into()),
    };
    Ok(Response::builder()
        .content_type("application/json")
        .body(answer.to_string()))
}

/// The fields every answer has.
fn common(addresses: &Addresses, kind: &str, title: &str, owner: &UserRecord) -> Value {
    json!({
        "version": "1.0",
        "type": kind,
        "title": title,
        "author_name": display_name(owner),
        "author_url": addresses.user(&owner.username),
        "provider_name": SITE_NAME,
        "provider_url": addresses.home(),
    })
}

/// The link preview's picture, else the widest stored preview within `maxwidth` and
/// `maxheight`, else the smallest.
fn fitting(addresses: &Addresses, picture: &Picture, asked: &Asked) -> SizedPicture {
    let fits = |width: u32| {
        asked.maxwidth.is_none_or(|most| width <= most)
            && asked
                .maxheight
                .is_none_or(|most| picture.preview_height(width) <= most)
    };
    let preview = preview_of(addresses, picture);
    if fits(preview.width) {
        return preview;
    }
    let widths = &picture.preview_widths;
    let width = widths
        .iter()
        .copied()
        .filter(|width| *width < preview.width && fits(*width))
        .max()
        .or_else(|| widths.first().copied())
        .unwrap_or(preview.width);
    addresses.sized_preview(picture, width)
}
