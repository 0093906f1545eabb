//! Per-request batching: what the fields of a page ask for (owners, privacy, covers, folders,
//! pages of pins, boards or folders) is gathered while they resolve, and each round is read in
//! one go, whatever the kinds in it: one hop off the runtime and one read transaction
//! (`service::loads`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use async_graphql::Result;
use futures_util::FutureExt;
use futures_util::future::{BoxFuture, Shared};

use corkboard_core::service::boards::BoardsRequest;
use corkboard_core::service::context::Services;
use corkboard_core::service::folders::FoldersRequest;
use corkboard_core::service::list_pages::ListPage;
use corkboard_core::service::loads::asked::{Then, TileFields};
use corkboard_core::service::loads::{self, LoadKey, Loaded};
use corkboard_core::service::pin_lists::{PageRequest, PinPage};
use corkboard_core::service::users;
use corkboard_domain::board::{BoardRecord, FolderRecord};
use corkboard_domain::error::AppError;
use corkboard_domain::ids::{BoardId, FolderId, PinId, UserId};
use corkboard_domain::pin::PinRecord;
use corkboard_domain::policy::Visible;
use corkboard_domain::user::UserRecord;
use corkboard_i18n::{Locale, msg};

/// The loaders of one request (the viewer does not change within it): each key is read once,
/// in the round that was gathering when it was first asked for. async-graphql's `DataLoader`
/// did the same with a dozen hashings (SipHash) and copies of each key: about a fifth of a
/// user's boards page, which asks for some 60 keys.
pub(crate) struct Loaders {
    services: Services,
    viewer: Option<UserId>,
    asked: Mutex<Asked>,
}

#[derive(Default)]
struct Asked {
    /// Each key asked for, with the round that reads it (under way, or done).
    rounds: HashMap<LoadKey, Round, foldhash::fast::RandomState>,
    /// The last round begun, and its keys until it starts reading them.
    last: Option<(Round, Gathered)>,
}

/// A round of loads: every key's answer, once read.
type Round = Shared<BoxFuture<'static, Result<Arc<Read>>>>;

/// What a round read: the answers of the keys asked, and of the keys read after them
/// (`service::loads::asked`: a page's tiles, what is asked of a record named), which `followed` lists.
struct Read {
    answers: Answers,
    followed: Vec<LoadKey>,
    /// Whether `followed` was noted as read in the round (`Loaders::note_followed`), once.
    noted: AtomicBool,
}

/// The keys of a round; `None` once it reads them.
type Gathered = Arc<Mutex<Option<Vec<LoadKey>>>>;

type Answers = HashMap<LoadKey, Answer, foldhash::fast::RandomState>;

/// Each key's answer (`None` when it found nothing to show), or its own error.
type Answer = std::result::Result<Option<Loaded>, async_graphql::Error>;

/// How many times a round lets the request's other fields run before it reads: the fields
/// resolved side by side ask for their keys meanwhile (tests/reads.rs counts the reads of a
/// page).
const TURNS_BEFORE_LOADING: usize = 4;

pub(crate) fn for_request(services: Services, viewer: Option<UserId>) -> Loaders {
    Loaders {
        services,
        viewer,
        asked: Mutex::default(),
    }
}

impl Loaders {
    /// What `key` found, if anything.
    async fn load(&self, key: LoadKey) -> Result<Option<Loaded>> {
        self.answer(self.round_of(&key), &key).await
    }

    /// What `key` found in `round`, once the round is read; the keys the round read after those
    /// asked are then noted as read in it, so that their fields find them at once.
    async fn answer(&self, round: Round, key: &LoadKey) -> Result<Option<Loaded>> {
        if round.peek().is_none() {
            self.services.metrics.note_load_wait();
        }
        let read = round.clone().await?;
        self.note_followed(&read, &round);
        Ok(read.answers.get(key).cloned().transpose()?.flatten())
    }

