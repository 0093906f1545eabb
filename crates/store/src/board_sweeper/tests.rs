//! Boards made private or deleted, and their owner disabled, on a real store: the write leaves
//! the pins of big boards to the sweep, the public walks hide them at once, and the sweep leaves
//! the database consistent.

use redb::ReadableTableMetadata;

use super::*;
use crate::board_sweeps::{SWEPT_ABOVE, all, count, mark};
use crate::pin_order::{self, Listed};
use crate::tables::PUBLIC_PINS;
use crate::walks::Direction;
use crate::{Source, board_writes, check, pin_writes, pins, public_pins, users};
use corkboard_domain::board::BoardRecord;
use corkboard_domain::user::UserRecord;

const BIG: usize = SWEPT_ABOVE + 20;

struct Boards {
    _dir: tempfile::TempDir,
    store: Store,
    big: BoardRecord,
    small: BoardRecord,
    /// The big board's pins, oldest first; the first is also on the small board.
    pins: Vec<PinId>,
}

/// Ann's public boards: "Big" of `BIG` pins, and "Small" with a few, the first of Big's among
/// them.
fn ann_s_boards() -> Boards {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("corkboard.redb")).unwrap();
    let (big, small, pins) = store
        .write(|write| {
            let ann = UserRecord::new("ann".into(), "ann@example.org".into(), String::new());
            let ann = users::insert(write, ann)?.id;
            let big = board_writes::insert(
                write,
                BoardRecord::new(ann, "Big".into(), None, None, false),
            )?;
            let small = board_writes::insert(
                write,
                BoardRecord::new(ann, "Small".into(), None, None, false),
            )?;
            let mut added = Vec::new();
            for n in 0..BIG + 3 {
                let on = match n {
                    0 => vec![big.id, small.id],
                    n if n < BIG => vec![big.id],
                    _ => vec![small.id],
                };
                added.push(pin_writes::insert(write, crate::test_pins::pin_of(ann), &on)?.id);
            }
            added.truncate(BIG);
            Ok((big, small, added))
        })
        .unwrap();
    Boards {
        _dir: dir,
        store,
        big,
        small,
        pins,
    }
}

/// The ids everyone sees in Last pins, newest first.
fn public_walk(store: &Store) -> Vec<u64> {
    let keys = store
        .read(|read| pin_order::merged(read, &[Listed::Public], None, Direction::Down, 1_000))
        .unwrap();
    keys.into_iter().map(|key| key.1).collect()
}

fn indexed_public(store: &Store) -> u64 {
    store
        .read(|read| Ok(read.table(PUBLIC_PINS)?.len()?))
        .unwrap()
}

fn is_public(store: &Store, pin: PinId) -> bool {
    store
        .read(|read| public_pins::is_public(read, pin))
        .unwrap()
}

fn assert_consistent(store: &Store) {
    let report = store.read(check::database).unwrap();
    assert!(report.is_consistent(), "{:?}", report.problems);
}

/// What the small board shows everyone: its three own pins and the big board's first.
fn small_board_only(boards: &Boards) -> Vec<u64> {
    let mut shown: Vec<u64> = (1..=3)
        .map(|n| boards.pins[0].0 + BIG as u64 + n - 1)
        .collect();
    shown.reverse();
    shown.push(boards.pins[0].0);
    shown
}

#[test]
fn a_big_board_made_private_hides_its_pins_at_once_and_its_sweep_catches_up() {
    let boards = ann_s_boards();
    let store = &boards.store;
    assert_eq!(public_walk(store).len(), BIG + 3);
    let mut hidden = boards.big.clone();
    hidden.secret = true;
    store
        .write(|write| board_writes::save(write, Some(&boards.big), &hidden))
        .unwrap();

    // The write left every pin's entries as they were, and marked the board once.
    assert_eq!(indexed_public(store), (BIG + 3) as u64);
    assert_eq!(store.read(count).unwrap(), 1);
    // Yet no one sees them: the walk and a pin's check look at the boards.
    assert_eq!(public_walk(store), small_board_only(&boards));
    assert!(!is_public(store, boards.pins[1]));
    assert!(is_public(store, boards.pins[0]));

    sweep_all(store).unwrap();
    assert_eq!(store.read(count).unwrap(), 0);
    assert_eq!(indexed_public(store), 4);
    assert_eq!(public_walk(store), small_board_only(&boards));
    assert_consistent(store);

    // Made public again, its pins show once swept.
    store
        .write(|write| board_writes::save(write, Some(&hidden), &boards.big))
        .unwrap();
    assert_eq!(indexed_public(store), 4);
    sweep_all(store).unwrap();
    assert_eq!(public_walk(store).len(), BIG + 3);
    assert_consistent(store);
}

