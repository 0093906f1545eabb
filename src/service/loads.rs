//! What the fields of a page ask for in one round, whatever its kind (users, covers, folders,
//! pages of pins, boards or folders), read together: one hop off the async runtime and one read
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
use crate::service::folders::{self, FoldersRequest};
use crate::service::list_pages::ListPage;
use crate::service::pin_lists::{self, PageRequest, PinList, PinPage};
use crate::service::pins;
use crate::service::users::named as user_named;
use crate::store::board_lists::BoardList;
use crate::store::pin_order::PinKey;
use crate::store::reading::Reading;
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

/// What a query asks of a user, board or folder it names, read after it in its round and its
/// transaction (`graphql::ahead`): the fields asking find it read. A board's page asked for a
/// user, then its board, then the board's pins, each a round and a hop off the runtime of its
/// own, the request queued again behind the others' each time.
pub type Then = Vec<Next>;

/// One thing asked of a record found by name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Next {
    /// A board of the user, by slug, then what is asked of it.
    Board(String, Then),
    /// A folder of the user, by slug, then what is asked of it.
    Folder(String, Then),
    /// A page of the pins of the user or board.
    Pins { first: usize, after: Option<PinKey> },
    /// A page of the boards of the user (all, or only the public or private ones) or folder,
    /// with what its tiles show.
    Boards {
        secret: Option<bool>,
        first: usize,
        after: Option<BoardId>,
        tiles: TileFields,
    },
    /// A page of the folders of the user, with what its tiles show.
    Folders {
        secret: Option<bool>,
        first: usize,
        after: Option<FolderId>,
        tiles: TileFields,
    },
}

impl Next {
    /// The key of this, asked of `found`; `None` where it asks what `found` does not hold.
    fn key_of(&self, found: &Loaded) -> Option<LoadKey> {
        let pins = |list, first, after| LoadKey::Pins(PageRequest { list, first, after });
        let boards = |list, secret, first, after, tiles| {
            let request = BoardsRequest {
                list,
                secret,
                first,
                after,
            };
            LoadKey::Boards(request, tiles)
        };
        Some(match (self, found) {
            (Next::Board(slug, then), Loaded::User(user)) => LoadKey::BoardNamed {
                owner: user.id,
                slug: slug.clone(),
                then: then.clone(),
            },
            (Next::Folder(slug, then), Loaded::User(user)) => LoadKey::FolderNamed {
                owner: user.id,
                slug: slug.clone(),
                then: then.clone(),
            },
            (Next::Pins { first, after }, Loaded::User(user)) => {
                pins(PinList::OfUser(user.id), *first, *after)
            }
            (Next::Pins { first, after }, Loaded::Board(board)) => {
                pins(PinList::OnBoard(board.id), *first, *after)
            }
            (
                Next::Boards {
                    secret,
                    first,
                    after,
                    tiles,
                },
                Loaded::User(user),
            ) => boards(BoardList::OfUser(user.id), *secret, *first, *after, *tiles),
            (
                Next::Boards {
                    secret,
                    first,
                    after,
                    tiles,
                },
                Loaded::Folder(folder),
            ) => boards(
                BoardList::InFolder(folder.id),
                *secret,
                *first,
                *after,
                *tiles,
            ),
            (
                Next::Folders {
                    secret,
                    first,
                    after,
                    tiles,
                },
                Loaded::User(user),
            ) => {
                let request = FoldersRequest {
                    owner: user.id,
                    secret: *secret,
                    first: *first,
                    after: *after,
                };
                LoadKey::Folders(request, *tiles)
            }
            _ => return None,
        })
    }
}

/// What the tiles of a page of boards or folders show, by the fields a query asks of them: the
/// keys those fields will ask for are read with the page, in its round and its transaction, and
/// the fields find them read (`graphql::tiles`). Each tile's fields waited for a round of their
/// own before, read after the page's (a hop more off the runtime), and were woken one by one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct TileFields {
    /// The highest cover shown (`cover3`: 3), none with 0.
    pub covers: usize,
    /// A board's folder.
    pub folder: bool,
    pub owner: bool,
    /// The count alone of what a tile holds (a board's `pins { totalCount }`, a folder's
    /// `boards { totalCount }`), which reads a page of none.
    pub count: bool,
}

