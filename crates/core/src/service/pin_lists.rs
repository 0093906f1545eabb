//! The lists pins are shown in (Last pins, a user's pins, a board's pins) as a viewer may see
//! them: pages that stay right while pins come and go, totals (exact but for a search's beyond
//! 10,000), and a pin's neighbours.

use std::sync::Arc;

use crate::service::access::{SharedPins, audience, shared_boards, visible_board};
use crate::service::data::Data;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::ids::{BoardId, PinId, UserId};
use corkboard_domain::pin::PinRecord;
use corkboard_i18n::msg;
use corkboard_search::COUNTED_AT_MOST;
use corkboard_search::query::{Narrowing, Wanted};
use corkboard_store::pin_order::{self, Listed, PinKey};
use corkboard_store::walks::Direction;
use corkboard_store::{Source, board_pins, board_sweeps, pins, private_pins, user_pins};

/// Which list a pin is seen in; its neighbours come from that list.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PinList {
    /// Every pin, newest first (the home page).
    Last,
    /// A user's pins, newest first.
    OfUser(UserId),
    /// A board's pins, highest order first.
    OnBoard(BoardId),
    /// Search results: by relevance for text, newest first for a tag.
    Found(Wanted),
}

/// How far a search looks for a pin's neighbours.
const NEIGHBOURS_IN_RESULTS: usize = corkboard_search::results::KEPT_RESULTS;

/// One page of a list.
#[derive(Clone)]
pub struct PinPage {
    pub pins: Vec<(PinKey, Arc<PinRecord>)>,
    /// How many pins the list holds; a search counts up to `COUNTED_AT_MOST`.
    pub total: usize,
    /// Whether a search stopped counting: more than `total` pins match.
    pub total_capped: bool,
    pub has_previous: bool,
    pub has_next: bool,
}

/// The pins before and after one pin in its list.
#[derive(Debug, Default, Clone, Copy)]
pub struct Neighbours {
    pub prev: Option<PinId>,
    pub next: Option<PinId>,
}

/// A page cursor: the key of the last pin shown.
pub fn cursor(key: PinKey) -> String {
    format!("{}:{}", key.0, key.1)
}

pub fn parse_cursor(cursor: &str) -> AppResult<PinKey> {
    let invalid = || AppError::invalid("after", msg!("error-cursor-invalid"));
    let (order, id) = cursor.split_once(':').ok_or_else(invalid)?;
    Ok((
        order.parse().map_err(|_| invalid())?,
        id.parse().map_err(|_| invalid())?,
    ))
}

/// A page of a list: `first` pins after the one whose key is `after`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PageRequest {
    pub list: PinList,
    pub first: usize,
    pub after: Option<PinKey>,
}

/// A page of a list in the read transaction `read` (a search asks the index first).
pub fn page(
    data: &Data,
    read: &impl Source,
    viewer: Option<UserId>,
    request: &PageRequest,
) -> AppResult<PinPage> {
    let found = found_in_search(data, viewer, request)?;
    page_in(read, viewer, request, found)
}

/// The keys of a page of search results and how many pins match; `None` for other lists.
fn found_in_search(
    data: &Data,
    viewer: Option<UserId>,
    request: &PageRequest,
) -> AppResult<Option<(Vec<PinKey>, usize)>> {
    let PinList::Found(wanted) = &request.list else {
        return Ok(None);
    };
    let (limit, after, search) = (request.first.saturating_add(1), request.after, &data.search);
    Ok(Some(match wanted {
        Wanted::Text { text, within } => {
            let offset = after.map_or(0, |(rank, _)| rank.max(-1) as usize + 1);
            let (ids, total) = relevant(data, viewer, text, *within, offset, limit)?;
            let ranked = ids.into_iter().enumerate();
            let keys = ranked.map(|(i, id)| ((offset + i) as i64, id)).collect();
            (keys, total)
        }
        Wanted::Tag(tag) => {
            let from = after.map(|(_, id)| id);
            let (ids, total) = search.by_tag(viewer, tag, from, Direction::Down, limit)?;
            (ids.into_iter().map(|id| (0, id)).collect(), total)
        }
    }))
}

