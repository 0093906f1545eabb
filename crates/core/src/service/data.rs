//! The handle most services take: the settings, the database and the search index, with the
//! threads reads and writes run on.

use std::sync::Arc;

use corkboard_domain::config::Config;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_search::SearchIndex;
use corkboard_store::Store;
use corkboard_store::reading::Reading;
use corkboard_store::writing::Writing;

use crate::service::read_threads::ReadThreads;

/// Cheap to clone.
#[derive(Clone)]
pub struct Data {
    pub config: Arc<Config>,
    pub store: Store,
    pub search: SearchIndex,
    /// Where a request's reads run (see `read_threads`).
    read_threads: Arc<ReadThreads>,
}

impl Data {
    pub(crate) fn new(config: Config, store: Store, search: SearchIndex) -> anyhow::Result<Data> {
        Ok(Data {
            config: Arc::new(config),
            store,
            search,
            read_threads: Arc::new(ReadThreads::start()?),
        })
    }

    /// Runs `work` in one read transaction, on the read threads.
    pub async fn read<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Reading) -> AppResult<T> + Send + 'static,
    ) -> AppResult<T> {
        self.reading(move |data| data.store.read(work)).await
    }

    /// Runs `work`, which only reads the store and the search index, on the read threads.
    pub async fn reading<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Data) -> AppResult<T> + Send + 'static,
    ) -> AppResult<T> {
        let data = self.clone();
        self.read_threads.run(move || work(&data)).await
    }

    /// Runs `work` in one write transaction, off the async runtime; the search index has
    /// caught up with it when this returns.
    pub async fn write<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Writing) -> AppResult<T> + Send + 'static,
    ) -> AppResult<T> {
        self.blocking(move |data| data.store.write(work)).await
    }

    /// Runs blocking work (writes, files) off the async runtime.
    pub async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Data) -> AppResult<T> + Send + 'static,
    ) -> AppResult<T> {
        let data = self.clone();
        tokio::task::spawn_blocking(move || work(&data))
            .await
            .map_err(|error| AppError::Internal(error.into()))?
    }
}
