//! Numbered migrations of the database schema, run in order at start-up.

use anyhow::{Context, bail};
use redb::{Database, ReadableDatabase, ReadableTable};

use super::public_pins;
use super::tables::{self, META};
use super::writing::Writing;
use corkboard_domain::ids::PinId;

const SCHEMA_VERSION_KEY: &str = "schema_version";

/// One migration: brings the schema from version `n` to `n + 1`, where `n` is its index.
type Migration = fn(&Writing) -> anyhow::Result<()>;

/// All migrations in order; the schema version of this binary is their count.
const MIGRATIONS: &[Migration] = &[
    create_meta,
    create_account_tables,
    create_board_tables,
    create_pin_tables,
    create_picture_tables,
    index_public_pins,
    create_search_pending,
    index_pins_by_picture,
    number_search_marks,
    admin_and_invites,
    index_board_pins_by_date,
    create_import_jobs,
    imports_and_instance_id,
    count_board_pins,
    index_pins_of_users,
    index_private_pins_of_boards,
    list_boards_and_folders,
    sum_pin_bytes_of_users,
    split_public_and_private_folders,
    index_board_title_words,
    create_search_sweeps,
    create_board_sweeps,
    sum_temp_bytes_of_users,
    create_share_links,
    index_look_alikes,
    suggest_boards_and_recent_searches,
    create_follows,
    fan_out_the_feed,
    index_private_picture_pins,
    remember_languages,
    index_own_picture_pins,
    link_identities,
    create_passkeys,
];

/// The schema version this binary writes.
pub const CURRENT_VERSION: u64 = MIGRATIONS.len() as u64;

/// Reads the schema version, 0 for a new database.
pub fn schema_version(db: &Database) -> anyhow::Result<u64> {
    let read = db.begin_read()?;
    let table = match read.open_table(META) {
        Ok(table) => table,
        Err(redb::TableError::TableDoesNotExist(_)) => return Ok(0),
        Err(error) => return Err(error.into()),
    };
    Ok(table
        .get(SCHEMA_VERSION_KEY)?
        .map(|v| v.value())
        .unwrap_or(0))
}

/// Runs every migration the database has not had yet, each in its own transaction.
pub fn run(db: &Database) -> anyhow::Result<()> {
    migrate_to(db, CURRENT_VERSION)
}

/// Runs the migrations the database has not had yet up to schema version `target` (tests use
/// it to make a database as an older Corkboard left it).
pub fn migrate_to(db: &Database, target: u64) -> anyhow::Result<()> {
    let found = schema_version(db)?;
    if found > CURRENT_VERSION {
        bail!(
            "the database has schema version {found}, newer than this Corkboard understands \
             ({CURRENT_VERSION}); run a newer Corkboard or restore a backup"
        );
    }
    let wanted = MIGRATIONS.iter().take(target as usize).enumerate();
    for (index, migration) in wanted.skip(found as usize) {
        let version = index as u64 + 1;
        let write = Writing::new(db.begin_write()?, None);
        migration(&write)
            .with_context(|| format!("migration to schema version {version} failed"))?;
        write
            .open_table(META)?
            .insert(SCHEMA_VERSION_KEY, version)?;
        write.commit()?;
        tracing::info!(version, "database migrated");
    }
    Ok(())
}

/// 1: the `meta` table itself.
fn create_meta(write: &Writing) -> anyhow::Result<()> {
    write.open_table(META)?;
    Ok(())
}

/// 2: users, sessions, mailed tokens and API keys.
fn create_account_tables(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::USERS)?;
    write.open_table(tables::USERS_BY_USERNAME)?;
    write.open_table(tables::USERS_BY_EMAIL)?;
    write.open_table(tables::SESSIONS)?;
    write.open_table(tables::SESSIONS_BY_USER)?;
    write.open_table(tables::MAIL_TOKENS)?;
    write.open_table(tables::API_KEYS)?;
    write.open_table(tables::API_KEYS_BY_HASH)?;
    write.open_table(tables::API_KEYS_BY_USER)?;
    Ok(())
}

