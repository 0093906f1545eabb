//! The write workload: each worker signs up its own users and changes only their folders,
//! boards and pins, one request at a time, until a request gets no answer (the server was
//! killed). Answered mutations go into the model; the one left without an answer is returned.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, IteratorRandom};
use serde_json::{Value, json};

use crate::client::{Answer, Client};
use crate::model::{Board, BoardState, Folder, Model, Pending, Pin, PinState, User};

pub const PASSWORD: &str = "crash-password-1";
const USERS_PER_WORKER: usize = 3;
const BOARDS_PER_USER: usize = 6;
const FOLDERS_PER_USER: usize = 2;
const PINS_PER_USER: usize = 24;

pub struct Ctx {
    pub client: Client,
    pub model: Mutex<Model>,
    /// The pictures pins are made of: few, so that many pins share each one.
    pub pictures: Vec<Vec<u8>>,
    names: AtomicU64,
}

/// What one operation came to.
enum Step {
    Done,
    /// Nothing to do it on.
    Skipped,
    /// No answer: it may or may not have happened.
    Lost(Option<Pending>),
    /// Answered with an error no request of the workload should get.
    Failed(String),
}

impl Ctx {
    pub fn new(pictures: Vec<Vec<u8>>) -> Ctx {
        Ctx {
            client: Client::new(),
            model: Mutex::default(),
            pictures,
            names: AtomicU64::new(1),
        }
    }

    /// A name used once in the whole run: `prefix` then a number.
    fn unique(&self, prefix: &str) -> String {
        format!("{prefix}{}", self.names.fetch_add(1, Ordering::Relaxed))
    }

    fn model(&self) -> std::sync::MutexGuard<'_, Model> {
        self.model.lock().unwrap()
    }
}

/// Runs worker `worker` against `base` until a request is lost; returns the mutation then in
/// flight (if any), or the first unexpected refusal.
pub async fn run(
    ctx: Arc<Ctx>,
    base: String,
    worker: usize,
    mut rng: StdRng,
) -> Result<Option<Pending>, String> {
    loop {
        let step = one_step(&ctx, &base, worker, &mut rng).await;
        match step {
            Step::Done => ctx.model().answered += 1,
            Step::Skipped => {}
            Step::Lost(pending) => return Ok(pending),
            Step::Failed(why) => return Err(why),
        }
    }
}

async fn one_step(ctx: &Ctx, base: &str, worker: usize, rng: &mut StdRng) -> Step {
    let users = ctx.model().users_of(worker);
    if users.is_empty() || (users.len() < USERS_PER_WORKER && rng.random_bool(0.03)) {
        return sign_up(ctx, base, worker).await;
    }
    let user = users.choose(rng).unwrap().clone();
    let session = ctx.model().users[&user].session.clone();
    let op = Op {
        ctx,
        base,
        user,
        session,
    };
    match rng.random_range(0..100) {
        0..4 => op.add_folder().await,
        4..14 => op.add_board(rng).await,
        14..44 => op.add_pin(rng).await,
        44..50 => op.duplicate_pin(rng).await,
        50..62 => op.change_caption(rng).await,
        62..70 => op.delete_pin(rng).await,
        70..78 => op.change_board(rng).await,
        78..86 => op.share(rng).await,
        86..96 => op.move_pin(rng).await,
        _ => op.delete_board(rng).await,
    }
}

async fn sign_up(ctx: &Ctx, base: &str, worker: usize) -> Step {
    let username = ctx.unique("u");
    let email = format!("{username}@example.org");
    let (answer, token) = ctx
        .client
        .graphql_session(
            base,
            None,
            "mutation($e: String!, $p: String!, $u: String!) { addUser(email: $e, password: $p, username: $u) { id } }",
            json!({ "e": email, "p": PASSWORD, "u": username }),
        )
        .await;
    match answer {
        Answer::Data(_) => {
            let session = token.expect("a sign-up opens a session");
            let user = User {
                worker,
                email,
                session,
            };
            ctx.model().users.insert(username, user);
            Step::Done
        }
        Answer::Lost(_) => Step::Lost(Some(Pending::SignUp {
            worker,
            username,
            email,
        })),
        Answer::Refused(answer) => Step::Failed(format!("addUser refused: {answer}")),
    }
}

/// One operation by one user.
struct Op<'a> {
    ctx: &'a Ctx,
    base: &'a str,
    user: String,
    session: String,
}

