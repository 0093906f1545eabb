//! Reading a Pinry instance's API (v2, Django REST framework's paged lists): a user's boards with
//! their pins, and the pins on no board, turned into pictures to import. A pin's picture is
//! Pinry's own copy (`image.image`), its page the `referer` Pinry kept (else the picture's
//! original address `url`).

use std::collections::HashSet;

use serde::Deserialize;

use crate::web::fetch::web_address;
use corkboard_domain::import_job::ImportItem;

/// The board of pins that are on no Pinry board.
pub(crate) const DEFAULT_BOARD: &str = "Pinry";

/// One page of a list.
#[derive(Debug, Deserialize)]
pub struct Page<T> {
    pub next: Option<String>,
    pub results: Vec<T>,
}

#[derive(Debug, Deserialize)]
pub struct Board {
    pub name: String,
    #[serde(default)]
    pub private: bool,
    #[serde(default)]
    pub pins_detail: Vec<Pin>,
}

#[derive(Debug, Deserialize)]
pub struct Pin {
    pub id: u64,
    pub url: Option<String>,
    pub referer: Option<String>,
    pub description: Option<String>,
    pub image: Option<Image>,
    #[serde(default)]
    pub tags: Vec<String>,
}

#[derive(Debug, Deserialize)]
pub struct Image {
    pub image: String,
}

/// The first page of a user's boards, or pins, on the instance at `base`.
pub fn first_page(base: &url::Url, list: &str, username: &str) -> String {
    let mut url = base
        .join(&format!("api/v2/{list}/"))
        .unwrap_or_else(|_| base.clone());
    url.query_pairs_mut()
        .append_pair("format", "json")
        .append_pair("limit", "50")
        .append_pair("submitter__username", username);
    url.to_string()
}

/// The pictures to import: each board's pins on that board, then the pins on no board.
pub fn items(boards: Vec<Board>, pins: Vec<Pin>) -> Vec<ImportItem> {
    let mut seen = HashSet::new();
    let mut items = Vec::new();
    for board in boards {
        for pin in board.pins_detail {
            if seen.insert(pin.id) {
                items.push(item(pin, &board.name, board.private));
            }
        }
    }
    for pin in pins {
        if seen.insert(pin.id) {
            items.push(item(pin, DEFAULT_BOARD, false));
        }
    }
    items
}

fn item(pin: Pin, board: &str, private_board: bool) -> ImportItem {
    let picture = pin
        .image
        .map(|image| image.image)
        .or_else(|| pin.url.clone());
    let caption = pin.description.filter(|text| !text.trim().is_empty());
    ImportItem {
        board: board.to_owned(),
        private_board,
        page: pin
            .referer
            .filter(|page| web_address(page).is_ok())
            .or(pin.url.filter(|url| web_address(url).is_ok())),
        picture,
        file: None,
        title: None,
        caption,
        tags: pin.tags,
    }
}
