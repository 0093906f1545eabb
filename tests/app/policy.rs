//! The visibility policy, checked at random against a reference model.
//!
//! A small world (four users, folders, boards, shares, pins) is built and then changed step by
//! step through the public GraphQL API of the real server. After every step, for every viewer (a
//! visitor and each user), what the server shows is compared with what the model of the policy
//! kept here says it must show: direct access (`pin`, `board`, `folder`, by id and by slug, with
//! NOT_FOUND_ERROR / PERMISSION_DENIED_ERROR), lists with their order and `totalCount`, covers,
//! neighbours (`prevID`/`nextID` in Last pins, a user's pins, a board, search and tag results),
//! boards by ids and by the beginnings of their title words, `Pin.secret`, `Pin.boards`,
//! `Pin.addedVia`, word and tag search, tag suggestions, "More like this" (`Pin.similar`: only
//! pins the viewer may see, never the pin's own picture), the 'Following' feed (each user follows
//! the next one and some public boards, which may turn private, lose a share or go), and the
//! fields only a user sees of themself (their chosen language: the admin too). Each board gets a share link when it is made: a visitor holding it sees exactly the
//! board's pins, in board order, and no pin of another board (nor more in any search: the link's
//! holder is a visitor like any other there); once the board is gone the link opens nothing.
//!
//! Repeatable: `POLICY_SEED` (decimal or 0x-hex) chooses the world and its steps, `POLICY_STEPS`
//! how many steps run (200 by default). A mismatch names the seed, the step, its action and the
//! viewer, and prints the model's world, so that it can be replayed. To stay fast, each step
//! checks what it changed and a random share of the rest (see `Scope`); `POLICY_FULL=1` checks
//! everything after every step (slower). The world's data folder is on /dev/shm when there is one.
//!
//! Only the public API over HTTP is used (the server runs in-process on 127.0.0.1:0, as in the
//! other tests): the test holds whatever implements the same API.

use crate::common;

use std::collections::{BTreeSet, HashMap};
use std::time::Instant;

use common::pictures::encoded;
use common::pins::upload;
use common::reads::assert_consistent;
use common::{TestApp, graphql_with, new_client};
use image::{DynamicImage, ImageFormat, Rgb, RgbImage};
use serde_json::{Value, json};

const USERS: [&str; 4] = ["ann", "bob", "cyd", "dee"];
/// Words of captions, titles and board titles (never a username).
const WORDS: [&str; 6] = ["amber", "birch", "cedar", "dune", "ember", "fjord"];
const TAGS: [&str; 5] = ["sea", "sky", "sun", "wild", "wood"];
/// Searches of two words: every word must be found.
const WORD_PAIRS: [&str; 2] = ["amber birch", "dune sea"];
/// Searches of board titles by the beginnings of their words (`boardsMatching`).
const TITLE_SEARCHES: [&str; 4] = ["b", "ce", "em du", "Fjord AMBER"];
/// Prefixes asked of `tagSuggestions`.
const TAG_TOKENS: [&str; 2] = ["s", "w"];
/// What is typed in the header's search box (`suggestions`): beginnings of tags and of board
/// title words.
const TYPED: [&str; 5] = ["se", "wo", "am", "ce du", "Fjo"];
/// How many suggestions of each kind are asked for.
const SUGGESTED: usize = 10;
const API_KEY_NAME: &str = "policy script";
/// The first account, the instance's admin: it sees the others' chosen language.
const ADMIN: usize = 0;

/// The language a user of the world chose (`updateUserLocale`): every other one chose French.
fn chosen_locale(user: usize) -> Option<&'static str> {
    user.is_multiple_of(2).then_some("fr")
}
const DEFAULT_SEED: u64 = 0x00C0_4B0A_4D5E_ED01;
const DEFAULT_STEPS: usize = 200;

/// At most this many probes go in one request, so that no request goes over the server's cost
/// limit however many items a step leaves behind.
const PROBES_PER_REQUEST: usize = 40;
/// An answer tells at most this many errors (the rest become one "… and n more"), so that no more
/// probes expecting an error go in one request.
const ERRORS_PER_ANSWER: usize = 10;

const DENIED: &str = "PERMISSION_DENIED_ERROR";
const NOT_FOUND: &str = "NOT_FOUND_ERROR";

/// How many pins, boards and folders the random steps keep the world around.
const MAX_PINS: usize = 40;
const MIN_PINS: usize = 12;
const MAX_BOARDS: usize = 14;
const MIN_BOARDS: usize = 8;
const MAX_FOLDERS: usize = 8;
const MIN_FOLDERS: usize = 2;

/// A visitor (`None`) or one of `USERS`.
type Viewer = Option<usize>;

fn viewer_name(viewer: Viewer) -> &'static str {
    viewer.map_or("visitor", |user| USERS[user])
}

// ---------------------------------------------------------------------------------------------
// A small seeded random generator (SplitMix64), so that a seed replays the same steps forever.

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<T: Clone>(&mut self, items: &[T]) -> Option<T> {
        (!items.is_empty()).then(|| items[self.below(items.len())].clone())
    }
}

// ---------------------------------------------------------------------------------------------
// The reference model: what exists, and what each viewer may see of it.

#[derive(Debug, Clone)]
struct Text {
    title: Option<String>,
    caption: String,
    tags: Vec<String>,
}

#[derive(Debug, Clone)]
struct FolderM {
    id: String,
    owner: usize,
    name: String,
    slug: String,
    secret: bool,
}

#[derive(Debug, Clone)]
struct BoardM {
    id: String,
    owner: usize,
    title: String,
    slug: String,
    secret: bool,
    folder: Option<String>,
    shared: Vec<usize>,
    cover: Option<String>,
    /// `(order, pin id)`, in no particular order.
    pins: Vec<(i64, String)>,
}

#[derive(Debug, Clone)]
struct PinM {
    id: String,
    /// Creation rank: ids grow with it, and so does `createdAt`.
    seq: u64,
    owner: usize,
    /// Which generated picture it shows (duplicates show their source's).
    picture: u32,
    text: Text,
    added_via: Option<String>,
}

/// Folders, boards and pins are kept oldest first, as they were created.
#[derive(Default)]
struct Model {
    seq: u64,
    pictures: u32,
    folders: Vec<FolderM>,
    boards: Vec<BoardM>,
    pins: Vec<PinM>,
    gone_pins: Vec<String>,
    gone_boards: Vec<String>,
    gone_folders: Vec<String>,
    /// The share links made, one by each board's owner as the board was made: (board id, token).
    links: Vec<(String, String)>,
    /// The boards followed: each public board, as it is made, by the user two after its owner
    /// (who also follows the person after them: `followed_person`): (follower, board id).
    followed_boards: Vec<(usize, String)>,
}

/// The person each user follows: the next one.
fn followed_person(user: usize) -> usize {
    (user + 1) % USERS.len()
}

fn board_visible(board: &BoardM, viewer: Viewer) -> bool {
    !board.secret || viewer.is_some_and(|v| v == board.owner || board.shared.contains(&v))
}

fn folder_visible(folder: &FolderM, viewer: Viewer) -> bool {
    !folder.secret || viewer == Some(folder.owner)
}

/// Words as the search sees them: letters and digits, lowercase.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
}

/// The ids before and after `id` in `list`.
fn neighbours(list: &[String], id: &str) -> (Option<String>, Option<String>) {
    match list.iter().position(|item| item == id) {
        Some(at) => (
            at.checked_sub(1).map(|i| list[i].clone()),
            list.get(at + 1).cloned(),
        ),
        None => (None, None),
    }
}

impl Model {
    fn board(&self, id: &str) -> &BoardM {
        self.boards.iter().find(|b| b.id == id).expect("a board")
    }

    fn board_mut(&mut self, id: &str) -> &mut BoardM {
        self.boards
            .iter_mut()
            .find(|b| b.id == id)
            .expect("a board")
    }

    fn folder_mut(&mut self, id: &str) -> &mut FolderM {
        self.folders
            .iter_mut()
            .find(|f| f.id == id)
            .expect("a folder")
    }

    fn pin(&self, id: &str) -> Option<&PinM> {
        self.pins.iter().find(|p| p.id == id)
    }

