//! Feeds of what a visitor sees, the newest 50 pins, as Atom (`.atom`) or RSS 2.0 (`.rss`): a
//! user's pins (`/feeds/users/{username}.atom`), a board's
//! (`/feeds/users/{username}/boards/{slug}.atom`: a board's slug is its owner's alone, whatever
//! its folder), a tag's (`/feeds/tags/{tag}.atom`), and a share link's board's, private or not
//! (`/feeds/shared/{token}.atom`, as secret as the link). A private or missing one is a 404.

use poem::web::{Data, Path};
use poem::{Request, Response, handler};

use crate::http::addresses::{Addresses, FeedFormat};
use crate::http::conditional;
use crate::http::feed_documents::{Feed, FeedEntry};
use crate::http::titles::{display_name, page_title, pin_title};
use corkboard_core::service::context::Services;
use corkboard_core::service::visitor_pages::{self, Page, PinOf};
use corkboard_domain::error::AppError;
use corkboard_i18n::{Locale, msg};

/// How many pins a feed holds, the newest.
const FEED_LENGTH: usize = 50;
/// The width of the preview each entry shows (the smallest stored at least as wide).
const PICTURE_WIDTH: u32 = 738;

/// Where a feed's pins come from; each is read as a visitor sees it.
#[derive(Debug, Clone)]
enum FeedSource {
    User(String),
    Board {
        username: String,
        slug: String,
    },
    Tag(String),
    /// The board of the share link of this token.
    Shared(String),
}

impl FeedSource {
    /// The page whose pins the feed shows.
    fn page(self) -> Page {
        match self {
            FeedSource::User(username) => Page::User(username),
            FeedSource::Board { username, slug } => Page::Board { username, slug },
            FeedSource::Tag(tag) => Page::Tag(tag),
            FeedSource::Shared(token) => Page::Shared { token, pin: None },
        }
    }
}

#[handler]
pub(crate) async fn user_feed(
    req: &Request,
    services: Data<&Services>,
    Path(file): Path<String>,
) -> poem::Result<Response> {
    answer(req, &services, &file, FeedSource::User).await
}

#[handler]
pub(crate) async fn board_feed(
    req: &Request,
    services: Data<&Services>,
    Path((username, file)): Path<(String, String)>,
) -> poem::Result<Response> {
    let source = |slug| FeedSource::Board { username, slug };
    answer(req, &services, &file, source).await
}

#[handler]
pub(crate) async fn tag_feed(
    req: &Request,
    services: Data<&Services>,
    Path(file): Path<String>,
) -> poem::Result<Response> {
    answer(req, &services, &file, FeedSource::Tag).await
}

#[handler]
pub(crate) async fn shared_feed(
    req: &Request,
    services: Data<&Services>,
    Path(file): Path<String>,
) -> poem::Result<Response> {
    answer(req, &services, &file, FeedSource::Shared).await
}

/// The feed `file` names (`{name}.atom` or `{name}.rss`), `source` being what `name` names.
async fn answer(
    req: &Request,
    services: &Services,
    file: &str,
    source: impl FnOnce(String) -> FeedSource,
) -> poem::Result<Response> {
    let not_found = || AppError::not_found(msg!("error-no-such-feed"));
    let (name, format) = file
        .rsplit_once('.')
        .and_then(|(name, extension)| Some((name, FeedFormat::of_extension(extension)?)))
        .ok_or_else(not_found)?;
    let page = source(name.to_owned()).page();
    let addresses = Addresses::for_page(&services.config, &page);
    let (shown, pins) = visitor_pages::with_newest_pins(services, page, FEED_LENGTH)
        .await?
        .ok_or_else(not_found)?;
    let feed = Feed {
        title: page_title(&shown),
        language: Locale::current().code(),
        page: addresses.page(&shown),
        own: addresses.absolute(req.uri().path()),
        entries: pins.iter().map(|pin| entry(&addresses, pin)).collect(),
    };
    let body = match format {
        FeedFormat::Atom => feed.atom(),
        FeedFormat::Rss => feed.rss(),
    };
    let media_type = format!("{}; charset=utf-8", format.media_type());
    Ok(conditional::answer(req, &media_type, body, feed.updated()))
}

fn entry(addresses: &Addresses, (pin, owner): &PinOf) -> FeedEntry {
    let width = pin.picture.preview_width_for(PICTURE_WIDTH as i32);
    FeedEntry {
        page: addresses.pin(pin.id),
        title: pin_title(pin, owner),
        caption: pin.caption.clone(),
        tags: pin.tags.clone(),
        author: display_name(owner),
        author_page: addresses.user(&owner.username),
        picture: addresses.preview(&pin.picture, width),
        source: pin.source_file_url.clone(),
        pinned: pin.created_at,
    }
}
