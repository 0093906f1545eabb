//! What the fields of a page ask for in one round, whatever its kind (users, covers, folders,
//! pages of pins or boards), read together: one hop off the async runtime and one read
//! transaction for the lot (`graphql::loaders` gathers the keys).

use std::collections::HashMap;
use std::sync::Arc;

use foldhash::fast::RandomState;

use crate::domain::board::{BoardRecord, FolderRecord};
use crate::domain::ids::{BoardId, FolderId, PinId, UserId};
use crate::domain::pin::PinRecord;
use crate::domain::user::UserRecord;
use crate::error::AppResult;
use crate::service::boards::{self, BoardsRequest};
use crate::service::context::Services;
use crate::service::list_pages::ListPage;
use crate::service::pin_lists::{self, PageRequest, PinPage};
use crate::service::{folders, pins};
use crate::store::users;

/// One thing a field asks for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LoadKey {
    User(UserId),
    /// Whether a pin is private.
    PinSecret(PinId),
    /// The first `count` covers of a board the viewer may see: a page showing three covers of
    /// each board reads three.
    BoardCovers {
        board: BoardId,
        count: usize,
    },
    /// The covers of a folder, from the boards the viewer may see.
    FolderCovers(FolderId),
    /// A folder, when the viewer may see it.
    Folder(FolderId),
    Pins(PageRequest),
    Boards(BoardsRequest),
}

/// What was found for a key (`Arc`ed when large, as loaders hand out copies).
#[derive(Clone)]
pub enum Loaded {
    User(Arc<UserRecord>),
    Secret(bool),
    Covers(Arc<Vec<Arc<PinRecord>>>),
    Folder(Arc<FolderRecord>),
    Pins(Arc<PinPage>),
    Boards(Arc<ListPage<BoardRecord>>),
}

/// Each key's answer, for `viewer`, in one read transaction; a key with nothing to show (a user
/// gone, a folder the viewer may not see) has none. One key's error is its own.
pub fn load_all(
    services: &Services,
    viewer: Option<UserId>,
    keys: Vec<LoadKey>,
) -> AppResult<Vec<(LoadKey, AppResult<Loaded>)>> {
    services.store.read(|read| {
        let wanted = keys.iter().filter_map(|key| match key {
            LoadKey::BoardCovers { board, count } => Some((*board, *count)),
            _ => None,
        });
        let board_covers: HashMap<BoardId, Arc<Vec<Arc<PinRecord>>>, RandomState> =
            pins::board_covers_many(read, viewer, wanted)?
                .into_iter()
                .map(|(board, covers)| (board, Arc::new(covers)))
                .collect();
        let mut found = Vec::with_capacity(keys.len());
        for key in keys {
            let loaded = match &key {
                LoadKey::User(id) => {
                    users::get(read, *id).map(|user| user.map(|user| Loaded::User(Arc::new(user))))
                }
                LoadKey::PinSecret(id) => {
                    pins::is_secret(read, *id).map(|secret| Some(Loaded::Secret(secret)))
                }
                LoadKey::BoardCovers { board, .. } => {
                    Ok(board_covers.get(board).cloned().map(Loaded::Covers))
                }
                LoadKey::FolderCovers(id) => pins::folder_covers(read, viewer, *id)
                    .map(|covers| Some(Loaded::Covers(Arc::new(covers)))),
                LoadKey::Folder(id) => folders::shown_or_none(read, viewer, *id)
                    .map(|folder| folder.map(|folder| Loaded::Folder(Arc::new(folder)))),
                LoadKey::Pins(request) => pin_lists::page(services, read, viewer, request)
                    .map(|page| Some(Loaded::Pins(Arc::new(page)))),
                LoadKey::Boards(request) => boards::page_of(read, viewer, *request)
                    .map(|page| Some(Loaded::Boards(Arc::new(page)))),
            };
            match loaded {
                Ok(Some(loaded)) => found.push((key, Ok(loaded))),
                Ok(None) => {}
                Err(error) => found.push((key, Err(error))),
            }
        }
        Ok(found)
    })
}
