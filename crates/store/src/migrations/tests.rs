//! Tests of the migrations: each run on a database of the version before it, keeping its data.

use redb::TableHandle;

use super::*;

#[test]
fn search_marks_of_version_7_are_kept_with_number_0() {
    let dir = tempfile::tempdir().unwrap();
    let db = Database::create(dir.path().join("corkboard.redb")).unwrap();
    let write = Writing::new(db.begin_write().unwrap(), None);
    for migration in &MIGRATIONS[..7] {
        migration(&write).unwrap();
    }
    write
        .open_table(META)
        .unwrap()
        .insert(SCHEMA_VERSION_KEY, 7)
        .unwrap();
    write
        .open_table(tables::SEARCH_PENDING_1)
        .unwrap()
        .insert(42, ())
        .unwrap();
    write.commit().unwrap();
    run(&db).unwrap();
    let read = db.begin_read().unwrap();
    let pending = read.open_table(tables::SEARCH_PENDING).unwrap();
    assert_eq!(pending.get(42).unwrap().map(|v| v.value()), Some(0));
    let names: Vec<String> = read
        .list_tables()
        .unwrap()
        .map(|table| table.name().to_owned())
        .collect();
    assert!(!names.contains(&"search-pending-1".to_owned()), "{names:?}");
}

#[test]
fn version_16_lists_the_boards_and_folders_it_has_by_whom_they_are_for() {
    use crate::board_lists::{self, BoardList};
    use crate::folder_lists;
    use corkboard_domain::board::{BoardRecord, FolderRecord};
    use corkboard_domain::ids::{BoardId, FolderId, UserId};
    let dir = tempfile::tempdir().unwrap();
    let db = Database::create(dir.path().join("corkboard.redb")).unwrap();
    migrate_to(&db, 16).unwrap();
    let (ada, bob) = (UserId(1), UserId(2));
    let folder = FolderId(3);
    let mut public = BoardRecord::new(ada, "Public".into(), None, Some(folder), false);
    public.id = BoardId(10);
    let mut shared = BoardRecord::new(ada, "Shared".into(), None, Some(folder), true);
    shared.id = BoardId(11);
    shared.shared_with = vec![bob];
    let write = db.begin_write().unwrap();
    let mut boards = write.open_table(tables::BOARDS).unwrap();
    for board in [&public, &shared] {
        let bytes = crate::codec::encode(board).unwrap();
        boards.insert(board.id.0, bytes.as_slice()).unwrap();
    }
    drop(boards);
    let secret_folder = FolderRecord {
        id: FolderId(4),
        user: ada,
        slug: "empty".into(),
        name: "Empty".into(),
        secret: true,
        created_at: chrono::Utc::now(),
    };
    let travel = FolderRecord {
        id: folder,
        slug: "travel".into(),
        name: "Travel".into(),
        secret: false,
        ..secret_folder.clone()
    };
    let mut folders = write.open_table(tables::FOLDERS).unwrap();
    for folder in [&travel, &secret_folder] {
        let bytes = crate::codec::encode(folder).unwrap();
        folders.insert(folder.id.0, bytes.as_slice()).unwrap();
    }
    drop(folders);
    write.commit().unwrap();

    run(&db).unwrap();
    let read = db.begin_read().unwrap();
    for list in [BoardList::OfUser(ada), BoardList::InFolder(folder)] {
        for (viewer, seen) in [
            (None, vec![public.id]),
            (Some(bob), vec![shared.id, public.id]),
            (Some(ada), vec![shared.id, public.id]),
            (Some(UserId(4)), vec![public.id]),
        ] {
            let page = board_lists::page(&read, list, viewer, None, None, 50).unwrap();
            assert_eq!(page, seen, "{list:?} for {viewer:?}");
            let count = board_lists::count(&read, list, viewer, None).unwrap();
            assert_eq!(count, seen.len(), "{list:?} for {viewer:?}");
        }
    }
    for (viewer, seen) in [
        (None, vec![folder]),
        (Some(bob), vec![folder]),
        (Some(ada), vec![secret_folder.id, folder]),
    ] {
        assert_eq!(
            folder_lists::page(&read, ada, viewer, None, None, 50).unwrap(),
            seen
        );
        let count = folder_lists::count(&read, ada, viewer, None).unwrap();
        assert_eq!(count, seen.len(), "folders for {viewer:?}");
    }
    let after = board_lists::page(
        &read,
        BoardList::OfUser(ada),
        Some(bob),
        None,
        Some(shared.id),
        50,
    );
    assert_eq!(after.unwrap(), vec![public.id]);
}

