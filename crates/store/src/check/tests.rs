//! The consistency check of `store::check` and the migrations it proves, on small real stores.

use chrono::Utc;
use redb::{ReadableTable, ReadableTableMetadata};

use super::*;
use crate::{Source, Store, board_pins, board_writes, pin_writes, pins, users};
use corkboard_domain::ids::{BoardId, UserId};

fn store_with_a_pin() -> (tempfile::TempDir, Store, PinRecord) {
    store_with_a_pin_on(&[false])
}

/// A store with one pin on one board each of `secret`.
fn store_with_a_pin_on(secret: &[bool]) -> (tempfile::TempDir, Store, PinRecord) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("corkboard.redb")).unwrap();
    let pin = store
        .write(|write| {
            let user = users::insert(
                write,
                UserRecord::new("ann".into(), "ann@example.org".into(), String::new()),
            )?;
            let mut on = Vec::new();
            for (n, secret) in secret.iter().enumerate() {
                let board = BoardRecord {
                    id: BoardId(0),
                    user: user.id,
                    slug: format!("b{n}"),
                    title: format!("B{n}"),
                    caption: None,
                    pin_default_description: None,
                    pin_default_tags: Vec::new(),
                    secret: *secret,
                    folder: None,
                    shared_with: Vec::new(),
                    cover: None,
                    created_at: Utc::now(),
                };
                on.push(board_writes::insert(write, board)?.id);
            }
            let pin = crate::test_pins::pin_of(user.id);
            pin_writes::insert(write, pin, &on)
        })
        .unwrap();
    (dir, store, pin)
}

#[test]
fn a_database_made_by_the_store_is_consistent() {
    let (_dir, store, _) = store_with_a_pin();
    let report = store.read(database).unwrap();
    assert!(report.is_consistent(), "{:?}", report.problems);
    assert_eq!(report.counts["pins"], 1);
}

/// The store of `store_with_a_pin` with `table` emptied and its schema version set back to
/// `version`: whether `database` found it inconsistent then, and the store opened again (so
/// migrated). The folder must outlive the store.
fn emptied_then_migrated<K: Key + 'static, V: Value + 'static>(
    table: TableDefinition<K, V>,
    version: u64,
) -> (tempfile::TempDir, bool, Store) {
    emptied_then_migrated_from(store_with_a_pin(), table, version)
}

fn emptied_then_migrated_from<K: Key + 'static, V: Value + 'static>(
    (dir, store, _): (tempfile::TempDir, Store, PinRecord),
    table: TableDefinition<K, V>,
    version: u64,
) -> (tempfile::TempDir, bool, Store) {
    store
        .write(|write| {
            write.delete_table(table)?;
            write.open_table(table)?;
            write.open_table(META)?.insert("schema_version", version)?;
            Ok(())
        })
        .unwrap();
    let broken = !store.read(database).unwrap().is_consistent();
    drop(store);
    let store = Store::open(&dir.path().join("corkboard.redb")).unwrap();
    (dir, broken, store)
}

#[test]
fn migration_11_fills_the_date_index_of_board_pins() {
    let (_dir, broken, store) = emptied_then_migrated(BOARD_PINS_BY_DATE, 10);
    assert!(broken);
    let report = store.read(database).unwrap();
    assert!(report.is_consistent(), "{:?}", report.problems);
}

/// A second user, who follows in the tests of follows.
fn insert_bob(write: &crate::writing::Writing) -> AppResult<corkboard_domain::ids::UserId> {
    let bob = UserRecord::new("bob".into(), "bob@example.org".into(), String::new());
    Ok(users::insert(write, bob)?.id)
}

#[test]
fn migration_28_fills_the_feed_from_the_follows_and_check_finds_an_entry_followed_by_nobody() {
    use crate::follow_writes;
    use crate::follows::Followed;
    let (dir, store, pin) = store_with_a_pin();
    let bob = store
        .write(|write| {
            let bob = insert_bob(write)?;
            follow_writes::follow(write, bob, Followed::User(pin.user))?;
            Ok(bob)
        })
        .unwrap();
    let (_dir, _, store) = emptied_then_migrated_from((dir, store, pin.clone()), FEED, 27);
    let feed = store
        .read(|read| crate::feed::newest(read, bob, None, 10))
        .unwrap();
    assert_eq!(feed, [(pin.id, pin.user)]);
    let report = store.read(database).unwrap();
    assert!(report.is_consistent(), "{:?}", report.problems);
    assert_eq!(report.counts["feed"], 1);

    store
        .write(|write| {
            follow_writes::unfollow(write, bob, Followed::User(pin.user))?;
            write
                .open_table(FEED)?
                .insert((bob.0, pin.id.0), pin.user.0)?;
            Ok(())
        })
        .unwrap();
    let problems = store.read(database).unwrap().problems;
    assert!(
        problems.iter().any(|p| p.starts_with("feed entry")),
        "{problems:?}"
    );
}

