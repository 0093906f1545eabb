//! Boards: creating, editing, sharing and deleting them, and reading what a viewer may see.

use std::collections::HashSet;

use crate::service::access::{owned_board, shown, shows_content_of, visible_board, visible_only};
use crate::service::data::Data;
use crate::service::list_pages::ListPage;
use corkboard_domain::board::{
    BoardRecord, optional_text, required_title, title_matches, title_words,
};
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::{BoardId, FolderId, PinId, UserId};
use corkboard_domain::policy::{Visible, sees_private_fields};
use corkboard_domain::tags::normalize_tags;
use corkboard_i18n::msg;
use corkboard_store::board_lists::{self, BoardList};
use corkboard_store::writing::Writing;
use corkboard_store::{
    Source, board_pins, board_titles, board_writes, boards, folders, pin_writes, users,
};

/// The most people one board is shared with.
pub const MOST_SHARES: usize = 500;

pub struct NewBoard {
    pub title: String,
    pub folder: Option<FolderId>,
    pub caption: Option<String>,
    pub secret: bool,
}

/// Changes to a board; `None` leaves a field as it is.
#[derive(Default)]
pub struct BoardPatch {
    pub title: Option<String>,
    /// `Some(None)` takes the board out of its folder.
    pub folder: Option<Option<FolderId>>,
    pub caption: Option<String>,
    pub pin_default_description: Option<String>,
    pub pin_default_tags: Option<Vec<String>>,
    pub secret: Option<bool>,
    /// `Some(None)` clears the chosen cover.
    pub cover: Option<Option<PinId>>,
}

pub async fn add(data: &Data, viewer: UserId, new: NewBoard) -> AppResult<BoardRecord> {
    let title = required_title("title", &new.title)?;
    let caption = optional_text("caption", new.caption)?;
    data.write(move |write| {
        check_folder(write, viewer, new.folder)?;
        let board = BoardRecord::new(viewer, title, caption, new.folder, new.secret);
        board_writes::insert(write, board)
    })
    .await
}

/// Applies a patch; moving between folders updates both folders in this one transaction.
pub async fn update(
    data: &Data,
    viewer: UserId,
    id: BoardId,
    patch: BoardPatch,
) -> AppResult<BoardRecord> {
    let title = patch
        .title
        .as_deref()
        .map(|title| required_title("title", title))
        .transpose()?;
    let caption = patch
        .caption
        .map(|caption| optional_text("caption", Some(caption)))
        .transpose()?;
    let description = patch
        .pin_default_description
        .map(|text| optional_text("pinDefaultDescription", Some(text)))
        .transpose()?;
    data.write(move |write| {
        let before = owned_board(write, viewer, id)?;
        let mut board = before.clone();
        if let Some(folder) = patch.folder {
            check_folder(write, viewer, folder)?;
            board.folder = folder;
        }
        board.title = title.unwrap_or(board.title);
        board.caption = caption.unwrap_or(board.caption);
        board.pin_default_description = description.unwrap_or(board.pin_default_description);
        if let Some(tags) = patch.pin_default_tags {
            board.pin_default_tags = normalize_tags(&tags);
        }
        board.secret = patch.secret.unwrap_or(board.secret);
        if before.secret
            && !board.secret
            && pin_writes::holds_private_picture(write, before.user, id)?
        {
            return Err(AppError::invalid(
                "secret",
                msg!("error-board-holds-private-pictures"),
            ));
        }
        if let Some(Some(cover)) = patch.cover
            && board_pins::order_of(write, cover, id)?.is_none()
        {
            return Err(AppError::invalid("cover1", msg!("error-pin-not-on-board")));
        }
        board.cover = patch.cover.unwrap_or(board.cover);
        board_writes::save(write, Some(&before), &board)?;
        Ok(board)
    })
    .await
}

pub async fn delete(data: &Data, viewer: UserId, id: BoardId) -> AppResult<()> {
    data.write(move |write| {
        let board = owned_board(write, viewer, id)?;
        board_writes::remove(write, &board)
    })
    .await
}

/// Lets `username` see the private board; a leading `@` is ignored.
pub async fn share(
    data: &Data,
    viewer: UserId,
    id: BoardId,
    username: String,
    share: bool,
) -> AppResult<String> {
    let username = username.trim().trim_start_matches('@').to_owned();
    data.write(move |write| {
        let before = owned_board(write, viewer, id)?;
        let user = users::by_username(write, &username)?.ok_or_else(|| {
            AppError::invalid(
                "username",
                msg!("error-no-user-named", username = username.as_str()),
            )
        })?;
        if user.id == viewer {
            return Err(AppError::invalid(
                "username",
                msg!("error-share-with-yourself"),
            ));
        }
        let mut board = before.clone();
        board.shared_with.retain(|shared| *shared != user.id);
        if share && board.shared_with.len() >= MOST_SHARES {
            return Err(AppError::invalid(
                "username",
                msg!("error-board-shares-too-many", max = MOST_SHARES),
            ));
        }
        if share {
            board.shared_with.push(user.id);
        }
        board_writes::save(write, Some(&before), &board)?;
        Ok(user.username)
    })
    .await
}