    /// Notes the keys `read` read after those asked as read in `round`, the first time.
    fn note_followed(&self, read: &Read, round: &Round) {
        if read.followed.is_empty() || read.noted.swap(true, Ordering::Relaxed) {
            return;
        }
        let mut asked = lock(&self.asked);
        asked.rounds.reserve(read.followed.len());
        for key in &read.followed {
            if !asked.rounds.contains_key(key) {
                asked.rounds.insert(key.clone(), round.clone());
            }
        }
    }

    /// The round that reads `key`: the one it was asked in before, else the last one while it
    /// still gathers keys, else a new one.
    fn round_of(&self, key: &LoadKey) -> Round {
        self.round_in(&mut lock(&self.asked), key)
    }

    /// `round_of`, with the keys asked locked.
    fn round_in(&self, asked: &mut Asked, key: &LoadKey) -> Round {
        if let Some(round) = asked.rounds.get(key) {
            return round.clone();
        }
        let round = match &asked.last {
            Some((round, keys)) if gathered(keys, key) => round.clone(),
            _ => {
                let keys = Arc::new(Mutex::new(Some(vec![key.clone()])));
                let round = self.round(keys.clone());
                asked.last = Some((round.clone(), keys));
                round
            }
        };
        asked.rounds.insert(key.clone(), round.clone());
        round
    }

    /// A round that reads `keys` after the other fields' turns. A task of its own: a future
    /// shared by its waiters would advance a turn each time one of them polls it. It keeps the
    /// request's locale, in which its errors are said.
    fn round(&self, keys: Gathered) -> Round {
        let (services, viewer) = (self.services.clone(), self.viewer);
        let read = tokio::spawn(Locale::current().scope(async move {
            for _ in 0..TURNS_BEFORE_LOADING {
                tokio::task::yield_now().await;
            }
            let keys = lock(&keys).take().unwrap_or_default();
            let asked = keys.len();
            let found = services
                .reading(move |services| loads::load_all(services, viewer, keys))
                .await?;
            let followed = found[asked..].iter().map(|(key, _)| key.clone()).collect();
            let answers = found
                .into_iter()
                .map(|(key, answer)| (key, answer.map_err(async_graphql::Error::from)))
                .collect();
            Ok(Arc::new(Read {
                answers,
                followed,
                noted: AtomicBool::new(false),
            }))
        }));
        read.map(|done| {
            done.unwrap_or_else(|failed| {
                tracing::error!(error = %failed, "a round of loads failed");
                Err(async_graphql::Error::new(
                    msg!("error-page-unreadable").text(),
                ))
            })
        })
        .boxed()
        .shared()
    }

    pub async fn user(&self, id: UserId) -> Result<Option<Arc<UserRecord>>> {
        Ok(match self.load(LoadKey::User(id)).await? {
            Some(Loaded::User(user)) => Some(user),
            _ => None,
        })
    }

    /// The users of `ids` that exist.
    pub async fn users(&self, ids: &[UserId]) -> Result<HashMap<UserId, Arc<UserRecord>>> {
        // Every key is asked for before any is waited for: all are read in one round.
        let keys: Vec<_> = ids.iter().map(|id| LoadKey::User(*id)).collect();
        let rounds: Vec<_> = keys.iter().map(|key| self.round_of(key)).collect();
        let mut users = HashMap::with_capacity(ids.len());
        for (key, round) in keys.into_iter().zip(rounds) {
            if let (LoadKey::User(id), Some(Loaded::User(user))) =
                (&key, self.answer(round, &key).await?)
            {
                users.insert(*id, user);
            }
        }
        Ok(users)
    }

    /// Whether a pin is private (one gone is).
    pub(crate) async fn pin_secret(&self, id: PinId) -> Result<bool> {
        Ok(match self.load(LoadKey::PinSecret(id)).await? {
            Some(Loaded::Secret(secret)) => secret,
            _ => true,
        })
    }

    /// The first `count` covers of a board the viewer may see.
    pub async fn board_covers(
        &self,
        board: BoardId,
        count: usize,
    ) -> Result<Arc<Vec<Arc<PinRecord>>>> {
        self.covers(LoadKey::BoardCovers { board, count }).await
    }

