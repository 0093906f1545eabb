//! What the tiles of a page of boards or folders will ask for, read before they are answered.
//!
//! Each tile's covers, folder, owner and count waited for their round on their own, and were
//! woken each when it was read: a boards page's 12 tiles asked so for some 60 keys, a sixth of
//! the page's time (`bench/TUNING.md`, session 48). A page of boards is now read with what its
//! nodes show (`TileFields`, in its round and transaction); a page of folders reads its tiles'
//! keys ahead, in one round. The tiles' fields find them read.

use async_graphql::{Context, Lookahead, Result, Value};

use crate::domain::board::FolderRecord;
use crate::graphql::pagination::wants_items;
use crate::service::boards::BoardsRequest;
use crate::service::loads::{LoadKey, TileFields, owners};
use crate::store::board_lists::BoardList;

const BOARD_COVERS: [&str; 5] = ["cover1", "cover2", "cover3", "cover4", "cover5"];
const FOLDER_COVERS: [&str; 4] = ["cover1", "cover2", "cover3", "cover4"];

/// What the nodes of a page of boards (the selection of `ctx`, a connection) show: as many
/// covers as they ask for, their folders, owners, and pin counts (`pins { totalCount }`).
pub fn board_fields(ctx: &Context<'_>) -> Result<TileFields> {
    let node = ctx.look_ahead().field("edges").field("node");
    if !node.exists() {
        return Ok(TileFields::default());
    }
    let covers = BOARD_COVERS
        .iter()
        .rposition(|cover| node.field(cover).exists());
    Ok(TileFields {
        covers: covers.map_or(0, |index| index + 1),
        folder: node.field("folder").exists(),
        owner: node.field("user").exists(),
        pin_count: counts_alone(&node.field("pins"))?,
    })
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
            let boards = BoardsRequest {
                list: BoardList::InFolder(folder.id),
                secret: None,
                first: 0,
                after: None,
            };
            LoadKey::Boards(boards, TileFields::default())
        }));
    }
    Ok(keys)
}

/// Whether the connection `list` is asked for, and only for its `totalCount`, from its start:
/// its field then reads no items (`pagination::items_to_read`), and asks for a page of none.
fn counts_alone(list: &Lookahead<'_>) -> Result<bool> {
    let mut alone = list.exists();
    for field in list.selection_fields() {
        let arguments = field.arguments()?;
        let after = arguments
            .iter()
            .any(|(name, value)| name == "after" && *value != Value::Null);
        alone &= !after && !wants_items(&Lookahead::from(field));
    }
    Ok(alone)
}
