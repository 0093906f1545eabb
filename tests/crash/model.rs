//! What the server must hold: everything an answered mutation did, and what was deleted.

use std::collections::{BTreeMap, BTreeSet};

/// A signed-up user and the session its sign-up opened.
#[derive(Debug, Clone)]
pub struct User {
    pub worker: usize,
    pub email: String,
    pub session: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardState {
    pub title: String,
    pub secret: bool,
    pub folder: Option<String>,
    /// Usernames.
    pub shared: BTreeSet<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PinState {
    /// The whole caption: one word no other pin, board or user ever has.
    pub word: String,
    pub boards: BTreeSet<String>,
}

#[derive(Debug, Clone)]
pub struct Board {
    pub owner: String,
    pub state: BoardState,
}

#[derive(Debug, Clone)]
pub struct Pin {
    pub owner: String,
    /// Index of its picture in the pool.
    pub picture: usize,
    pub state: PinState,
}

#[derive(Debug, Clone)]
pub struct Folder {
    pub owner: String,
    pub name: String,
}

/// A mutation sent when the server was killed: it may or may not have happened.
#[derive(Debug, Clone)]
pub enum Pending {
    SignUp {
        worker: usize,
        username: String,
        email: String,
    },
    NewFolder {
        owner: String,
        name: String,
    },
    NewBoard {
        owner: String,
        state: BoardState,
    },
    NewPin {
        owner: String,
        picture: usize,
        state: PinState,
    },
    /// A change of existing pins and boards: all of them are as before, or all as after
    /// (`None`: deleted).
    Change {
        owner: String,
        what: String,
        pins: Vec<(String, Option<PinState>, Option<PinState>)>,
        boards: Vec<(String, Option<BoardState>, Option<BoardState>)>,
    },
}

#[derive(Debug, Default)]
pub struct Model {
    pub users: BTreeMap<String, User>,
    pub folders: BTreeMap<String, Folder>,
    pub boards: BTreeMap<String, Board>,
    pub pins: BTreeMap<String, Pin>,
    /// Deleted pins with their owners, in the order they went.
    pub gone_pins: Vec<(String, String)>,
    pub gone_boards: Vec<String>,
    /// Caption words no pin has any more (changed or deleted), with the owner that had them.
    pub retired_words: Vec<(String, String)>,
    /// How many of `gone_pins`, `gone_boards` and `retired_words` a verification has checked.
    pub checked: [usize; 3],
    /// Mutations answered since the last verification.
    pub answered: u64,
}

impl Model {
    pub fn users_of(&self, worker: usize) -> Vec<String> {
        self.users
            .iter()
            .filter(|(_, user)| user.worker == worker)
            .map(|(name, _)| name.clone())
            .collect()
    }

    pub fn boards_of(&self, owner: &str) -> Vec<String> {
        self.boards
            .iter()
            .filter(|(_, board)| board.owner == owner)
            .map(|(id, _)| id.clone())
            .collect()
    }

    pub fn folders_of(&self, owner: &str) -> Vec<String> {
        self.folders
            .iter()
            .filter(|(_, folder)| folder.owner == owner)
            .map(|(id, _)| id.clone())
            .collect()
    }

    pub fn pins_of(&self, owner: &str) -> Vec<String> {
        self.pins
            .iter()
            .filter(|(_, pin)| pin.owner == owner)
            .map(|(id, _)| id.clone())
            .collect()
    }

    /// The pins on a board.
    pub fn pins_on(&self, board: &str) -> BTreeSet<String> {
        self.pins
            .iter()
            .filter(|(_, pin)| pin.state.boards.contains(board))
            .map(|(id, _)| id.clone())
            .collect()
    }

    /// A pin is public when one of its boards is.
    pub fn is_public(&self, pin: &Pin) -> bool {
        pin.state
            .boards
            .iter()
            .any(|board| self.boards.get(board).is_some_and(|b| !b.state.secret))
    }

    /// Sets a pin as observed (`None`: deleted).
    pub fn set_pin(&mut self, id: &str, owner: &str, state: Option<PinState>) {
        let before = self.pins.get(id).map(|pin| pin.state.word.clone());
        match state {
            Some(state) => {
                if let Some(word) = before.filter(|word| *word != state.word) {
                    self.retired_words.push((word, owner.to_owned()));
                }
                self.pins.get_mut(id).expect("a known pin").state = state;
            }
            None => {
                if let Some(word) = before {
                    self.retired_words.push((word, owner.to_owned()));
                }
                self.pins.remove(id);
                self.gone_pins.push((id.to_owned(), owner.to_owned()));
            }
        }
    }

    /// Sets a board as observed (`None`: deleted).
    pub fn set_board(&mut self, id: &str, state: Option<BoardState>) {
        match state {
            Some(state) => self.boards.get_mut(id).expect("a known board").state = state,
            None => {
                self.boards.remove(id);
                self.gone_boards.push(id.to_owned());
            }
        }
    }
}
