//! What the fields of a page ask for in one round, whatever its kind (users, covers, folders,
//! pages of pins, boards or folders), read together: one hop off the async runtime and one read
//! transaction for the lot (`graphql::loaders` gathers the keys).

pub mod asked;

use std::collections::HashMap;
use std::sync::Arc;

use foldhash::fast::RandomState;

use crate::service::boards::{self, BoardsRequest};
use crate::service::data::Data;
use crate::service::folders::{self, FoldersRequest};
use crate::service::list_pages::ListPage;
use crate::service::pin_lists::{self, PageRequest, PinPage};
use crate::service::pins;
use crate::service::users::named as user_named;
use asked::{Then, TileFields};
use corkboard_domain::board::{BoardRecord, FolderRecord};
use corkboard_domain::config::LoadPlanner;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, FolderId, PinId, UserId};
use corkboard_domain::pin::PinRecord;
use corkboard_domain::user::UserRecord;
use corkboard_store::reading::Reading;
use corkboard_store::users;

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
    /// A page of boards, read with what its tiles show.
    Boards(BoardsRequest, TileFields),
    /// A page of folders, read with what its tiles show.
    Folders(FoldersRequest, TileFields),
    /// A user by username, then what is asked of it.
    UserNamed(String, Then),
    /// A board of `owner` by slug, when the viewer may see it, then what is asked of it.
    BoardNamed {
        owner: UserId,
        slug: String,
        then: Then,
    },
    /// A folder of `owner` by slug, when the viewer may see it, then what is asked of it.
    FolderNamed {
        owner: UserId,
        slug: String,
        then: Then,
    },
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
    Folders(Arc<ListPage<FolderRecord>>),
    Board(Arc<BoardRecord>),
}

/// Each key's answer, for `viewer`, in one read transaction, with what follows from them (unless
/// `api.planner` is `plain`): the keys of the tiles of the pages of boards and folders among them
/// (`TileFields`), and what is asked of the records found by name (`Then`); `None` for a key
/// with nothing to show (a user gone, a folder the viewer may not see). One key's error is its
/// own.
pub fn load_all(data: &Data, viewer: Option<UserId>, keys: Vec<LoadKey>) -> AppResult<Answers> {
    let ahead = data.config.api.planner == LoadPlanner::Ahead;
    data.store.read(|read| {
        let mut found = answers(data, read, viewer, keys)?;
        if !ahead {
            return Ok(found);
        }
        let mut read_up_to = 0;
        loop {
            let next: Vec<LoadKey> = found[read_up_to..]
                .iter()
                .filter_map(|(key, answer)| {
                    Some(asked::following(key, answer.as_ref().ok()?.as_ref()?))
                })
                .flatten()
                .collect();
            if next.is_empty() {
                return Ok(found);
            }
            read_up_to = found.len();
            found.extend(answers(data, read, viewer, next)?);
        }
    })
}

/// Each key and what it found.
pub type Answers = Vec<(LoadKey, AppResult<Option<Loaded>>)>;

/// Each of `keys` with its answer, read in `read`.
fn answers(
    data: &Data,
    read: &Reading,
    viewer: Option<UserId>,
    keys: Vec<LoadKey>,
) -> AppResult<Answers> {
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
            LoadKey::User(id) => users::get_kept(read, *id).map(|user| user.map(Loaded::User)),
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
            LoadKey::Pins(request) => pin_lists::page(data, read, viewer, request)
                .map(|page| Some(Loaded::Pins(Arc::new(page)))),
            LoadKey::Boards(request, _) => boards::page_of(read, viewer, *request)
                .map(|page| Some(Loaded::Boards(Arc::new(page)))),
            LoadKey::Folders(request, _) => folders::page_of(read, viewer, *request)
                .map(|page| Some(Loaded::Folders(Arc::new(page)))),
            LoadKey::UserNamed(username, _) => {
                user_named(read, username).map(|user| Some(Loaded::User(Arc::new(user))))
            }
            LoadKey::BoardNamed { owner, slug, .. } => boards::named(read, viewer, *owner, slug)
                .map(|board| Some(Loaded::Board(Arc::new(board)))),
            LoadKey::FolderNamed { owner, slug, .. } => folders::named(read, viewer, *owner, slug)
                .map(|folder| Some(Loaded::Folder(Arc::new(folder)))),
        };
        found.push((key, loaded));
    }
    Ok(found)
}
