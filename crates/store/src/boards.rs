//! Board records, found by id, by slug, by owner, by folder and by the users they are shared
//! with (written, with every index, by `board_writes`).

use redb::ReadableTable;

use super::kept_records::kept_or_read;
use super::tables::{BOARDS, BOARDS_BY_FOLDER, BOARDS_BY_SLUG, BOARDS_BY_USER, BOARDS_SHARED_WITH};
use super::{Source, ids_under};
use corkboard_domain::board::BoardRecord;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, FolderId, UserId};

/// A board's record: in a read, as a read of the same state decoded it already
/// (`kept_records`), else decoded now.
pub fn get(tx: &impl Source, id: BoardId) -> AppResult<Option<BoardRecord>> {
    let read = || {
        let boards = tx.table(BOARDS)?;
        boards
            .get(id.0)?
            .map(|bytes| tx.decode(bytes.value()))
            .transpose()
    };
    let record = kept_or_read(tx, |kept| &kept.boards, id, read)?;
    Ok(record.map(|record| BoardRecord::clone(&record)))
}

pub fn by_slug(tx: &impl Source, user: UserId, slug: &str) -> AppResult<Option<BoardRecord>> {
    let id = tx
        .table(BOARDS_BY_SLUG)?
        .get((user.0, slug))?
        .map(|v| v.value());
    id.map_or(Ok(None), |id| get(tx, BoardId(id)))
}

fn load_all(tx: &impl Source, ids: Vec<u64>) -> AppResult<Vec<BoardRecord>> {
    let boards = ids
        .into_iter()
        .map(|id| get(tx, BoardId(id)))
        .collect::<AppResult<Vec<_>>>()?;
    Ok(boards.into_iter().flatten().collect())
}

/// A user's boards, oldest first.
pub fn of_user(tx: &impl Source, user: UserId) -> AppResult<Vec<BoardRecord>> {
    load_all(tx, ids_under(tx, BOARDS_BY_USER, user.0)?)
}

/// The boards in a folder, oldest first.
pub fn in_folder(tx: &impl Source, folder: FolderId) -> AppResult<Vec<BoardRecord>> {
    load_all(tx, ids_under(tx, BOARDS_BY_FOLDER, folder.0)?)
}

/// Private boards shared with `user`.
pub fn shared_with(tx: &impl Source, user: UserId) -> AppResult<Vec<BoardRecord>> {
    load_all(tx, ids_under(tx, BOARDS_SHARED_WITH, user.0)?)
}
