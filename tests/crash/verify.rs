//! After a restart, once `settle` has settled the mutations left without an answer: compares
//! everything the model holds with what the server answers, its pictures and its search results;
//! and waits for the clean-up to remove picture files no pin shows.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::{Duration, Instant};

use rand::Rng;
use rand::rngs::StdRng;
use serde_json::{Value, json};
use sha1::{Digest, Sha1};

use crate::client::Answer;
use crate::model::{Board, BoardState, Model, Pin, PinState, User};
use crate::server::picture_files;
use crate::workload::Ctx;

/// Deleted things checked again at each restart besides the new ones.
const OLD_GONE_SAMPLE: usize = 20;
/// How long the clean-up may take to remove picture files no pin shows.
const CLEAN_UP_TIMEOUT: Duration = Duration::from_secs(30);

const PIN: &str = "query($id: ID!) { pin(id: $id) { caption secret sha1 previewsSizes original boards(first: 50) { edges { node { id } } } } }";
const BOARD: &str = "query($id: ID!) { board(id: $id) { title secret folder { id } sharedWith } }";

/// What the server shows of a pin.
pub(crate) struct PinSeen {
    pub(crate) state: PinState,
    secret: bool,
    sha1: String,
    widths: Vec<u64>,
    original: String,
}

pub struct Verifier<'a> {
    pub ctx: &'a Ctx,
    pub base: &'a str,
}

