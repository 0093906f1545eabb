//! The consistency check of the database (`corkboard check`): every index table is rebuilt in
//! memory from the records it is made from and compared with the stored one, both ways, and
//! every reference between records points at a record that exists.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Debug;

use redb::{Key, ReadableTable, TableDefinition, TableHandle, Value};
use serde::de::DeserializeOwned;

use super::Source;
use super::accounts::{ApiKeyRecord, SessionRecord};
use super::identities::IdentityRecord;
use super::passkeys::PasskeyRecord;
use super::share_links::ShareLinkRecord;
use super::tables::*;
use corkboard_domain::board::{BoardRecord, FolderRecord};
use corkboard_domain::error::AppResult;
use corkboard_domain::pin::PinRecord;
use corkboard_domain::policy::pin_is_public;
use corkboard_domain::temp_pin::TempPinRecord;
use corkboard_domain::user::{UserRecord, email_key, username_key};

/// Differences listed per index before the rest is only counted.
const SHOWN_PER_INDEX: usize = 10;

/// What the check found: how many records of each kind, and every disagreement.
#[derive(Debug, Default)]
pub struct Report {
    pub counts: BTreeMap<&'static str, usize>,
    pub problems: Vec<String>,
}

impl Report {
    pub fn is_consistent(&self) -> bool {
        self.problems.is_empty()
    }

    fn problem(&mut self, text: String) {
        self.problems.push(text);
    }

    /// Reports what `expected` (built from the records) and `stored` (the index) disagree on.
    fn compare<T: Ord + Debug>(&mut self, index: &str, expected: BTreeSet<T>, stored: BTreeSet<T>) {
        let missing: Vec<_> = expected.difference(&stored).collect();
        let extra: Vec<_> = stored.difference(&expected).collect();
        for (what, entries) in [("lacks", missing), ("has a stray", extra)] {
            for entry in entries.iter().take(SHOWN_PER_INDEX) {
                self.problem(format!("{index} {what} entry {entry:?}"));
            }
            if entries.len() > SHOWN_PER_INDEX {
                self.problem(format!(
                    "{index}: {} more such entries",
                    entries.len() - SHOWN_PER_INDEX
                ));
            }
        }
    }
}

