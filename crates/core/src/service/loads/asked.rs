//! What a page's fields will ask of the records it reads, read with them in the same round and
//! transaction (`service::loads`): the tiles of a page of boards or folders (`TileFields`), and
//! what a query asks of the user, board or folder it names (`Then`, from `graphql::ahead`).

use crate::service::boards::BoardsRequest;
use crate::service::folders::FoldersRequest;
use crate::service::loads::{LoadKey, Loaded};
use crate::service::pin_lists::{PageRequest, PinList};
use corkboard_domain::board::{BoardRecord, FolderRecord};
use corkboard_domain::ids::{BoardId, FolderId, UserId};
use corkboard_store::board_lists::BoardList;
use corkboard_store::pin_order::PinKey;

/// What a query asks of a user, board or folder it names, read after it: the fields asking find
/// it read. A board's page asked for a user, then its board, then the board's pins, each a round
/// and a hop off the runtime of its own, the request queued again behind the others' each time.
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
    /// A page of the boards of the user or folder.
    Boards(TilesPage<BoardId>),
    /// A page of the folders of the user.
    Folders(TilesPage<FolderId>),
}

/// A page of boards or folders asked of a record: all, or only the public (`secret` false) or
/// the private ones (true), `first` after `after`, with what its tiles show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TilesPage<Id> {
    pub secret: Option<bool>,
    pub first: usize,
    pub after: Option<Id>,
    pub tiles: TileFields,
}

impl TilesPage<BoardId> {
    fn of(self, list: BoardList) -> LoadKey {
        let TilesPage {
            secret,
            first,
            after,
            tiles,
        } = self;
        LoadKey::Boards(
            BoardsRequest {
                list,
                secret,
                first,
                after,
            },
            tiles,
        )
    }
}

impl TilesPage<FolderId> {
    fn of(self, owner: UserId) -> LoadKey {
        let TilesPage {
            secret,
            first,
            after,
            tiles,
        } = self;
        LoadKey::Folders(
            FoldersRequest {
                owner,
                secret,
                first,
                after,
            },
            tiles,
        )
    }
}

impl Next {
    /// The key of this, asked of `found`; `None` where it asks what `found` does not hold.
    fn key_of(&self, found: &Loaded) -> Option<LoadKey> {
        let pins = |list, first: &usize, after: &Option<PinKey>| {
            LoadKey::Pins(PageRequest {
                list,
                first: *first,
                after: *after,
            })
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
                pins(PinList::OfUser(user.id), first, after)
            }
            (Next::Pins { first, after }, Loaded::Board(board)) => {
                pins(PinList::OnBoard(board.id), first, after)
            }
            (Next::Boards(page), Loaded::User(user)) => page.of(BoardList::OfUser(user.id)),
            (Next::Boards(page), Loaded::Folder(folder)) => page.of(BoardList::InFolder(folder.id)),
            (Next::Folders(page), Loaded::User(user)) => page.of(user.id),
            _ => return None,
        })
    }
}

/// The keys that follow from what `key` found.
pub fn following(key: &LoadKey, found: &Loaded) -> Vec<LoadKey> {
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

/// The keys of the owners of a page's items, each once (a user's page has one).
fn owners(users: impl Iterator<Item = UserId>) -> Vec<LoadKey> {
    let mut owners: Vec<UserId> = users.collect();
    owners.sort_unstable();
    owners.dedup();
    owners.into_iter().map(LoadKey::User).collect()
}
