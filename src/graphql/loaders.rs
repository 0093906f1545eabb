//! Per-request batching: what the fields of a page ask for (owners, privacy, covers, folders,
//! pages of pins or boards) is gathered while they resolve, and each round is read in one go,
//! whatever the kinds in it: one hop off the runtime and one read transaction (`service::loads`).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use async_graphql::Result;
use async_graphql::dataloader::{DataLoader, HashMapCache, Loader};
use futures_util::future::BoxFuture;

use crate::domain::board::{BoardRecord, FolderRecord};
use crate::domain::ids::{BoardId, FolderId, PinId, UserId};
use crate::domain::pin::PinRecord;
use crate::domain::user::UserRecord;
use crate::service::boards::BoardsRequest;
use crate::service::context::Services;
use crate::service::list_pages::ListPage;
use crate::service::loads::{self, LoadKey, Loaded};
use crate::service::pin_lists::{PageRequest, PinPage};

/// The loaders of one request (the viewer does not change within it). Their cache hashes keys
/// with foldhash (seeded per process): SipHash was 2% of a user's boards page, and a request
/// holds as many keys as its cost limit lets it ask.
pub struct Loaders(DataLoader<Batch, HashMapCache<foldhash::fast::RandomState>>);

/// A load waits for the request's other fields to have their turns at asking for keys, not for
/// async-graphql's default millisecond (a millisecond or two per round of loads, most of a
/// page's time): its task yields a few times first, and the fields resolved side by side ask
/// for theirs meanwhile (tests/reads.rs counts the reads of a page).
pub fn for_request(services: Services, viewer: Option<UserId>) -> Loaders {
    Loaders(
        DataLoader::with_cache(
            Batch { services, viewer },
            spawn_after_other_fields,
            HashMapCache::new(),
        )
        .delay(Duration::ZERO),
    )
}

/// How many times a load's task lets the others run before it reads.
const TURNS_BEFORE_LOADING: usize = 4;

fn spawn_after_other_fields(load: BoxFuture<'static, ()>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        for _ in 0..TURNS_BEFORE_LOADING {
            tokio::task::yield_now().await;
        }
        load.await
    })
}

/// Loads the keys of a round for one viewer.
pub struct Batch {
    services: Services,
    viewer: Option<UserId>,
}

/// Each key's answer, or its own error.
type Answer = std::result::Result<Loaded, async_graphql::Error>;

impl Loader<LoadKey> for Batch {
    type Value = Answer;
    type Error = async_graphql::Error;

    async fn load(&self, keys: &[LoadKey]) -> Result<HashMap<LoadKey, Answer>> {
        let (keys, viewer) = (keys.to_vec(), self.viewer);
        let found = self
            .services
            .reading(move |services| loads::load_all(services, viewer, keys))
            .await?;
        Ok(found
            .into_iter()
            .map(|(key, answer)| (key, answer.map_err(async_graphql::Error::from)))
            .collect())
    }
}

impl Loaders {
    /// What `key` found, if anything.
    async fn load(&self, key: LoadKey) -> Result<Option<Loaded>> {
        self.0.load_one(key).await?.transpose()
    }

    pub async fn user(&self, id: UserId) -> Result<Option<UserRecord>> {
        Ok(match self.load(LoadKey::User(id)).await? {
            Some(Loaded::User(user)) => Some(Arc::unwrap_or_clone(user)),
            _ => None,
        })
    }

    /// The users of `ids` that exist.
    pub async fn users(&self, ids: &[UserId]) -> Result<HashMap<UserId, UserRecord>> {
        let found = self
            .0
            .load_many(ids.iter().map(|id| LoadKey::User(*id)))
            .await?;
        let mut users = HashMap::with_capacity(found.len());
        for (key, answer) in found {
            if let (LoadKey::User(id), Loaded::User(user)) = (key, answer?) {
                users.insert(id, Arc::unwrap_or_clone(user));
            }
        }
        Ok(users)
    }

    /// Whether a pin is private (one gone is).
    pub async fn pin_secret(&self, id: PinId) -> Result<bool> {
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

    pub async fn pin_page(&self, request: PageRequest) -> Result<Arc<PinPage>> {
        match self.load(LoadKey::Pins(request)).await? {
            Some(Loaded::Pins(page)) => Ok(page),
            _ => Err(async_graphql::Error::new("The page could not be read.")),
        }
    }

    pub async fn boards(&self, request: BoardsRequest) -> Result<Arc<ListPage<BoardRecord>>> {
        Ok(match self.load(LoadKey::Boards(request)).await? {
            Some(Loaded::Boards(page)) => page,
            _ => Arc::default(),
        })
    }
}
