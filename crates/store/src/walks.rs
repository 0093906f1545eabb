//! Index keys walked a slice at a time in either direction: one range, or several side by side
//! as one list of ids (the pin lists of `pin_order`, the board and folder lists of `lists`).

use std::ops::Bound::{self, Excluded, Included};

use redb::{AccessGuard, Key, StorageError, Value};

use super::Source;
use corkboard_domain::error::AppResult;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// The list's own order: newest or highest first.
    Down,
    /// Back towards the top of the list.
    Up,
}

type Entry<'a, K, V> = Result<(AccessGuard<'a, K>, AccessGuard<'a, V>), StorageError>;

/// A walk of ids, one index's.
pub(super) type Ids<'a> = Box<dyn Iterator<Item = AppResult<u64>> + 'a>;

/// Up to `limit` keys of a range of `tx`'s, walked in `direction`.
pub(super) fn take<'a, K: Key + 'static, V: Value + 'static, T>(
    tx: &impl Source,
    range: impl DoubleEndedIterator<Item = Entry<'a, K, V>>,
    direction: Direction,
    limit: usize,
    key_of: impl Fn(K::SelfType<'_>) -> T,
) -> AppResult<Vec<T>> {
    let entries: Box<dyn Iterator<Item = Entry<'a, K, V>>> = match direction {
        Direction::Down => Box::new(range.rev()),
        Direction::Up => Box::new(range),
    };
    let mut found = Vec::new();
    for entry in entries.take(limit) {
        let (key, _) = entry?;
        found.push(key_of(key.value()));
    }
    tx.note_keys_read(found.len());
    Ok(found)
}

/// The bounds of the ids beyond `from` in `direction`, between `lowest` and `highest`.
pub(super) fn beyond<T: Copy>(
    from: Option<T>,
    direction: Direction,
    lowest: T,
    highest: T,
) -> (Bound<T>, Bound<T>) {
    match (from, direction) {
        (None, _) => (Included(lowest), Included(highest)),
        (Some(from), Direction::Down) => (Included(lowest), Excluded(from)),
        (Some(from), Direction::Up) => (Excluded(from), Included(highest)),
    }
}

/// The first `limit` ids of `walks` (of `tx`'s indexes) together, each once, in `direction`.
pub(super) fn side_by_side(
    tx: &impl Source,
    mut walks: Vec<Ids<'_>>,
    direction: Direction,
    limit: usize,
) -> AppResult<Vec<u64>> {
    let mut read = 0;
    let mut next = |walk: &mut Ids<'_>| -> AppResult<Option<u64>> {
        let id = walk.next().transpose()?;
        read += usize::from(id.is_some());
        Ok(id)
    };
    // Each walk's next id; a walk whose id was just taken moves on when another is wanted.
    let mut heads: Vec<Option<u64>> = vec![None; walks.len()];
    let mut taken = vec![true; walks.len()];
    let mut found = Vec::new();
    while found.len() < limit {
        for ((head, taken), walk) in heads.iter_mut().zip(&mut taken).zip(&mut walks) {
            if *taken {
                *head = next(walk)?;
                *taken = false;
            }
        }
        let ahead = heads.iter().flatten().copied();
        let Some(id) = (match direction {
            Direction::Down => ahead.max(),
            Direction::Up => ahead.min(),
        }) else {
            break;
        };
        for (head, taken) in heads.iter().zip(&mut taken) {
            *taken = *head == Some(id);
        }
        found.push(id);
    }
    tx.note_keys_read(read);
    Ok(found)
}

/// The ids of a range's keys, walked in `direction`.
pub(super) fn walked<'a, K: Key + 'static>(
    range: impl DoubleEndedIterator<Item = Entry<'a, K, ()>> + 'a,
    direction: Direction,
    id_of: impl Fn(K::SelfType<'_>) -> u64 + 'a,
) -> Ids<'a> {
    let entries: Box<dyn Iterator<Item = Entry<'a, K, ()>>> = match direction {
        Direction::Down => Box::new(range.rev()),
        Direction::Up => Box::new(range),
    };
    Box::new(entries.map(move |entry| Ok(entry.map(|(key, _)| id_of(key.value()))?)))
}
