//! What the tiles of a page of boards or folders will ask for, read ahead in one round.
//!
//! Each tile's covers, folder, owner and count waited for their round on their own, and were
//! woken each when it was read: a boards page's 12 tiles asked so for some 60 keys, a sixth of
//! the page's time (`bench/TUNING.md`, session 48). The page's list now asks for them all, by
//! the fields its nodes ask for, and waits for them once; the tiles' fields find them read.

use async_graphql::{Context, Lookahead, Result, SelectionField, Value};

use crate::domain::board::{BoardRecord, FolderRecord};
use crate::domain::ids::UserId;
use crate::service::boards::BoardsRequest;
use crate::service::loads::LoadKey;
use crate::service::pin_lists::{PageRequest, PinList};
use crate::store::board_lists::BoardList;

const BOARD_COVERS: [&str; 5] = ["cover1", "cover2", "cover3", "cover4", "cover5"];
const FOLDER_COVERS: [&str; 4] = ["cover1", "cover2", "cover3", "cover4"];

/// What the nodes of a page of `boards` (the selection of `ctx`, a connection) will ask for:
/// as many covers as they show, their folders, owners, and pin counts (`pins { totalCount }`).
pub fn board_loads(ctx: &Context<'_>, boards: &[BoardRecord]) -> Result<Vec<LoadKey>> {
    let node = ctx.look_ahead().field("edges").field("node");
    let mut keys = Vec::new();
    if boards.is_empty() || !node.exists() {
        return Ok(keys);
    }
    for (index, cover) in BOARD_COVERS.iter().enumerate() {
        if node.field(cover).exists() {
            keys.extend(boards.iter().map(|board| LoadKey::BoardCovers {
                board: board.id,
                count: index + 1,
            }));
        }
    }
    if node.field("folder").exists() {
        keys.extend(
            boards
                .iter()
                .filter_map(|board| board.folder.map(LoadKey::Folder)),
        );
    }
    if node.field("user").exists() {
        keys.extend(owners(boards.iter().map(|board| board.user)));
    }
    if counts_alone(&node.field("pins"))? {
        keys.extend(boards.iter().map(|board| {
            LoadKey::Pins(PageRequest {
                list: PinList::OnBoard(board.id),
                first: 0,
                after: None,
            })
        }));
    }
    Ok(keys)
}

/// What the nodes of a page of `folders` will ask for: their covers, owners, and board counts
/// (`boards { totalCount }`).
pub fn folder_loads(ctx: &Context<'_>, folders: &[FolderRecord]) -> Result<Vec<LoadKey>> {
    let node = ctx.look_ahead().field("edges").field("node");
    let mut keys = Vec::new();
    if folders.is_empty() || !node.exists() {
        return Ok(keys);
    }
    if FOLDER_COVERS.iter().any(|cover| node.field(cover).exists()) {
        keys.extend(
            folders
                .iter()
                .map(|folder| LoadKey::FolderCovers(folder.id)),
        );
    }
    if node.field("user").exists() {
        keys.extend(owners(folders.iter().map(|folder| folder.user)));
    }
    if counts_alone(&node.field("boards"))? {
        keys.extend(folders.iter().map(|folder| {
            LoadKey::Boards(BoardsRequest {
                list: BoardList::InFolder(folder.id),
                secret: None,
                first: 0,
                after: None,
            })
        }));
    }
    Ok(keys)
}

/// The owners of a page's items, each once (a user's page has one).
fn owners(users: impl Iterator<Item = UserId>) -> Vec<LoadKey> {
    let mut keys: Vec<LoadKey> = Vec::new();
    for user in users {
        let key = LoadKey::User(user);
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    keys
}

/// Whether the connection `list` is asked for, and only for its `totalCount`, from its start:
/// its field then reads no items (`pagination::items_to_read`), and asks for a page of none.
fn counts_alone(list: &Lookahead<'_>) -> Result<bool> {
    let wants_items = |field: &SelectionField<'_>| {
        let look = Lookahead::from(*field);
        ["edges", "nodes", "pageInfo"]
            .iter()
            .any(|name| look.field(name).exists())
    };
    let mut alone = list.exists();
    for field in list.selection_fields() {
        let arguments = field.arguments()?;
        let after = arguments
            .iter()
            .any(|(name, value)| name == "after" && *value != Value::Null);
        alone &= !after && !wants_items(&field);
    }
    Ok(alone)
}