    fn pin_boards(&self, pin: &str) -> impl Iterator<Item = &BoardM> + '_ {
        let pin = pin.to_owned();
        self.boards
            .iter()
            .filter(move |b| b.pins.iter().any(|(_, p)| *p == pin))
    }

    /// On at least one public board.
    fn pin_public(&self, pin: &PinM) -> bool {
        self.pin_boards(&pin.id).any(|b| !b.secret)
    }

    /// Its owner, everyone when public, whoever may see one of its boards.
    fn pin_visible(&self, pin: &PinM, viewer: Viewer) -> bool {
        viewer == Some(pin.owner)
            || self.pin_public(pin)
            || self.pin_boards(&pin.id).any(|b| board_visible(b, viewer))
    }

    fn visible_pins(&self, viewer: Viewer) -> impl Iterator<Item = &PinM> + '_ {
        self.pins
            .iter()
            .rev()
            .filter(move |pin| self.pin_visible(pin, viewer))
    }

    /// 'Following': the visible pins of the person the viewer follows, and those on the boards
    /// they follow while they may see the board, newest first.
    fn following(&self, viewer: usize) -> Vec<String> {
        let on_followed_board = |pin: &PinM| {
            self.pin_boards(&pin.id).any(|board| {
                board_visible(board, Some(viewer))
                    && self.followed_boards.contains(&(viewer, board.id.clone()))
            })
        };
        self.visible_pins(Some(viewer))
            .filter(|pin| pin.owner == followed_person(viewer) || on_followed_board(pin))
            .map(|p| p.id.clone())
            .collect()
    }

    /// Last pins: every visible pin, newest first.
    fn last_pins(&self, viewer: Viewer) -> Vec<String> {
        self.visible_pins(viewer).map(|p| p.id.clone()).collect()
    }

    fn user_pins(&self, user: usize, viewer: Viewer) -> Vec<String> {
        self.visible_pins(viewer)
            .filter(|p| p.owner == user)
            .map(|p| p.id.clone())
            .collect()
    }

    fn user_boards(&self, user: usize, viewer: Viewer) -> Vec<String> {
        self.boards
            .iter()
            .rev()
            .filter(|b| b.owner == user && board_visible(b, viewer))
            .map(|b| b.id.clone())
            .collect()
    }

    /// A user's boards the viewer may see with, for each word of `search`, a title word starting
    /// with it: newest first, at most 50.
    fn boards_matching(&self, user: usize, search: &str, viewer: Viewer) -> Vec<String> {
        self.boards_titled(search, viewer)
            .into_iter()
            .filter(|id| self.boards.iter().any(|b| b.id == *id && b.owner == user))
            .take(50)
            .collect()
    }

    /// Everyone's boards the viewer may see with, for each word of `search`, a title word
    /// starting with it: newest first.
    fn boards_titled(&self, search: &str, viewer: Viewer) -> Vec<String> {
        let searched: Vec<String> = words(search).collect();
        self.boards
            .iter()
            .rev()
            .filter(|b| board_visible(b, viewer))
            .filter(|b| {
                let have: Vec<String> = words(&b.title).collect();
                searched
                    .iter()
                    .all(|word| have.iter().any(|had| had.starts_with(word.as_str())))
            })
            .map(|b| b.id.clone())
            .collect()
    }

    /// A user's folders as listed: the owner sees all; others see a visible folder only when
    /// they may see at least one of its boards.
    fn user_folders(&self, user: usize, viewer: Viewer) -> Vec<String> {
        self.folders
            .iter()
            .rev()
            .filter(|f| f.owner == user && folder_visible(f, viewer))
            .filter(|f| viewer == Some(f.owner) || !self.folder_boards(&f.id, viewer).is_empty())
            .map(|f| f.id.clone())
            .collect()
    }

    fn folder_boards(&self, folder: &str, viewer: Viewer) -> Vec<&BoardM> {
        self.boards
            .iter()
            .rev()
            .filter(|b| b.folder.as_deref() == Some(folder) && board_visible(b, viewer))
            .collect()
    }

    /// A board's pins in board order: highest order first, then the newest pin first.
    fn board_pins(&self, board: &BoardM) -> Vec<(i64, String)> {
        let mut placed: Vec<(i64, u64, String)> = board
            .pins
            .iter()
            .map(|(order, id)| {
                (
                    *order,
                    self.pin(id).expect("a pin on a board").seq,
                    id.clone(),
                )
            })
            .collect();
        placed.sort_by_key(|(order, seq, _)| std::cmp::Reverse((*order, *seq)));
        placed
            .into_iter()
            .map(|(order, _, id)| (order, id))
            .collect()
    }

    /// The chosen cover first, then the newest pins.
    fn board_covers(&self, board: &BoardM, count: usize) -> Vec<String> {
        let mut pins: Vec<&PinM> = board
            .pins
            .iter()
            .filter_map(|(_, id)| self.pin(id))
            .collect();
        pins.sort_by_key(|p| std::cmp::Reverse(p.seq));
        let mut ids: Vec<String> = pins.into_iter().map(|p| p.id.clone()).collect();
        if let Some(at) = board
            .cover
            .as_ref()
            .and_then(|cover| ids.iter().position(|id| id == cover))
        {
            let chosen = ids.remove(at);
            ids.insert(0, chosen);
        }
        ids.truncate(count);
        ids
    }

    /// Up to four covers, taken in turn from the covers of the visible boards, newest board first.
    fn folder_covers(&self, folder: &str, viewer: Viewer) -> Vec<String> {
        let per_board: Vec<Vec<String>> = self
            .folder_boards(folder, viewer)
            .into_iter()
            .map(|b| self.board_covers(b, 4))
            .collect();
        let mut covers: Vec<String> = Vec::new();
        for round in 0..4 {
            for pin in per_board.iter().filter_map(|c| c.get(round)) {
                if covers.len() < 4 && !covers.contains(pin) {
                    covers.push(pin.clone());
                }
            }
        }
        covers
    }

    /// The words a viewer's search finds a pin by: its title, caption and tags, its owner's
    /// name, and the titles of those of its boards the viewer may see.
    fn pin_words(&self, pin: &PinM, viewer: Viewer) -> BTreeSet<String> {
        let mut found: BTreeSet<String> = words(&pin.text.caption).collect();
        found.extend(words(USERS[pin.owner]));
        for text in pin.text.title.iter().chain(&pin.text.tags) {
            found.extend(words(text));
        }
        for board in self.pin_boards(&pin.id) {
            if board_visible(board, viewer) {
                found.extend(words(&board.title));
            }
        }
        found
    }

    fn word_search(&self, query: &str, viewer: Viewer) -> BTreeSet<String> {
        let wanted: Vec<String> = words(query).collect();
        self.visible_pins(viewer)
            .filter(|pin| {
                let have = self.pin_words(pin, viewer);
                wanted.iter().all(|word| have.contains(word))
            })
            .map(|pin| pin.id.clone())
            .collect()
    }

    /// Visible pins with the tag, newest first.
    fn tag_search(&self, tag: &str, viewer: Viewer) -> Vec<String> {
        self.visible_pins(viewer)
            .filter(|pin| pin.text.tags.iter().any(|t| t.eq_ignore_ascii_case(tag)))
            .map(|pin| pin.id.clone())
            .collect()
    }

    /// Tags starting with `token` on visible pins, most used first, then by name.
    fn tag_suggestions(&self, token: &str, viewer: Viewer) -> Vec<(String, usize)> {
        let mut found: Vec<(String, usize)> = TAGS
            .iter()
            .filter(|tag| tag.starts_with(token))
            .map(|tag| (tag.to_string(), self.tag_search(tag, viewer).len()))
            .filter(|(_, count)| *count > 0)
            .collect();
        found.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        found
    }

    /// The owner's other pins showing the same picture, newest first.
    fn clones(&self, pin: &PinM) -> Vec<String> {
        self.pins
            .iter()
            .rev()
            .filter(|p| p.owner == pin.owner && p.picture == pin.picture && p.id != pin.id)
            .map(|p| p.id.clone())
            .collect()
    }

    /// Puts a pin on top of a board, unless it is there already.
    fn place(&mut self, pin: &str, board: &str) -> i64 {
        let board = self.board_mut(board);
        if let Some((order, _)) = board.pins.iter().find(|(_, p)| p == pin) {
            return *order;
        }
        let top = board.pins.iter().map(|(order, _)| *order).max();
        let order = top.map_or(0, |top| top + 1);
        board.pins.push((order, pin.to_owned()));
        order
    }

    fn unplace(&mut self, pin: &str, board: &str) {
        let board = self.board_mut(board);
        board.pins.retain(|(_, p)| p != pin);
        if board.cover.as_deref() == Some(pin) {
            board.cover = None;
        }
    }

    fn add_pin(&mut self, id: String, owner: usize, picture: u32, text: &Text, via: Option<&str>) {
        self.seq += 1;
        self.pins.push(PinM {
            id,
            seq: self.seq,
            owner,
            picture,
            text: text.clone(),
            added_via: via.map(str::to_owned),
        });
    }

    /// The whole world, to read beside a failure.
    fn describe(&self) -> String {
        let mut out = String::from("world (ids as the server gave them):\n");
        for f in &self.folders {
            out.push_str(&format!(
                "  folder {} of {} {:?} slug {} {}\n",
                f.id,
                USERS[f.owner],
                f.name,
                f.slug,
                if f.secret { "PRIVATE" } else { "public" }
            ));
        }
        for b in &self.boards {
            let shared: Vec<&str> = b.shared.iter().map(|u| USERS[*u]).collect();
            let pins: Vec<String> = self
                .board_pins(b)
                .iter()
                .map(|(order, id)| format!("{id}@{order}"))
                .collect();
            out.push_str(&format!(
                "  board {} of {} {:?} slug {} {} folder {:?} shared {:?} cover {:?} pins [{}]\n",
                b.id,
                USERS[b.owner],
                b.title,
                b.slug,
                if b.secret { "PRIVATE" } else { "public" },
                b.folder,
                shared,
                b.cover,
                pins.join(" ")
            ));
        }
        for p in &self.pins {
            let boards: Vec<&str> = self.pin_boards(&p.id).map(|b| b.id.as_str()).collect();
            out.push_str(&format!(
                "  pin {} of {} picture {} via {:?} boards {:?} title {:?} caption {:?} tags {:?}\n",
                p.id,
                USERS[p.owner],
                p.picture,
                p.added_via,
                boards,
                p.text.title,
                p.text.caption,
                p.text.tags
            ));
        }
        out.push_str(&format!(
            "  gone: pins {:?} boards {:?} folders {:?}\n",
            self.gone_pins, self.gone_boards, self.gone_folders
        ));
        out
    }
}

// ---------------------------------------------------------------------------------------------
// The steps.