#[test]
fn a_big_board_deleted_leaves_its_pins_to_the_sweep_which_takes_them_off_it() {
    let boards = ann_s_boards();
    let store = &boards.store;
    store
        .write(|write| board_writes::remove(write, &boards.big))
        .unwrap();
    assert!(
        store
            .read(|read| boards::get(read, boards.big.id))
            .unwrap()
            .is_none()
    );
    assert_eq!(indexed_public(store), (BIG + 3) as u64);
    assert_eq!(public_walk(store), small_board_only(&boards));
    assert!(!is_public(store, boards.pins[1]));

    sweep_all(store).unwrap();
    let links = store
        .read(|read| board_pins::boards_of(read, boards.pins[1]))
        .unwrap();
    assert!(links.is_empty(), "{links:?}");
    let kept = store.read(|read| pins::get(read, boards.pins[1])).unwrap();
    assert!(kept.is_some(), "the pins stay, on no board");
    assert_eq!(
        store
            .read(|read| board_pins::boards_of(read, boards.pins[0]))
            .unwrap(),
        [boards.small.id]
    );
    assert_eq!(indexed_public(store), 4);
    assert_consistent(store);
}

#[test]
fn a_board_of_few_pins_is_brought_up_to_date_in_its_write() {
    let boards = ann_s_boards();
    let store = &boards.store;
    store
        .write(|write| board_writes::remove(write, &boards.small))
        .unwrap();
    assert_eq!(store.read(count).unwrap(), 0);
    assert_eq!(indexed_public(store), BIG as u64);
    assert_consistent(store);
}

#[test]
fn a_board_marked_again_after_its_sweep_began_stays_marked() {
    let boards = ann_s_boards();
    let store = &boards.store;
    store.write(|write| mark(write, boards.big.id)).unwrap();
    let read = store.read(all).unwrap();
    store.write(|write| mark(write, boards.big.id)).unwrap();
    store
        .write(|write| finish(write, read[0].0, read[0].1))
        .unwrap();
    assert_eq!(store.read(count).unwrap(), 1);
    sweep_all(store).unwrap();
    assert_eq!(store.read(count).unwrap(), 0);
}

/// Disables or enables ann, as the admin's command does.
fn set_ann_disabled(boards: &Boards, disabled: bool) {
    boards
        .store
        .write(|write| {
            let mut ann = users::load(write, boards.big.user)?;
            ann.disabled = disabled;
            users::update(write, &ann)?;
            board_writes::follow_owner(write, ann.id)
        })
        .unwrap();
}

#[test]
fn an_owner_disabled_hides_every_pin_at_once_and_the_big_board_s_pins_follow_in_its_sweep() {
    let boards = ann_s_boards();
    let store = &boards.store;
    set_ann_disabled(&boards, true);

    // The small board's pins followed in the write; the big board was marked.
    assert_eq!(indexed_public(store), (BIG - 1) as u64);
    assert_eq!(store.read(count).unwrap(), 1);
    assert_eq!(public_walk(store), Vec::<u64>::new());
    assert!(!is_public(store, boards.pins[1]));
    sweep_all(store).unwrap();
    assert_eq!(indexed_public(store), 0);
    assert_consistent(store);

    set_ann_disabled(&boards, false);
    assert_eq!(public_walk(store), small_board_only(&boards));
    sweep_all(store).unwrap();
    assert_eq!(public_walk(store).len(), BIG + 3);
    assert_consistent(store);
}

#[test]
fn an_owner_disabled_with_several_small_boards_leaves_all_but_the_first_to_sweeps() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("corkboard.redb")).unwrap();
    let boards_of_a_hundred = 3;
    let mut ann = store
        .write(|write| {
            let ann = UserRecord::new("ann".into(), "ann@example.org".into(), String::new());
            let ann = users::insert(write, ann)?;
            for n in 0..boards_of_a_hundred {
                let board = BoardRecord::new(ann.id, format!("B{n}"), None, None, false);
                let board = board_writes::insert(write, board)?;
                for _ in 0..SWEPT_ABOVE {
                    pin_writes::insert(write, crate::test_pins::pin_of(ann.id), &[board.id])?;
                }
            }
            Ok(ann)
        })
        .unwrap();
    ann.disabled = true;
    store
        .write(|write| {
            users::update(write, &ann)?;
            board_writes::follow_owner(write, ann.id)
        })
        .unwrap();
    assert_eq!(store.read(count).unwrap(), 2);
    assert_eq!(indexed_public(&store), 2 * SWEPT_ABOVE as u64);
    assert_eq!(public_walk(&store), Vec::<u64>::new());
    sweep_all(&store).unwrap();
    assert_eq!(indexed_public(&store), 0);
    assert_consistent(&store);
}
