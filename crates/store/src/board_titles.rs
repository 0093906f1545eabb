//! The words of board titles (`BOARD_TITLE_WORDS` by owner, `BOARD_TITLE_WORDS_BY_WORD` for
//! everyone's), kept by `board_writes::save` and `remove`, so that boards are found by the
//! beginnings of their title words without reading the boards that have none.

use std::collections::BTreeSet;

use redb::ReadableTable;

use super::Source;
use super::tables::{BOARD_TITLE_WORDS, BOARD_TITLE_WORDS_BY_WORD, BOARDS};
use super::writing::Writing;
use corkboard_domain::board::{BoardRecord, title_words};
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, UserId};

/// (owner, word, board): a key of `BOARD_TITLE_WORDS`.
pub(crate) type WordKey = (u64, String, u64);

/// The keys a board has in the index.
fn keys_of(board: Option<&BoardRecord>) -> BTreeSet<WordKey> {
    let Some(board) = board else {
        return BTreeSet::new();
    };
    title_words(&board.title)
        .into_iter()
        .map(|word| (board.user.0, word, board.id.0))
        .collect()
}

/// Moves a board's entries from its title `before` to its title `after` (`None`: a board not
/// stored yet, or removed).
pub fn update(
    write: &Writing,
    before: Option<&BoardRecord>,
    after: Option<&BoardRecord>,
) -> AppResult<()> {
    let (old, new) = (keys_of(before), keys_of(after));
    if old == new {
        return Ok(());
    }
    let mut table = write.open_table(BOARD_TITLE_WORDS)?;
    let mut by_word = write.open_table(BOARD_TITLE_WORDS_BY_WORD)?;
    for (user, word, board) in old.difference(&new) {
        table.remove((*user, word.as_str(), *board))?;
        by_word.remove((word.as_str(), *board))?;
    }
    for (user, word, board) in new.difference(&old) {
        table.insert((*user, word.as_str(), *board), ())?;
        by_word.insert((word.as_str(), *board), ())?;
    }
    Ok(())
}

/// Boards of anyone with a title word starting with `prefix`, each once, in the order of their
/// words, at most `keys` entries of the index read: the caller keeps those the viewer may see.
pub fn of_anyone_with_word_starting(
    tx: &impl Source,
    prefix: &str,
    keys: usize,
) -> AppResult<Vec<BoardId>> {
    let table = tx.table(BOARD_TITLE_WORDS_BY_WORD)?;
    let (mut found, mut read) = (Vec::new(), 0);
    for entry in table.range((prefix, 0)..)?.take(keys) {
        let (key, _) = entry?;
        let (word, board) = key.value();
        if !word.starts_with(prefix) {
            break;
        }
        read += 1;
        if !found.contains(&BoardId(board)) {
            found.push(BoardId(board));
        }
    }
    tx.note_keys_read(read);
    Ok(found)
}

/// The entries of `BOARD_TITLE_WORDS_BY_WORD` those of `BOARD_TITLE_WORDS` make.
pub fn by_word(keys: &BTreeSet<WordKey>) -> BTreeSet<(String, u64)> {
    keys.iter()
        .map(|(_, word, board)| (word.clone(), *board))
        .collect()
}

/// The boards of `owner` with a title word starting with `prefix`, newest first, each once:
/// read from the index alone, as many keys as such words.
pub fn with_word_starting(
    tx: &impl Source,
    owner: UserId,
    prefix: &str,
) -> AppResult<Vec<BoardId>> {
    let table = tx.table(BOARD_TITLE_WORDS)?;
    let (mut found, mut keys) = (BTreeSet::new(), 0);
    for entry in table.range((owner.0, prefix, 0)..)? {
        let (key, _) = entry?;
        let (user, word, board) = key.value();
        if user != owner.0 || !word.starts_with(prefix) {
            break;
        }
        keys += 1;
        found.insert(board);
    }
    tx.note_keys_read(keys);
    Ok(found.into_iter().rev().map(BoardId).collect())
}

/// Every entry of the index, built from the board records (migration and `corkboard check`).
pub fn expected<'a>(boards: impl IntoIterator<Item = &'a BoardRecord>) -> BTreeSet<WordKey> {
    boards
        .into_iter()
        .flat_map(|board| keys_of(Some(board)))
        .collect()
}

/// Fills the index from every board record, anew (migration 20).
pub fn fill(write: &Writing) -> AppResult<()> {
    write.delete_table(BOARD_TITLE_WORDS)?;
    let mut table = write.open_table(BOARD_TITLE_WORDS)?;
    for (user, word, board) in expected(&all_boards(write)?) {
        table.insert((user, word.as_str(), board), ())?;
    }
    Ok(())
}

/// Fills the index of every board's title words by word from every board record, anew
/// (migration 26).
pub fn fill_by_word(write: &Writing) -> AppResult<()> {
    write.delete_table(BOARD_TITLE_WORDS_BY_WORD)?;
    let mut table = write.open_table(BOARD_TITLE_WORDS_BY_WORD)?;
    for (word, board) in by_word(&expected(&all_boards(write)?)) {
        table.insert((word.as_str(), board), ())?;
    }
    Ok(())
}

fn all_boards(write: &Writing) -> AppResult<Vec<BoardRecord>> {
    let mut boards = Vec::new();
    for entry in write.open_table(BOARDS)?.iter()? {
        boards.push(write.decode::<BoardRecord>(entry?.1.value())?);
    }
    Ok(boards)
}