fn page_in(
    read: &impl Source,
    viewer: Option<UserId>,
    request: &PageRequest,
    found: Option<(Vec<PinKey>, usize)>,
) -> AppResult<PinPage> {
    let (first, after) = (request.first, request.after);
    let walker = Walker::new(read, viewer, request.list.clone())?;
    // Only counted, as a board tile's `pins { totalCount }` asks: no key is read, and a next
    // page is there when any pin is.
    let counted_only = found.is_none() && first == 0 && after.is_none();
    let (mut keys, total, total_capped) = match found {
        Some((keys, total)) => (
            seen_now(read, viewer, keys, |key| PinId(key.1))?,
            total.min(COUNTED_AT_MOST),
            total > COUNTED_AT_MOST,
        ),
        None if counted_only => (Vec::new(), walker.total()?, false),
        None => (
            walker.keys(after, Direction::Down, first.saturating_add(1))?,
            walker.total()?,
            false,
        ),
    };
    let has_next = if counted_only {
        total > 0
    } else {
        keys.len() > first
    };
    keys.truncate(first);
    let pins = pins::get_each(read, keys.into_iter().map(|key| (key, PinId(key.1))))?;
    Ok(PinPage {
        pins,
        total,
        total_capped,
        has_previous: after.is_some(),
        has_next,
    })
}

/// The pins shown before and after `pin` in `list` (none when the pin is not in it).
pub async fn neighbours(
    data: &Data,
    viewer: Option<UserId>,
    list: PinList,
    pin: PinId,
) -> AppResult<Neighbours> {
    data.reading(move |data| {
        if let PinList::Found(wanted) = &list {
            return neighbours_in_results(data, viewer, wanted, pin);
        }
        data.store.read(|read| {
            let key = match list {
                PinList::OnBoard(board) => match board_pins::order_of(read, pin, board)? {
                    Some(order) => (order, pin.0),
                    None => return Ok(Neighbours::default()),
                },
                _ => (0, pin.0),
            };
            let walker = Walker::new(read, viewer, list)?;
            let id_of = |keys: Vec<PinKey>| keys.first().map(|key| PinId(key.1));
            Ok(Neighbours {
                prev: id_of(walker.keys(Some(key), Direction::Up, 1)?),
                next: id_of(walker.keys(Some(key), Direction::Down, 1)?),
            })
        })
    })
    .await
}

/// Pin ids of a text search by relevance and how many match; a search of one board only when the
/// viewer may see that board (else the board's own page's answer: not found, or not allowed).
fn relevant(
    data: &Data,
    viewer: Option<UserId>,
    text: &str,
    within: Narrowing,
    offset: usize,
    limit: usize,
) -> AppResult<(Vec<u64>, usize)> {
    if let Some(board) = within.board {
        let board = BoardId(board);
        data.store.read(|read| visible_board(read, viewer, board))?;
    }
    data.search
        .by_relevance(viewer, text, within, offset, limit)
}

fn neighbours_in_results(
    data: &Data,
    viewer: Option<UserId>,
    wanted: &Wanted,
    pin: PinId,
) -> AppResult<Neighbours> {
    match wanted {
        Wanted::Tag(tag) => Ok(Neighbours {
            prev: first_seen_by_tag(data, viewer, tag, Some(pin), Direction::Up)?,
            next: first_seen_by_tag(data, viewer, tag, Some(pin), Direction::Down)?,
        }),
        Wanted::Text { text, within } => {
            let (ids, _) = relevant(data, viewer, text, *within, 0, NEIGHBOURS_IN_RESULTS)?;
            let ids = data
                .store
                .read(|read| seen_now(read, viewer, ids, |id| PinId(*id)))?;
            let Some(at) = ids.iter().position(|id| *id == pin.0) else {
                return Ok(Neighbours::default());
            };
            Ok(Neighbours {
                prev: at.checked_sub(1).map(|i| PinId(ids[i])),
                next: ids.get(at + 1).map(|id| PinId(*id)),
            })
        }
    }
}

/// The first pin tagged `tag` beyond `from` in `direction` that the viewer may see now. While a
/// board waits for its sweep the nearest found may be hidden, so 1, then 10, 100 and 1,000 are
/// looked at.
pub(crate) fn first_seen_by_tag(
    data: &Data,
    viewer: Option<UserId>,
    tag: &str,
    from: Option<PinId>,
    direction: Direction,
) -> AppResult<Option<PinId>> {
    let from = from.map(|pin| pin.0);
    let mut looked_at = 1;
    loop {
        let (ids, _) = data
            .search
            .by_tag(viewer, tag, from, direction, looked_at)?;
        let all_found = ids.len() < looked_at || looked_at >= NEIGHBOURS_IN_RESULTS;
        let seen = data
            .store
            .read(|read| seen_now(read, viewer, ids, |id| PinId(*id)))?;
        if let Some(id) = seen.first() {
            return Ok(Some(PinId(*id)));
        }
        if all_found {
            return Ok(None);
        }
        looked_at *= 10;
    }
}

