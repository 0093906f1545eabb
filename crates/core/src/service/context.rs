//! The handle of the services that need more than `Data`: mail, the sign-in limiter, the setup
//! code, the sessions signed in, the identity provider, the fetcher, the media storage, the
//! metrics and the picture workers with their memory budget; with helpers that run work off the
//! async runtime.

use std::io::{BufReader, Read, Seek, SeekFrom};
use std::ops::Deref;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use chrono::{DateTime, Utc};
use tokio::sync::Semaphore;

use crate::media::budget::Plan;
use crate::media::files::write_atomically_with;
use crate::media::storage::MediaStore;
use crate::media::workers;
use crate::service::data::Data;
use crate::service::fetch_jobs::FetchJobs;
use crate::service::mail::Mailer;
use crate::service::metrics::Metrics;
use crate::service::oidc::provider::Provider;
use crate::service::quotas::Running;
use crate::service::rate_limit::Limiter;
use crate::service::secrets::new_secret;
use crate::service::setup_code::SetupCode;
use crate::service::signed_in::SignedIn;
use crate::web::fetch::Fetcher;
use corkboard_domain::config::Config;
use corkboard_domain::error::{AppError, AppResult};
use corkboard_domain::sizes::size_parts;
use corkboard_i18n::msg;
use corkboard_search::SearchIndex;
use corkboard_store::{Store, pins, search_pending, search_sweeps};

/// How long a password check may wait for its turn.
const PASSWORD_QUEUE: std::time::Duration = std::time::Duration::from_secs(10);

/// `Data` and the rest; cheap to clone. It dereferences to its `Data`, so a `&Services` is
/// given where a service asks only for `&Data`.
#[derive(Clone)]
pub struct Services {
    pub data: Data,
    pub mail: Mailer,
    pub limiter: Arc<Limiter>,
    /// Who recent session tokens sign in (see `signed_in`).
    pub signed_in: Arc<SignedIn>,
    pub web: Fetcher,
    /// Where outgoing fetches run (see `fetch_jobs`).
    pub fetch_jobs: Arc<FetchJobs>,
    /// Where avatars, previews and originals are kept.
    pub media: MediaStore,
    pub metrics: Arc<Metrics>,
    /// The memory budget of picture work, a permit a KiB: each picture holds its estimated peak.
    picture_memory: Arc<Semaphore>,
    /// Bounds how many passwords are hashed or checked at once.
    password_checks: Arc<Semaphore>,
    /// Held while pictures' files are checked or removed together with their database counts,
    /// so that a pin being added never loses its files to a pin being deleted.
    pub picture_files: Arc<std::sync::Mutex<()>>,
    /// When these services opened the data folder: older files are no upload in progress.
    pub started_at: DateTime<Utc>,
    /// The accounts running an import or an export now (see `quotas::Running`).
    pub running: Arc<Running>,
    /// What makes the first account of an instance that serves the public.
    pub setup_code: Arc<SetupCode>,
    /// The identity provider people sign in with, when one is configured.
    pub oidc: Option<Arc<Provider>>,
}

impl Deref for Services {
    type Target = Data;

    fn deref(&self) -> &Data {
        &self.data
    }
}

impl Services {
    /// Opens the data folder's database and search index; from then on the index follows
    /// every committed write.
    pub fn open(config: Config) -> anyhow::Result<Services> {
        let oidc = Provider::configured(&config)?.map(Arc::new);
        let store = Store::open_configured(&config)?;
        let search = open_search_index(&config, &store)?;
        store.follow_commits(Arc::new(search.clone()));
        store.sweep_boards_in_background();
        let mail = Mailer::from_config(&config)?;
        let media = MediaStore::open(&config)?;
        let picture_memory = Semaphore::new(kib(config.uploads.picture_memory_bytes) as usize);
        crate::allocator::return_freed_memory_promptly();
        Ok(Services {
            web: Fetcher::new(&config.fetch),
            fetch_jobs: Arc::new(FetchJobs::new(&config.fetch)),
            media,
            password_checks: Arc::new(Semaphore::new(config.limits.password_checks_at_once.max(1))),
            data: Data::new(config, store, search)?,
            mail,
            limiter: Arc::default(),
            signed_in: Arc::default(),
            metrics: Arc::default(),
            picture_memory: Arc::new(picture_memory),
            picture_files: Arc::default(),
            started_at: Utc::now(),
            running: Arc::default(),
            setup_code: Arc::default(),
            oidc,
        })
    }