#[derive(Debug, Clone)]
enum Action {
    AddFolder {
        owner: usize,
        name: String,
        secret: bool,
    },
    AddBoard {
        owner: usize,
        title: String,
        secret: bool,
        folder: Option<String>,
    },
    SetBoardSecret {
        board: String,
        secret: bool,
    },
    SetFolderSecret {
        folder: String,
        secret: bool,
    },
    Share {
        board: String,
        user: usize,
    },
    Unshare {
        board: String,
        user: usize,
    },
    MoveBoard {
        board: String,
        folder: Option<String>,
    },
    RenameBoard {
        board: String,
        title: String,
    },
    AddPinToBoard {
        pin: String,
        board: String,
    },
    RemovePinFromBoard {
        pin: String,
        board: String,
    },
    ReorderPin {
        pin: String,
        board: String,
        order: i64,
    },
    SetCover {
        board: String,
        pin: String,
    },
    UploadPin {
        user: usize,
        picture: u32,
        boards: Vec<String>,
        text: Text,
    },
    DuplicatePin {
        user: usize,
        source: String,
        boards: Vec<String>,
        text: Text,
    },
    EditPin {
        pin: String,
        text: Text,
    },
    DeletePin {
        pin: String,
    },
    DeleteBoard {
        board: String,
    },
    DeleteFolder {
        folder: String,
    },
    /// A user tries to re-pin a pin they may not see: PERMISSION_DENIED_ERROR, nothing changes.
    DuplicateHidden {
        user: usize,
        pin: String,
    },
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn random_title(rng: &mut Rng) -> String {
    let first = rng.pick(&WORDS).unwrap();
    let second = rng.pick(&WORDS).unwrap();
    format!("{} {second}", capitalised(first))
}

fn random_text(rng: &mut Rng) -> Text {
    let count = 1 + rng.below(3);
    let caption: Vec<&str> = (0..count).map(|_| rng.pick(&WORDS).unwrap()).collect();
    let mut caption = caption.join(" ");
    if rng.chance(50) {
        caption = capitalised(&caption);
    }
    let title = rng
        .chance(50)
        .then(|| capitalised(rng.pick(&WORDS).unwrap()));
    let mut tags: Vec<String> = Vec::new();
    for _ in 0..rng.below(3) {
        let tag = rng.pick(&TAGS).unwrap().to_owned();
        if !tags.contains(&tag) {
            tags.push(tag);
        }
    }
    Text {
        title,
        caption,
        tags,
    }
}

/// Up to `max` distinct boards of `user`.
fn some_boards(rng: &mut Rng, model: &Model, user: usize, max: usize) -> Vec<String> {
    let own: Vec<String> = model
        .boards
        .iter()
        .filter(|b| b.owner == user)
        .map(|b| b.id.clone())
        .collect();
    let mut chosen = Vec::new();
    for _ in 0..rng.below(max + 1) {
        if let Some(board) = rng.pick(&own)
            && !chosen.contains(&board)
        {
            chosen.push(board);
        }
    }
    chosen
}

/// One random step that makes sense in the model's world.
fn next_action(rng: &mut Rng, model: &Model) -> Action {
    loop {
        if let Some(action) = try_action(rng, model) {
            return action;
        }
    }
}

fn try_action(rng: &mut Rng, model: &Model) -> Option<Action> {
    let boards: Vec<&BoardM> = model.boards.iter().collect();
    let pins: Vec<&PinM> = model.pins.iter().collect();
    let user = rng.below(USERS.len());
    Some(match rng.below(100) {
        0..=9 => {
            let board = rng.pick(&boards)?;
            Action::SetBoardSecret {
                board: board.id.clone(),
                secret: !board.secret,
            }
        }
        10..=15 => {
            let folder = rng.pick(&model.folders)?;
            Action::SetFolderSecret {
                folder: folder.id.clone(),
                secret: !folder.secret,
            }
        }
        16..=23 => {
            let board = rng.pick(&boards)?;
            let user = (board.owner + 1 + rng.below(USERS.len() - 1)) % USERS.len();
            if board.shared.contains(&user) && rng.chance(70) {
                return None;
            }
            Action::Share {
                board: board.id.clone(),
                user,
            }
        }
        24..=29 => {
            let shared: Vec<&&BoardM> = boards.iter().filter(|b| !b.shared.is_empty()).collect();
            let board = rng.pick(&shared)?;
            Action::Unshare {
                board: board.id.clone(),
                user: rng.pick(&board.shared)?,
            }
        }
        30..=35 => {
            let board = rng.pick(&boards)?;
            let folders: Vec<Option<String>> = model
                .folders
                .iter()
                .filter(|f| f.owner == board.owner)
                .map(|f| Some(f.id.clone()))
                .chain([None])
                .filter(|f| *f != board.folder)
                .collect();
            Action::MoveBoard {
                board: board.id.clone(),
                folder: rng.pick(&folders)?,
            }
        }
        36..=45 => {
            let pin = rng.pick(&pins)?;
            let free: Vec<&&BoardM> = boards
                .iter()
                .filter(|b| b.owner == pin.owner && !b.pins.iter().any(|(_, p)| *p == pin.id))
                .collect();
            Action::AddPinToBoard {
                pin: pin.id.clone(),
                board: rng.pick(&free)?.id.clone(),
            }
        }
        46..=53 => {
            let board = rng.pick(&boards)?;
            Action::RemovePinFromBoard {
                pin: rng.pick(&board.pins)?.1,
                board: board.id.clone(),
            }
        }
        54..=57 => {
            let board = rng.pick(&boards)?;
            let top = board.pins.iter().map(|(order, _)| *order).max()?;
            Action::ReorderPin {
                pin: rng.pick(&board.pins)?.1,
                board: board.id.clone(),
                order: rng.below(top.max(0) as usize + 5) as i64 - 2,
            }
        }
        58..=60 => {
            let board = rng.pick(&boards)?;
            Action::SetCover {
                pin: rng.pick(&board.pins)?.1,
                board: board.id.clone(),
            }
        }
        61..=64 if model.pins.len() > MIN_PINS => Action::DeletePin {
            pin: rng.pick(&pins)?.id.clone(),
        },
        65..=66 if model.boards.len() > MIN_BOARDS => Action::DeleteBoard {
            board: rng.pick(&boards)?.id.clone(),
        },
        67 if model.folders.len() > MIN_FOLDERS => Action::DeleteFolder {
            folder: rng.pick(&model.folders)?.id.clone(),
        },
        68..=70 if model.boards.len() < MAX_BOARDS => {
            let folders: Vec<String> = model
                .folders
                .iter()
                .filter(|f| f.owner == user)
                .map(|f| f.id.clone())
                .collect();
            Action::AddBoard {
                owner: user,
                title: random_title(rng),
                secret: rng.chance(40),
                folder: if rng.chance(50) {
                    rng.pick(&folders)
                } else {
                    None
                },
            }
        }
        71..=72 if model.folders.len() < MAX_FOLDERS => Action::AddFolder {
            owner: user,
            name: format!("Folder {}", rng.pick(&WORDS)?),
            secret: rng.chance(40),
        },
        73..=82 if model.pins.len() < MAX_PINS => {
            let seen: Vec<&&PinM> = pins
                .iter()
                .filter(|p| model.pin_visible(p, Some(user)))
                .collect();
            Action::DuplicatePin {
                user,
                source: rng.pick(&seen)?.id.clone(),
                boards: some_boards(rng, model, user, 2),
                text: random_text(rng),
            }
        }
        83..=84 if model.pins.len() < MAX_PINS => {
            let boards = some_boards(rng, model, user, 2);
            if boards.is_empty() {
                return None;
            }
            Action::UploadPin {
                user,
                picture: model.pictures + 1,
                boards,
                text: random_text(rng),
            }
        }
        85..=91 => Action::EditPin {
            pin: rng.pick(&pins)?.id.clone(),
            text: random_text(rng),
        },
        92..=95 => Action::RenameBoard {
            board: rng.pick(&boards)?.id.clone(),
            title: random_title(rng),
        },
        96..=99 => {
            let hidden: Vec<&&PinM> = pins
                .iter()
                .filter(|p| !model.pin_visible(p, Some(user)))
                .collect();
            Action::DuplicateHidden {
                user,
                pin: rng.pick(&hidden)?.id.clone(),
            }
        }
        _ => return None,
    })
}

// ---------------------------------------------------------------------------------------------
// Talking to the server.

struct World {
    app: TestApp,
    clients: Vec<reqwest::Client>,
    visitor: reqwest::Client,
    requests: usize,
    /// Fields checked (probes sent), for the summary.
    probes: usize,
}

impl World {
    fn client(&self, viewer: Viewer) -> reqwest::Client {
        match viewer {
            Some(user) => self.clients[user].clone(),
            None => self.visitor.clone(),
        }
    }