#[test]
fn follows_are_checked_against_their_reverse_their_counts_and_what_they_name() {
    use crate::follow_writes;
    use crate::follows::Followed;
    let (_dir, store, pin) = store_with_a_pin();
    let board = store
        .read(|read| board_pins::boards_of(read, pin.id))
        .unwrap()[0];
    store
        .write(|write| {
            let bob = insert_bob(write)?;
            follow_writes::follow(write, bob, Followed::User(pin.user))?;
            follow_writes::follow(write, bob, Followed::Board(board))
        })
        .unwrap();
    let report = store.read(database).unwrap();
    assert!(report.is_consistent(), "{:?}", report.problems);
    assert_eq!(report.counts["follows"], 2);
    store
        .write(|write| {
            write.open_table(FOLLOWER_COUNTS)?.remove((1, board.0))?;
            write
                .open_table(FOLLOWS)?
                .insert((0, 999, pin.user.0), ())?;
            Ok(())
        })
        .unwrap();
    let problems = store.read(database).unwrap().problems;
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("follower-counts-1 lacks")),
        "{problems:?}"
    );
    assert!(
        problems.iter().any(|p| p.starts_with("followers-1 lacks")),
        "{problems:?}"
    );
    assert!(
        problems.iter().any(|p| p.contains("does not exist")),
        "{problems:?}"
    );
}

#[test]
fn passkeys_are_checked_against_their_indexes_and_owners() {
    use crate::passkeys::{self, PasskeyRecord};
    let (_dir, store, _) = store_with_a_pin();
    let passkey = store
        .write(|write| {
            let bob = insert_bob(write)?;
            let passkey = PasskeyRecord {
                id: 0,
                user: bob,
                name: "Laptop".into(),
                credential_id: vec![7; 16],
                user_handle: vec![1; 16],
                credential: "{}".into(),
                created_at: Utc::now(),
                last_used_at: None,
            };
            passkeys::insert(write, passkey)
        })
        .unwrap();
    let report = store.read(database).unwrap();
    assert!(report.is_consistent(), "{:?}", report.problems);
    assert_eq!(report.counts["passkeys"], 1);
    store
        .write(|write| {
            write
                .open_table(PASSKEYS_BY_CREDENTIAL)?
                .remove([7u8; 16].as_slice())?;
            let stray = PasskeyRecord {
                id: passkey.id + 100,
                user: corkboard_domain::ids::UserId(999),
                ..passkey.clone()
            };
            passkeys::save(write, &stray)
        })
        .unwrap();
    let problems = store.read(database).unwrap().problems;
    for expected in [
        "passkeys-by-credential-1 lacks",
        "passkeys-by-user-1 lacks",
        "a passkey names user 999",
    ] {
        assert!(
            problems.iter().any(|p| p.starts_with(expected)),
            "{expected}: {problems:?}"
        );
    }
}

#[test]
fn migration_14_counts_the_pins_of_each_board() {
    let (_dir, _, store) = emptied_then_migrated(BOARD_PIN_COUNTS, 13);
    let report = store.read(database).unwrap();
    assert!(report.is_consistent(), "{:?}", report.problems);
    let counted = store
        .read(|read| Ok(read.table(BOARD_PIN_COUNTS)?.iter()?.count()))
        .unwrap();
    assert_eq!(counted, 1);
}

#[test]
fn migration_15_indexes_and_counts_the_pins_of_each_user() {
    let (_dir, broken, store) = emptied_then_migrated(PUBLIC_PINS_BY_USER, 14);
    assert!(broken);
    let report = store.read(database).unwrap();
    assert!(report.is_consistent(), "{:?}", report.problems);
    let (_dir, broken, store) = emptied_then_migrated(USER_PIN_COUNTS, 14);
    assert!(broken);
    let report = store.read(database).unwrap();
    assert!(report.is_consistent(), "{:?}", report.problems);
}

#[test]
fn migration_16_indexes_and_counts_the_private_pins_of_each_board() {
    for table in [PRIVATE_BOARD_PINS, PRIVATE_PINS_ON_SEVERAL_BOARDS] {
        let store = store_with_a_pin_on(&[true, true, false]);
        let (_dir, _, store) = emptied_then_migrated_from(store, table, 15);
        assert!(store.read(database).unwrap().is_consistent());
    }
    let store = store_with_a_pin_on(&[true, true]);
    let (_dir, broken, store) = emptied_then_migrated_from(store, PRIVATE_BOARD_PINS, 15);
    assert!(broken);
    let report = store.read(database).unwrap();
    assert!(report.is_consistent(), "{:?}", report.problems);
    let (private, several, counts) = store
        .read(|read| {
            Ok((
                read.table(PRIVATE_BOARD_PINS)?.len()?,
                read.table(PRIVATE_PINS_ON_SEVERAL_BOARDS)?.len()?,
                read.table(PRIVATE_BOARD_PIN_COUNTS)?.len()?,
            ))
        })
        .unwrap();
    assert_eq!((private, several, counts), (2, 2, 2));
}

