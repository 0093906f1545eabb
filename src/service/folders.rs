//! Folders: creating, editing and deleting them (their boards stay), and reading what a viewer may see.

use chrono::Utc;

use crate::app::AppState;
use crate::domain::board::{FolderRecord, required_title, slugify};
use crate::domain::ids::{FolderId, UserId};
use crate::error::{AppError, AppResult};
use crate::service::access::{owned_folder, shown, visible_folder, visible_newest_first};
use crate::store::{boards, folders};

pub async fn add(
    state: &AppState,
    viewer: UserId,
    name: String,
    secret: bool,
) -> AppResult<FolderRecord> {
    let name = required_title("name", &name)?;
    state
        .blocking(move |state| {
            let folder = FolderRecord {
                id: FolderId(0),
                user: viewer,
                slug: slugify(&name, "folder"),
                name,
                secret,
                created_at: Utc::now(),
            };
            state.store.write(|write| folders::insert(write, folder))
        })
        .await
}

pub async fn update(
    state: &AppState,
    viewer: UserId,
    id: FolderId,
    name: Option<String>,
    secret: Option<bool>,
) -> AppResult<FolderRecord> {
    let name = name
        .as_deref()
        .map(|name| required_title("name", name))
        .transpose()?;
    state
        .blocking(move |state| {
            state.store.write(|write| {
                let mut folder = owned_folder(write, viewer, id)?;
                folder.name = name.unwrap_or(folder.name);
                folder.secret = secret.unwrap_or(folder.secret);
                folders::save(write, &folder)?;
                Ok(folder)
            })
        })
        .await
}

/// Deletes the folder; its boards stay, outside any folder.
pub async fn delete(state: &AppState, viewer: UserId, id: FolderId) -> AppResult<()> {
    state
        .blocking(move |state| {
            state.store.write(|write| {
                let folder = owned_folder(write, viewer, id)?;
                for before in boards::in_folder(write, folder.id)? {
                    let board = crate::domain::board::BoardRecord {
                        folder: None,
                        ..before.clone()
                    };
                    boards::save(write, Some(&before), &board)?;
                }
                folders::remove(write, &folder)
            })
        })
        .await
}

pub async fn get(
    state: &AppState,
    viewer: Option<UserId>,
    id: FolderId,
) -> AppResult<FolderRecord> {
    state
        .blocking(move |state| state.store.read(|read| visible_folder(read, viewer, id)))
        .await
}

pub async fn by_slug(
    state: &AppState,
    viewer: Option<UserId>,
    owner: UserId,
    slug: String,
) -> AppResult<FolderRecord> {
    state
        .blocking(move |state| {
            let folder = state
                .store
                .read(|read| folders::by_slug(read, owner, &slug))?;
            shown(folder, viewer)
        })
        .await
}

/// The folders of `owner` that `viewer` may see, newest first.
pub async fn of_user(
    state: &AppState,
    viewer: Option<UserId>,
    owner: UserId,
) -> AppResult<Vec<FolderRecord>> {
    state
        .blocking(move |state| {
            let found = state.store.read(|read| folders::of_user(read, owner))?;
            Ok(visible_newest_first(found, viewer))
        })
        .await
}

/// A folder for showing beside a board: `None` when the viewer may not see it.
pub async fn visible(
    state: &AppState,
    viewer: Option<UserId>,
    id: FolderId,
) -> AppResult<Option<FolderRecord>> {
    match get(state, viewer, id).await {
        Ok(folder) => Ok(Some(folder)),
        Err(AppError::NotFound(_) | AppError::PermissionDenied(_)) => Ok(None),
        Err(error) => Err(error),
    }
}