/// 3: boards and folders.
fn create_board_tables(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::BOARDS)?;
    write.open_table(tables::BOARDS_BY_SLUG)?;
    write.open_table(tables::BOARDS_BY_USER)?;
    write.open_table(tables::BOARDS_BY_FOLDER)?;
    write.open_table(tables::BOARDS_SHARED_WITH)?;
    write.open_table(tables::FOLDERS)?;
    write.open_table(tables::FOLDERS_BY_SLUG)?;
    write.open_table(tables::FOLDERS_BY_USER)?;
    Ok(())
}

/// 4: pins and their places on boards.
fn create_pin_tables(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::PINS)?;
    write.open_table(tables::BOARD_PINS)?;
    write.open_table(tables::PIN_BOARDS)?;
    Ok(())
}

/// 5: a user's pins, pictures shared by pins, and temporary pins.
fn create_picture_tables(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::PINS_BY_USER)?;
    write.open_table(tables::PICTURES)?;
    write.open_table(tables::TEMP_PINS)?;
    Ok(())
}

/// 6: the index of public pins, filled from the pins' boards.
fn index_public_pins(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::PUBLIC_PINS)?;
    let ids: Vec<u64> = {
        let pins = write.open_table(tables::PINS)?;
        pins.iter()?
            .map(|entry| entry.map(|(id, _)| id.value()))
            .collect::<Result<_, _>>()?
    };
    for id in ids {
        public_pins::refresh_public(write, PinId(id))
            .map_err(|error| anyhow::anyhow!("{error:?}"))?;
    }
    Ok(())
}

/// 7: the pins whose search documents may be behind the database.
fn create_search_pending(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::SEARCH_PENDING_1)?;
    Ok(())
}

/// 8: the pins showing each picture, filled from the pins.
fn index_pins_by_picture(write: &Writing) -> anyhow::Result<()> {
    let shown: Vec<(String, u64)> = {
        let pins = write.open_table(tables::PINS)?;
        let mut shown = Vec::new();
        for entry in pins.iter()? {
            let (id, bytes) = entry?;
            let pin: corkboard_domain::pin::PinRecord = super::codec::decode(bytes.value())
                .map_err(|error| anyhow::anyhow!("{error:?}"))?;
            shown.push((pin.picture.sha1, id.value()));
        }
        shown
    };
    let mut index = write.open_table(tables::PINS_BY_PICTURE)?;
    for (sha1, id) in &shown {
        index.insert((sha1.as_str(), *id), ())?;
    }
    Ok(())
}

/// 9: search marks carry a number, so that clearing the mark the index caught up with leaves a
/// later mark of the same pin; the marks of version 7 move over as number 0.
fn number_search_marks(write: &Writing) -> anyhow::Result<()> {
    let marked: Vec<u64> = {
        let old = write.open_table(tables::SEARCH_PENDING_1)?;
        old.iter()?
            .map(|entry| entry.map(|(id, _)| id.value()))
            .collect::<Result<_, _>>()?
    };
    let mut pending = write.open_table(tables::SEARCH_PENDING)?;
    for id in marked {
        pending.insert(id, 0)?;
    }
    write.delete_table(tables::SEARCH_PENDING_1)?;
    Ok(())
}

/// 10: the first account becomes the admin of an instance that has none; invite links.
fn admin_and_invites(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::INVITES)?;
    let mut users = write.open_table(tables::USERS)?;
    let first = users
        .first()?
        .map(|(id, bytes)| (id.value(), bytes.value().to_vec()));
    if let Some((id, bytes)) = first {
        let mut user: corkboard_domain::user::UserRecord =
            super::codec::decode(&bytes).map_err(|error| anyhow::anyhow!("{error:?}"))?;
        user.admin = true;
        let bytes = super::codec::encode(&user).map_err(|error| anyhow::anyhow!("{error:?}"))?;
        users.insert(id, bytes.as_slice())?;
    }
    Ok(())
}

