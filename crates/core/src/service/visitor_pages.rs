//! What a visitor (signed out, as a crawler or a feed reader is) sees of one of the UI's pages: a
//! user, a folder, a board, a pin or a tag's pins, each read in one transaction with the rules of
//! the services that show them (`boards::named`, `users::named`, `pin_lists`, `access`); and what
//! the holder of a share link sees of its board and its pins (`share_links`).

use std::collections::HashMap;
use std::sync::Arc;

use crate::service::access::opened_pin;
use crate::service::data::Data;
use crate::service::pin_lists::{self, PageRequest, PinList};
use crate::service::{boards, folders, pins, share_links, users};
use corkboard_domain::board::{BoardRecord, FolderRecord};
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::{PinId, UserId};
use corkboard_domain::pin::PinRecord;
use corkboard_domain::user::UserRecord;
use corkboard_search::query::Wanted;
use corkboard_store::{Source, users as stored_users};

/// A page, by what its address names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Page {
    User(String),
    Folder {
        username: String,
        slug: String,
    },
    Board {
        username: String,
        slug: String,
    },
    Pin(PinId),
    Tag(String),
    /// A share link's board (`/shared/{token}/`), or one of its pins.
    Shared {
        token: String,
        pin: Option<PinId>,
    },
}

/// What a visitor sees of a page.
pub enum Shown {
    User(UserRecord),
    Folder {
        folder: FolderRecord,
        owner: UserRecord,
        covers: Vec<Arc<PinRecord>>,
    },
    Board {
        board: BoardRecord,
        owner: UserRecord,
        /// Its folder, when a visitor may see it.
        folder: Option<FolderRecord>,
        cover: Option<Arc<PinRecord>>,
    },
    Pin {
        pin: PinRecord,
        owner: UserRecord,
    },
    Tag(String),
}

/// A pin and who pinned it.
pub type PinOf = (Arc<PinRecord>, Arc<UserRecord>);

/// What a visitor sees of `page`; `None` when there is nothing, or nothing they may see.
pub async fn page(data: &Data, page: Page) -> AppResult<Option<Shown>> {
    if let Page::Shared { token, pin } = &page {
        let seen = through_link(data, token, *pin, 0).await?;
        return Ok(seen.map(|(shown, _)| shown));
    }
    data.read(move |read| seen(read, &page)).await
}

/// What a visitor sees of `page` and its newest pins (at most `count`, newest pinned first: a
/// user's, a board's or a tag's; none for a pin or a folder), in one read.
pub async fn with_newest_pins(
    data: &Data,
    page: Page,
    count: usize,
) -> AppResult<Option<(Shown, Vec<PinOf>)>> {
    if let Page::Shared { token, pin: None } = &page {
        return through_link(data, token, None, count).await;
    }
    data.reading(move |data| {
        data.store.read(|read| {
            let Some(shown) = seen(read, &page)? else {
                return Ok(None);
            };
            let pins = newest_pins(data, read, &shown, count)?;
            Ok(Some((shown, pins)))
        })
    })
    .await
}

fn seen(tx: &impl Source, page: &Page) -> AppResult<Option<Shown>> {
    match shown(tx, page) {
        Ok(shown) => Ok(Some(shown)),
        Err(AppError::NotFound(_) | AppError::PermissionDenied(_)) => Ok(None),
        Err(error) => Err(error),
    }
}