#[test]
fn migration_20_indexes_the_words_of_board_titles() {
    let (_dir, broken, store) = emptied_then_migrated(BOARD_TITLE_WORDS, 19);
    assert!(broken);
    let report = store.read(database).unwrap();
    assert!(report.is_consistent(), "{:?}", report.problems);
    let words = store
        .read(|read| Ok(read.table(BOARD_TITLE_WORDS)?.len()?))
        .unwrap();
    assert_eq!(words, 1);
}

#[test]
fn every_broken_index_is_named() {
    let (_dir, store, pin) = store_with_a_pin();
    let board = store
        .read(|read| board_pins::boards_of(read, pin.id))
        .unwrap()[0];
    store
        .write(|write| {
            write
                .open_table(PINS_BY_USER)?
                .remove((pin.user.0, pin.id.0))?;
            write
                .open_table(PICTURES)?
                .insert(pin.picture.sha1.as_str(), 2)?;
            write.open_table(PUBLIC_PINS)?.remove(pin.id.0)?;
            write.open_table(PIN_BOARDS)?.insert((pin.id.0, 999), 0)?;
            write
                .open_table(USERS_BY_EMAIL)?
                .insert("old@example.org", 1)?;
            let mut words = write.open_table(BOARD_TITLE_WORDS)?;
            words.remove((pin.user.0, "b0", board.0))?;
            words.insert((pin.user.0, "old", board.0), ())?;
            Ok(())
        })
        .unwrap();
    let report = store.read(database).unwrap();
    let problems = report.problems.join("\n");
    for expected in [
        "pins-by-user-1 lacks",
        "pictures-1 lacks",
        "pictures-1 has a stray",
        "public-pins-1 lacks",
        "board-pins-1 read from pin-boards-1",
        "outlives the board",
        "users-by-email-1 has a stray",
        "board-title-words-1 lacks",
        "board-title-words-1 has a stray",
    ] {
        assert!(
            problems.contains(expected),
            "{expected} not in:\n{problems}"
        );
    }
}

#[test]
fn share_links_are_checked_and_go_with_their_board() {
    use crate::boards;
    use crate::share_links::{self, ShareLinkRecord};
    let (_dir, store, pin) = store_with_a_pin();
    let board = store
        .read(|read| board_pins::boards_of(read, pin.id))
        .unwrap()[0];
    let link = ShareLinkRecord {
        id: 0,
        board,
        token_hash: "ab".repeat(32),
        made_by: pin.user,
        created_at: Utc::now(),
        last_used_at: None,
        expires_at: None,
    };
    let link = store
        .write(|write| share_links::insert(write, link))
        .unwrap();
    let report = store.read(database).unwrap();
    assert!(report.is_consistent(), "{:?}", report.problems);
    assert_eq!(report.counts["share links"], 1);

    let hash = link.token_hash.clone();
    store
        .write(|write| {
            write
                .open_table(SHARE_LINKS_BY_HASH)?
                .remove(hash.as_str())?;
            Ok(())
        })
        .unwrap();
    let problems = store.read(database).unwrap().problems.join("\n");
    assert!(
        problems.contains("share-links-by-hash-1 lacks"),
        "{problems}"
    );

    store
        .write(|write| {
            let record = boards::get(write, board)?.unwrap();
            board_writes::remove(write, &record)
        })
        .unwrap();
    let report = store.read(database).unwrap();
    assert!(report.is_consistent(), "{:?}", report.problems);
    let left = store
        .read(|read| share_links::of_board(read, board))
        .unwrap();
    assert!(
        left.is_empty()
            && store
                .read(|read| share_links::get(read, link.id))
                .unwrap()
                .is_none()
    );
}

#[test]
fn migration_29_finds_the_pins_of_pictures_shared_privately_that_keep_a_board_private() {
    let (dir, store, pin) = store_with_a_pin_on(&[true]);
    let board = store
        .write(|write| {
            let shared = PinRecord {
                private_picture: true,
                ..pin.clone()
            };
            pin_writes::update(write, &shared)?;
            Ok(board_pins::boards_of(write, pin.id)?[0])
        })
        .unwrap();
    let (_dir, broken, store) =
        emptied_then_migrated_from((dir, store, pin.clone()), PRIVATE_PICTURE_PINS, 28);
    assert!(broken);
    let report = store.read(database).unwrap();
    assert!(report.is_consistent(), "{:?}", report.problems);
    let holds = |board| {
        store
            .read(|read| pin_writes::holds_private_picture(read, pin.user, board))
            .unwrap()
    };
    assert!(holds(board));
    assert!(!holds(BoardId(board.0 + 1000)));
}

#[test]
fn migration_31_finds_a_users_own_pins_of_a_picture() {
    let (dir, store, pin) = store_with_a_pin();
    let (_dir, broken, store) =
        emptied_then_migrated_from((dir, store, pin.clone()), OWN_PICTURE_PINS, 30);
    assert!(broken);
    let report = store.read(database).unwrap();
    assert!(report.is_consistent(), "{:?}", report.problems);
    let own = |user| {
        store
            .read(|read| pins::of_user_showing(read, user, &pin.picture.sha1, 10))
            .unwrap()
    };
    assert_eq!(own(pin.user), vec![pin.id]);
    assert!(own(UserId(pin.user.0 + 1)).is_empty());
}
