//! The absolute addresses of the UI's pages, of the feeds and of pictures, under the server's
//! public address (`public_url`, else the listening one), as ui/src/lib/paths.ts lays out pages.

use corkboard_core::media::urls;
use corkboard_core::service::visitor_pages::Shown;
use corkboard_domain::board::{BoardRecord, FolderRecord};
use corkboard_domain::config::Config;
use corkboard_domain::ids::PinId;
use corkboard_domain::pin::Picture;

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

    pub(crate) fn media_type(self) -> &'static str {
        match self {
            FeedFormat::Atom => "application/atom+xml",
            FeedFormat::Rss => "application/rss+xml",
        }
    }
}

/// Makes absolute addresses; the base has no trailing slash.
pub(crate) struct Addresses {
    base: String,
}

impl Addresses {
    pub(crate) fn of(config: &Config) -> Addresses {
        Addresses {
            base: config.public_base_url(),
        }
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
        match folder {
            Some(folder) => format!(
                "{}/{username}/folders/{}/boards/{}/",
                self.base, folder.slug, board.slug
            ),
            None => format!("{}/{username}/boards/{}/", self.base, board.slug),
        }
    }

    pub(crate) fn pin(&self, id: PinId) -> String {
        format!("{}/pins/{id}/", self.base)
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

    /// A preview of a picture, as `urls::preview` names it.
    pub(crate) fn preview(&self, picture: &Picture, width: u32) -> String {
        self.absolute(&urls::preview(picture, width as i32, "jpeg"))
    }
}

/// `value` percent-encoded for a query (a space as `+`).
pub(crate) fn encoded(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}