/// 11: each board's pins by date, filled from the board links, so that covers need not load a
/// board's pins.
fn index_board_pins_by_date(write: &Writing) -> anyhow::Result<()> {
    let links: Vec<(u64, u64)> = {
        let table = write.open_table(tables::BOARD_PINS)?;
        table
            .iter()?
            .map(|entry| entry.map(|(key, _)| (key.value().0, key.value().2)))
            .collect::<Result<_, _>>()?
    };
    let mut index = write.open_table(tables::BOARD_PINS_BY_DATE)?;
    for (board, pin) in links {
        let date = super::board_pins::date_of(write, PinId(pin))
            .map_err(|error| anyhow::anyhow!("{error:?}"))?;
        if let Some(date) = date {
            index.insert((board, date, pin), ())?;
        }
    }
    Ok(())
}

/// 12: imports from other tools, run in the background.
fn create_import_jobs(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::IMPORT_JOBS)?;
    write.open_table(tables::IMPORT_JOBS_BY_USER)?;
    write.open_table(tables::IMPORT_PENDING)?;
    write.open_table(tables::IMPORT_ITEMS)?;
    write.open_table(tables::IMPORT_FAILURES)?;
    Ok(())
}

/// 13: where records imported from export archives came from; a random id naming this
/// instance in its exports.
fn imports_and_instance_id(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::IMPORTED)?;
    let mut meta = write.open_table(META)?;
    if meta.get(super::imported::INSTANCE_ID_KEY)?.is_none() {
        meta.insert(super::imported::INSTANCE_ID_KEY, rand::random::<u64>())?;
    }
    Ok(())
}

/// 14: each board's pin count, counted from the board links, so that a board's page need not
/// walk its pins to say how many it has.
fn count_board_pins(write: &Writing) -> anyhow::Result<()> {
    let mut counts: std::collections::BTreeMap<u64, u64> = std::collections::BTreeMap::new();
    for entry in write.open_table(tables::BOARD_PINS)?.iter()? {
        *counts.entry(entry?.0.value().0).or_default() += 1;
    }
    let mut table = write.open_table(tables::BOARD_PIN_COUNTS)?;
    for (board, count) in counts {
        table.insert(board, count)?;
    }
    Ok(())
}

/// 15: each user's public pins and pin counts, filled from the pins and the public pins.
fn index_pins_of_users(write: &Writing) -> anyhow::Result<()> {
    // Migration 6 may have begun them.
    write.delete_table(tables::PUBLIC_PINS_BY_USER)?;
    write.delete_table(tables::USER_PIN_COUNTS)?;
    let public: std::collections::HashSet<u64> = write
        .open_table(tables::PUBLIC_PINS)?
        .iter()?
        .map(|entry| entry.map(|(pin, _)| pin.value()))
        .collect::<Result<_, _>>()?;
    let mut counts: std::collections::BTreeMap<u64, (u64, u64)> = Default::default();
    let mut public_by_user = write.open_table(tables::PUBLIC_PINS_BY_USER)?;
    for entry in write.open_table(tables::PINS_BY_USER)?.iter()? {
        let (user, pin) = entry?.0.value();
        let count = counts.entry(user).or_default();
        count.0 += 1;
        if public.contains(&pin) {
            count.1 += 1;
            public_by_user.insert((user, pin), ())?;
        }
    }
    let mut table = write.open_table(tables::USER_PIN_COUNTS)?;
    for (user, count) in counts {
        table.insert(user, count)?;
    }
    Ok(())
}

