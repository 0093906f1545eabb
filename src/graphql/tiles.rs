//! What the tiles of a page of boards or folders will ask for, read with the page.
//!
//! Each tile's covers, folder, owner and count waited for their round on their own, and were
//! woken each when it was read: a boards page's 12 tiles asked so for some 60 keys, a sixth of
//! the page's time (`bench/TUNING.md`, session 48). A page is now read with what its nodes show
//! (`TileFields`, in its round and transaction), and the tiles' fields find them read.

use async_graphql::{Lookahead, Result, Value};

use crate::graphql::pagination::wants_items;
use corkboard_core::service::loads::asked::TileFields;

const BOARD_COVERS: [&str; 5] = ["cover1", "cover2", "cover3", "cover4", "cover5"];
const FOLDER_COVERS: [&str; 4] = ["cover1", "cover2", "cover3", "cover4"];

/// What the nodes of a page of boards (`connection`, as a look-ahead) show: as many covers as
/// they ask for, their folders, owners, and pin counts (`pins { totalCount }`).
pub(crate) fn board_fields(connection: &Lookahead<'_>) -> Result<TileFields> {
    fields(connection, &BOARD_COVERS, "pins")
}

/// What the nodes of a page of folders show: their covers, owners, and board counts
/// (`boards { totalCount }`).
pub(crate) fn folder_fields(connection: &Lookahead<'_>) -> Result<TileFields> {
    fields(connection, &FOLDER_COVERS, "boards")
}

/// What the nodes of `connection` show, of their `covers` and of the `list` they hold.
fn fields(connection: &Lookahead<'_>, covers: &[&str], list: &str) -> Result<TileFields> {
    let node = connection.field("edges").field("node");
    if !node.exists() {
        return Ok(TileFields::default());
    }
    let covers = covers.iter().rposition(|cover| node.field(cover).exists());
    Ok(TileFields {
        covers: covers.map_or(0, |index| index + 1),
        folder: node.field("folder").exists(),
        owner: node.field("user").exists(),
        count: counts_alone(&node.field(list))?,
    })
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
