//! Writing boards: inserting, saving and removing a board with every index it has (by slug, by
//! owner, by folder, by the users it is shared with, its lists and title words), and bringing
//! its pins' public state and search documents up to date with who may see it.

use super::board_sweeps::SWEPT_ABOVE;
use super::codec::encode;
use super::follows::Followed;
use super::public_pins::refresh_public_each;
use super::search_sweeps::{self, Swept};
use super::tables::{BOARDS, BOARDS_BY_FOLDER, BOARDS_BY_SLUG, BOARDS_BY_USER, BOARDS_SHARED_WITH};
use super::writing::Writing;
use super::{
    board_links, board_lists, board_pins, board_sweeps, board_titles, follow_writes, free_slug,
    ids_under, next_id, share_links,
};
use corkboard_domain::board::BoardRecord;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, UserId};

/// Stores a new board with a fresh id and a slug unique among its owner's boards.
pub fn insert(write: &Writing, mut board: BoardRecord) -> AppResult<BoardRecord> {
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
pub fn save(write: &Writing, before: Option<&BoardRecord>, board: &BoardRecord) -> AppResult<()> {
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
fn follow_audience(write: &Writing, board: BoardId) -> AppResult<()> {
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
pub fn follow_owner(write: &Writing, user: UserId) -> AppResult<()> {
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

/// Removes a board, its share links and its follows; its pins stay, on their other boards (taken off it by a
/// sweep when it holds many: `board_sweeps`).
pub fn remove(write: &Writing, board: &BoardRecord) -> AppResult<()> {
    if board_sweeps::is_swept(write, board.id)? {
        board_sweeps::mark(write, board.id)?;
    } else {
        let pins = board_links::unlink_all(write, board.id)?;
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
    share_links::remove_of_board(write, board.id)?;
    follow_writes::forget(write, Followed::Board(board.id))?;
    write.open_table(BOARDS)?.remove(board.id.0)?;
    write
        .open_table(BOARDS_BY_SLUG)?
        .remove((board.user.0, board.slug.as_str()))?;
    write
        .open_table(BOARDS_BY_USER)?
        .remove((board.user.0, board.id.0))?;
    Ok(())
}