/// 16: each board's private pins (on no public board), their counts and those on several
/// boards, filled from the links and the public pins.
fn index_private_pins_of_boards(write: &Writing) -> anyhow::Result<()> {
    let links = write.open_table(tables::PIN_BOARDS)?;
    let public = write.open_table(tables::PUBLIC_PINS)?;
    let mut private = write.open_table(tables::PRIVATE_BOARD_PINS)?;
    let mut several = write.open_table(tables::PRIVATE_PINS_ON_SEVERAL_BOARDS)?;
    let mut counts: std::collections::BTreeMap<u64, u64> = Default::default();
    let mut boards_of_pin: Vec<u64> = Vec::new();
    let mut entries = links.iter()?.peekable();
    while let Some(entry) = entries.next() {
        let (pin, board) = entry?.0.value();
        boards_of_pin.push(board);
        let next_pin = match entries.peek() {
            Some(Ok((key, _))) => Some(key.value().0),
            _ => None,
        };
        if next_pin == Some(pin) {
            continue;
        }
        if public.get(pin)?.is_none() {
            for board in &boards_of_pin {
                private.insert((*board, pin), ())?;
                *counts.entry(*board).or_default() += 1;
                if boards_of_pin.len() > 1 {
                    several.insert((*board, pin), ())?;
                }
            }
        }
        boards_of_pin.clear();
    }
    let mut table = write.open_table(tables::PRIVATE_BOARD_PIN_COUNTS)?;
    for (board, count) in counts {
        table.insert(board, count)?;
    }
    Ok(())
}

/// 17: the boards of each user and folder, and the folders of each user, by whom they are
/// listed for, with their counts.
fn list_boards_and_folders(write: &Writing) -> anyhow::Result<()> {
    super::board_lists::fill(write).map_err(|error| anyhow::anyhow!("{error:?}"))?;
    super::folder_lists::fill(write).map_err(|error| anyhow::anyhow!("{error:?}"))
}

/// 18: the bytes of the originals of each user's pins, summed from the pins.
fn sum_pin_bytes_of_users(write: &Writing) -> anyhow::Result<()> {
    let mut bytes: std::collections::BTreeMap<u64, u64> = Default::default();
    for entry in write.open_table(tables::PINS)?.iter()? {
        let pin: corkboard_domain::pin::PinRecord =
            super::codec::decode(entry?.1.value()).map_err(|error| anyhow::anyhow!("{error:?}"))?;
        *bytes.entry(pin.user.0).or_default() += pin.picture.weight;
    }
    let mut table = write.open_table(tables::USER_PIN_BYTES)?;
    for (user, sum) in bytes.into_iter().filter(|(_, sum)| *sum > 0) {
        table.insert(user, sum)?;
    }
    Ok(())
}

/// 19: a user's private folders listed apart from the public ones (list 3), so that a page of
/// either reads only its own.
fn split_public_and_private_folders(write: &Writing) -> anyhow::Result<()> {
    super::folder_lists::fill(write).map_err(|error| anyhow::anyhow!("{error:?}"))
}

/// 20: the words of each board's title, filled from the boards, so that a user's boards are
/// found by title without reading the others.
fn index_board_title_words(write: &Writing) -> anyhow::Result<()> {
    super::board_titles::fill(write).map_err(|error| anyhow::anyhow!("{error:?}"))
}

/// 21: the boards and users whose pins are indexed again in the background (`search_sweeps`).
fn create_search_sweeps(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::SEARCH_SWEEPS)?;
    Ok(())
}

/// 22: the boards whose pins follow a change of the board in the background (`board_sweeps`).
fn create_board_sweeps(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::BOARD_SWEEPS)?;
    Ok(())
}

/// 23: the bytes of each user's temporary pins, summed from them, for the upload quota.
fn sum_temp_bytes_of_users(write: &Writing) -> anyhow::Result<()> {
    let mut bytes: std::collections::BTreeMap<u64, u64> = Default::default();
    for entry in write.open_table(tables::TEMP_PINS)?.iter()? {
        let temp: corkboard_domain::temp_pin::TempPinRecord =
            super::codec::decode(entry?.1.value()).map_err(|error| anyhow::anyhow!("{error:?}"))?;
        *bytes.entry(temp.user.0).or_default() += temp.picture.weight;
    }
    let mut table = write.open_table(tables::USER_TEMP_BYTES)?;
    for (user, sum) in bytes.into_iter().filter(|(_, sum)| *sum > 0) {
        table.insert(user, sum)?;
    }
    Ok(())
}

