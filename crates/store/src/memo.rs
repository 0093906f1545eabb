//! Boards and owners read once for many pins in one transaction (a board's pins made public or
//! private, a batch of search documents): each record is decoded the first time it is asked.

use std::collections::HashMap;
use std::rc::Rc;

use super::{Source, boards, users};
use corkboard_domain::board::BoardRecord;
use corkboard_domain::error::AppResult;
use corkboard_domain::ids::{BoardId, UserId};
use corkboard_domain::user::UserRecord;

/// Past this many boards remembered, the memo starts afresh (a rebuild walks every pin).
const MOST_REMEMBERED: usize = 10_000;

pub struct Memo<'t, T: Source> {
    pub tx: &'t T,
    boards: HashMap<BoardId, Option<Rc<BoardRecord>>>,
    owners: HashMap<UserId, Rc<UserRecord>>,
}

impl<'t, T: Source> Memo<'t, T> {
    pub fn new(tx: &'t T) -> Self {
        Memo {
            tx,
            boards: HashMap::new(),
            owners: HashMap::new(),
        }
    }

    /// The boards of `ids` that exist, in that order.
    pub fn boards(&mut self, ids: &[BoardId]) -> AppResult<Vec<Rc<BoardRecord>>> {
        if self.boards.len() > MOST_REMEMBERED {
            self.boards.clear();
        }
        let mut found = Vec::with_capacity(ids.len());
        for id in ids {
            let board = match self.boards.get(id) {
                Some(board) => board.clone(),
                None => {
                    let board = boards::get(self.tx, *id)?.map(Rc::new);
                    self.boards.insert(*id, board.clone());
                    board
                }
            };
            found.extend(board);
        }
        Ok(found)
    }

    /// The user `id`, who must exist.
    pub fn owner(&mut self, id: UserId) -> AppResult<Rc<UserRecord>> {
        if let Some(owner) = self.owners.get(&id) {
            return Ok(owner.clone());
        }
        let owner = Rc::new(users::load(self.tx, id)?);
        self.owners.insert(id, owner.clone());
        Ok(owner)
    }
}