    /// A mutation by `user`: its data, or its errors as text.
    async fn mutate(
        &mut self,
        user: usize,
        query: &str,
        variables: Value,
    ) -> Result<Value, String> {
        self.requests += 1;
        let answer = graphql_with(&self.clients[user], &self.app.base_url, query, variables).await;
        if answer["errors"].is_null() && answer["data"].is_object() {
            Ok(answer["data"].clone())
        } else {
            Err(format!("{} was refused: {answer}", USERS[user]))
        }
    }
}

fn text_of(value: &Value) -> String {
    value.as_str().unwrap_or_default().to_owned()
}

/// A picture that neither shares bytes nor looks like any other number's: blocks of random colours.
fn picture_bytes(number: u32) -> Vec<u8> {
    let mut rng = Rng(u64::from(number).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let blocks: Vec<[u8; 3]> = (0..48)
        .map(|_| {
            let [r, g, b, ..] = rng.next().to_le_bytes();
            [r, g, b]
        })
        .collect();
    let picture = RgbImage::from_fn(40, 30, |x, y| Rgb(blocks[(y / 5 * 8 + x / 5) as usize]));
    encoded(&DynamicImage::ImageRgb8(picture), ImageFormat::Png)
}

fn pin_variables(text: &Text) -> Value {
    json!({ "ti": text.title, "c": text.caption, "tags": text.tags })
}

/// Applies one step to the server, then to the model.
async fn apply(world: &mut World, model: &mut Model, action: &Action) -> Result<(), String> {
    let owner_of_board = |model: &Model, id: &str| model.board(id).owner;
    match action {
        Action::AddFolder {
            owner,
            name,
            secret,
        } => {
            let data = world
                .mutate(
                    *owner,
                    "mutation($n: String!, $s: Boolean!) { addFolder(name: $n, secret: $s) { id slug } }",
                    json!({ "n": name, "s": secret }),
                )
                .await?;
            model.folders.push(FolderM {
                id: text_of(&data["addFolder"]["id"]),
                owner: *owner,
                name: name.clone(),
                slug: text_of(&data["addFolder"]["slug"]),
                secret: *secret,
            });
        }
        Action::AddBoard {
            owner,
            title,
            secret,
            folder,
        } => {
            let data = world
                .mutate(
                    *owner,
                    "mutation($t: String!, $f: ID, $s: Boolean!) { addBoard(title: $t, folder: $f, secret: $s) { id slug } }",
                    json!({ "t": title, "f": folder, "s": secret }),
                )
                .await?;
            model.boards.push(BoardM {
                id: text_of(&data["addBoard"]["id"]),
                owner: *owner,
                title: title.clone(),
                slug: text_of(&data["addBoard"]["slug"]),
                secret: *secret,
                folder: folder.clone(),
                shared: Vec::new(),
                cover: None,
                pins: Vec::new(),
            });
            let board = text_of(&data["addBoard"]["id"]);
            let link = world
                .mutate(
                    *owner,
                    "mutation($b: ID!) { addShareLink(board: $b) { url } }",
                    json!({ "b": board }),
                )
                .await?;
            let url = text_of(&link["addShareLink"]["url"]);
            let token = url
                .trim_end_matches('/')
                .rsplit('/')
                .next()
                .unwrap_or_default();
            if !*secret {
                let follower = (*owner + 2) % USERS.len();
                world
                    .mutate(
                        follower,
                        "mutation($b: ID!) { followBoard(board: $b) { id } }",
                        json!({ "b": board }),
                    )
                    .await?;
                model.followed_boards.push((follower, board.clone()));
            }
            model.links.push((board, token.to_owned()));
        }
        Action::SetBoardSecret { board, secret } => {
            world
                .mutate(
                    owner_of_board(model, board),
                    "mutation($b: ID!, $s: Boolean!) { updateBoard(id: $b, secret: $s) { id } }",
                    json!({ "b": board, "s": secret }),
                )
                .await?;
            model.board_mut(board).secret = *secret;
        }
        Action::SetFolderSecret { folder, secret } => {
            let owner = model.folder_mut(folder).owner;
            world
                .mutate(
                    owner,
                    "mutation($f: ID!, $s: Boolean!) { updateFolder(id: $f, secret: $s) { id } }",
                    json!({ "f": folder, "s": secret }),
                )
                .await?;
            model.folder_mut(folder).secret = *secret;
        }
        Action::Share { board, user } | Action::Unshare { board, user } => {
            let share = matches!(action, Action::Share { .. });
            let mutation = if share {
                "mutation($b: ID!, $u: String!) { shareBoard(board: $b, username: $u) { message } }"
            } else {
                "mutation($b: ID!, $u: String!) { unshareBoard(board: $b, username: $u) { message } }"
            };
            world
                .mutate(
                    owner_of_board(model, board),
                    mutation,
                    json!({ "b": board, "u": USERS[*user] }),
                )
                .await?;
            let shared = &mut model.board_mut(board).shared;
            shared.retain(|u| u != user);
            if share {
                shared.push(*user);
            }
        }
        Action::MoveBoard { board, folder } => {
            let owner = owner_of_board(model, board);
            match folder {
                Some(folder) => {
                    world
                        .mutate(
                            owner,
                            "mutation($b: ID!, $f: ID!) { updateBoard(id: $b, folder: $f) { id } }",
                            json!({ "b": board, "f": folder }),
                        )
                        .await?
                }
                None => {
                    world
                        .mutate(
                            owner,
                            "mutation($b: ID!) { updateBoard(id: $b, folder: null) { id } }",
                            json!({ "b": board }),
                        )
                        .await?
                }
            };
            model.board_mut(board).folder = folder.clone();
        }
        Action::RenameBoard { board, title } => {
            world
                .mutate(
                    owner_of_board(model, board),
                    "mutation($b: ID!, $t: String!) { updateBoard(id: $b, title: $t) { id } }",
                    json!({ "b": board, "t": title }),
                )
                .await?;
            world.app.wait_for_sweeps().await;
            model.board_mut(board).title = title.clone();
        }
        Action::AddPinToBoard { pin, board } => {
            let data = world
                .mutate(
                    owner_of_board(model, board),
                    "mutation($p: ID!, $b: ID!) { addPinToBoard(pin: $p, board: $b) { order } }",
                    json!({ "p": pin, "b": board }),
                )
                .await?;
            let order = model.place(pin, board);
            let got = &data["addPinToBoard"]["order"];
            if got.as_i64() != Some(order) {
                return Err(format!("addPinToBoard: order {got}, expected {order}"));
            }
        }
        Action::RemovePinFromBoard { pin, board } => {
            world
                .mutate(
                    owner_of_board(model, board),
                    "mutation($p: ID!, $b: ID!) { removePinFromBoard(pin: $p, board: $b) { id } }",
                    json!({ "p": pin, "b": board }),
                )
                .await?;
            model.unplace(pin, board);
        }
        Action::ReorderPin { pin, board, order } => {
            world
                .mutate(
                    owner_of_board(model, board),
                    "mutation($p: ID!, $b: ID!, $o: Int!) { orderPinInBoard(pin: $p, board: $b, order: $o) { order } }",
                    json!({ "p": pin, "b": board, "o": order }),
                )
                .await?;
            let placed = model.board_mut(board);
            for entry in placed.pins.iter_mut().filter(|(_, p)| p == pin) {
                entry.0 = *order;
            }
        }
        Action::SetCover { board, pin } => {
            world
                .mutate(
                    owner_of_board(model, board),
                    "mutation($b: ID!, $p: ID!) { updateBoard(id: $b, cover1: $p) { id } }",
                    json!({ "b": board, "p": pin }),
                )
                .await?;
            model.board_mut(board).cover = Some(pin.clone());
        }
        Action::UploadPin {
            user,
            picture,
            boards,
            text,
        } => {
            world.requests += 1;
            let (status, temp) = upload(
                &world.app,
                &world.clients[*user],
                picture_bytes(*picture),
                "picture.png",
            )
            .await;
            if status != 200 {
                return Err(format!("upload: {status} {temp}"));
            }
            let mut variables = pin_variables(text);
            variables["t"] = temp["tempFileName"].clone();
            variables["b"] = json!(boards);
            let data = world
                .mutate(
                    *user,
                    "mutation($t: String!, $ti: String, $c: String!, $tags: [String!], $b: [ID!]) { addPin(tempFileName: $t, title: $ti, caption: $c, tags: $tags, boards: $b) { id } }",
                    variables,
                )
                .await?;
            let id = text_of(&data["addPin"]["id"]);
            model.pictures = *picture;
            model.add_pin(id.clone(), *user, *picture, text, None);
            for board in boards {
                model.place(&id, board);
            }
        }
        Action::DuplicatePin {
            user,
            source,
            boards,
            text,
        } => {
            let mut variables = pin_variables(text);
            variables["p"] = json!(source);
            variables["b"] = json!(boards);
            let data = world
                .mutate(
                    *user,
                    "mutation($p: ID!, $ti: String, $c: String!, $tags: [String!], $b: [ID!]) { duplicatePin(pin: $p, title: $ti, caption: $c, tags: $tags, boards: $b) { id } }",
                    variables,
                )
                .await?;
            let id = text_of(&data["duplicatePin"]["id"]);
            let picture = model.pin(source).expect("the source pin").picture;
            model.add_pin(id.clone(), *user, picture, text, Some(source));
            for board in boards {
                model.place(&id, board);
            }
        }
        Action::EditPin { pin, text } => {
            let owner = model.pin(pin).expect("a pin").owner;
            let mut variables = pin_variables(text);
            variables["p"] = json!(pin);
            variables["ti"] = json!(text.title.clone().unwrap_or_default());
            world
                .mutate(
                    owner,
                    "mutation($p: ID!, $ti: String, $c: String!, $tags: [String!]) { updatePin(id: $p, title: $ti, caption: $c, tags: $tags) { id } }",
                    variables,
                )
                .await?;
            let index = model.pins.iter().position(|p| p.id == *pin).unwrap();
            model.pins[index].text = text.clone();
        }
        Action::DeletePin { pin } => {
            let owner = model.pin(pin).expect("a pin").owner;
            world
                .mutate(
                    owner,
                    "mutation($p: ID!) { deletePin(id: $p) { user { username } } }",
                    json!({ "p": pin }),
                )
                .await?;
            let boards: Vec<String> = model.pin_boards(pin).map(|b| b.id.clone()).collect();
            for board in boards {
                model.unplace(pin, &board);
            }
            model.pins.retain(|p| p.id != *pin);
            model.gone_pins.push(pin.clone());
        }
        Action::DeleteBoard { board } => {
            world
                .mutate(
                    owner_of_board(model, board),
                    "mutation($b: ID!) { deleteBoard(id: $b) { username } }",
                    json!({ "b": board }),
                )
                .await?;
            model.boards.retain(|b| b.id != *board);
            model.followed_boards.retain(|(_, b)| b != board);
            model.gone_boards.push(board.clone());
        }
        Action::DeleteFolder { folder } => {
            let owner = model.folder_mut(folder).owner;
            world
                .mutate(
                    owner,
                    "mutation($f: ID!) { deleteFolder(id: $f) { username } }",
                    json!({ "f": folder }),
                )
                .await?;
            for board in &mut model.boards {
                if board.folder.as_deref() == Some(folder) {
                    board.folder = None;
                }
            }
            model.folders.retain(|f| f.id != *folder);
            model.gone_folders.push(folder.clone());
        }
        Action::DuplicateHidden { user, pin } => {
            world.requests += 1;
            let answer = graphql_with(
                &world.clients[*user],
                &world.app.base_url,
                "mutation($p: ID!) { duplicatePin(pin: $p, caption: \"mine\") { id } }",
                json!({ "p": pin }),
            )
            .await;
            if common::error_code(&answer) != Some(DENIED) {
                return Err(format!(
                    "{} re-pinned a pin hidden from them: expected {DENIED}, got {answer}",
                    USERS[*user]
                ));
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// What each viewer must see: probes (one aliased field each) with what they must answer.

enum Expect {
    /// The field's answer, compared on the keys given here.
    Value(Value),
    /// An error with this code at the field (which then answers null).
    Error(&'static str),
    /// A word search: exactly these pins (in relevance order, which the model does not know).
    Found(BTreeSet<String>),
    /// A pin opened from the word search of probe `list`: its neighbours in that list's answer.
    FoundNeighbours { list: String, pin: String },
    /// A pin's `similar`: only pins among these (which and in what order, the model does not
    /// know), each once, as many as `totalCount` says.
    Among(BTreeSet<String>),
}

struct Probe {
    alias: String,
    /// What it looks at, for the failure message; also names the probe from one step to the next.
    what: String,
    field: String,
    expect: Expect,
    /// Sent in a request of its own (a field that cannot be null: its error nulls the answer).
    alone: bool,
    /// For a probe of one item: what the model says of it. A probe whose item the step changed
    /// is always sent; the others are sampled (see `Scope`). `None`: always sent.
    signature: Option<String>,
}

#[derive(Default)]
struct Probes(Vec<Probe>);

impl Probes {
    fn push(&mut self, what: String, field: String, expect: Expect, signature: Option<String>) {
        self.0.push(Probe {
            alias: format!("a{}", self.0.len()),
            what,
            field,
            expect,
            alone: false,
            signature,
        });
    }

    /// A probe sent at every check.
    fn always(&mut self, what: String, field: String, expect: Expect) -> String {
        self.push(what, field, expect, None);
        self.0.last().unwrap().alias.clone()
    }

    /// A probe of one item, sent when the item changed or when sampled; `signature` is what the
    /// model says of the item (not of the neighbours sampled inside the probe).
    fn item(&mut self, what: String, field: String, expect: Expect, signature: String) {
        self.push(what, field, expect, Some(signature));
    }

    /// Opening an item that must answer with the error `code`. `pin(id)` may answer null, so its
    /// error stays at its field; `board`, `folder` and `user` may not, so their errors null the
    /// whole answer: they go in a request of their own.
    fn denied(&mut self, what: String, field: String, code: &'static str) {
        let alone = !field.starts_with("pin(");
        self.push(what, field, Expect::Error(code), Some(code.to_owned()));
        self.0.last_mut().unwrap().alone = alone;
    }
}

/// How much of the world one check looks at. Last pins, its first page and a few searches are
/// checked at every step; every probe of one item (a pin, a user page, a board, a folder, by id
/// or slug, visible or not) is sent whenever the model says the step changed what the viewer must
/// see of it, and otherwise at random (`SAMPLED_PERCENT`). Inside the probes sent, a few
/// neighbours per list are checked. `POLICY_FULL=1` sends everything at every step.
struct Scope {
    rng: Rng,
    full: bool,
    /// Per viewer and probe, the signature checked last.
    seen: HashMap<(Viewer, String), String>,
}

/// The share of unchanged items checked again at each step, in percent.
const SAMPLED_PERCENT: u64 = 12;
const SAMPLED_NEIGHBOURS: usize = 2;
const SAMPLED_WORD_SEARCHES: usize = 2;
const SAMPLED_TAG_SEARCHES: usize = 1;
const RECENTLY_GONE: usize = 3;
/// The share of steps after which one list is also walked page by page, in percent.
const PAGED_PERCENT: u64 = 30;

impl Scope {
    /// `count` items of `items` at random (all of them when checking in full).
    fn sample<T: Clone>(&mut self, items: &[T], count: usize) -> Vec<T> {
        if self.full || items.len() <= count {
            return items.to_vec();
        }
        let mut left = items.to_vec();
        (0..count)
            .map(|_| left.remove(self.rng.below(left.len())))
            .collect()
    }

    /// Whether to send `probe` to `viewer` now; remembers its signature.
    fn wants(&mut self, viewer: Viewer, probe: &Probe) -> bool {
        let Some(signature) = &probe.signature else {
            return true;
        };
        let key = (viewer, probe.what.clone());
        let changed = self.seen.get(&key) != Some(signature);
        self.seen.insert(key, signature.clone());
        changed || self.full || self.rng.chance(SAMPLED_PERCENT)
    }
}

/// A GraphQL string literal.
fn lit(text: &str) -> String {
    serde_json::to_string(text).unwrap()
}

const ID_LIST: &str = "{ totalCount edges { node { id } } }";

fn id_list(ids: &[String]) -> Value {
    json!({
        "totalCount": ids.len(),
        "edges": ids.iter().map(|id| json!({ "node": { "id": id } })).collect::<Vec<_>>(),
    })
}

fn id_or_null(id: Option<&String>) -> Value {
    id.map_or(Value::Null, |id| json!({ "id": id }))
}

fn neighbour_json(list: &[String], id: &str) -> Value {
    let (prev, next) = neighbours(list, id);
    json!({ "id": id, "prevID": prev, "nextID": next })
}

/// Asks for some pins' neighbours inside a list field (`user`, `board`), as `n0`, `n1`…
fn add_neighbour_fields(
    field: &mut String,
    expected: &mut Value,
    list: &[String],
    scope: &mut Scope,
) {
    for (i, id) in scope.sample(list, SAMPLED_NEIGHBOURS).iter().enumerate() {
        field.push_str(&format!(
            " n{i}: pin(id: {}) {{ id prevID nextID }}",
            lit(id)
        ));
        expected[format!("n{i}")] = neighbour_json(list, id);
    }
}

fn view_me_and_last_pins(probes: &mut Probes, model: &Model, viewer: Viewer) {
    let me = viewer.map_or(Value::Null, |user| json!({ "username": USERS[user] }));
    probes.always("me".into(), "me { username }".into(), Expect::Value(me));
    let last = model.last_pins(viewer);
    probes.always(
        "Last pins".into(),
        format!("pins(first: 1000) {ID_LIST}"),
        Expect::Value(id_list(&last)),
    );
    let mut page = id_list(&last[..last.len().min(2)]);
    page["totalCount"] = json!(last.len());
    page["pageInfo"] = json!({ "hasNextPage": last.len() > 2 });
    probes.always(
        "Last pins, first page of 2".into(),
        "pins(first: 2) { totalCount edges { node { id } } pageInfo { hasNextPage } }".into(),
        Expect::Value(page),
    );
    if let Some(user) = viewer {
        probes.always(
            "Following".into(),
            format!("following(first: 1000) {ID_LIST}"),
            Expect::Value(id_list(&model.following(user))),
        );
    }
}

const PIN_FIELDS: &str = "id secret title caption tags user { username } addedVia { id } \
    boardSet: boards(first: 100) { totalCount edges { node { id } } } prevID nextID";

/// Each pin opened by id (and among its owner's pins): denied when hidden, else its fields and
/// neighbours in Last pins; and the pins deleted last (not found).
fn view_pins(probes: &mut Probes, model: &Model, viewer: Viewer) {
    let last = model.last_pins(viewer);
    for pin in &model.pins {
        let what = format!("pin({}) of {}", pin.id, USERS[pin.owner]);
        if !model.pin_visible(pin, viewer) {
            let among_theirs = format!(
                "user(username: {}) {{ pin(id: {}) {{ id }} }}",
                lit(USERS[pin.owner]),
                lit(&pin.id)
            );
            probes.denied(format!("{what} among their pins"), among_theirs, DENIED);
            probes.denied(what, format!("pin(id: {}) {{ id }}", lit(&pin.id)), DENIED);
            continue;
        }
        let mut boards: Vec<String> = model
            .pin_boards(&pin.id)
            .filter(|b| board_visible(b, viewer))
            .map(|b| b.id.clone())
            .collect();
        boards.sort();
        let via = pin
            .added_via
            .as_ref()
            .filter(|via| model.pin(via).is_some_and(|p| model.pin_visible(p, viewer)));
        let mut expected = json!({
            "id": pin.id,
            "secret": !model.pin_public(pin),
            "title": pin.text.title,
            "caption": pin.text.caption,
            "tags": pin.text.tags,
            "user": { "username": USERS[pin.owner] },
            "addedVia": id_or_null(via),
            "boardSet": id_list(&boards),
        });
        let signature = expected.to_string();
        let (prev, next) = neighbours(&last, &pin.id);
        expected["prevID"] = json!(prev);
        expected["nextID"] = json!(next);
        probes.item(
            what,
            format!("pin(id: {}) {{ {PIN_FIELDS} }}", lit(&pin.id)),
            Expect::Value(expected),
            signature,
        );
    }
    for gone in model.gone_pins.iter().rev().take(RECENTLY_GONE) {
        probes.denied(
            format!("deleted pin({gone})"),
            format!("pin(id: {}) {{ id }}", lit(gone)),
            NOT_FOUND,
        );
    }
}

/// Each user page: private fields, pins, boards, folders, neighbours among the user's pins, clones.
fn view_users(probes: &mut Probes, model: &Model, viewer: Viewer, scope: &mut Scope) {
    for (user, name) in USERS.iter().enumerate() {
        let own = viewer == Some(user);
        let pins = model.user_pins(user, viewer);
        let mut field = format!(
            "user(username: {}) {{ username email emailVerified locale apiKeys {{ name }} \
             pins(first: 1000) {ID_LIST} boards(first: 1000) {ID_LIST} folders(first: 1000) {ID_LIST}",
            lit(name)
        );
        let mut expected = json!({
            "username": name,
            "email": own.then(|| format!("{name}@example.org")),
            "emailVerified": own.then_some(false),
            "locale": (own || viewer == Some(ADMIN)).then(|| chosen_locale(user)).flatten(),
            "apiKeys": if own { json!([{ "name": API_KEY_NAME }]) } else { json!([]) },
            "pins": id_list(&pins),
            "boards": id_list(&model.user_boards(user, viewer)),
            "folders": id_list(&model.user_folders(user, viewer)),
        });
        if !own {
            field.push_str(" lastLoginAt");
            expected["lastLoginAt"] = Value::Null;
        }
        let theirs: Vec<&PinM> = model.pins.iter().filter(|p| p.owner == user).collect();
        let mut signature = expected.to_string();
        if own {
            for pin in &theirs {
                signature.push_str(&format!(" {}:{:?}", pin.id, model.clones(pin)));
            }
        }
        let theirs = scope.sample(&theirs, if own { SAMPLED_NEIGHBOURS } else { 1 });
        for (i, pin) in theirs.iter().enumerate() {
            field.push_str(&format!(" c{i}: clones(pin: {}) {{ id }}", lit(&pin.id)));
            let clones: Vec<Value> = if own {
                model
                    .clones(pin)
                    .iter()
                    .map(|id| json!({ "id": id }))
                    .collect()
            } else {
                Vec::new()
            };
            expected[format!("c{i}")] = json!(clones);
        }
        add_neighbour_fields(&mut field, &mut expected, &pins, scope);
        field.push_str(" }");
        probes.item(
            format!("user({name})"),
            field,
            Expect::Value(expected),
            signature,
        );
    }
}

const BOARD_FIELDS: &str = "id title secret sharedWith folder { id } user { username } \
    pins(first: 1000) { totalCount edges { order node { id } } } \
    cover1 { id } cover2 { id } cover3 { id } cover4 { id } cover5 { id }";

/// Each board by id and by slug: its fields, pins in order, covers, neighbours on it.
fn view_boards(probes: &mut Probes, model: &Model, viewer: Viewer, scope: &mut Scope) {
    for board in &model.boards {
        let what = format!("board({}) of {}", board.id, USERS[board.owner]);
        let by_slug = format!("{what} by slug {}", board.slug);
        // With its pins, read with the user and board it names (`graphql::ahead`).
        let slug_field = format!(
            "user(username: {}) {{ board(slug: {}) {{ id pins(first: 1000) \
             {{ totalCount edges {{ order node {{ id }} }} }} }} }}",
            lit(USERS[board.owner]),
            lit(&board.slug)
        );
        if !board_visible(board, viewer) {
            probes.denied(
                what,
                format!("board(id: {}) {{ id }}", lit(&board.id)),
                DENIED,
            );
            probes.denied(by_slug, slug_field, DENIED);
            continue;
        }
        let placed = model.board_pins(board);
        let ids: Vec<String> = placed.iter().map(|(_, id)| id.clone()).collect();
        let mut shared: Vec<&str> = board.shared.iter().map(|u| USERS[*u]).collect();
        shared.sort_unstable();
        if viewer != Some(board.owner) {
            shared.clear();
        }
        let folder = board.folder.as_ref().filter(|f| {
            model
                .folders
                .iter()
                .any(|m| m.id == **f && folder_visible(m, viewer))
        });
        let mut expected = json!({
            "id": board.id,
            "title": board.title,
            "secret": board.secret,
            "sharedWith": shared,
            "folder": id_or_null(folder),
            "user": { "username": USERS[board.owner] },
            "pins": {
                "totalCount": placed.len(),
                "edges": placed
                    .iter()
                    .map(|(order, id)| json!({ "order": order, "node": { "id": id } }))
                    .collect::<Vec<_>>(),
            },
        });
        let covers = model.board_covers(board, 5);
        for slot in 0..5 {
            expected[format!("cover{}", slot + 1)] = id_or_null(covers.get(slot));
        }
        let signature = expected.to_string();
        let found = json!({ "board": { "id": board.id, "pins": expected["pins"] } });
        let mut field = format!("board(id: {}) {{ {BOARD_FIELDS}", lit(&board.id));
        add_neighbour_fields(&mut field, &mut expected, &ids, scope);
        field.push_str(" }");
        probes.item(what, field, Expect::Value(expected), signature);
        let shown = found.to_string();
        probes.item(by_slug, slug_field, Expect::Value(found), shown);
    }
    for gone in model.gone_boards.iter().rev().take(RECENTLY_GONE) {
        probes.denied(
            format!("deleted board({gone})"),
            format!("board(id: {}) {{ id }}", lit(gone)),
            NOT_FOUND,
        );
    }
}

/// The boards of the pin forms' board choice: some asked by id (newest first, with deleted,
/// malformed and repeated ids) and each user's boards found by the beginnings of title words.
fn view_board_choice(probes: &mut Probes, model: &Model, viewer: Viewer, scope: &mut Scope) {
    let mut asked: Vec<String> = model.boards.iter().rev().map(|b| b.id.clone()).collect();
    asked.extend(model.gone_boards.iter().rev().take(RECENTLY_GONE).cloned());
    asked.push("not-an-id".into());
    asked.extend(asked.clone().into_iter().take(2));
    let mut shown: Vec<&str> = Vec::new();
    for id in &asked {
        let visible = model
            .boards
            .iter()
            .any(|b| b.id == *id && board_visible(b, viewer));
        if visible && !shown.contains(&id.as_str()) {
            shown.push(id);
        }
    }
    let shown: Vec<Value> = shown.iter().map(|id| json!({ "id": id })).collect();
    probes.always(
        "boards by id".into(),
        format!("boards(ids: {}) {{ id }}", json!(asked)),
        Expect::Value(json!(shown)),
    );
    for search in scope.sample(&TITLE_SEARCHES, 1) {
        for (user, name) in USERS.iter().enumerate() {
            let found: Vec<Value> = model
                .boards_matching(user, search, viewer)
                .iter()
                .map(|id| json!({ "id": id }))
                .collect();
            probes.always(
                format!("{name}'s boards matching {search:?}"),
                format!(
                    "user(username: {}) {{ boardsMatching(search: {}) {{ id }} }}",
                    lit(name),
                    lit(search)
                ),
                Expect::Value(json!({ "boardsMatching": found })),
            );
        }
    }
}

/// Each folder by id and by slug: its boards and covers.
fn view_folders(probes: &mut Probes, model: &Model, viewer: Viewer) {
    for folder in &model.folders {
        let what = format!("folder({}) of {}", folder.id, USERS[folder.owner]);
        let by_slug = format!("{what} by slug {}", folder.slug);
        // With its boards, read with the user and folder it names (`graphql::ahead`).
        let slug_field = format!(
            "user(username: {}) {{ folder(slug: {}) {{ id boards(first: 1000) {ID_LIST} }} }}",
            lit(USERS[folder.owner]),
            lit(&folder.slug)
        );
        if !folder_visible(folder, viewer) {
            probes.denied(
                what,
                format!("folder(id: {}) {{ id }}", lit(&folder.id)),
                DENIED,
            );
            probes.denied(by_slug, slug_field, DENIED);
            continue;
        }
        let boards: Vec<String> = model
            .folder_boards(&folder.id, viewer)
            .iter()
            .map(|b| b.id.clone())
            .collect();
        let mut expected = json!({
            "id": folder.id,
            "name": folder.name,
            "secret": folder.secret,
            "user": { "username": USERS[folder.owner] },
            "boards": id_list(&boards),
        });
        let covers = model.folder_covers(&folder.id, viewer);
        for slot in 0..4 {
            expected[format!("cover{}", slot + 1)] = id_or_null(covers.get(slot));
        }
        let signature = expected.to_string();
        let found = json!({ "folder": { "id": folder.id, "boards": expected["boards"] } });
        probes.item(
            what,
            format!(
                "folder(id: {}) {{ id name secret user {{ username }} boards(first: 1000) {ID_LIST} \
                 cover1 {{ id }} cover2 {{ id }} cover3 {{ id }} cover4 {{ id }} }}",
                lit(&folder.id)
            ),
            Expect::Value(expected),
            signature,
        );
        let shown = found.to_string();
        probes.item(by_slug, slug_field, Expect::Value(found), shown);
    }
    for gone in model.gone_folders.iter().rev().take(RECENTLY_GONE) {
        probes.denied(
            format!("deleted folder({gone})"),
            format!("folder(id: {}) {{ id }}", lit(gone)),
            NOT_FOUND,
        );
    }
}

/// Word and tag searches with the neighbours of some pins found, and tag suggestions.
fn view_search(probes: &mut Probes, model: &Model, viewer: Viewer, scope: &mut Scope) {
    let queries: Vec<&str> = WORDS
        .iter()
        .chain(&TAGS)
        .chain(&WORD_PAIRS)
        .copied()
        .collect();
    for query in scope.sample(&queries, SAMPLED_WORD_SEARCHES) {
        let found = model.word_search(query, viewer);
        let list = probes.always(
            format!("search {query:?}"),
            format!("pins(search: {}, first: 1000) {ID_LIST}", lit(query)),
            Expect::Found(found.clone()),
        );
        let found: Vec<String> = found.into_iter().collect();
        for pin in scope.sample(&found, SAMPLED_NEIGHBOURS) {
            probes.always(
                format!("pin({pin}) opened from search {query:?}"),
                format!(
                    "pin(id: {}, search: {}) {{ id prevID nextID }}",
                    lit(&pin),
                    lit(query)
                ),
                Expect::FoundNeighbours {
                    list: list.clone(),
                    pin,
                },
            );
        }
    }
    for tag in scope.sample(&TAGS, SAMPLED_TAG_SEARCHES) {
        let found = model.tag_search(tag, viewer);
        probes.always(
            format!("tag search {tag:?}"),
            format!("pins(tag: {}, first: 1000) {ID_LIST}", lit(tag)),
            Expect::Value(id_list(&found)),
        );
        for pin in &scope.sample(&found, SAMPLED_NEIGHBOURS) {
            probes.always(
                format!("pin({pin}) opened from tag {tag:?}"),
                format!(
                    "pin(id: {}, tag: {}) {{ id prevID nextID }}",
                    lit(pin),
                    lit(tag)
                ),
                Expect::Value(neighbour_json(&found, pin)),
            );
        }
    }
    for token in scope.sample(&TAG_TOKENS, 1) {
        let suggestions: Vec<Value> = model
            .tag_suggestions(token, viewer)
            .into_iter()
            .map(|(name, count)| json!({ "name": name, "count": count }))
            .collect();
        probes.always(
            format!("tag suggestions {token:?}"),
            format!(
                "tagSuggestions(token: {}, first: 50) {{ name count }}",
                lit(token)
            ),
            Expect::Value(json!(suggestions)),
        );
    }
}

/// What `viewer` must see now, as probes to send (those the scope picks).
fn probes_for(model: &Model, viewer: Viewer, scope: &mut Scope) -> Vec<Probe> {
    let mut probes = Probes::default();
    view_me_and_last_pins(&mut probes, model, viewer);
    view_pins(&mut probes, model, viewer);
    view_users(&mut probes, model, viewer, scope);
    view_boards(&mut probes, model, viewer, scope);
    view_board_choice(&mut probes, model, viewer, scope);
    view_folders(&mut probes, model, viewer);
    view_search(&mut probes, model, viewer, scope);
    view_suggestions(&mut probes, model, viewer, scope);
    view_similar(&mut probes, model, viewer);
    view_share_links(&mut probes, model, viewer);
    probes
        .0
        .into_iter()
        .filter(|probe| scope.wants(viewer, probe))
        .collect()
}

/// The header's suggestions as a search is typed: tags only of pins the viewer may see, counted
/// by them; boards only those the viewer may see, newest first.
fn view_suggestions(probes: &mut Probes, model: &Model, viewer: Viewer, scope: &mut Scope) {
    for typed in scope.sample(&TYPED, 2) {
        let tags: Vec<Value> = model
            .tag_suggestions(&typed.to_lowercase(), viewer)
            .into_iter()
            .take(SUGGESTED)
            .map(|(name, count)| json!({ "name": name, "count": count }))
            .collect();
        let boards: Vec<Value> = model
            .boards_titled(typed, viewer)
            .into_iter()
            .take(SUGGESTED)
            .map(|id| json!({ "id": id }))
            .collect();
        probes.always(
            format!("suggestions for {typed:?}"),
            format!(
                "suggestions(text: {}, first: {SUGGESTED}) {{ tags {{ name count }} boards {{ id }} }}",
                lit(typed)
            ),
            Expect::Value(json!({ "tags": tags, "boards": boards })),
        );
    }
}

/// Each visible pin's "More like this": never a pin the viewer may not see, the pin itself or
/// another pin of its picture.
fn view_similar(probes: &mut Probes, model: &Model, viewer: Viewer) {
    for pin in model.visible_pins(viewer) {
        let allowed: BTreeSet<String> = model
            .visible_pins(viewer)
            .filter(|other| other.picture != pin.picture)
            .map(|other| other.id.clone())
            .collect();
        let signature = format!("{allowed:?}");
        probes.item(
            format!("pins like pin({})", pin.id),
            format!(
                "pin(id: {}) {{ similar(first: 50) {{ totalCount edges {{ node {{ id }} }} }} }}",
                lit(&pin.id)
            ),
            Expect::Among(allowed),
            signature,
        );
    }
}

/// What a visitor holding each board's share link sees: the board's pins, all of them and only
/// them, in board order; a pin of another board is not found; a deleted board's link opens nothing.
fn view_share_links(probes: &mut Probes, model: &Model, viewer: Viewer) {
    if viewer.is_some() {
        return;
    }
    for (board_id, token) in &model.links {
        let what = format!("sharedBoard of board({board_id})");
        let Some(board) = model.boards.iter().find(|b| b.id == *board_id) else {
            let field = format!("sharedBoard(token: {}) {{ title }}", lit(token));
            probes.denied(what, field, NOT_FOUND);
            continue;
        };
        let ids: Vec<String> = model
            .board_pins(board)
            .into_iter()
            .map(|(_, id)| id)
            .collect();
        let field = format!(
            "sharedBoard(token: {}) {{ title pins(first: 50) {ID_LIST} }}",
            lit(token)
        );
        let expect = json!({ "title": board.title, "pins": id_list(&ids) });
        let signature = expect.to_string();
        probes.item(what.clone(), field, Expect::Value(expect), signature);
        if let Some(other) = model.pins.iter().find(|pin| !ids.contains(&pin.id)) {
            let field = format!(
                "sharedBoard(token: {}) {{ pin(id: {}) {{ id }} }}",
                lit(token),
                lit(&other.id)
            );
            probes.denied(
                format!("{what}: pin({}) elsewhere", other.id),
                field,
                NOT_FOUND,
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Comparing answers with the model.

/// Sorts what the policy leaves unordered: a pin's boards, a board's `sharedWith`.
fn normalise(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map.iter_mut() {
                normalise(inner);
                if key == "sharedWith"
                    && let Value::Array(items) = inner
                {
                    items.sort_by_key(|item| item.to_string());
                }
                if key == "boardSet"
                    && let Some(Value::Array(edges)) = inner.get_mut("edges")
                {
                    edges.sort_by_key(|edge| edge["node"]["id"].to_string());
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(normalise),
        _ => {}
    }
}

/// A short form of an answer: edge lists as their ids (`id@order` on boards).
fn short(value: &Value) -> String {
    if let Some(edges) = value.as_array()
        && edges.iter().all(|edge| edge["node"]["id"].is_string())
        && !edges.is_empty()
    {
        let ids: Vec<String> = edges
            .iter()
            .map(|edge| match edge["order"].as_i64() {
                Some(order) => format!("{}@{order}", text_of(&edge["node"]["id"])),
                None => text_of(&edge["node"]["id"]),
            })
            .collect();
        return format!("[{}]", ids.join(" "));
    }
    let text = value.to_string();
    if text.chars().count() > 400 {
        format!("{}…", text.chars().take(400).collect::<String>())
    } else {
        text
    }
}

/// Where `actual` differs from `expected`, on the keys `expected` has.
fn diff(path: &str, expected: &Value, actual: &Value, out: &mut Vec<String>) {
    match (expected, actual) {
        (Value::Object(wanted), Value::Object(_)) => {
            for (key, inner) in wanted {
                diff(&format!("{path}.{key}"), inner, &actual[key.as_str()], out);
            }
        }
        _ if expected == actual => {}
        _ => out.push(format!(
            "{path}: expected {}, got {}",
            short(expected),
            short(actual)
        )),
    }
}

fn ids_in(connection: &Value) -> Vec<String> {
    connection["edges"]
        .as_array()
        .map(|edges| edges.iter().map(|e| text_of(&e["node"]["id"])).collect())
        .unwrap_or_default()
}

/// What is wrong with a connection's `totalCount` when it is not `count`.
fn total_mismatch(connection: &Value, count: usize) -> Option<String> {
    let total = &connection["totalCount"];
    (*total != json!(count)).then(|| format!("expected totalCount {count}, got {total}"))
}

/// Checks one answer against its probes; returns the mismatches.
fn check_answer(probes: &[&Probe], answer: &Value) -> Vec<String> {
    let mut failures = Vec::new();
    let errors = answer["errors"].as_array().cloned().unwrap_or_default();
    let error_at = |alias: &str| errors.iter().find(|e| e["path"][0] == alias);
    let data = &answer["data"];
    for error in &errors {
        let alias = error["path"][0].as_str().unwrap_or_default();
        let expected = probes
            .iter()
            .any(|p| p.alias == alias && matches!(p.expect, Expect::Error(_)));
        if !expected {
            let what = probes
                .iter()
                .find(|p| p.alias == alias)
                .map_or("the request", |p| p.what.as_str());
            failures.push(format!("{what}: unexpected error {error}"));
        }
    }
    let alone = probes.len() == 1 && probes[0].alone;
    if !data.is_object() && !alone {
        failures.push(format!("no data at all: {}", short(answer)));
        return failures;
    }
    let mut found_lists: HashMap<&str, Vec<String>> = HashMap::new();
    for probe in probes {
        let actual = &data[probe.alias.as_str()];
        let mut lines = Vec::new();
        match &probe.expect {
            Expect::Value(expected) => {
                let mut expected = expected.clone();
                let mut actual = actual.clone();
                normalise(&mut expected);
                normalise(&mut actual);
                diff("", &expected, &actual, &mut lines);
            }
            Expect::Error(code) => match error_at(&probe.alias) {
                Some(error) if error["extensions"]["code"] == *code => {}
                Some(error) => lines.push(format!("expected {code}, got error {error}")),
                None => lines.push(format!("expected {code}, got {}", short(actual))),
            },
            Expect::Found(expected) => {
                let ids = ids_in(actual);
                let mut sorted = ids.clone();
                sorted.sort();
                let want: Vec<String> = expected.iter().cloned().collect();
                if sorted != want {
                    lines.push(format!("expected the pins {want:?}, got {ids:?}"));
                }
                lines.extend(total_mismatch(actual, expected.len()));
                found_lists.insert(probe.alias.as_str(), ids);
            }
            Expect::Among(allowed) => {
                let similar = &actual["similar"];
                let ids = ids_in(similar);
                let once: BTreeSet<&String> = ids.iter().collect();
                if !ids.iter().all(|id| allowed.contains(id)) || once.len() != ids.len() {
                    lines.push(format!("expected some of {allowed:?} once, got {ids:?}"));
                }
                lines.extend(total_mismatch(similar, ids.len()));
            }
            Expect::FoundNeighbours { .. } => {}
        }
        failures.extend(
            lines
                .into_iter()
                .map(|line| format!("{}: {line}", probe.what)),
        );
    }
    for probe in probes {
        if let Expect::FoundNeighbours { list, pin } = &probe.expect {
            let Some(ids) = found_lists.get(list.as_str()) else {
                continue;
            };
            if !ids.contains(pin) {
                continue; // already reported by the list
            }
            let mut lines = Vec::new();
            diff(
                "",
                &neighbour_json(ids, pin),
                &data[probe.alias.as_str()],
                &mut lines,
            );
            failures.extend(
                lines
                    .into_iter()
                    .map(|line| format!("{}: {line}", probe.what)),
            );
        }
    }
    failures
}

const PAGE: &str = "{ totalCount edges { node { id } } pageInfo { hasNextPage endCursor } }";

/// Walks one list page by page (2 or 3 a page, with `after`) as one viewer, at random: the
/// pages hold the whole list in order, each with the list's `totalCount`.
async fn check_paging(world: &mut World, model: &Model, scope: &mut Scope) -> Vec<String> {
    let viewers: Vec<Viewer> = std::iter::once(None)
        .chain((0..USERS.len()).map(Some))
        .collect();
    let viewer = scope.rng.pick(&viewers).unwrap();
    let user = scope.rng.below(USERS.len());
    let name = lit(USERS[user]);
    let boards: Vec<&BoardM> = model
        .boards
        .iter()
        .filter(|b| board_visible(b, viewer))
        .collect();
    let args = "first: $first, after: $after";
    let (what, path, query, expected) = match scope.rng.below(5) {
        0 => (
            "Last pins".to_owned(),
            vec!["pins"],
            format!("pins({args}) {PAGE}"),
            model.last_pins(viewer),
        ),
        1 => (
            format!("pins of {}", USERS[user]),
            vec!["user", "pins"],
            format!("user(username: {name}) {{ pins({args}) {PAGE} }}"),
            model.user_pins(user, viewer),
        ),
        2 => (
            format!("boards of {}", USERS[user]),
            vec!["user", "boards"],
            format!("user(username: {name}) {{ boards({args}) {PAGE} }}"),
            model.user_boards(user, viewer),
        ),
        3 if !boards.is_empty() => {
            let board = boards[scope.rng.below(boards.len())];
            (
                format!("pins of board {}", board.id),
                vec!["board", "pins"],
                format!("board(id: {}) {{ pins({args}) {PAGE} }}", lit(&board.id)),
                model
                    .board_pins(board)
                    .into_iter()
                    .map(|(_, id)| id)
                    .collect(),
            )
        }
        _ => {
            let tag = scope.rng.pick(&TAGS).unwrap();
            (
                format!("tag search {tag:?}"),
                vec!["pins"],
                format!("pins(tag: {}, {args}) {PAGE}", lit(tag)),
                model.tag_search(tag, viewer),
            )
        }
    };
    let first = 2 + scope.rng.below(2);
    let query = format!("query($first: Int, $after: String) {{ {query} }}");
    let client = world.client(viewer);
    let mut failures = Vec::new();
    let mut ids: Vec<String> = Vec::new();
    let mut after = Value::Null;
    for page in 0.. {
        world.requests += 1;
        let variables = json!({ "first": first, "after": after });
        let answer = graphql_with(&client, &world.app.base_url, &query, variables).await;
        let mut connection = &answer["data"];
        for key in &path {
            connection = &connection[*key];
        }
        if !connection.is_object() || page > expected.len() + 1 {
            failures.push(format!("page {page}: {}", short(&answer)));
            break;
        }
        if connection["totalCount"] != json!(expected.len()) {
            failures.push(format!(
                "page {page}: totalCount {}, expected {}",
                connection["totalCount"],
                expected.len()
            ));
        }
        ids.extend(ids_in(connection));
        if connection["pageInfo"]["hasNextPage"] != json!(true) {
            break;
        }
        after = connection["pageInfo"]["endCursor"].clone();
    }
    if ids != expected {
        failures.push(format!("the pages hold {ids:?}, expected {expected:?}"));
    }
    failures
        .into_iter()
        .map(|failure| {
            format!(
                "[viewer {}] {what}, {first} a page: {failure}",
                viewer_name(viewer)
            )
        })
        .collect()
}

/// Asks every viewer everything, all requests at once; returns the mismatches, each named by viewer.
async fn check_world(world: &mut World, model: &Model, scope: &mut Scope) -> Vec<String> {
    let viewers: Vec<Viewer> = std::iter::once(None)
        .chain((0..USERS.len()).map(Some))
        .collect();
    let mut all_probes: Vec<(Viewer, Vec<Probe>)> = Vec::new();
    for viewer in &viewers {
        all_probes.push((*viewer, probes_for(model, *viewer, scope)));
    }
    // Requests of up to PROBES_PER_REQUEST fields that may answer null, one each for the others.
    let mut requests: Vec<(Viewer, Vec<&Probe>)> = Vec::new();
    for (viewer, probes) in &all_probes {
        let mut chunk: Vec<&Probe> = Vec::new();
        let expects_error = |probe: &Probe| matches!(probe.expect, Expect::Error(_));
        for probe in probes.iter().filter(|p| !p.alone) {
            // A search's neighbour probes stay in the request of the search they are checked against.
            let follows_list = matches!(probe.expect, Expect::FoundNeighbours { .. });
            let errors_full = expects_error(probe)
                && chunk.iter().filter(|p| expects_error(p)).count() >= ERRORS_PER_ANSWER;
            if (chunk.len() >= PROBES_PER_REQUEST || errors_full) && !follows_list {
                requests.push((*viewer, std::mem::take(&mut chunk)));
            }
            chunk.push(probe);
        }
        requests.push((*viewer, chunk));
        for probe in probes.iter().filter(|p| p.alone) {
            requests.push((*viewer, vec![probe]));
        }
    }
    let mut tasks = tokio::task::JoinSet::new();
    for (index, (viewer, probes)) in requests.iter().enumerate() {
        let fields: Vec<String> = probes
            .iter()
            .map(|p| format!("{}: {}", p.alias, p.field))
            .collect();
        let query = format!("{{ {} }}", fields.join(" "));
        let client = world.client(*viewer);
        let base = world.app.base_url.clone();
        tasks.spawn(async move { (index, graphql_with(&client, &base, &query, json!({})).await) });
    }
    world.requests += requests.len();
    world.probes += requests
        .iter()
        .map(|(_, probes)| probes.len())
        .sum::<usize>();
    let mut answers: Vec<Value> = vec![Value::Null; requests.len()];
    while let Some(done) = tasks.join_next().await {
        let (index, answer) = done.expect("a request task");
        answers[index] = answer;
    }
    let mut failures = Vec::new();
    for ((viewer, probes), answer) in requests.iter().zip(&answers) {
        for failure in check_answer(probes, answer) {
            failures.push(format!("[viewer {}] {failure}", viewer_name(*viewer)));
        }
    }
    failures
}

// ---------------------------------------------------------------------------------------------
// The test.

fn env_number(name: &str) -> Option<u64> {
    let text = std::env::var(name).ok()?;
    let text = text.trim();
    match text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

struct Run {
    seed: u64,
    steps: usize,
}

impl Run {
    fn fail(&self, step: usize, action: Option<&Action>, failures: &[String], model: &Model) -> ! {
        let shown: Vec<&String> = failures.iter().take(30).collect();
        let more = failures.len().saturating_sub(shown.len());
        let action = action.map_or("the first world (setup)".to_owned(), |a| format!("{a:?}"));
        panic!(
            "the visibility policy does not hold\n  seed {seed:#x}, step {step} of {steps}, after {action}\n  \
             replay: POLICY_SEED={seed:#x} POLICY_STEPS={step} cargo test --test app policy:: -- --nocapture\n  \
             users: {users:?} (numbers in actions are indexes)\n{lines}{more}\n{world}",
            seed = self.seed,
            steps = self.steps,
            users = USERS,
            lines = shown
                .iter()
                .map(|line| format!("  - {line}\n"))
                .collect::<String>(),
            more = if more > 0 {
                format!("  … and {more} more\n")
            } else {
                String::new()
            },
            world = model.describe(),
        );
    }
}

/// Applies `actions` one by one; a refused action fails the run.
async fn apply_all(run: &Run, world: &mut World, model: &mut Model, actions: Vec<Action>) {
    for action in actions {
        if let Err(error) = apply(world, model, &action).await {
            run.fail(0, Some(&action), &[error], model);
        }
    }
}

/// The first world, in rounds (later rounds use the ids the server gave to earlier ones).
async fn build_world(run: &Run, rng: &mut Rng, world: &mut World, model: &mut Model) {
    for user in 0..USERS.len() {
        let follow = "mutation($u: String!) { followUser(username: $u) { id } }";
        let person = json!({ "u": USERS[followed_person(user)] });
        if let Err(error) = world.mutate(user, follow, person).await {
            run.fail(0, None, &[error], model);
        }
    }
    let mut actions = Vec::new();
    for owner in 0..USERS.len() {
        for _ in 0..1 + rng.below(2) {
            actions.push(Action::AddFolder {
                owner,
                name: format!("Folder {}", rng.pick(&WORDS).unwrap()),
                secret: rng.chance(40),
            });
        }
    }
    apply_all(run, world, model, actions).await;

    let mut actions = Vec::new();
    for owner in 0..USERS.len() {
        let folders: Vec<String> = model
            .folders
            .iter()
            .filter(|f| f.owner == owner)
            .map(|f| f.id.clone())
            .collect();
        for _ in 0..3 {
            actions.push(Action::AddBoard {
                owner,
                title: random_title(rng),
                secret: rng.chance(40),
                folder: if rng.chance(50) {
                    rng.pick(&folders)
                } else {
                    None
                },
            });
        }
    }
    apply_all(run, world, model, actions).await;

    let mut actions = Vec::new();
    for user in 0..USERS.len() {
        for _ in 0..2 {
            let mut boards = some_boards(rng, model, user, 2);
            if boards.is_empty() {
                boards = some_boards(rng, model, user, 1);
            }
            if boards.is_empty() {
                let own = model.boards.iter().find(|b| b.owner == user).unwrap();
                boards.push(own.id.clone());
            }
            let picture = model.pictures + 1 + actions.len() as u32;
            actions.push(Action::UploadPin {
                user,
                picture,
                boards,
                text: random_text(rng),
            });
        }
    }
    for _ in 0..4 {
        let board = rng.pick(&model.boards).unwrap();
        let user = (board.owner + 1 + rng.below(USERS.len() - 1)) % USERS.len();
        actions.push(Action::Share {
            board: board.id.clone(),
            user,
        });
    }
    apply_all(run, world, model, actions).await;

    for _ in 0..16 {
        let user = rng.below(USERS.len());
        let seen: Vec<String> = model
            .pins
            .iter()
            .filter(|p| model.pin_visible(p, Some(user)))
            .map(|p| p.id.clone())
            .collect();
        let action = Action::DuplicatePin {
            user,
            source: rng.pick(&seen).unwrap(),
            boards: some_boards(rng, model, user, 2),
            text: random_text(rng),
        };
        apply_all(run, world, model, vec![action]).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_viewer_sees_exactly_what_the_policy_allows_at_every_step() {
    let run = Run {
        seed: env_number("POLICY_SEED").unwrap_or(DEFAULT_SEED),
        steps: env_number("POLICY_STEPS").map_or(DEFAULT_STEPS, |n| n as usize),
    };
    let started = Instant::now();
    // Every step commits to redb and Tantivy: on a memory file system when there is one, the
    // steps do not wait for the disk.
    let memory = std::path::Path::new("/dev/shm");
    let data_dir = memory
        .is_dir()
        .then(|| tempfile::tempdir_in(memory).ok())
        .flatten();
    let app = TestApp::start_with(|config| {
        // Share links are made only by an instance that knows its address.
        config.public_url = Some("http://localhost".into());
        if let Some(dir) = &data_dir {
            config.data_dir = dir.path().to_owned();
        }
    })
    .await;
    let mut clients = Vec::new();
    for name in USERS {
        let client = app.client_signed_in_new(name).await;
        let key = graphql_with(
            &client,
            &app.base_url,
            "mutation($n: String!) { createApiKey(name: $n) }",
            json!({ "n": API_KEY_NAME }),
        )
        .await;
        assert!(key["errors"].is_null(), "{key}");
        if let Some(locale) = chosen_locale(clients.len()) {
            let chose = graphql_with(
                &client,
                &app.base_url,
                "mutation($l: String) { updateUserLocale(locale: $l) { locale } }",
                json!({ "l": locale }),
            )
            .await;
            assert_eq!(
                chose["data"]["updateUserLocale"]["locale"], locale,
                "{chose}"
            );
        }
        clients.push(client);
    }
    let mut world = World {
        app,
        clients,
        visitor: new_client(),
        requests: 0,
        probes: 0,
    };
    let mut rng = Rng(run.seed);
    let mut model = Model::default();
    build_world(&run, &mut rng, &mut world, &mut model).await;
    let mut scope = Scope {
        rng: Rng(run.seed ^ 0x5EED_5C0E),
        full: std::env::var("POLICY_FULL").is_ok_and(|v| v == "1"),
        seen: HashMap::new(),
    };
    let failures = check_world(&mut world, &model, &mut scope).await;
    if !failures.is_empty() {
        run.fail(0, None, &failures, &model);
    }
    let built = started.elapsed();

    let mut applying = std::time::Duration::ZERO;
    for step in 1..=run.steps {
        let action = next_action(&mut rng, &model);
        let before = Instant::now();
        if let Err(error) = apply(&mut world, &mut model, &action).await {
            run.fail(step, Some(&action), &[error], &model);
        }
        applying += before.elapsed();
        let mut failures = check_world(&mut world, &model, &mut scope).await;
        if scope.full || scope.rng.chance(PAGED_PERCENT) {
            failures.extend(check_paging(&mut world, &model, &mut scope).await);
        }
        if !failures.is_empty() {
            run.fail(step, Some(&action), &failures, &model);
        }
    }
    println!(
        "policy: seed {:#x}, {} steps{}, {} requests, {} probes, world built in {:.1?}, steps \
         applied in {:.1?}, all in {:.1?}; at the end {} pins, {} boards, {} folders",
        run.seed,
        run.steps,
        if scope.full { " checked in full" } else { "" },
        world.requests,
        world.probes,
        built,
        applying,
        started.elapsed(),
        model.pins.len(),
        model.boards.len(),
        model.folders.len(),
    );
    // Every index the steps kept (lists, counts, public pins...) agrees with the records.
    assert_consistent(&world.app);
    world.app.stop().await;
}
