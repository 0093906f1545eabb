//! The handle every service takes: the database, the search index, settings, mail, the sign-in
//! limiter, the fetcher and the picture workers; with helpers that run work off the async runtime.

use std::sync::Arc;

use redb::{ReadTransaction, WriteTransaction};
use tokio::sync::Semaphore;

use crate::config::Config;
use crate::error::{AppError, AppResult};
use crate::media::workers;
use crate::search::SearchIndex;
use crate::service::mail::Mailer;
use crate::service::rate_limit::SignInLimiter;
use crate::store::{Store, pins, search_pending};
use crate::web::fetch::Fetcher;

/// Cheap to clone.
#[derive(Clone)]
pub struct Services {
    pub config: Arc<Config>,
    pub store: Store,
    pub search: SearchIndex,
    pub mail: Mailer,
    pub limiter: Arc<SignInLimiter>,
    pub web: Fetcher,
    /// Bounds how many pictures are decoded and resized at once.
    image_work: Arc<Semaphore>,
    /// Held while pictures' files are checked or removed together with their database counts,
    /// so that a pin being added never loses its files to a pin being deleted.
    pub picture_files: Arc<std::sync::Mutex<()>>,
}

impl Services {
    /// Opens the data folder's database and search index; from then on the index follows
    /// every committed write.
    pub fn open(config: Config) -> anyhow::Result<Services> {
        let store = Store::open(&config.database_path())?;
        let search = open_search_index(&config, &store)?;
        store.follow_commits(Arc::new(search.clone()));
        let mail = Mailer::from_config(&config)?;
        let image_workers = std::thread::available_parallelism().map_or(2, |n| n.get());
        Ok(Services {
            web: Fetcher::new(&config.fetch),
            config: Arc::new(config),
            store,
            search,
            mail,
            limiter: Arc::default(),
            image_work: Arc::new(Semaphore::new(image_workers)),
            picture_files: Arc::default(),
        })
    }

    /// Runs `work` in one read transaction, off the async runtime.
    pub async fn read<T: Send + 'static>(
        &self,
        work: impl FnOnce(&ReadTransaction) -> AppResult<T> + Send + 'static,
    ) -> AppResult<T> {
        self.blocking(move |services| services.store.read(work))
            .await
    }

    /// Runs `work` in one write transaction, off the async runtime; the search index has
    /// caught up with it when this returns.
    pub async fn write<T: Send + 'static>(
        &self,
        work: impl FnOnce(&WriteTransaction) -> AppResult<T> + Send + 'static,
    ) -> AppResult<T> {
        self.blocking(move |services| services.store.write(work))
            .await
    }

    /// Runs blocking work (several transactions, password hashing, fetching) off the async runtime.
    pub async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Services) -> AppResult<T> + Send + 'static,
    ) -> AppResult<T> {
        let services = self.clone();
        tokio::task::spawn_blocking(move || work(&services))
            .await
            .map_err(|error| AppError::Internal(error.into()))?
    }

    /// Runs picture work (decoding, resizing) on the picture threads, a bounded number at once.
    pub async fn picture_work<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Services) -> AppResult<T> + Send + 'static,
    ) -> AppResult<T> {
        let _permit = self
            .image_work
            .acquire()
            .await
            .map_err(anyhow::Error::from)?;
        let services = self.clone();
        workers::run(move || work(&services)).await?
    }
}

/// Opens the search index. When it holds another number of pins than the database (it is new,
/// or of another version), it is rebuilt in the background while the server runs; pins changed
/// just before a crash, which the index may have missed, are indexed again before serving.
fn open_search_index(config: &Config, store: &Store) -> anyhow::Result<SearchIndex> {
    let search = SearchIndex::open(&config.index_dir())?;
    let (pins, pending) = store
        .read(|read| Ok((pins::count(read)?, search_pending::all(read)?)))
        .map_err(|error| anyhow::anyhow!("cannot read the database: {error:?}"))?;
    if search.len() == pins && !pending.is_empty() {
        tracing::info!(pins = pending.len(), "indexing pins changed before a crash");
        search
            .update(store, &pending)
            .map_err(|error| anyhow::anyhow!("cannot index pending pins: {error:?}"))?;
    }
    if search.len() != pins {
        let (index, store) = (search.clone(), store.clone());
        std::thread::spawn(move || match index.rebuild(&store) {
            Ok(count) => tracing::info!(count, "search index rebuilt"),
            Err(error) => tracing::error!(?error, "the search index could not be rebuilt"),
        });
    }
    Ok(search)
}