#[test]
fn version_18_lists_private_folders_apart_from_public_ones() {
    use crate::folder_lists;
    use corkboard_domain::board::FolderRecord;
    use corkboard_domain::ids::{FolderId, UserId};
    let dir = tempfile::tempdir().unwrap();
    let db = Database::create(dir.path().join("corkboard.redb")).unwrap();
    migrate_to(&db, 18).unwrap();
    let ada = UserId(1);
    let secret = FolderRecord {
        id: FolderId(4),
        user: ada,
        slug: "drafts".into(),
        name: "Drafts".into(),
        secret: true,
        created_at: chrono::Utc::now(),
    };
    let public = FolderRecord {
        id: FolderId(5),
        slug: "travel".into(),
        name: "Travel".into(),
        secret: false,
        ..secret.clone()
    };
    let write = db.begin_write().unwrap();
    let mut folders = write.open_table(tables::FOLDERS).unwrap();
    let mut listed = write.open_table(tables::LISTS).unwrap();
    for folder in [&secret, &public] {
        let bytes = crate::codec::encode(folder).unwrap();
        folders.insert(folder.id.0, bytes.as_slice()).unwrap();
        // Version 18 listed all of a user's folders in list 2.
        listed.insert((2, ada.0, ada.0, folder.id.0), ()).unwrap();
    }
    let mut counts = write.open_table(tables::LIST_COUNTS).unwrap();
    counts.insert((2, ada.0, ada.0), 2).unwrap();
    drop((folders, listed, counts));
    write.commit().unwrap();

    run(&db).unwrap();
    let read = db.begin_read().unwrap();
    for (secret_only, seen) in [
        (None, vec![public.id, secret.id]),
        (Some(true), vec![secret.id]),
        (Some(false), vec![public.id]),
    ] {
        let page = folder_lists::page(&read, ada, Some(ada), secret_only, None, 50);
        assert_eq!(page.unwrap(), seen, "secret {secret_only:?}");
        let count = folder_lists::count(&read, ada, Some(ada), secret_only).unwrap();
        assert_eq!(count, seen.len(), "secret {secret_only:?}");
    }
}

#[test]
fn version_22_sums_the_bytes_of_each_users_temporary_pins() {
    use corkboard_domain::ids::UserId;
    use corkboard_domain::pin::Picture;
    use corkboard_domain::temp_pin::TempPinRecord;
    let dir = tempfile::tempdir().unwrap();
    let db = Database::create(dir.path().join("corkboard.redb")).unwrap();
    migrate_to(&db, 22).unwrap();
    let write = db.begin_write().unwrap();
    let mut temps = write.open_table(tables::TEMP_PINS).unwrap();
    for (name, user, weight) in [("a.png", 1, 100), ("b.png", 1, 20), ("c.png", 2, 5)] {
        let temp = TempPinRecord {
            file_name: name.into(),
            user: UserId(user),
            original_name: None,
            url: None,
            picture: Picture {
                weight,
                ..Picture::default()
            },
            created_at: chrono::Utc::now(),
        };
        let bytes = crate::codec::encode(&temp).unwrap();
        temps.insert(name, bytes.as_slice()).unwrap();
    }
    drop(temps);
    write.commit().unwrap();

    run(&db).unwrap();
    let read = db.begin_read().unwrap();
    let bytes = |user| crate::temp_pins::bytes_of(&read, UserId(user)).unwrap();
    assert_eq!((bytes(1), bytes(2), bytes(3)), (120, 5, 0));
}

#[test]
fn version_12_gets_the_imports_table_and_an_instance_id_kept_across_openings() {
    let dir = tempfile::tempdir().unwrap();
    let db = Database::create(dir.path().join("corkboard.redb")).unwrap();
    migrate_to(&db, 12).unwrap();
    run(&db).unwrap();
    let read = db.begin_read().unwrap();
    read.open_table(tables::IMPORTED).unwrap();
    let id = crate::imported::instance_id(&read).unwrap();
    drop(read);
    run(&db).unwrap();
    let read = db.begin_read().unwrap();
    assert_eq!(crate::imported::instance_id(&read).unwrap(), id);
    assert_eq!(schema_version(&db).unwrap(), CURRENT_VERSION);
}

#[test]
fn version_30_reads_the_users_of_before_without_a_language() {
    use corkboard_domain::ids::UserId;
    use corkboard_domain::user::UserRecord;
    let dir = tempfile::tempdir().unwrap();
    let db = Database::create(dir.path().join("corkboard.redb")).unwrap();
    migrate_to(&db, 29).unwrap();
    // A record as version 29 wrote it: the array of its fields, without the last one.
    let user = UserRecord {
        id: UserId(1),
        ..UserRecord::new("ann".into(), "ann@example.org".into(), "hash".into())
    };
    let bytes = crate::codec::encode(&user).unwrap();
    let (header, fields) = bytes.split_first().unwrap();
    assert_eq!(
        (*header, fields.last()),
        (0x90 + 13, Some(&0xc0)),
        "13 fields, nil last"
    );
    let mut before = vec![0x90 + 12];
    before.extend_from_slice(&fields[..fields.len() - 1]);
    let write = db.begin_write().unwrap();
    write
        .open_table(tables::USERS)
        .unwrap()
        .insert(1u64, before.as_slice())
        .unwrap();
    write.commit().unwrap();

    run(&db).unwrap();
    assert_eq!(schema_version(&db).unwrap(), CURRENT_VERSION);
    let read = db.begin_read().unwrap();
    let table = read.open_table(tables::USERS).unwrap();
    let stored = table.get(1u64).unwrap().unwrap();
    let read_back: UserRecord = crate::codec::decode(stored.value()).unwrap();
    assert_eq!(
        (read_back.username.as_str(), read_back.locale),
        ("ann", None)
    );
}