    /// Runs blocking work (writes, password hashing, fetching, files) off the async runtime.
    pub async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Services) -> AppResult<T> + Send + 'static,
    ) -> AppResult<T> {
        let services = self.clone();
        tokio::task::spawn_blocking(move || work(&services))
            .await
            .map_err(|error| AppError::Internal(error.into()))?
    }

    /// Runs password work (argon2 hashing or checking) off the async runtime, a bounded number at
    /// once; when the server is that busy for 10 seconds, RATE_LIMITED.
    pub(crate) async fn password_work<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Services) -> AppResult<T> + Send + 'static,
    ) -> AppResult<T> {
        let busy = || AppError::RateLimited(msg!("error-server-busy"));
        let permit = tokio::time::timeout(PASSWORD_QUEUE, self.password_checks.acquire())
            .await
            .map_err(|_| busy())?
            .map_err(anyhow::Error::from)?;
        let done = self.blocking(work).await;
        drop(permit);
        done
    }

    /// Reads a picture's header from `picture` (an upload's file, or bytes in memory), off the
    /// async runtime, and refuses what can be refused before decoding (see
    /// `media::budget::Plan`), a picture whose `memory(plan)` is over the budget too; then copies
    /// it to the temporary folder, a piece at a time, where it waits for its share of the budget
    /// on disk rather than in memory.
    pub(crate) async fn spool_picture(
        &self,
        picture: impl Read + Seek + Send + 'static,
        field: &'static str,
        memory: fn(&Plan) -> u64,
    ) -> AppResult<Spooled> {
        self.blocking(move |services| {
            let mut picture = BufReader::new(picture);
            let size = picture
                .seek(SeekFrom::End(0))
                .context("cannot read an arriving picture")?;
            let plan = Plan::read_from(&mut picture, size, &services.config.uploads, field)?;
            let memory = memory(&plan);
            services.within_budget(field, memory)?;
            let name = format!(
                "{}.{}",
                new_secret().replace(['-', '_'], ""),
                plan.extension()
            );
            let path = services.config.tmp_dir().join(name);
            picture
                .rewind()
                .context("cannot read an arriving picture")?;
            write_atomically_with(&path, |file| {
                std::io::copy(&mut picture, file)
                    .with_context(|| format!("cannot write {}", path.display()))?;
                Ok(())
            })?;
            Ok(Spooled {
                path,
                memory,
                kept: false,
            })
        })
        .await
    }

    /// Refuses work needing more `memory` than the whole picture memory budget.
    fn within_budget(&self, field: &str, memory: u64) -> AppResult<()> {
        let budget = self.config.uploads.picture_memory_bytes;
        if memory <= budget {
            return Ok(());
        }
        tracing::info!(
            memory,
            budget,
            "a picture needs more memory than the budget allows"
        );
        let (memory_amount, memory_unit) = size_parts(memory);
        let (budget_amount, budget_unit) = size_parts(budget);
        Err(AppError::invalid(
            field,
            msg!(
                "error-picture-needs-too-much-memory",
                amount = memory_amount,
                unit = memory_unit,
                max_amount = budget_amount,
                max_unit = budget_unit
            ),
        ))
    }

    /// Runs picture work (decoding, resizing, encoding) on the picture threads once `memory`
    /// bytes, its estimated peak, are free in the picture memory budget. A picture needing more
    /// than the whole budget is refused, its error naming the form field `field`.
    pub(crate) async fn picture_work<T: Send + 'static>(
        &self,
        field: &str,
        memory: u64,
        work: impl FnOnce(&Services) -> AppResult<T> + Send + 'static,
    ) -> AppResult<T> {
        self.within_budget(field, memory)?;
        let queued = self.metrics.picture_queued();
        let _permit = self
            .picture_memory
            .acquire_many(kib(memory))
            .await
            .map_err(anyhow::Error::from)?;
        drop(queued);
        let _running = self.metrics.picture_running();
        let services = self.clone();
        workers::run(move || work(&services)).await?
    }
}

/// A picture file waiting in the temporary folder (see `Services::spool_picture`), removed when
/// dropped unless kept.
pub(crate) struct Spooled {
    path: PathBuf,
    /// The peak memory of the work it waits for.
    pub memory: u64,
    kept: bool,
}

impl Spooled {
    pub fn file_name(&self) -> String {
        self.path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    pub fn read(&self) -> AppResult<Vec<u8>> {
        std::fs::read(&self.path)
            .map_err(|error| anyhow::anyhow!("cannot read {}: {error}", self.path.display()).into())
    }

    /// Keeps the file (a temporary pin's now).
    pub fn keep(mut self) {
        self.kept = true;
    }
}

impl Drop for Spooled {
    fn drop(&mut self) {
        if !self.kept {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Bytes in whole KiB, the picture memory budget's unit.
fn kib(bytes: u64) -> u32 {
    u32::try_from(bytes.div_ceil(1024)).unwrap_or(u32::MAX)
}

/// Opens the search index. Pins changed just before a crash, which the index may have missed,
/// are indexed again before serving; the pins of boards and users renamed just before a stop, in
/// the background. When it then holds another number of pins than the
/// database (it is new, or of another version), it is rebuilt in the background while the
/// server runs.
fn open_search_index(config: &Config, store: &Store) -> anyhow::Result<SearchIndex> {
    let mut search = SearchIndex::open(&config.index_dir())?;
    let (pins, pending, sweeps) = store
        .read(|read| {
            let pending = search_pending::all(read)?;
            Ok((pins::count(read)?, pending, search_sweeps::count(read)?))
        })
        .map_err(|error| anyhow::anyhow!("cannot read the database: {error:?}"))?;
    // A pin added or deleted just before a crash leaves the counts apart until it is indexed
    // (even the first pin, in an index still empty).
    let mut made_anew = false;
    if !pending.is_empty() {
        tracing::info!(pins = pending.len(), "indexing pins changed before a crash");
        if let Err(error) = search.update(store, &pending) {
            // The index is derived data: one that cannot take a change is made anew.
            tracing::error!(
                ?error,
                "the search index could not take the pins changed before a crash; it will be rebuilt"
            );
            drop(search);
            search = SearchIndex::create(&config.index_dir())?;
            made_anew = true;
        }
    }
    if sweeps > 0 {
        tracing::info!(
            sweeps,
            "indexing the pins of boards and users renamed before a stop"
        );
        search.sweep_in_background(store);
    }
    if made_anew || search.len() != pins {
        let (index, store) = (search.clone(), store.clone());
        std::thread::spawn(move || match index.rebuild(&store) {
            Ok(count) => tracing::info!(count, "search index rebuilt"),
            Err(error) => tracing::error!(?error, "the search index could not be rebuilt"),
        });
    }
    Ok(search)
}