fn shown(tx: &impl Source, page: &Page) -> AppResult<Shown> {
    Ok(match page {
        Page::User(username) => Shown::User(users::named(tx, username)?),
        Page::Folder { username, slug } => {
            let owner = users::named(tx, username)?;
            let folder = folders::named(tx, None, owner.id, slug)?;
            let covers = pins::folder_covers(tx, None, folder.id)?;
            Shown::Folder {
                folder,
                owner,
                covers,
            }
        }
        Page::Board { username, slug } => {
            let owner = users::named(tx, username)?;
            let board = boards::named(tx, None, owner.id, slug)?;
            let folder = match board.folder {
                Some(folder) => folders::shown_or_none(tx, None, folder)?,
                None => None,
            };
            let mut covers = pins::board_covers_many(tx, None, [(board.id, 1)])?;
            let cover = covers
                .remove(&board.id)
                .and_then(|covers| covers.into_iter().next());
            Shown::Board {
                board,
                owner,
                folder,
                cover,
            }
        }
        Page::Pin(id) => {
            let pin = opened_pin(tx, None, *id)?;
            let owner = stored_users::load(tx, pin.user)?;
            Shown::Pin { pin, owner }
        }
        Page::Tag(tag) => Shown::Tag(tag.clone()),
        Page::Shared { .. } => return Err(AppError::not_found(share_links::link_does_not_work())),
    })
}

/// What the holder of the link `token` sees of its board (with its first `count` pins, newest
/// pinned first), or of its pin `pin`; `None` when the link does not work or the pin is not on
/// its board.
async fn through_link(
    data: &Data,
    token: &str,
    pin: Option<PinId>,
    count: usize,
) -> AppResult<Option<(Shown, Vec<PinOf>)>> {
    let shared = match share_links::open(data, token).await {
        Ok(shared) => shared,
        Err(AppError::NotFound(_)) => return Ok(None),
        Err(error) => return Err(error),
    };
    let owner = users::by_id(data, shared.board().user).await?;
    if let Some(id) = pin {
        return match share_links::pin(data, &shared, id).await {
            Ok(pin) => Ok(Some((Shown::Pin { pin, owner }, Vec::new()))),
            Err(AppError::NotFound(_)) => Ok(None),
            Err(error) => Err(error),
        };
    }
    let cover = share_links::cover(data, &shared).await?.map(Arc::new);
    let mut pins = Vec::new();
    if count > 0 {
        let page = share_links::pins(data, &shared, count, None).await?;
        // A board holds its owner's pins only.
        let pinned_by = Arc::new(owner.clone());
        pins = page
            .pins
            .into_iter()
            .map(|(_, pin)| (pin, pinned_by.clone()))
            .collect();
        newest_first(&mut pins);
    }
    let board = shared.board().clone();
    let shown = Shown::Board {
        board,
        owner,
        folder: None,
        cover,
    };
    Ok(Some((shown, pins)))
}

/// The newest pins a visitor sees in the list `shown` heads, newest pinned first, with their
/// owners. A board's list is in the board's order, where a new pin goes on top: its first
/// `count` are its newest but for those its owner moved.
fn newest_pins(
    data: &Data,
    tx: &impl Source,
    shown: &Shown,
    count: usize,
) -> AppResult<Vec<PinOf>> {
    let list = match shown {
        Shown::User(user) => PinList::OfUser(user.id),
        Shown::Board { board, .. } => PinList::OnBoard(board.id),
        Shown::Tag(tag) => PinList::Found(Wanted::Tag(tag.clone())),
        Shown::Folder { .. } | Shown::Pin { .. } => return Ok(Vec::new()),
    };
    let request = PageRequest {
        list,
        first: count,
        after: None,
    };
    let page = pin_lists::page(data, tx, None, &request)?;
    let mut owners: HashMap<UserId, Arc<UserRecord>> = HashMap::new();
    let mut pins = Vec::with_capacity(page.pins.len());
    for (_, pin) in page.pins {
        let owner = match owners.get(&pin.user) {
            Some(owner) => owner.clone(),
            None => {
                let owner = stored_users::get_kept(tx, pin.user)?
                    .ok_or_else(|| AppError::not_found(users::not_found()))?;
                owners.insert(pin.user, owner.clone());
                owner
            }
        };
        pins.push((pin, owner));
    }
    newest_first(&mut pins);
    Ok(pins)
}

fn newest_first(pins: &mut [PinOf]) {
    pins.sort_by_key(|(pin, _)| std::cmp::Reverse((pin.created_at, pin.id)));
}