impl Verifier<'_> {
    async fn ask(&self, session: Option<&str>, query: &str, variables: Value) -> Answer {
        self.ctx
            .client
            .graphql(self.base, session, query, variables)
            .await
    }

    /// The data of an answered query; else why not.
    async fn data(
        &self,
        session: Option<&str>,
        query: &str,
        variables: Value,
    ) -> Result<Value, String> {
        match self.ask(session, query, variables.clone()).await {
            Answer::Data(data) => Ok(data),
            other => Err(format!("{query} with {variables}: {other:?}")),
        }
    }

    /// Every node of a paged list, `at` naming the connection inside the data.
    pub(crate) async fn all_nodes(
        &self,
        session: &str,
        query: &str,
        variables: Value,
        at: &[&str],
    ) -> Result<Vec<Value>, String> {
        let mut nodes = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let mut variables = variables.clone();
            variables["after"] = json!(after);
            let data = self.data(Some(session), query, variables).await?;
            let connection = at.iter().fold(&data, |value, key| &value[*key]);
            for edge in connection["edges"].as_array().cloned().unwrap_or_default() {
                nodes.push(edge["node"].clone());
            }
            if connection["pageInfo"]["hasNextPage"].as_bool() != Some(true) {
                return Ok(nodes);
            }
            after = connection["pageInfo"]["endCursor"]
                .as_str()
                .map(str::to_owned);
        }
    }

    pub(crate) fn session(&self, user: &str) -> String {
        self.ctx.model.lock().unwrap().users[user].session.clone()
    }

    pub(crate) async fn pin(&self, session: &str, id: &str) -> Result<Option<PinSeen>, String> {
        match self.ask(Some(session), PIN, json!({ "id": id })).await {
            Answer::Data(data) => {
                let pin = &data["pin"];
                let ids = |list: &Value| -> BTreeSet<String> {
                    list["edges"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|edge| edge["node"]["id"].as_str().map(str::to_owned))
                        .collect()
                };
                Ok(Some(PinSeen {
                    state: PinState {
                        word: pin["caption"].as_str().unwrap_or_default().to_owned(),
                        boards: ids(&pin["boards"]),
                    },
                    secret: pin["secret"].as_bool().unwrap_or_default(),
                    sha1: pin["sha1"].as_str().unwrap_or_default().to_owned(),
                    widths: pin["previewsSizes"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(Value::as_u64)
                        .collect(),
                    original: pin["original"].as_str().unwrap_or_default().to_owned(),
                }))
            }
            answer if answer.code() == Some("NOT_FOUND_ERROR") => Ok(None),
            other => Err(format!("pin {id}: {other:?}")),
        }
    }

    pub(crate) async fn board(
        &self,
        session: &str,
        id: &str,
    ) -> Result<Option<BoardState>, String> {
        match self.ask(Some(session), BOARD, json!({ "id": id })).await {
            Answer::Data(data) => {
                let board = &data["board"];
                Ok(Some(BoardState {
                    title: board["title"].as_str().unwrap_or_default().to_owned(),
                    secret: board["secret"].as_bool().unwrap_or_default(),
                    folder: board["folder"]["id"].as_str().map(str::to_owned),
                    shared: board["sharedWith"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter_map(|name| name.as_str().map(str::to_owned))
                        .collect(),
                }))
            }
            answer if answer.code() == Some("NOT_FOUND_ERROR") => Ok(None),
            other => Err(format!("board {id}: {other:?}")),
        }
    }

    /// Compares the whole model with the server; returns the number of things checked.
    pub async fn everything(&self, rng: &mut StdRng) -> Result<usize, Vec<String>> {
        let mut failures = Vec::new();
        let mut checked = 0;
        let Expected {
            users,
            boards,
            pins,
            public,
            on_board,
            counts,
            folders,
            gone_pins,
            gone_boards,
            retired,
        } = expected(&self.ctx.model.lock().unwrap(), rng);
        let mut fail = |failure: String| failures.push(failure);

        // Users: signed in by the session their sign-up opened, with all their things.
        for (name, user) in &users {
            checked += 1;
            let query = "{ me { username email pins(first: 1) { totalCount } boards(first: 1) { totalCount } folders(first: 50) { edges { node { id name } } } } }";
            match self.data(Some(&user.session), query, json!({})).await {
                Ok(data) => {
                    let me = &data["me"];
                    let seen = [
                        me["pins"]["totalCount"].as_u64().unwrap_or(u64::MAX) as usize,
                        me["boards"]["totalCount"].as_u64().unwrap_or(u64::MAX) as usize,
                    ];
                    let seen_folders: BTreeSet<(String, String)> = me["folders"]["edges"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|edge| {
                            let node = &edge["node"];
                            let text =
                                |key: &str| node[key].as_str().unwrap_or_default().to_owned();
                            (text("id"), text("name"))
                        })
                        .collect();
                    if me["username"] != json!(name)
                        || me["email"] != json!(user.email)
                        || seen != counts[name]
                        || seen_folders != folders[name]
                    {
                        fail(format!(
                            "user {name}: the server has {me}, expected {} pins, {} boards, folders {:?}",
                            counts[name][0], counts[name][1], folders[name]
                        ));
                    }
                }
                Err(why) => fail(why),
            }
        }

        // Boards, with their pins.
        for (id, board) in &boards {
            checked += 1;
            let session = &users[&board.owner].session;
            match self.board(session, id).await {
                Ok(seen) if seen.as_ref() == Some(&board.state) => {}
                Ok(seen) => fail(format!(
                    "board {id} is {seen:?}, expected {:?}",
                    board.state
                )),
                Err(why) => fail(why),
            }
            let query = "query($id: ID!, $after: String) { board(id: $id) { pins(first: 50, after: $after) { edges { node { id } } pageInfo { endCursor hasNextPage } } } }";
            match self
                .all_nodes(session, query, json!({ "id": id }), &["board", "pins"])
                .await
            {
                Ok(nodes) => {
                    let seen: BTreeSet<String> = nodes
                        .iter()
                        .filter_map(|node| node["id"].as_str().map(str::to_owned))
                        .collect();
                    if seen != on_board[id] {
                        fail(format!(
                            "board {id} shows pins {seen:?}, expected {:?}",
                            on_board[id]
                        ));
                    }
                }
                Err(why) => fail(why),
            }
        }
        for id in gone_boards {
            checked += 1;
            let any_user = users.values().next().map(|u| u.session.clone());
            match self
                .ask(any_user.as_deref(), BOARD, json!({ "id": id }))
                .await
            {
                answer if answer.code() == Some("NOT_FOUND_ERROR") => {}
                other => fail(format!("deleted board {id} answers {other:?}")),
            }
        }

        // Pins, their pictures, and search.
        let mut pictures: BTreeMap<String, (usize, Vec<u64>, String, String)> = BTreeMap::new();
        for (id, pin) in &pins {
            checked += 1;
            let session = &users[&pin.owner].session;
            match self.pin(session, id).await {
                Ok(Some(seen)) => {
                    let sha1 = sha1_hex(&self.ctx.pictures[pin.picture]);
                    if seen.state != pin.state || seen.secret == public[id] || seen.sha1 != sha1 {
                        fail(format!(
                            "pin {id} is {:?} (secret {}, sha1 {}), expected {:?} (secret {}, sha1 {sha1})",
                            seen.state, seen.secret, seen.sha1, pin.state, !public[id]
                        ));
                    }
                    let picture = (pin.picture, seen.widths, seen.original, session.clone());
                    pictures.insert(seen.sha1, picture);
                }
                Ok(None) => fail(format!("pin {id} is missing")),
                Err(why) => fail(why),
            }
            for (viewer, expected) in [
                (Some(session.as_str()), vec![id.clone()]),
                (None, if public[id] { vec![id.clone()] } else { vec![] }),
            ] {
                match self.search(viewer, &pin.state.word).await {
                    Ok(found) if found == expected => {}
                    Ok(found) => fail(format!(
                        "searching {} {} finds {found:?}, expected {expected:?}",
                        pin.state.word,
                        if viewer.is_some() {
                            "as its owner"
                        } else {
                            "signed out"
                        }
                    )),
                    Err(why) => fail(why),
                }
            }
        }
        for (id, owner) in gone_pins {
            checked += 1;
            match self.pin(&users[&owner].session, &id).await {
                Ok(None) => {}
                Ok(Some(seen)) => fail(format!("deleted pin {id} is there: {:?}", seen.state)),
                Err(why) => fail(why),
            }
        }
        for (word, owner) in retired {
            checked += 1;
            for viewer in [Some(users[&owner].session.as_str()), None] {
                match self.search(viewer, &word).await {
                    Ok(found) if found.is_empty() => {}
                    Ok(found) => fail(format!("the retired word {word} still finds {found:?}")),
                    Err(why) => fail(why),
                }
            }
        }
        for (sha1, (picture, widths, original, session)) in &pictures {
            checked += 1;
            let files = self.picture_files(sha1, *picture, widths, original, session);
            if let Err(why) = files.await {
                fail(why);
            }
        }
        if failures.is_empty() {
            let mut model = self.ctx.model.lock().unwrap();
            model.checked = [
                model.gone_pins.len(),
                model.gone_boards.len(),
                model.retired_words.len(),
            ];
            Ok(checked)
        } else {
            Err(failures)
        }
    }

    /// The pin ids a search for `word` finds for a viewer.
    async fn search(&self, session: Option<&str>, word: &str) -> Result<Vec<String>, String> {
        let query = "query($q: String!) { pins(first: 50, search: $q) { edges { node { id } } } }";
        let data = self.data(session, query, json!({ "q": word })).await?;
        Ok(data["pins"]["edges"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|edge| edge["node"]["id"].as_str().map(str::to_owned))
            .collect())
    }

    /// Every preview (both formats) and the original of a picture are served whole (to the
    /// owner of a pin showing it).
    async fn picture_files(
        &self,
        sha1: &str,
        picture: usize,
        widths: &[u64],
        original: &str,
        session: &str,
    ) -> Result<(), String> {
        let folder = format!("/media/previews/{}/{}/{sha1}", &sha1[..2], &sha1[2..4]);
        for width in widths {
            for format in ["jpeg", "webp"] {
                let path = format!("{folder}/{sha1}_{width}.{format}");
                match self.ctx.client.get(self.base, &path, session).await {
                    Some((200, bytes)) if looks_like(format, &bytes) => {}
                    Some((status, bytes)) => {
                        return Err(format!(
                            "preview {path} answers {status} with {} bytes not a {format}",
                            bytes.len()
                        ));
                    }
                    None => return Err(format!("preview {path}: no answer")),
                }
            }
        }
        match self.ctx.client.get(self.base, original, session).await {
            Some((200, bytes)) if bytes == self.ctx.pictures[picture] => Ok(()),
            Some((status, bytes)) => Err(format!(
                "original {original} answers {status} with {} other bytes",
                bytes.len()
            )),
            None => Err(format!("original {original}: no answer")),
        }
    }
}

/// What a verification expects, taken from the model at once.
struct Expected {
    users: BTreeMap<String, User>,
    boards: BTreeMap<String, Board>,
    pins: BTreeMap<String, Pin>,
    /// Whether each pin is public.
    public: BTreeMap<String, bool>,
    on_board: BTreeMap<String, BTreeSet<String>>,
    /// Each user's pins and boards.
    counts: BTreeMap<String, [usize; 2]>,
    /// Each user's folders, with their names.
    folders: BTreeMap<String, BTreeSet<(String, String)>>,
    gone_pins: Vec<(String, String)>,
    gone_boards: Vec<String>,
    retired: Vec<(String, String)>,
}

fn expected(model: &Model, rng: &mut StdRng) -> Expected {
    let users = model.users.clone();
    let boards = model.boards.clone();
    let pins = model.pins.clone();
    let public: BTreeMap<String, bool> = pins
        .iter()
        .map(|(id, pin)| (id.clone(), model.is_public(pin)))
        .collect();
    let on_board: BTreeMap<String, BTreeSet<String>> = boards
        .keys()
        .map(|id| (id.clone(), model.pins_on(id)))
        .collect();
    let counts: BTreeMap<String, [usize; 2]> = users
        .keys()
        .map(|name| {
            (
                name.clone(),
                [model.pins_of(name).len(), model.boards_of(name).len()],
            )
        })
        .collect();
    let folders: BTreeMap<String, BTreeSet<(String, String)>> = users
        .keys()
        .map(|name| {
            let theirs = model
                .folders_of(name)
                .into_iter()
                .map(|id| (id.clone(), model.folders[&id].name.clone()))
                .collect();
            (name.clone(), theirs)
        })
        .collect();
    let gone_pins = recent_and_some(&model.gone_pins, model.checked[0], rng);
    let gone_boards = recent_and_some(&model.gone_boards, model.checked[1], rng);
    let retired = recent_and_some(&model.retired_words, model.checked[2], rng);
    Expected {
        users,
        boards,
        pins,
        public,
        on_board,
        counts,
        folders,
        gone_pins,
        gone_boards,
        retired,
    }
}

/// The entries past `checked` (new since the last verification) and a few older ones.
fn recent_and_some<T: Clone>(all: &[T], checked: usize, rng: &mut StdRng) -> Vec<T> {
    let checked = checked.min(all.len());
    let mut chosen = all[checked..].to_vec();
    if checked > 0 {
        for _ in 0..OLD_GONE_SAMPLE.min(checked) {
            chosen.push(all[rng.random_range(0..checked)].clone());
        }
    }
    chosen
}

fn looks_like(format: &str, bytes: &[u8]) -> bool {
    match format {
        "jpeg" => bytes.starts_with(&[0xFF, 0xD8, 0xFF]),
        "webp" => bytes.len() > 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP",
        _ => false,
    }
}

pub fn sha1_hex(bytes: &[u8]) -> String {
    Sha1::digest(bytes)
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Waits until every picture file in the data folder belongs to a pin of the model and no
/// unfinished write is left: the clean-up at start removes the others.
pub async fn unshown_files_cleaned(ctx: &Ctx, data_dir: &Path) -> Result<(), String> {
    let shown: BTreeSet<String> = {
        let model = ctx.model.lock().unwrap();
        model
            .pins
            .values()
            .map(|pin| sha1_hex(&ctx.pictures[pin.picture]))
            .collect()
    };
    let started = Instant::now();
    loop {
        let extra: Vec<_> = picture_files(data_dir)
            .into_iter()
            .filter(|path| {
                let name = path.file_name().unwrap().to_string_lossy();
                name.contains(".tmp-") || !shown.iter().any(|sha1| name.starts_with(sha1.as_str()))
            })
            .collect();
        if extra.is_empty() {
            return Ok(());
        }
        if started.elapsed() > CLEAN_UP_TIMEOUT {
            return Err(format!(
                "picture files no pin shows are still there after {CLEAN_UP_TIMEOUT:?}: {extra:?}"
            ));
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
