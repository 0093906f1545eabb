//! Folders: creating, editing and deleting them (their boards stay), and reading what a viewer may see.

use chrono::Utc;

use crate::service::access::{owned_folder, shown, shows_content_of, visible_folder};
use crate::service::data::Data;
use crate::service::list_pages::ListPage;
use corkboard_domain::board::{BoardRecord, FolderRecord, required_title, slugify};
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::{FolderId, UserId};
use corkboard_store::{Source, board_writes, boards, folder_lists, folder_writes, folders};

pub async fn add(
    data: &Data,
    viewer: UserId,
    name: String,
    secret: bool,
) -> AppResult<FolderRecord> {
    let name = required_title("name", &name)?;
    let folder = FolderRecord {
        id: FolderId(0),
        user: viewer,
        slug: slugify(&name, "folder"),
        name,
        secret,
        created_at: Utc::now(),
    };
    data.write(move |write| folder_writes::insert(write, folder))
        .await
}

pub async fn update(
    data: &Data,
    viewer: UserId,
    id: FolderId,
    name: Option<String>,
    secret: Option<bool>,
) -> AppResult<FolderRecord> {
    let name = name
        .as_deref()
        .map(|name| required_title("name", name))
        .transpose()?;
    data.write(move |write| {
        let mut folder = owned_folder(write, viewer, id)?;
        folder.name = name.unwrap_or(folder.name);
        folder.secret = secret.unwrap_or(folder.secret);
        folder_writes::save(write, &folder)?;
        Ok(folder)
    })
    .await
}

/// Deletes the folder; its boards stay, outside any folder.
pub async fn delete(data: &Data, viewer: UserId, id: FolderId) -> AppResult<()> {
    data.write(move |write| {
        let folder = owned_folder(write, viewer, id)?;
        for before in boards::in_folder(write, folder.id)? {
            let board = BoardRecord {
                folder: None,
                ..before.clone()
            };
            board_writes::save(write, Some(&before), &board)?;
        }
        folder_writes::remove(write, &folder)
    })
    .await
}

pub async fn get(data: &Data, viewer: Option<UserId>, id: FolderId) -> AppResult<FolderRecord> {
    data.read(move |read| visible_folder(read, viewer, id))
        .await
}

/// A folder by its owner and slug, with the same errors as `get`.
pub fn named(
    tx: &impl Source,
    viewer: Option<UserId>,
    owner: UserId,
    slug: &str,
) -> AppResult<FolderRecord> {
    shown(tx, folders::by_slug(tx, owner, slug)?, viewer)
}

/// A page of the folders of `owner`: `first` folders after the folder `after`; all those the
/// viewer may see (see `policy::folder_listed`), or only the public (`secret` false) or the
/// private ones (true).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FoldersRequest {
    pub owner: UserId,
    pub secret: Option<bool>,
    pub first: usize,
    pub after: Option<FolderId>,
}

/// A page of folders the viewer may see, newest first, read from `folder_lists`, whatever the
/// number of folders.
pub(crate) fn page_of(
    tx: &impl Source,
    viewer: Option<UserId>,
    request: FoldersRequest,
) -> AppResult<ListPage<FolderRecord>> {
    let FoldersRequest {
        owner,
        secret,
        first,
        after,
    } = request;
    // Nothing of a disabled account is listed, not even to itself.
    if !shows_content_of(tx, owner)? {
        return Ok(ListPage::default());
    }
    let ids = folder_lists::page(tx, owner, viewer, secret, after, first + 1)?;
    let total = folder_lists::count(tx, owner, viewer, secret)?;
    ListPage::read(ids, first, total, |id| folders::get(tx, id))
}

/// The folder when `viewer` may see it (for showing beside its boards), else `None`.
pub(crate) fn shown_or_none(
    tx: &impl Source,
    viewer: Option<UserId>,
    id: FolderId,
) -> AppResult<Option<FolderRecord>> {
    match visible_folder(tx, viewer, id) {
        Ok(folder) => Ok(Some(folder)),
        Err(AppError::NotFound(_) | AppError::PermissionDenied(_)) => Ok(None),
        Err(error) => Err(error),
    }
}
