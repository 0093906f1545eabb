//! Board records and their indexes (by slug, by owner, by folder, by the users they are shared
//! with, by the words of their titles), and placing pins on boards, which decides whether a pin
//! is public.

use redb::{ReadableTable, WriteTransaction};

use super::board_sweeps::SWEPT_ABOVE;
use super::codec::{decode, encode};
use super::kept_records::kept_or_read;
use super::memo::Memo;
use super::search_sweeps::Swept;
use super::tables::{BOARDS, BOARDS_BY_FOLDER, BOARDS_BY_SLUG, BOARDS_BY_USER, BOARDS_SHARED_WITH};
use super::{
    Source, board_lists, board_pins, board_sweeps, board_titles, free_slug, ids_under, next_id,
    pins, private_pins, search_pending, search_sweeps,
};
use corkboard_domain::board::BoardRecord;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, FolderId, PinId, UserId};
use corkboard_domain::policy::pin_is_public;

/// A board's record: in a read, as a read of the same state decoded it already
/// (`kept_records`), else decoded now.
pub fn get(tx: &impl Source, id: BoardId) -> AppResult<Option<BoardRecord>> {
    let read = || {
        let boards = tx.table(BOARDS)?;
        boards
            .get(id.0)?
            .map(|bytes| decode(bytes.value()))
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

/// Stores a new board with a fresh id and a slug unique among its owner's boards.
pub fn insert(write: &WriteTransaction, mut board: BoardRecord) -> AppResult<BoardRecord> {
    board.id = BoardId(next_id(write)?);
    board.slug = free_slug(write, BOARDS_BY_SLUG, board.user.0, &board.slug)?;
    write
        .open_table(BOARDS_BY_SLUG)?
        .insert((board.user.0, board.slug.as_str()), board.id.0)?;
    write
        .open_table(BOARDS_BY_USER)?
        .insert((board.user.0, board.id.0), ())?;
    save(write, None, &board)?;
    Ok(board)
}

/// Saves a board and moves its folder, sharing, list and title word index entries from `before`.
pub fn save(
    write: &WriteTransaction,
    before: Option<&BoardRecord>,
    board: &BoardRecord,
) -> AppResult<()> {
    let old_folder = before.and_then(|b| b.folder);
    if old_folder != board.folder {
        let mut by_folder = write.open_table(BOARDS_BY_FOLDER)?;
        if let Some(folder) = old_folder {
            by_folder.remove((folder.0, board.id.0))?;
        }
        if let Some(folder) = board.folder {
            by_folder.insert((folder.0, board.id.0), ())?;
        }
    }
    let mut shares = write.open_table(BOARDS_SHARED_WITH)?;
    for user in before.map(|b| b.shared_with.as_slice()).unwrap_or_default() {
        shares.remove((user.0, board.id.0))?;
    }
    for user in &board.shared_with {
        shares.insert((user.0, board.id.0), ())?;
    }
    board_lists::update(write, before, Some(board))?;
    board_titles::update(write, before, Some(board))?;
    write
        .open_table(BOARDS)?
        .insert(board.id.0, encode(board)?.as_slice())?;
    let Some(before) = before else {
        return Ok(());
    };
    if before.secret != board.secret || before.shared_with != board.shared_with {
        // Who may see the pins changed: their public state and search documents follow.
        follow_audience(write, board.id)?;
    } else if before.title != board.title {
        search_sweeps::mark(write, Swept::PinsOn(board.id))?;
    }
    Ok(())
}

/// Brings the public state and search documents of a board's pins up to date with who may see
/// it: in this write for a small board, by a sweep for a large one (`board_sweeps`).
fn follow_audience(write: &WriteTransaction, board: BoardId) -> AppResult<()> {
    if board_sweeps::is_swept(write, board)? {
        board_sweeps::mark(write, board)
    } else {
        refresh_public_each(write, &board_pins::pins_on(write, board)?)
    }
}

/// Brings the pins of a user's boards up to date with their account being disabled or enabled:
/// those of its small boards in this write, up to `SWEPT_ABOVE` in all (as for one board), those
/// of the others by sweeps. A pin on no board needs nothing: it is never public, and its search
/// document admits its owner alone, whom a disabled account lets in nowhere.
pub fn follow_owner(write: &WriteTransaction, user: UserId) -> AppResult<()> {
    let mut pins = Vec::new();
    for board in ids_under(write, BOARDS_BY_USER, user.0)? {
        let board = BoardId(board);
        let count = board_pins::count_on_board(write, board)?;
        if pins.len() + count > SWEPT_ABOVE {
            board_sweeps::mark(write, board)?;
        } else {
            pins.extend(board_pins::pins_on(write, board)?);
        }
    }
    pins.sort_unstable();
    pins.dedup();
    refresh_public_each(write, &pins)
}

/// Removes a board; its pins stay, on their other boards (taken off it by a sweep when it holds
/// many: `board_sweeps`).
pub fn remove(write: &WriteTransaction, board: &BoardRecord) -> AppResult<()> {
    if board_sweeps::is_swept(write, board.id)? {
        board_sweeps::mark(write, board.id)?;
    } else {
        let pins = board_pins::unlink_all(write, board.id)?;
        refresh_public_each(write, &pins)?;
    }
    let emptied = BoardRecord {
        folder: None,
        shared_with: Vec::new(),
        cover: None,
        ..board.clone()
    };
    save(write, Some(board), &emptied)?;
    board_lists::update(write, Some(&emptied), None)?;
    board_titles::update(write, Some(&emptied), None)?;
    write.open_table(BOARDS)?.remove(board.id.0)?;
    write
        .open_table(BOARDS_BY_SLUG)?
        .remove((board.user.0, board.slug.as_str()))?;
    write
        .open_table(BOARDS_BY_USER)?
        .remove((board.user.0, board.id.0))?;
    Ok(())
}

/// Puts a pin on top of a board (above its highest order); a pin already there keeps its place.
pub fn place_pin(write: &WriteTransaction, pin: PinId, board: BoardId) -> AppResult<i64> {
    if let Some(order) = board_pins::order_of(write, pin, board)? {
        return Ok(order);
    }
    let order = board_pins::top_order(write, board)?;
    board_pins::set_order(write, pin, board, order)?;
    refresh_public(write, pin)?;
    Ok(order)
}

/// Takes a pin off a board, clearing the board's cover when it was this pin; false when it was not there.
pub fn take_pin(write: &WriteTransaction, pin: PinId, board: BoardId) -> AppResult<bool> {
    if !board_pins::unlink(write, pin, board)? {
        return Ok(false);
    }
    if let Some(before) = get(write, board)?
        && before.cover == Some(pin)
    {
        let mut after = before.clone();
        after.cover = None;
        save(write, Some(&before), &after)?;
    }
    refresh_public(write, pin)?;
    Ok(true)
}

/// Recomputes from its boards (and its owner's account) whether a pin is public; its search
/// document and its boards' private pins (`private_pins`) follow.
pub fn refresh_public(write: &WriteTransaction, pin: PinId) -> AppResult<()> {
    refresh_public_each(write, &[pin])
}

/// `refresh_public` for many pins, each board and owner read once.
pub(crate) fn refresh_public_each(write: &WriteTransaction, pins: &[PinId]) -> AppResult<()> {
    search_pending::mark(write, pins.iter().copied())?;
    let mut memo = Memo::new(write);
    for &pin in pins {
        // A board deleted keeps its links until swept: `on` holds the boards that exist.
        let boards = memo.boards(&board_pins::boards_of(write, pin)?)?;
        let on: Vec<BoardId> = boards.iter().map(|board| board.id).collect();
        // A pin is only ever on its owner's boards.
        let (owner, public) = match boards.first() {
            Some(board) => {
                let owner = memo.owner(board.user)?;
                (
                    board.user,
                    pin_is_public(&owner, boards.iter().map(|b| &**b)),
                )
            }
            None => match pins::get(write, pin)? {
                Some(record) => (record.user, false),
                None => continue,
            },
        };
        board_pins::set_public(write, pin, owner, public)?;
        private_pins::refresh(write, pin, &on, public)?;
    }
    Ok(())
}

/// Whether a pin is public by its boards and owner as they are now: the public indexes may be
/// behind while a board waits for its sweep (`board_sweeps`).
pub(crate) fn is_public_now(tx: &impl Source, pin: PinId) -> AppResult<bool> {
    let mut memo = Memo::new(tx);
    let on = memo.boards(&board_pins::boards_of(tx, pin)?)?;
    let Some(board) = on.first() else {
        return Ok(false);
    };
    let owner = memo.owner(board.user)?;
    Ok(pin_is_public(&owner, on.iter().map(|b| &**b)))
}
