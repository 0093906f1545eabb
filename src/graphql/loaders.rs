//! Per-request batching: the owners, privacy, covers and folders that a page of pins or boards
//! asks for are read together, one read transaction per kind, not one per item.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use async_graphql::dataloader::{DataLoader, HashMapCache, Loader};
use futures_util::future::BoxFuture;

use crate::domain::board::{BoardRecord, FolderRecord};
use crate::domain::ids::{BoardId, FolderId, PinId, UserId};
use crate::domain::pin::PinRecord;
use crate::domain::user::UserRecord;
use crate::service::boards::{self, BoardsRequest};
use crate::service::context::Services;
use crate::service::list_pages::ListPage;
use crate::service::pin_lists::{self, PageRequest, PinPage};
use crate::service::{folders, pins, users};

/// The loaders of one request (the viewer does not change within it).
pub type Loaders = DataLoader<Batch, HashMapCache>;

/// A load waits for the request's other fields to have their turns at asking for keys, not for
/// async-graphql's default millisecond (a millisecond or two per round of loads, most of a
/// page's time): its task yields a few times first, and the fields resolved side by side ask
/// for theirs meanwhile (tests/reads.rs counts the reads of a page).
pub fn for_request(services: Services, viewer: Option<UserId>) -> Loaders {
    DataLoader::with_cache(
        Batch { services, viewer },
        spawn_after_other_fields,
        HashMapCache::default(),
    )
    .delay(Duration::ZERO)
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

/// Loads any of the keys below for one viewer.
pub struct Batch {
    services: Services,
    viewer: Option<UserId>,
}

/// Whether a pin is private.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PinSecret(pub PinId);

/// The first `count` covers of a board the viewer may see: a page showing three covers of each
/// board reads three.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardCovers {
    pub board: BoardId,
    pub count: usize,
}

/// The covers of a folder, from the boards the viewer may see.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct FolderCovers(pub FolderId);

/// A folder, when the viewer may see it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ShownFolder(pub FolderId);

type Found<K, V> = async_graphql::Result<HashMap<K, V>>;

impl Loader<UserId> for Batch {
    type Value = UserRecord;
    type Error = async_graphql::Error;

    async fn load(&self, keys: &[UserId]) -> Found<UserId, UserRecord> {
        Ok(users::by_ids(&self.services, keys.to_vec()).await?)
    }
}

impl Loader<PinSecret> for Batch {
    type Value = bool;
    type Error = async_graphql::Error;

    async fn load(&self, keys: &[PinSecret]) -> Found<PinSecret, bool> {
        let ids = keys.iter().map(|key| key.0).collect();
        let found = pins::secret_many(&self.services, ids).await?;
        Ok(rekey(found, PinSecret))
    }
}

impl Loader<BoardCovers> for Batch {
    type Value = Arc<Vec<PinRecord>>;
    type Error = async_graphql::Error;

    async fn load(&self, keys: &[BoardCovers]) -> Found<BoardCovers, Arc<Vec<PinRecord>>> {
        let wanted = keys.iter().map(|key| (key.board, key.count)).collect();
        let found = pins::board_covers_many(&self.services, self.viewer, wanted).await?;
        let found: HashMap<BoardId, Arc<Vec<PinRecord>>> = rekey(found, |board| board);
        Ok(keys
            .iter()
            .filter_map(|key| Some((*key, found.get(&key.board)?.clone())))
            .collect())
    }
}

impl Loader<FolderCovers> for Batch {
    type Value = Arc<Vec<PinRecord>>;
    type Error = async_graphql::Error;

    async fn load(&self, keys: &[FolderCovers]) -> Found<FolderCovers, Arc<Vec<PinRecord>>> {
        let ids = keys.iter().map(|key| key.0).collect();
        let found = pins::folder_covers_many(&self.services, self.viewer, ids).await?;
        Ok(rekey(found, FolderCovers))
    }
}

impl Loader<ShownFolder> for Batch {
    type Value = FolderRecord;
    type Error = async_graphql::Error;

    async fn load(&self, keys: &[ShownFolder]) -> Found<ShownFolder, FolderRecord> {
        let ids = keys.iter().map(|key| key.0).collect();
        let found = folders::visible_many(&self.services, self.viewer, ids).await?;
        Ok(found
            .into_iter()
            .map(|folder| (ShownFolder(folder.id), folder))
            .collect())
    }
}

impl Loader<PageRequest> for Batch {
    type Value = Arc<PinPage>;
    type Error = async_graphql::Error;

    async fn load(&self, keys: &[PageRequest]) -> Found<PageRequest, Arc<PinPage>> {
        let found = pin_lists::pages(&self.services, self.viewer, keys.to_vec()).await?;
        Ok(rekey(found, |request| request))
    }
}

impl Loader<BoardsRequest> for Batch {
    type Value = Arc<ListPage<BoardRecord>>;
    type Error = async_graphql::Error;

    async fn load(
        &self,
        keys: &[BoardsRequest],
    ) -> Found<BoardsRequest, Arc<ListPage<BoardRecord>>> {
        let found = boards::pages(&self.services, self.viewer, keys.to_vec()).await?;
        Ok(rekey(found, |request| request))
    }
}

/// The same values under the loader's own key type (`Arc`ed when asked for).
fn rekey<K, V, W: From<V>, L: std::hash::Hash + Eq>(
    found: HashMap<K, V>,
    key: impl Fn(K) -> L,
) -> HashMap<L, W> {
    found
        .into_iter()
        .map(|(id, value)| (key(id), W::from(value)))
        .collect()
}