/// Checks every table of the database in one read transaction.
pub fn database(tx: &impl Source) -> AppResult<Report> {
    let mut report = Report::default();
    let users: BTreeMap<u64, UserRecord> = records(tx, USERS)?;
    let folders: BTreeMap<u64, FolderRecord> = records(tx, FOLDERS)?;
    let boards: BTreeMap<u64, BoardRecord> = records(tx, BOARDS)?;
    let pins: BTreeMap<u64, PinRecord> = records(tx, PINS)?;
    let sessions: BTreeMap<String, SessionRecord> = records(tx, SESSIONS)?;
    let api_keys: BTreeMap<u64, ApiKeyRecord> = records(tx, API_KEYS)?;
    let passkeys: BTreeMap<u64, PasskeyRecord> = records(tx, PASSKEYS)?;
    let temp_pins: BTreeMap<String, TempPinRecord> = records(tx, TEMP_PINS)?;
    let share_links: BTreeMap<u64, ShareLinkRecord> = records(tx, SHARE_LINKS)?;
    let identities: BTreeMap<u64, IdentityRecord> = records(tx, IDENTITIES)?;
    for (name, count) in [
        ("users", users.len()),
        ("folders", folders.len()),
        ("boards", boards.len()),
        ("pins", pins.len()),
        ("sessions", sessions.len()),
        ("api keys", api_keys.len()),
        ("passkeys", passkeys.len()),
        ("temporary pins", temp_pins.len()),
        ("share links", share_links.len()),
        ("identities", identities.len()),
    ] {
        report.counts.insert(name, count);
    }

    // Each record is stored under its own id.
    let mismatched_ids = users.iter().filter(|(id, user)| user.id.0 != **id).count()
        + folders.iter().filter(|(id, f)| f.id.0 != **id).count()
        + boards.iter().filter(|(id, b)| b.id.0 != **id).count()
        + pins.iter().filter(|(id, p)| p.id.0 != **id).count()
        + api_keys.iter().filter(|(id, k)| k.id != **id).count()
        + passkeys.iter().filter(|(id, p)| p.id != **id).count()
        + share_links.iter().filter(|(id, l)| l.id != **id).count()
        + identities.iter().filter(|(id, i)| i.id != **id).count();
    if mismatched_ids > 0 {
        report.problem(format!(
            "{mismatched_ids} records are stored under another id"
        ));
    }
    let highest = [
        users.keys().last(),
        folders.keys().last(),
        boards.keys().last(),
        pins.keys().last(),
        api_keys.keys().last(),
        passkeys.keys().last(),
        share_links.keys().last(),
        identities.keys().last(),
    ]
    .into_iter()
    .flatten()
    .max()
    .copied()
    .unwrap_or(0);
    let next_id = tx.table(META)?.get("next_id")?.map_or(1, |v| v.value());
    if next_id <= highest {
        report.problem(format!(
            "next_id {next_id} is not above the highest id {highest}"
        ));
    }

    // Users by username and by email.
    report.compare(
        USERS_BY_USERNAME.name(),
        users
            .values()
            .map(|u| (username_key(&u.username), u.id.0))
            .collect(),
        entries(tx, USERS_BY_USERNAME)?,
    );
    report.compare(
        USERS_BY_EMAIL.name(),
        users
            .values()
            .map(|u| (email_key(&u.email), u.id.0))
            .collect(),
        entries(tx, USERS_BY_EMAIL)?,
    );

    // Sessions, API keys and passkeys.
    report.compare(
        SESSIONS_BY_USER.name(),
        sessions
            .iter()
            .map(|(hash, s)| ((s.user.0, hash.clone()), ()))
            .collect(),
        entries(tx, SESSIONS_BY_USER)?,
    );
    report.compare(
        API_KEYS_BY_HASH.name(),
        api_keys
            .values()
            .map(|k| (k.secret_hash.clone(), k.id))
            .collect(),
        entries(tx, API_KEYS_BY_HASH)?,
    );
    report.compare(
        API_KEYS_BY_USER.name(),
        api_keys.values().map(|k| ((k.user.0, k.id), ())).collect(),
        entries(tx, API_KEYS_BY_USER)?,
    );
    report.compare(
        IDENTITIES_BY_SUBJECT.name(),
        identities
            .values()
            .map(|i| ((i.issuer.clone(), i.subject.clone()), i.id))
            .collect(),
        entries(tx, IDENTITIES_BY_SUBJECT)?,
    );
    report.compare(
        IDENTITIES_BY_USER.name(),
        identities
            .values()
            .map(|i| ((i.user.0, i.id), ()))
            .collect(),
        entries(tx, IDENTITIES_BY_USER)?,
    );
    report.compare(
        PASSKEYS_BY_CREDENTIAL.name(),
        passkeys
            .values()
            .map(|p| (p.credential_id.clone(), p.id))
            .collect(),
        entries(tx, PASSKEYS_BY_CREDENTIAL)?,
    );
    report.compare(
        PASSKEYS_BY_USER.name(),
        passkeys.values().map(|p| ((p.user.0, p.id), ())).collect(),
        entries(tx, PASSKEYS_BY_USER)?,
    );
    let owners = sessions
        .values()
        .map(|s| ("a session", s.user.0))
        .chain(api_keys.values().map(|k| ("an API key", k.user.0)))
        .chain(identities.values().map(|i| ("an identity", i.user.0)))
        .chain(passkeys.values().map(|p| ("a passkey", p.user.0)))
        .chain(folders.values().map(|f| ("a folder", f.user.0)))
        .chain(boards.values().map(|b| ("a board", b.user.0)))
        .chain(boards.values().flat_map(|b| {
            b.shared_with
                .iter()
                .map(|user| ("a board's sharing", user.0))
        }))
        .chain(pins.values().map(|p| ("a pin", p.user.0)))
        .chain(share_links.values().map(|l| ("a share link", l.made_by.0)))
        .chain(temp_pins.values().map(|t| ("a temporary pin", t.user.0)));
    for (what, user) in owners {
        if !users.contains_key(&user) {
            report.problem(format!("{what} names user {user}, who does not exist"));
        }
    }

    // Folders by slug and by owner.
    report.compare(
        FOLDERS_BY_SLUG.name(),
        folders
            .values()
            .map(|f| ((f.user.0, f.slug.clone()), f.id.0))
            .collect(),
        entries(tx, FOLDERS_BY_SLUG)?,
    );
    report.compare(
        FOLDERS_BY_USER.name(),
        folders.values().map(|f| ((f.user.0, f.id.0), ())).collect(),
        entries(tx, FOLDERS_BY_USER)?,
    );

    // Boards by slug, owner, folder, the users they are shared with and their title words.
    report.compare(
        BOARDS_BY_SLUG.name(),
        boards
            .values()
            .map(|b| ((b.user.0, b.slug.clone()), b.id.0))
            .collect(),
        entries(tx, BOARDS_BY_SLUG)?,
    );
    report.compare(
        BOARDS_BY_USER.name(),
        boards.values().map(|b| ((b.user.0, b.id.0), ())).collect(),
        entries(tx, BOARDS_BY_USER)?,
    );
    report.compare(
        BOARDS_BY_FOLDER.name(),
        boards
            .values()
            .filter_map(|b| Some(((b.folder?.0, b.id.0), ())))
            .collect(),
        entries(tx, BOARDS_BY_FOLDER)?,
    );
    report.compare(
        BOARDS_SHARED_WITH.name(),
        boards
            .values()
            .flat_map(|b| b.shared_with.iter().map(|u| ((u.0, b.id.0), ())))
            .collect(),
        entries(tx, BOARDS_SHARED_WITH)?,
    );
    report.compare(
        BOARD_TITLE_WORDS.name(),
        super::board_titles::expected(boards.values())
            .into_iter()
            .map(|key| (key, ()))
            .collect(),
        entries(tx, BOARD_TITLE_WORDS)?,
    );
    let by_word = super::board_titles::by_word(&super::board_titles::expected(boards.values()));
    report.compare(
        BOARD_TITLE_WORDS_BY_WORD.name(),
        by_word.into_iter().map(|key| (key, ())).collect(),
        entries(tx, BOARD_TITLE_WORDS_BY_WORD)?,
    );
    let (mut listed, mut listed_counts) = super::board_lists::expected(boards.values());
    let (folders_listed, folder_counts) =
        super::folder_lists::expected(folders.values(), &listed_counts);
    listed.extend(folders_listed);
    listed_counts.extend(folder_counts);
    report.compare(
        LISTS.name(),
        listed.into_iter().map(|key| (key, ())).collect(),
        entries(tx, LISTS)?,
    );
    report.compare(
        LIST_COUNTS.name(),
        listed_counts.into_iter().collect(),
        entries(tx, LIST_COUNTS)?,
    );
    for board in boards.values() {
        if let Some(folder) = board.folder
            && folders.get(&folder.0).is_none_or(|f| f.user != board.user)
        {
            report.problem(format!(
                "board {} is in folder {folder}, which its owner does not have",
                board.id
            ));
        }
    }

    // Share links by token hash and by board, each of a board that exists.
    report.compare(
        SHARE_LINKS_BY_HASH.name(),
        share_links
            .values()
            .map(|l| (l.token_hash.clone(), l.id))
            .collect(),
        entries(tx, SHARE_LINKS_BY_HASH)?,
    );
    report.compare(
        SHARE_LINKS_BY_BOARD.name(),
        share_links
            .values()
            .map(|l| ((l.board.0, l.id), ()))
            .collect(),
        entries(tx, SHARE_LINKS_BY_BOARD)?,
    );
    for link in share_links.values() {
        if !boards.contains_key(&link.board.0) {
            report.problem(format!(
                "share link {} outlives its board {}",
                link.id, link.board
            ));
        }
    }

    // Pins by owner, and the links of pins and boards in both directions.
    report.compare(
        PINS_BY_USER.name(),
        pins.values().map(|p| ((p.user.0, p.id.0), ())).collect(),
        entries(tx, PINS_BY_USER)?,
    );
    report.compare(
        PRIVATE_PICTURE_PINS.name(),
        pins.values()
            .filter(|p| p.private_picture)
            .map(|p| ((p.user.0, p.id.0), ()))
            .collect(),
        entries(tx, PRIVATE_PICTURE_PINS)?,
    );
    report.compare(
        OWN_PICTURE_PINS.name(),
        pins.values()
            .map(|p| ((p.user.0, p.picture.sha1.clone(), p.id.0), ()))
            .collect(),
        entries(tx, OWN_PICTURE_PINS)?,
    );
    let pin_boards: BTreeSet<((u64, u64), i64)> = entries(tx, PIN_BOARDS)?;
    let board_pins: BTreeSet<((u64, i64, u64), ())> = entries(tx, BOARD_PINS)?;
    report.compare(
        "board-pins-1 read from pin-boards-1",
        pin_boards
            .iter()
            .map(|((pin, board), order)| ((*board, *order, *pin), ()))
            .collect(),
        board_pins.clone(),
    );
    report.compare(
        BOARD_PINS_BY_DATE.name(),
        pin_boards
            .iter()
            .filter_map(|((pin, board), _)| {
                let date = pins.get(pin)?.created_at.timestamp_micros();
                Some(((*board, date, *pin), ()))
            })
            .collect(),
        entries(tx, BOARD_PINS_BY_DATE)?,
    );
    let mut counts: BTreeMap<u64, u64> = BTreeMap::new();
    for ((board, _, _), ()) in &board_pins {
        *counts.entry(*board).or_default() += 1;
    }
    report.compare(
        BOARD_PIN_COUNTS.name(),
        counts.into_iter().collect(),
        entries(tx, BOARD_PIN_COUNTS)?,
    );
    let mut boards_of_pin: BTreeMap<u64, Vec<&BoardRecord>> = BTreeMap::new();
    let mut pins_of_board: BTreeMap<u64, BTreeSet<u64>> = BTreeMap::new();
    for ((pin, board), _) in &pin_boards {
        pins_of_board.entry(*board).or_default().insert(*pin);
        match (pins.get(pin), boards.get(board)) {
            (Some(p), Some(b)) => {
                boards_of_pin.entry(*pin).or_default().push(b);
                if p.user != b.user {
                    report.problem(format!("pin {pin} is on board {board} of another user"));
                }
            }
            (p, _) => report.problem(format!(
                "a link of pin {pin} and board {board} outlives the {}",
                if p.is_none() { "pin" } else { "board" }
            )),
        }
    }
    for board in boards.values() {
        if let Some(cover) = board.cover
            && !pins_of_board
                .get(&board.id.0)
                .is_some_and(|on| on.contains(&cover.0))
        {
            report.problem(format!(
                "board {} has pin {cover} as cover, which is not on it",
                board.id
            ));
        }
    }

    // Public pins: exactly those on at least one public board, of an account not disabled; and
    // each user's, with their counts.
    let public: BTreeSet<(u64, ())> = pins
        .iter()
        .filter(|(id, pin)| {
            users.get(&pin.user.0).is_some_and(|owner| {
                pin_is_public(owner, boards_of_pin.get(id).into_iter().flatten().copied())
            })
        })
        .map(|(id, _)| (*id, ()))
        .collect();
    let mut counts: BTreeMap<u64, (u64, u64)> = BTreeMap::new();
    let mut bytes: BTreeMap<u64, u64> = BTreeMap::new();
    for (id, pin) in &pins {
        let count = counts.entry(pin.user.0).or_default();
        count.0 += 1;
        count.1 += u64::from(public.contains(&(*id, ())));
        *bytes.entry(pin.user.0).or_default() += pin.picture.weight;
    }
    bytes.retain(|_, bytes| *bytes > 0);
    report.compare(
        USER_PIN_BYTES.name(),
        bytes.into_iter().collect(),
        entries(tx, USER_PIN_BYTES)?,
    );
    let mut waiting: BTreeMap<u64, u64> = BTreeMap::new();
    for temp in temp_pins.values() {
        *waiting.entry(temp.user.0).or_default() += temp.picture.weight;
    }
    waiting.retain(|_, bytes| *bytes > 0);
    report.compare(
        USER_TEMP_BYTES.name(),
        waiting.into_iter().collect(),
        entries(tx, USER_TEMP_BYTES)?,
    );
    report.compare(
        PUBLIC_PINS_BY_USER.name(),
        public
            .iter()
            .map(|(id, ())| ((pins[id].user.0, *id), ()))
            .collect(),
        entries(tx, PUBLIC_PINS_BY_USER)?,
    );
    report.compare(
        USER_PIN_COUNTS.name(),
        counts.into_iter().collect(),
        entries(tx, USER_PIN_COUNTS)?,
    );
    report.compare(
        PUBLIC_PINS.name(),
        public.clone(),
        entries(tx, PUBLIC_PINS)?,
    );

    // Each board's private pins (on no public board), their counts, and those on several boards.
    let mut links_of_pin: BTreeMap<u64, usize> = BTreeMap::new();
    for ((pin, _), _) in &pin_boards {
        *links_of_pin.entry(*pin).or_default() += 1;
    }
    let private: Vec<(u64, u64)> = pin_boards
        .iter()
        .filter(|((pin, _), _)| !public.contains(&(*pin, ())))
        .map(|((pin, board), _)| (*board, *pin))
        .collect();
    let mut private_counts: BTreeMap<u64, u64> = BTreeMap::new();
    for (board, _) in &private {
        *private_counts.entry(*board).or_default() += 1;
    }
    report.compare(
        PRIVATE_BOARD_PINS.name(),
        private.iter().map(|key| (*key, ())).collect(),
        entries(tx, PRIVATE_BOARD_PINS)?,
    );
    report.compare(
        PRIVATE_BOARD_PIN_COUNTS.name(),
        private_counts.into_iter().collect(),
        entries(tx, PRIVATE_BOARD_PIN_COUNTS)?,
    );
    report.compare(
        PRIVATE_PINS_ON_SEVERAL_BOARDS.name(),
        private
            .iter()
            .filter(|(_, pin)| links_of_pin[pin] > 1)
            .map(|key| (*key, ()))
            .collect(),
        entries(tx, PRIVATE_PINS_ON_SEVERAL_BOARDS)?,
    );

    // Follows, turned round and counted, of users and boards that exist.
    let follows = entries(tx, FOLLOWS)?;
    report.counts.insert("follows", follows.len());
    let (followers, follower_counts) = super::follows::expected(&follows);
    report.compare(FOLLOWERS.name(), followers, entries(tx, FOLLOWERS)?);
    report.compare(
        FOLLOWER_COUNTS.name(),
        follower_counts,
        entries(tx, FOLLOWER_COUNTS)?,
    );
    for ((kind, follower, followed), _) in &follows {
        let exists = match kind {
            0 => users.contains_key(followed),
            _ => boards.contains_key(followed),
        };
        if !users.contains_key(follower) || !exists {
            report.problem(format!(
                "follow {:?} names a user or board that does not exist",
                (kind, follower, followed)
            ));
        }
    }

    // The feed: each entry a pin of its owner's, for a user who follows that owner or one of the
    // pin's boards (whether they may see it is decided at each read).
    let feed: BTreeSet<((u64, u64), u64)> = entries(tx, FEED)?;
    report.counts.insert("feed", feed.len());
    let mut boards_of_pin: BTreeMap<u64, Vec<u64>> = BTreeMap::new();
    for ((pin, board), _) in &pin_boards {
        boards_of_pin.entry(*pin).or_default().push(*board);
    }
    for ((follower, pin), owner) in &feed {
        let follows_it = |kind: u8, id: u64| follows.contains(&((kind, *follower, id), ()));
        let on_followed_board = boards_of_pin
            .get(pin)
            .is_some_and(|boards| boards.iter().any(|board| follows_it(1, *board)));
        let sound = users.contains_key(follower)
            && pins.get(pin).is_some_and(|record| record.user.0 == *owner)
            && (follows_it(0, *owner) || on_followed_board);
        if !sound {
            report.problem(format!(
                "feed entry {:?} is not a pin of its owner that its follower follows",
                (follower, pin, owner)
            ));
        }
    }

    // How many pins show each picture.
    let mut pictures: BTreeMap<String, u64> = BTreeMap::new();
    for pin in pins.values() {
        *pictures.entry(pin.picture.sha1.clone()).or_default() += 1;
    }
    report.counts.insert("pictures", pictures.len());
    report.compare(
        PICTURES.name(),
        pictures.into_iter().collect(),
        entries(tx, PICTURES)?,
    );
    report.compare(
        LOOK_ALIKES.name(),
        super::look_alikes::expected(pins.values()),
        entries(tx, LOOK_ALIKES)?,
    );
    Ok(report)
}