impl TileFields {
    /// The keys the fields of the tiles of `boards` ask for.
    fn keys_of_boards(self, boards: &[BoardRecord]) -> Vec<LoadKey> {
        let mut keys = Vec::new();
        for count in 1..=self.covers {
            keys.extend(boards.iter().map(|board| LoadKey::BoardCovers {
                board: board.id,
                count,
            }));
        }
        if self.folder {
            keys.extend(
                boards
                    .iter()
                    .filter_map(|board| board.folder.map(LoadKey::Folder)),
            );
        }
        if self.owner {
            keys.extend(owners(boards.iter().map(|board| board.user)));
        }
        if self.count {
            keys.extend(boards.iter().map(|board| {
                LoadKey::Pins(PageRequest {
                    list: PinList::OnBoard(board.id),
                    first: 0,
                    after: None,
                })
            }));
        }
        keys
    }

    /// The keys the fields of the tiles of `folders` ask for: a folder's covers are read
    /// together, whichever it shows.
    fn keys_of_folders(self, folders: &[FolderRecord]) -> Vec<LoadKey> {
        let mut keys = Vec::new();
        if self.covers > 0 {
            keys.extend(
                folders
                    .iter()
                    .map(|folder| LoadKey::FolderCovers(folder.id)),
            );
        }
        if self.owner {
            keys.extend(owners(folders.iter().map(|folder| folder.user)));
        }
        if self.count {
            keys.extend(folders.iter().map(|folder| {
                let boards = BoardsRequest {
                    list: BoardList::InFolder(folder.id),
                    secret: None,
                    first: 0,
                    after: None,
                };
                LoadKey::Boards(boards, TileFields::default())
            }));
        }
        keys
    }
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

/// The keys of the owners of a page's items, each once (a user's page has one).
pub fn owners(users: impl Iterator<Item = UserId>) -> Vec<LoadKey> {
    let mut owners: Vec<UserId> = users.collect();
    owners.sort_unstable();
    owners.dedup();
    owners.into_iter().map(LoadKey::User).collect()
}

/// Each key's answer, for `viewer`, in one read transaction, with what follows from them: the
/// keys of the tiles of the pages of boards and folders among them (`TileFields`), and what is
/// asked of the records found by name (`Then`); `None` for a key with nothing to show (a user
/// gone, a folder the viewer may not see). One key's error is its own.
pub fn load_all(
    services: &Services,
    viewer: Option<UserId>,
    keys: Vec<LoadKey>,
) -> AppResult<Answers> {
    services.store.read(|read| {
        let mut found = answers(services, read, viewer, keys)?;
        let mut read_up_to = 0;
        loop {
            let next: Vec<LoadKey> = found[read_up_to..]
                .iter()
                .filter_map(|(key, answer)| Some(following(key, answer.as_ref().ok()?.as_ref()?)))
                .flatten()
                .collect();
            if next.is_empty() {
                return Ok(found);
            }
            read_up_to = found.len();
            found.extend(answers(services, read, viewer, next)?);
        }
    })
}

/// The keys that follow from what `key` found.
fn following(key: &LoadKey, found: &Loaded) -> Vec<LoadKey> {
    match (key, found) {
        (LoadKey::Boards(_, tiles), Loaded::Boards(page)) => tiles.keys_of_boards(&page.items),
        (LoadKey::Folders(_, tiles), Loaded::Folders(page)) => tiles.keys_of_folders(&page.items),
        (
            LoadKey::UserNamed(_, then)
            | LoadKey::BoardNamed { then, .. }
            | LoadKey::FolderNamed { then, .. },
            found,
        ) => then.iter().filter_map(|next| next.key_of(found)).collect(),
        _ => Vec::new(),
    }
}

/// Each key and what it found.
pub type Answers = Vec<(LoadKey, AppResult<Option<Loaded>>)>;

/// Each of `keys` with its answer, read in `read`.
fn answers(
    services: &Services,
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
