//! The absolute addresses of the UI's pages, of the feeds and of pictures, under the server's
//! public address (`public_url`, else the listening one), as ui/src/lib/paths.ts lays out pages.

use corkboard_core::media::urls;
use corkboard_core::service::visitor_pages::{Page, Shown};
use corkboard_domain::board::{BoardRecord, FolderRecord};
use corkboard_domain::config::Config;
use corkboard_domain::ids::PinId;
use corkboard_domain::pin::Picture;
use corkboard_domain::user::UserRecord;

/// A feed's format, and the extension of its address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FeedFormat {
    Atom,
    Rss,
}

impl FeedFormat {
    /// The format an address's extension (`atom`, `rss`) names.
    pub(crate) fn of_extension(extension: &str) -> Option<FeedFormat> {
        match extension {
            "atom" => Some(FeedFormat::Atom),
            "rss" => Some(FeedFormat::Rss),
            _ => None,
        }
    }

    fn extension(self) -> &'static str {
        match self {
            FeedFormat::Atom => "atom",
            FeedFormat::Rss => "rss",
        }
    }

    pub(crate) fn media_type(self) -> &'static str {
        match self {
            FeedFormat::Atom => "application/atom+xml",
            FeedFormat::Rss => "application/rss+xml",
        }
    }
}

/// Makes absolute addresses; the base has no trailing slash. Made for a share link's page, the
/// board's and its pins' pages, its feed and its pictures are the link's.
pub(crate) struct Addresses {
    base: String,
    /// The token of the share link the page was reached through.
    link: Option<String>,
}

impl Addresses {
    pub(crate) fn of(config: &Config) -> Addresses {
        Addresses {
            base: config.public_base_url(),
            link: None,
        }
    }

    /// The addresses of what `page` shows: under its share link for a share link's page.
    pub(crate) fn for_page(config: &Config, page: &Page) -> Addresses {
        let link = match page {
            Page::Shared { token, .. } => Some(token.clone()),
            _ => None,
        };
        Addresses {
            link,
            ..Addresses::of(config)
        }
    }

    /// The server's own address, for `provider_url` and the like.
    pub(crate) fn home(&self) -> String {
        format!("{}/", self.base)
    }

    /// Whether `address` is on this server: the path after the base, with its query.
    pub(crate) fn path_of<'a>(&self, address: &'a str) -> Option<&'a str> {
        address
            .strip_prefix(self.base.as_str())
            .filter(|rest| rest.starts_with('/'))
    }

    /// A path on this server (`/media/...`, `/api/...`) made absolute.
    pub(crate) fn absolute(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub(crate) fn user(&self, username: &str) -> String {
        format!("{}/{username}/", self.base)
    }

    pub(crate) fn folder(&self, username: &str, folder: &FolderRecord) -> String {
        format!("{}/{username}/folders/{}/", self.base, folder.slug)
    }

    /// A board's page: under its folder when it is in one a visitor sees.
    pub(crate) fn board(
        &self,
        username: &str,
        board: &BoardRecord,
        folder: Option<&FolderRecord>,
    ) -> String {
        if let Some(token) = &self.link {
            return format!("{}/shared/{token}/", self.base);
        }
        match folder {
            Some(folder) => format!(
                "{}/{username}/folders/{}/boards/{}/",
                self.base, folder.slug, board.slug
            ),
            None => format!("{}/{username}/boards/{}/", self.base, board.slug),
        }
    }

    pub(crate) fn pin(&self, id: PinId) -> String {
        match &self.link {
            Some(token) => format!("{}/shared/{token}/pins/{id}/", self.base),
            None => format!("{}/pins/{id}/", self.base),
        }
    }

    /// The search page listing a tag's pins.
    pub(crate) fn tag(&self, tag: &str) -> String {
        format!("{}/search/?tag={}", self.base, encoded(tag))
    }

    /// The page `shown` is.
    pub(crate) fn page(&self, shown: &Shown) -> String {
        match shown {
            Shown::User(user) => self.user(&user.username),
            Shown::Folder { folder, owner, .. } => self.folder(&owner.username, folder),
            Shown::Board {
                board,
                owner,
                folder,
                ..
            } => self.board(&owner.username, board, folder.as_ref()),
            Shown::Pin { pin, .. } => self.pin(pin.id),
            Shown::Tag(tag) => self.tag(tag),
        }
    }

    /// The feed of a user's pins, a board's or a tag's; none for other pages.
    pub(crate) fn feed(&self, shown: &Shown, format: FeedFormat) -> Option<String> {
        let extension = format.extension();
        let base = &self.base;
        if let Some(token) = &self.link {
            return matches!(shown, Shown::Board { .. })
                .then(|| format!("{base}/feeds/shared/{token}.{extension}"));
        }
        match shown {
            Shown::User(user) => Some(format!("{base}/feeds/users/{}.{extension}", user.username)),
            Shown::Board { board, owner, .. } => Some(format!(
                "{base}/feeds/users/{}/boards/{}.{extension}",
                owner.username, board.slug
            )),
            Shown::Tag(tag) => Some(format!(
                "{base}/feeds/tags/{}.{extension}",
                encoded(tag).replace('+', "%20")
            )),
            Shown::Folder { .. } | Shown::Pin { .. } => None,
        }
    }

    /// A preview of a picture, as `urls::preview` names it (with the share link's token, which
    /// lets its holder see it).
    pub(crate) fn preview(&self, picture: &Picture, width: u32) -> String {
        let path = urls::preview(picture, width as i32, "jpeg");
        match &self.link {
            Some(token) => self.absolute(&format!("{path}?share={}", encoded(token))),
            None => self.absolute(&path),
        }
    }

    /// The JPEG preview `width` pixels wide (a stored width) of a picture, with its size.
    pub(crate) fn sized_preview(&self, picture: &Picture, width: u32) -> SizedPicture {
        SizedPicture {
            url: self.preview(picture, width),
            width,
            height: picture.preview_height(width),
        }
    }

    /// A user's largest avatar, when they have one.
    pub(crate) fn avatar(&self, user: &UserRecord) -> Option<SizedPicture> {
        let (path, side) = urls::largest_avatar(user.avatar.as_deref()?, "jpeg");
        Some(SizedPicture {
            url: self.absolute(&path),
            width: side,
            height: side,
        })
    }
}

/// A picture's file, with its size in pixels.
pub(crate) struct SizedPicture {
    pub(crate) url: String,
    pub(crate) width: u32,
    pub(crate) height: u32,
}

/// `value` percent-encoded for a query (a space as `+`).
pub(crate) fn encoded(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}