/// Every record of a table, decoded.
fn records<K, R>(
    tx: &impl Source,
    table: TableDefinition<K, &'static [u8]>,
) -> AppResult<BTreeMap<<K as Owned>::Owned, R>>
where
    K: Key + Owned + 'static,
    R: DeserializeOwned,
{
    let table = tx.table(table)?;
    let mut found = BTreeMap::new();
    for entry in table.iter()? {
        let (key, value) = entry?;
        found.insert(K::owned(key.value()), tx.decode(value.value())?);
    }
    Ok(found)
}

/// Every entry of an index table, as owned (key, value) pairs.
fn entries<K, V>(
    tx: &impl Source,
    table: TableDefinition<K, V>,
) -> AppResult<BTreeSet<(<K as Owned>::Owned, <V as Owned>::Owned)>>
where
    K: Key + Owned + 'static,
    V: Value + Owned + 'static,
{
    let table = tx.table(table)?;
    let mut found = BTreeSet::new();
    for entry in table.iter()? {
        let (key, value) = entry?;
        found.insert((K::owned(key.value()), V::owned(value.value())));
    }
    Ok(found)
}

/// A stored key or value turned into an owned Rust value that can be kept and compared.
trait Owned: Value {
    type Owned: Ord + Debug;
    fn owned(value: Self::SelfType<'_>) -> Self::Owned;
}

macro_rules! owned_as_itself {
    ($($type:ty),*) => {$(
        impl Owned for $type {
            type Owned = $type;
            fn owned(value: $type) -> $type {
                value
            }
        }
    )*};
}

owned_as_itself!(
    u64,
    i64,
    (),
    (u64, u64),
    (u64, i64, u64),
    (u8, u64),
    (u8, u64, u64),
    (u8, u64, u64, u64)
);

impl Owned for &str {
    type Owned = String;
    fn owned(value: &str) -> String {
        value.to_owned()
    }
}

impl Owned for &[u8] {
    type Owned = Vec<u8>;
    fn owned(value: &[u8]) -> Vec<u8> {
        value.to_vec()
    }
}

impl Owned for (u64, &str) {
    type Owned = (u64, String);
    fn owned(value: (u64, &str)) -> (u64, String) {
        (value.0, value.1.to_owned())
    }
}

impl Owned for (&str, &str) {
    type Owned = (String, String);
    fn owned(value: (&str, &str)) -> (String, String) {
        (value.0.to_owned(), value.1.to_owned())
    }
}

impl Owned for (&str, u64) {
    type Owned = (String, u64);
    fn owned(value: (&str, u64)) -> (String, u64) {
        (value.0.to_owned(), value.1)
    }
}

impl Owned for (u8, u16, &str) {
    type Owned = (u8, u16, String);
    fn owned(value: (u8, u16, &str)) -> (u8, u16, String) {
        (value.0, value.1, value.2.to_owned())
    }
}

impl Owned for (u64, &str, u64) {
    type Owned = (u64, String, u64);
    fn owned(value: (u64, &str, u64)) -> (u64, String, u64) {
        (value.0, value.1.to_owned(), value.2)
    }
}

#[cfg(test)]
mod tests;