/// The search results the viewer may see: while a board waits for its sweep
/// (`board_sweeps`), the index may still show everyone a pin the board's change made private,
/// so each is checked against its boards then.
fn seen_now<T>(
    read: &impl Source,
    viewer: Option<UserId>,
    mut found: Vec<T>,
    pin_of: impl Fn(&T) -> PinId,
) -> AppResult<Vec<T>> {
    if !board_sweeps::waiting(read)? {
        return Ok(found);
    }
    let mut seen = Vec::with_capacity(found.len());
    for item in found.drain(..) {
        if let Some(pin) = pins::get(read, pin_of(&item))?
            && audience(read, &pin)?.admits(viewer)
        {
            seen.push(item);
        }
    }
    Ok(seen)
}

/// Walks one list for one viewer.
struct Walker<'a, T: Source> {
    tx: &'a T,
    viewer: Option<UserId>,
    list: PinList,
    /// The boards shared with the viewer whose private pins the list may show.
    shared: Vec<BoardId>,
}

impl<'a, T: Source> Walker<'a, T> {
    fn new(tx: &'a T, viewer: Option<UserId>, list: PinList) -> AppResult<Self> {
        if let PinList::OnBoard(board) = list {
            visible_board(tx, viewer, board)?;
        }
        let shared = match list {
            PinList::Last => SharedPins::All,
            PinList::OfUser(owner) if viewer != Some(owner) => SharedPins::Of(owner),
            PinList::OfUser(_) | PinList::OnBoard(_) | PinList::Found(_) => SharedPins::Unneeded,
        };
        Ok(Walker {
            tx,
            viewer,
            shared: shared_boards(tx, viewer, shared)?,
            list,
        })
    }

    /// Up to `limit` visible keys beyond `from` in `direction`.
    fn keys(
        &self,
        from: Option<PinKey>,
        direction: Direction,
        limit: usize,
    ) -> AppResult<Vec<PinKey>> {
        let tx = self.tx;
        let from_id = from.map(|key| key.1);
        match &self.list {
            PinList::Found(_) => Ok(Vec::new()),
            PinList::OnBoard(board) => pin_order::on_board(tx, *board, from, direction, limit),
            PinList::OfUser(owner) if self.viewer == Some(*owner) => {
                pin_order::of_user(tx, *owner, from_id, direction, limit)
            }
            PinList::OfUser(owner) => {
                let lists = self.with_shared(vec![Listed::PublicOfUser(*owner)]);
                pin_order::merged(tx, &lists, from_id, direction, limit)
            }
            PinList::Last => {
                let lists = match self.viewer {
                    None => vec![Listed::Public],
                    Some(viewer) => self.with_shared(vec![Listed::Public, Listed::OfUser(viewer)]),
                };
                pin_order::merged(tx, &lists, from_id, direction, limit)
            }
        }
    }

    /// `lists` and the private pins of the walk's shared boards.
    fn with_shared(&self, mut lists: Vec<Listed>) -> Vec<Listed> {
        lists.extend(
            self.shared
                .iter()
                .map(|board| Listed::PrivateOnBoard(*board)),
        );
        lists
    }

    /// How many pins of the list the viewer may see.
    fn total(&self) -> AppResult<usize> {
        let tx = self.tx;
        match &self.list {
            PinList::Found(_) => Ok(0),
            PinList::OnBoard(board) => board_pins::count_on_board(tx, *board),
            PinList::OfUser(owner) if self.viewer == Some(*owner) => {
                Ok(user_pins::counts(tx, *owner)?.all)
            }
            PinList::OfUser(owner) => {
                Ok(user_pins::counts(tx, *owner)?.public + self.shared_private()?)
            }
            PinList::Last => {
                let mut count = pin_order::public_count(tx)?;
                if let Some(viewer) = self.viewer {
                    let own = user_pins::counts(tx, viewer)?;
                    count += own.all - own.public + self.shared_private()?;
                }
                Ok(count)
            }
        }
    }

    /// How many private pins the walk's shared boards hold (none is the viewer's: a pin is only
    /// on its owner's boards), each once.
    fn shared_private(&self) -> AppResult<usize> {
        private_pins::count_on_boards(self.tx, &self.shared)
    }
}
