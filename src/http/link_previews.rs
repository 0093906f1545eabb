//! Link previews: the UI's page of a pin, a board, a folder, a user or a tag's search, as a
//! visitor sees it (a share link's board and pins as its holder does), comes with its `<title>`, Open Graph and Twitter card tags, its oEmbed and
//! feed links in `index.html`'s head, for crawlers that run no script. Whoever asks gets what a
//! visitor would; a page with nothing a visitor may see gets none.

use crate::http::addresses::{Addresses, FeedFormat, SizedPicture, encoded};
use crate::http::html::escaped;
use crate::http::page_paths::page_at;
use crate::http::titles::{SITE_NAME, display_name, page_title};
use corkboard_core::service::context::Services;
use corkboard_core::service::visitor_pages::{self, Shown};
use corkboard_domain::error::AppResult;
use corkboard_domain::pin::Picture;
use corkboard_i18n::msg;

/// The width a link preview's picture is wanted at: the smallest stored at least this wide,
/// else the widest there is.
const PREVIEW_WIDTH: u32 = 1200;

/// What `index.html` says of every page; a preview puts its own head in its place.
const PLAIN_TITLE: &str = "<title>Corkboard</title>";

/// `index` with the preview of the page at `path` (and `query`); `None` for a page without one.
pub(crate) async fn previewed(
    services: &Services,
    index: &str,
    path: &str,
    query: &str,
) -> AppResult<Option<String>> {
    let Some(page) = page_at(path, query) else {
        return Ok(None);
    };
    if !index.contains(PLAIN_TITLE) {
        return Ok(None);
    }
    let addresses = Addresses::for_page(&services.config, &page);
    let Some(shown) = visitor_pages::page(services, page).await? else {
        return Ok(None);
    };
    let head = head(&addresses, &shown);
    Ok(Some(index.replacen(PLAIN_TITLE, &head, 1)))
}

/// The picture a link preview shows of a pin's picture.
pub(crate) fn preview_of(addresses: &Addresses, picture: &Picture) -> SizedPicture {
    addresses.sized_preview(picture, picture.preview_width_for(PREVIEW_WIDTH as i32))
}

/// The tags of `shown`'s page, its title first.
fn head(addresses: &Addresses, shown: &Shown) -> String {
    let url = addresses.page(shown);
    let (kind, description, picture) = match shown {
        Shown::User(user) => ("profile", None, addresses.avatar(user)),
        Shown::Folder { covers, .. } => (
            "website",
            None,
            covers
                .first()
                .map(|pin| preview_of(addresses, &pin.picture)),
        ),
        Shown::Board { board, cover, .. } => (
            "website",
            board.caption.as_deref(),
            cover
                .as_ref()
                .map(|pin| preview_of(addresses, &pin.picture)),
        ),
        Shown::Pin { pin, .. } => (
            "article",
            Some(pin.caption.as_str()),
            Some(preview_of(addresses, &pin.picture)),
        ),
        Shown::Tag(_) => ("website", None, None),
    };
    let title = page_title(shown);
    let mut tags = vec![
        format!("<title>{}</title>", escaped(&title)),
        meta("og:site_name", SITE_NAME),
        meta("og:type", kind),
        meta("og:title", &title),
        meta("og:url", &url),
        format!("<link rel=\"canonical\" href=\"{}\" />", escaped(&url)),
    ];
    if let Some(description) = description.filter(|text| !text.trim().is_empty()) {
        tags.push(meta("og:description", description));
    }
    let card = match &picture {
        // A person's avatar is small and square.
        Some(_) if !matches!(shown, Shown::User(_)) => "summary_large_image",
        _ => "summary",
    };
    if let Some(picture) = &picture {
        tags.push(meta("og:image", &picture.url));
        tags.push(meta("og:image:width", &picture.width.to_string()));
        tags.push(meta("og:image:height", &picture.height.to_string()));
    }
    tags.push(format!("<meta name=\"twitter:card\" content=\"{card}\" />"));
    if matches!(shown, Shown::Pin { .. } | Shown::Board { .. }) {
        let oembed = format!("/api/oembed?url={}&format=json", encoded(&url));
        tags.push(alternate(
            "application/json+oembed",
            &addresses.absolute(&oembed),
            &title,
        ));
    }
    if let Some(feed) = addresses.feed(shown, FeedFormat::Atom) {
        let name = match shown {
            Shown::User(user) => msg!("title-pins-by", name = display_name(user)).text(),
            _ => title.clone(),
        };
        tags.push(alternate(FeedFormat::Atom.media_type(), &feed, &name));
    }
    tags.join("\n    ")
}

fn meta(property: &str, content: &str) -> String {
    format!(
        "<meta property=\"{property}\" content=\"{}\" />",
        escaped(content)
    )
}

fn alternate(media_type: &str, href: &str, title: &str) -> String {
    format!(
        "<link rel=\"alternate\" type=\"{media_type}\" href=\"{}\" title=\"{}\" />",
        escaped(href),
        escaped(title)
    )
}