    /// The covers of a folder, from the boards the viewer may see.
    pub async fn folder_covers(&self, folder: FolderId) -> Result<Arc<Vec<Arc<PinRecord>>>> {
        self.covers(LoadKey::FolderCovers(folder)).await
    }

    async fn covers(&self, key: LoadKey) -> Result<Arc<Vec<Arc<PinRecord>>>> {
        Ok(match self.load(key).await? {
            Some(Loaded::Covers(covers)) => covers,
            _ => Arc::default(),
        })
    }

    /// A folder, when the viewer may see it.
    pub async fn folder(&self, id: FolderId) -> Result<Option<FolderRecord>> {
        Ok(match self.load(LoadKey::Folder(id)).await? {
            Some(Loaded::Folder(folder)) => Some(Arc::unwrap_or_clone(folder)),
            _ => None,
        })
    }

    pub(crate) async fn pin_page(&self, request: PageRequest) -> Result<Arc<PinPage>> {
        match self.load(LoadKey::Pins(request)).await? {
            Some(Loaded::Pins(page)) => Ok(page),
            _ => Err(async_graphql::Error::new(
                msg!("error-page-unreadable").text(),
            )),
        }
    }

    /// A page of boards, read with what its tiles show (`tiles`): their keys are noted as read.
    pub async fn boards(
        &self,
        request: BoardsRequest,
        tiles: TileFields,
    ) -> Result<Arc<ListPage<BoardRecord>>> {
        Ok(match self.load(LoadKey::Boards(request, tiles)).await? {
            Some(Loaded::Boards(page)) => page,
            _ => Arc::default(),
        })
    }

    /// A page of folders, read with what its tiles show (`tiles`): their keys are noted as read.
    pub async fn folders(
        &self,
        request: FoldersRequest,
        tiles: TileFields,
    ) -> Result<Arc<ListPage<FolderRecord>>> {
        Ok(match self.load(LoadKey::Folders(request, tiles)).await? {
            Some(Loaded::Folders(page)) => page,
            _ => Arc::default(),
        })
    }

    /// A user by username (NOT_FOUND_ERROR when there is none to show), read with what is asked
    /// of it (`then`): the keys of those are noted as read.
    pub(crate) async fn user_named(&self, username: String, then: Then) -> Result<Arc<UserRecord>> {
        match self.load(LoadKey::UserNamed(username, then)).await? {
            Some(Loaded::User(user)) => Ok(user),
            _ => Err(AppError::not_found(users::not_found()).into()),
        }
    }

    /// A board of `owner` by slug, when the viewer may see it, read with what is asked of it.
    pub(crate) async fn board_named(
        &self,
        owner: UserId,
        slug: String,
        then: Then,
    ) -> Result<BoardRecord> {
        let key = LoadKey::BoardNamed { owner, slug, then };
        match self.load(key).await? {
            Some(Loaded::Board(board)) => Ok(Arc::unwrap_or_clone(board)),
            _ => Err(AppError::not_found(BoardRecord::not_found()).into()),
        }
    }

    /// A folder of `owner` by slug, when the viewer may see it, read with what is asked of it.
    pub(crate) async fn folder_named(
        &self,
        owner: UserId,
        slug: String,
        then: Then,
    ) -> Result<FolderRecord> {
        let key = LoadKey::FolderNamed { owner, slug, then };
        match self.load(key).await? {
            Some(Loaded::Folder(folder)) => Ok(Arc::unwrap_or_clone(folder)),
            _ => Err(AppError::not_found(FolderRecord::not_found()).into()),
        }
    }
}

/// Adds `key` to a round's `keys` unless the round reads them already.
fn gathered(keys: &Gathered, key: &LoadKey) -> bool {
    match lock(keys).as_mut() {
        Some(keys) => {
            keys.push(key.clone());
            true
        }
        None => false,
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}