impl Op<'_> {
    /// Sends a mutation; its data when answered, else the step it makes with `pending`.
    async fn send(
        &self,
        what: &str,
        query: &str,
        variables: Value,
        pending: Pending,
    ) -> Result<Value, Step> {
        let answer = self
            .ctx
            .client
            .graphql(self.base, Some(&self.session), query, variables)
            .await;
        match answer {
            Answer::Data(data) => Ok(data),
            Answer::Lost(_) => Err(Step::Lost(Some(pending))),
            Answer::Refused(answer) => Err(Step::Failed(format!("{what} refused: {answer}"))),
        }
    }

    /// A change of pins and boards as a pending mutation.
    fn change(
        &self,
        what: &str,
        pins: Vec<(String, Option<PinState>, Option<PinState>)>,
        boards: Vec<(String, Option<BoardState>, Option<BoardState>)>,
    ) -> Pending {
        Pending::Change {
            owner: self.user.clone(),
            what: what.to_owned(),
            pins,
            boards,
        }
    }

    fn pin_state(&self, pin: &str) -> PinState {
        self.ctx.model().pins[pin].state.clone()
    }

    fn board_state(&self, board: &str) -> BoardState {
        self.ctx.model().boards[board].state.clone()
    }

    async fn add_folder(&self) -> Step {
        if self.ctx.model().folders_of(&self.user).len() >= FOLDERS_PER_USER {
            return Step::Skipped;
        }
        let name = format!("Folder {}", self.ctx.unique("f"));
        let pending = Pending::NewFolder {
            owner: self.user.clone(),
            name: name.clone(),
        };
        let query = "mutation($n: String!) { addFolder(name: $n, secret: false) { id } }";
        match self
            .send("addFolder", query, json!({ "n": name }), pending)
            .await
        {
            Ok(data) => {
                let id = data["addFolder"]["id"].as_str().unwrap().to_owned();
                let owner = self.user.clone();
                self.ctx.model().folders.insert(id, Folder { owner, name });
                Step::Done
            }
            Err(step) => step,
        }
    }

    async fn add_board(&self, rng: &mut StdRng) -> Step {
        let folders = self.ctx.model().folders_of(&self.user);
        if self.ctx.model().boards_of(&self.user).len() >= BOARDS_PER_USER {
            return Step::Skipped;
        }
        let state = BoardState {
            title: format!("Board {}", self.ctx.unique("b")),
            secret: rng.random_bool(0.4),
            folder: folders
                .choose(rng)
                .filter(|_| rng.random_bool(0.5))
                .cloned(),
            shared: BTreeSet::new(),
        };
        let pending = Pending::NewBoard {
            owner: self.user.clone(),
            state: state.clone(),
        };
        let query = "mutation($t: String!, $s: Boolean!, $f: ID) { addBoard(title: $t, secret: $s, folder: $f) { id } }";
        let variables = json!({ "t": state.title, "s": state.secret, "f": state.folder });
        match self.send("addBoard", query, variables, pending).await {
            Ok(data) => {
                let id = data["addBoard"]["id"].as_str().unwrap().to_owned();
                let owner = self.user.clone();
                self.ctx.model().boards.insert(id, Board { owner, state });
                Step::Done
            }
            Err(step) => step,
        }
    }

    /// Some of the user's boards (none at times).
    fn some_boards(&self, rng: &mut StdRng) -> BTreeSet<String> {
        let boards = self.ctx.model().boards_of(&self.user);
        let count = rng.random_range(0..=boards.len().min(2));
        boards
            .into_iter()
            .choose_multiple(rng, count)
            .into_iter()
            .collect()
    }

    async fn add_pin(&self, rng: &mut StdRng) -> Step {
        if self.ctx.model().pins_of(&self.user).len() >= PINS_PER_USER {
            return Step::Skipped;
        }
        let picture = rng.random_range(0..self.ctx.pictures.len());
        let bytes = self.ctx.pictures[picture].clone();
        let temp = match self
            .ctx
            .client
            .upload(self.base, &self.session, bytes)
            .await
        {
            Answer::Data(answer) => answer["tempFileName"].as_str().unwrap().to_owned(),
            Answer::Lost(_) => return Step::Lost(None),
            Answer::Refused(answer) => return Step::Failed(format!("upload refused: {answer}")),
        };
        let state = PinState {
            word: self.ctx.unique("cap"),
            boards: self.some_boards(rng),
        };
        let pending = Pending::NewPin {
            owner: self.user.clone(),
            picture,
            state: state.clone(),
        };
        let query = "mutation($t: String!, $c: String!, $b: [ID!]) { addPin(tempFileName: $t, caption: $c, boards: $b) { id } }";
        let variables = json!({ "t": temp, "c": state.word, "b": state.boards });
        match self.send("addPin", query, variables, pending).await {
            Ok(data) => self.pinned(&data["addPin"], picture, state),
            Err(step) => step,
        }
    }

    fn pinned(&self, pin: &Value, picture: usize, state: PinState) -> Step {
        let id = pin["id"].as_str().unwrap().to_owned();
        let owner = self.user.clone();
        let pin = Pin {
            owner,
            picture,
            state,
        };
        self.ctx.model().pins.insert(id, pin);
        Step::Done
    }

    fn one_pin(&self, rng: &mut StdRng) -> Option<String> {
        self.ctx.model().pins_of(&self.user).choose(rng).cloned()
    }

    fn one_board(&self, rng: &mut StdRng) -> Option<String> {
        self.ctx.model().boards_of(&self.user).choose(rng).cloned()
    }

    async fn duplicate_pin(&self, rng: &mut StdRng) -> Step {
        if self.ctx.model().pins_of(&self.user).len() >= PINS_PER_USER {
            return Step::Skipped;
        }
        let Some(source) = self.one_pin(rng) else {
            return Step::Skipped;
        };
        let picture = self.ctx.model().pins[&source].picture;
        let state = PinState {
            word: self.ctx.unique("cap"),
            boards: self.some_boards(rng),
        };
        let pending = Pending::NewPin {
            owner: self.user.clone(),
            picture,
            state: state.clone(),
        };
        let query = "mutation($p: ID!, $c: String!, $b: [ID!]) { duplicatePin(pin: $p, caption: $c, boards: $b) { id } }";
        let variables = json!({ "p": source, "c": state.word, "b": state.boards });
        match self.send("duplicatePin", query, variables, pending).await {
            Ok(data) => self.pinned(&data["duplicatePin"], picture, state),
            Err(step) => step,
        }
    }

    async fn change_caption(&self, rng: &mut StdRng) -> Step {
        let Some(pin) = self.one_pin(rng) else {
            return Step::Skipped;
        };
        let before = self.pin_state(&pin);
        let after = PinState {
            word: self.ctx.unique("cap"),
            ..before.clone()
        };
        let pending = self.change(
            "updatePin",
            vec![(pin.clone(), Some(before), Some(after.clone()))],
            vec![],
        );
        let query = "mutation($id: ID!, $c: String) { updatePin(id: $id, caption: $c) { id } }";
        let variables = json!({ "id": pin, "c": after.word });
        match self.send("updatePin", query, variables, pending).await {
            Ok(_) => {
                let owner = self.user.clone();
                self.ctx.model().set_pin(&pin, &owner, Some(after));
                Step::Done
            }
            Err(step) => step,
        }
    }

    async fn delete_pin(&self, rng: &mut StdRng) -> Step {
        let Some(pin) = self.one_pin(rng) else {
            return Step::Skipped;
        };
        let before = self.pin_state(&pin);
        let pending = self.change("deletePin", vec![(pin.clone(), Some(before), None)], vec![]);
        let query = "mutation($id: ID!) { deletePin(id: $id) { user { id } } }";
        match self
            .send("deletePin", query, json!({ "id": pin }), pending)
            .await
        {
            Ok(_) => {
                let owner = self.user.clone();
                self.ctx.model().set_pin(&pin, &owner, None);
                Step::Done
            }
            Err(step) => step,
        }
    }

    /// Renames a board, turns it public or private, or moves it into or out of a folder.
    async fn change_board(&self, rng: &mut StdRng) -> Step {
        let Some(board) = self.one_board(rng) else {
            return Step::Skipped;
        };
        let before = self.board_state(&board);
        let mut after = before.clone();
        let (query, variables) = match rng.random_range(0..3) {
            0 => {
                after.title = format!("Board {}", self.ctx.unique("b"));
                (
                    "mutation($id: ID!, $t: String) { updateBoard(id: $id, title: $t) { id } }",
                    json!({ "id": board, "t": after.title }),
                )
            }
            1 => {
                after.secret = !before.secret;
                (
                    "mutation($id: ID!, $s: Boolean) { updateBoard(id: $id, secret: $s) { id } }",
                    json!({ "id": board, "s": after.secret }),
                )
            }
            _ => match before.folder {
                Some(_) => {
                    after.folder = None;
                    (
                        "mutation($id: ID!) { updateBoard(id: $id, folder: null) { id } }",
                        json!({ "id": board }),
                    )
                }
                None => {
                    let folders = self.ctx.model().folders_of(&self.user);
                    let Some(folder) = folders.choose(rng) else {
                        return Step::Skipped;
                    };
                    after.folder = Some(folder.clone());
                    (
                        "mutation($id: ID!, $f: ID) { updateBoard(id: $id, folder: $f) { id } }",
                        json!({ "id": board, "f": folder }),
                    )
                }
            },
        };
        let pending = self.change(
            "updateBoard",
            vec![],
            vec![(board.clone(), Some(before), Some(after.clone()))],
        );
        match self.send("updateBoard", query, variables, pending).await {
            Ok(_) => {
                self.ctx.model().set_board(&board, Some(after));
                Step::Done
            }
            Err(step) => step,
        }
    }

    /// Shares a board with another user, or stops sharing it with one.
    async fn share(&self, rng: &mut StdRng) -> Step {
        let Some(board) = self.one_board(rng) else {
            return Step::Skipped;
        };
        let before = self.board_state(&board);
        let mut after = before.clone();
        let others: Vec<String> = self
            .ctx
            .model()
            .users
            .keys()
            .filter(|name| **name != self.user && !before.shared.contains(*name))
            .cloned()
            .collect();
        let unshare = before.shared.iter().choose(rng).cloned();
        let (what, username) = match (unshare, others.choose(rng)) {
            (Some(name), _) if rng.random_bool(0.4) => ("unshareBoard", name),
            (_, Some(name)) => ("shareBoard", name.clone()),
            _ => return Step::Skipped,
        };
        if what == "shareBoard" {
            after.shared.insert(username.clone());
        } else {
            after.shared.remove(&username);
        }
        let pending = self.change(
            what,
            vec![],
            vec![(board.clone(), Some(before), Some(after.clone()))],
        );
        let query = format!(
            "mutation($b: ID!, $u: String!) {{ {what}(board: $b, username: $u) {{ message }} }}"
        );
        let variables = json!({ "b": board, "u": username });
        match self.send(what, &query, variables, pending).await {
            Ok(_) => {
                self.ctx.model().set_board(&board, Some(after));
                Step::Done
            }
            Err(step) => step,
        }
    }

    /// Puts a pin on one more of the user's boards, or takes it off one.
    async fn move_pin(&self, rng: &mut StdRng) -> Step {
        let (Some(pin), Some(board)) = (self.one_pin(rng), self.one_board(rng)) else {
            return Step::Skipped;
        };
        let before = self.pin_state(&pin);
        let mut after = before.clone();
        let what = if before.boards.contains(&board) {
            after.boards.remove(&board);
            "removePinFromBoard"
        } else {
            after.boards.insert(board.clone());
            "addPinToBoard"
        };
        let pending = self.change(
            what,
            vec![(pin.clone(), Some(before), Some(after.clone()))],
            vec![],
        );
        let query =
            format!("mutation($p: ID!, $b: ID!) {{ {what}(pin: $p, board: $b) {{ __typename }} }}");
        let variables = json!({ "p": pin, "b": board });
        match self.send(what, &query, variables, pending).await {
            Ok(_) => {
                let owner = self.user.clone();
                self.ctx.model().set_pin(&pin, &owner, Some(after));
                Step::Done
            }
            Err(step) => step,
        }
    }

    /// Deletes a board: its pins stay, on their other boards.
    async fn delete_board(&self, rng: &mut StdRng) -> Step {
        let Some(board) = self.one_board(rng) else {
            return Step::Skipped;
        };
        let before = self.board_state(&board);
        let pins: Vec<_> = {
            let model = self.ctx.model();
            model
                .pins_on(&board)
                .into_iter()
                .map(|pin| {
                    let before = model.pins[&pin].state.clone();
                    let mut after = before.clone();
                    after.boards.remove(&board);
                    (pin, Some(before), Some(after))
                })
                .collect()
        };
        let pending = self.change(
            "deleteBoard",
            pins.clone(),
            vec![(board.clone(), Some(before), None)],
        );
        let query = "mutation($id: ID!) { deleteBoard(id: $id) { id } }";
        match self
            .send("deleteBoard", query, json!({ "id": board }), pending)
            .await
        {
            Ok(_) => {
                let mut model = self.ctx.model();
                for (pin, _, after) in pins {
                    model.set_pin(&pin, &self.user, after);
                }
                model.set_board(&board, None);
                Step::Done
            }
            Err(step) => step,
        }
    }
}