/// 24: view-only share links to boards, by id, token hash and board.
fn create_share_links(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::SHARE_LINKS)?;
    write.open_table(tables::SHARE_LINKS_BY_HASH)?;
    write.open_table(tables::SHARE_LINKS_BY_BOARD)?;
    Ok(())
}

/// 25: each picture under the bands of its perceptual hash, filled from the pins, so that the
/// pictures that look alike are found without reading them all.
fn index_look_alikes(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::LOOK_ALIKES)?;
    super::look_alikes::fill(write).map_err(|error| anyhow::anyhow!("{error:?}"))
}

/// 26: every board's title words by word, filled from the boards, and each user's recent
/// searches, for the header's suggestions.
fn suggest_boards_and_recent_searches(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::RECENT_SEARCHES)?;
    super::board_titles::fill_by_word(write).map_err(|error| anyhow::anyhow!("{error:?}"))
}

/// 27: who follows whom and which boards, and their counts. (It filled each board's pins by id
/// too, for the feed merged on read, until migration 28 fanned the feed out.)
fn create_follows(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::FOLLOWS)?;
    write.open_table(tables::FOLLOWERS)?;
    write.open_table(tables::FOLLOWER_COUNTS)?;
    Ok(())
}

/// 28: the 'Following' feed fanned out on write, filled with the newest pins of each follow;
/// each board's pins by id, which the feed merged on read walked, go.
fn fan_out_the_feed(write: &Writing) -> anyhow::Result<()> {
    write.delete_table(tables::BOARD_PINS_BY_ID)?;
    write.open_table(tables::FEED)?;
    super::feed::fill(write).map_err(|error| anyhow::anyhow!("{error:?}"))
}

/// 29: each owner's pins of pictures shared with them privately, which keep their boards
/// private: making a board public looks them up instead of reading every pin of the board.
fn index_private_picture_pins(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::PRIVATE_PICTURE_PINS)?;
    super::pin_writes::fill_private_pictures(write).map_err(|error| anyhow::anyhow!("{error:?}"))
}

/// 30: the language each user chose (`UserRecord::locale`), a field at the end of the user
/// record. Records written before read it as none (their browser's language), so none is
/// rewritten; the version keeps an older Corkboard, which cannot read a record that has it, from
/// opening the database.
fn remember_languages(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::USERS)?;
    Ok(())
}

/// 31: each owner's pins by picture, so that the copies an upload finds among the user's pins
/// are looked up by picture, not picked out of every pin showing it.
fn index_own_picture_pins(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::OWN_PICTURE_PINS)?;
    super::pin_writes::fill_own_pictures(write).map_err(|error| anyhow::anyhow!("{error:?}"))
}

/// 32: accounts of the identity provider linked to users, by subject and by user; the sign-ins
/// under way through it; two fields at the end of records (`UserRecord::username_editable`,
/// `SessionRecord::provider_id_token`), read as their defaults in records written before.
fn link_identities(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::IDENTITIES)?;
    write.open_table(tables::IDENTITIES_BY_SUBJECT)?;
    write.open_table(tables::IDENTITIES_BY_USER)?;
    write.open_table(tables::PENDING_SIGN_INS)?;
    Ok(())
}

/// 33: passkeys, by id, credential id and user, and the ceremonies begun (registrations and
/// sign-ins), kept until finished or expired.
fn create_passkeys(write: &Writing) -> anyhow::Result<()> {
    write.open_table(tables::PASSKEYS)?;
    write.open_table(tables::PASSKEYS_BY_CREDENTIAL)?;
    write.open_table(tables::PASSKEYS_BY_USER)?;
    write.open_table(tables::PASSKEY_CEREMONIES)?;
    Ok(())
}

#[cfg(test)]
mod tests;