/// Whom the board is shared with: for its owner alone.
pub fn shared_with(viewer: Option<UserId>, board: &BoardRecord) -> &[UserId] {
    if sees_private_fields(viewer, board.user) {
        &board.shared_with
    } else {
        &[]
    }
}

/// A board opened directly: NOT_FOUND_ERROR or PERMISSION_DENIED_ERROR when it cannot be shown.
pub async fn get(data: &Data, viewer: Option<UserId>, id: BoardId) -> AppResult<BoardRecord> {
    data.read(move |read| visible_board(read, viewer, id)).await
}

/// A board by its owner and slug, with the same errors as `get`.
pub fn named(
    tx: &impl Source,
    viewer: Option<UserId>,
    owner: UserId,
    slug: &str,
) -> AppResult<BoardRecord> {
    shown(tx, boards::by_slug(tx, owner, slug)?, viewer)
}

/// The boards of `ids` that the viewer may see, in the order of `ids`, each once; those that do
/// not exist or that the viewer may not see are left out.
pub async fn among(
    data: &Data,
    viewer: Option<UserId>,
    ids: Vec<BoardId>,
) -> AppResult<Vec<BoardRecord>> {
    data.read(move |read| {
        let mut asked = HashSet::new();
        let mut found = Vec::new();
        for id in ids.into_iter().filter(|id| asked.insert(*id)) {
            found.extend(boards::get(read, id)?);
        }
        visible_only(read, found, viewer)
    })
    .await
}

/// The boards of `owner` that the viewer may see whose title has, for each word of `search`, a
/// word starting with it: at most `first`, newest first. A search without words finds none.
pub async fn matching(
    data: &Data,
    viewer: Option<UserId>,
    owner: UserId,
    search: String,
    first: usize,
) -> AppResult<Vec<BoardRecord>> {
    data.read(move |read| matching_in(read, viewer, owner, &search, first))
        .await
}

/// Reads only the boards with a title word starting with the longest searched word, newest
/// first until `first` match: as many as have such a word, whatever the size of the library.
fn matching_in(
    tx: &impl Source,
    viewer: Option<UserId>,
    owner: UserId,
    search: &str,
    first: usize,
) -> AppResult<Vec<BoardRecord>> {
    let searched = title_words(search);
    let Some(longest) = searched.iter().max_by_key(|word| word.chars().count()) else {
        return Ok(Vec::new());
    };
    // Nothing of a disabled account is found, as nothing of it is listed.
    if !shows_content_of(tx, owner)? {
        return Ok(Vec::new());
    }
    let mut found = Vec::new();
    for id in board_titles::with_word_starting(tx, owner, longest)? {
        if found.len() == first {
            break;
        }
        let Some(board) = boards::get(tx, id)? else {
            continue;
        };
        if board.visible_to(viewer) && title_matches(&title_words(&board.title), &searched) {
            found.push(board);
        }
    }
    Ok(found)
}

/// A page of a list of boards: `first` boards after the board `after`; all those the viewer may
/// see, or only the public (`secret` false) or the private ones (true).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardsRequest {
    pub list: BoardList,
    pub secret: Option<bool>,
    pub first: usize,
    pub after: Option<BoardId>,
}

/// A page of boards the viewer may see, newest first: each list reads its own boards from
/// `board_lists`, whatever the number of boards of the user or folder.
pub(crate) fn page_of(
    tx: &impl Source,
    viewer: Option<UserId>,
    request: BoardsRequest,
) -> AppResult<ListPage<BoardRecord>> {
    let owner = match request.list {
        BoardList::OfUser(user) => Some(user),
        BoardList::InFolder(folder) => folders::get(tx, folder)?.map(|folder| folder.user),
    };
    // Nothing of a disabled account is listed, not even to itself.
    if !owner.map_or(Ok(false), |owner| shows_content_of(tx, owner))? {
        return Ok(ListPage::default());
    }
    let (list, secret) = (request.list, request.secret);
    let ids = board_lists::page(tx, list, viewer, secret, request.after, request.first + 1)?;
    let total = board_lists::count(tx, list, viewer, secret)?;
    ListPage::read(ids, request.first, total, |id| boards::get(tx, id))
}

/// A board may only go into a folder of its owner.
fn check_folder(write: &Writing, owner: UserId, folder: Option<FolderId>) -> AppResult<()> {
    let Some(folder) = folder else { return Ok(()) };
    match folders::get(write, folder)? {
        Some(found) if found.user == owner => Ok(()),
        _ => Err(AppError::invalid("folder", msg!("error-folder-not-found"))),
    }
}
