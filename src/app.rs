//! The application: shared state, the HTTP routes, and running the server until shutdown.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use poem::listener::{Acceptor, Listener, TcpListener};
use poem::{EndpointExt, Route, Server, get};
use tokio::sync::{Semaphore, oneshot};
use tokio::task::JoinHandle;

use crate::config::Config;
use crate::domain::ids::PinId;
use crate::error::{AppError, AppResult};
use crate::graphql;
use crate::http::listener::NoDelayAcceptor;
use crate::http::{assets::UiAssets, health, logging, media, upload};
use crate::media::workers;
use crate::search::SearchIndex;
use crate::service::cleanup;
use crate::service::mail::Mailer;
use crate::service::rate_limit::SignInLimiter;
use crate::store::{Store, pins, search_pending};
use crate::web::fetch::Fetcher;

/// Everything a request handler may need, cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub store: Store,
    pub mail: Mailer,
    pub limiter: Arc<SignInLimiter>,
    /// Bounds how many pictures are decoded and resized at once.
    pub image_work: Arc<Semaphore>,
    /// Held while pictures' files are checked or removed together with their database counts,
    /// so that a pin being added never loses its files to a pin being deleted.
    pub picture_files: Arc<std::sync::Mutex<()>>,
    pub web: Fetcher,
    pub search: SearchIndex,
}

impl AppState {
    /// Opens the data folder's database and builds the state.
    pub fn open(config: Config) -> anyhow::Result<AppState> {
        let store = Store::open(&config.database_path())?;
        let search = open_search_index(&config, &store)?;
        let mail = Mailer::from_config(&config)?;
        let image_workers = std::thread::available_parallelism().map_or(2, |n| n.get());
        Ok(AppState {
            web: Fetcher::new(&config.fetch),
            config: Arc::new(config),
            store,
            mail,
            limiter: Arc::default(),
            image_work: Arc::new(Semaphore::new(image_workers)),
            picture_files: Arc::default(),
            search,
        })
    }

    /// Runs blocking work (database, password hashing, pictures) off the async runtime.
    pub async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce(&AppState) -> AppResult<T> + Send + 'static,
    ) -> AppResult<T> {
        let state = self.clone();
        tokio::task::spawn_blocking(move || work(&state))
            .await
            .map_err(|error| AppError::Internal(error.into()))?
    }

    /// Brings the search documents of `pins` in line with the database, after a change was
    /// committed there; a failure is logged (the index is derived data, rebuilt at the next start).
    pub fn reindex(&self, pins: &[PinId]) {
        if let Err(error) = self.search.update(&self.store, pins) {
            tracing::error!(?error, "the search index could not follow a change");
        }
    }

    /// Runs picture work (decoding, resizing) on the picture threads, a bounded number at once.
    pub async fn picture_work<T: Send + 'static>(
        &self,
        work: impl FnOnce(&AppState) -> AppResult<T> + Send + 'static,
    ) -> AppResult<T> {
        let _permit = self
            .image_work
            .acquire()
            .await
            .map_err(anyhow::Error::from)?;
        let state = self.clone();
        workers::run(move || work(&state)).await?
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

/// All routes of the server.
pub fn routes(state: AppState) -> impl poem::Endpoint {
    let schema = graphql::build_schema(Some(state.clone()));
    Route::new()
        .at(
            "/api/graphql",
            get(graphql::graphiql).post(graphql::graphql),
        )
        .nest("/api", upload::api_service().around(upload::guard_uploads))
        .at("/api/openapi.json", upload::api_service().spec_endpoint())
        .at("/healthz", get(health::healthz))
        .nest("/media", media::media_files(&state.config))
        .at("/*path", UiAssets)
        .data(schema)
        .data(state)
        .around(logging::log_request)
}

/// A server running in the background, as tests and `serve` use it.
pub struct RunningServer {
    pub addr: SocketAddr,
    /// The server's state, for maintenance work such as the clean-up.
    pub state: AppState,
    shutdown: oneshot::Sender<()>,
    task: JoinHandle<std::io::Result<()>>,
}

impl RunningServer {
    /// Asks the server to stop and waits until in-flight requests are done.
    pub async fn stop(self) -> anyhow::Result<()> {
        let _ = self.shutdown.send(());
        self.task.await?.context("the server stopped with an error")
    }
}

/// Opens the data, binds the configured address and starts serving in the background.
pub async fn start(mut config: Config) -> anyhow::Result<RunningServer> {
    let listen = config.listen;
    let acceptor = TcpListener::bind(listen)
        .into_acceptor()
        .await
        .map(NoDelayAcceptor)
        .with_context(|| format!("cannot listen on {listen}"))?;
    let addr = acceptor
        .local_addr()
        .first()
        .and_then(|addr| addr.as_socket_addr().copied())
        .context("the listener has no address")?;
    // With port 0 the system picks one: links in mails must name the real one.
    config.listen = addr;
    let state = tokio::task::spawn_blocking(move || AppState::open(config)).await??;
    let (shutdown, stopped) = oneshot::channel::<()>();
    let cleaner = tokio::spawn(cleanup::every_hour(state.clone()));
    let app = routes(state.clone());
    let task = tokio::spawn(async move {
        let served = Server::new_with_acceptor(acceptor)
            .run_with_graceful_shutdown(
                app,
                async {
                    let _ = stopped.await;
                },
                Some(Duration::from_secs(10)),
            )
            .await;
        cleaner.abort();
        served
    });
    Ok(RunningServer {
        addr,
        state,
        shutdown,
        task,
    })
}

/// Serves until SIGINT or SIGTERM, then finishes in-flight requests and returns.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    let server = start(config).await?;
    println!("corkboard listening on http://{}", server.addr);
    tracing::info!(addr = %server.addr, "listening");
    shutdown_signal().await;
    tracing::info!("shutting down");
    server.stop().await
}

async fn shutdown_signal() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut terminate =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
                .expect("cannot listen for SIGTERM");
        tokio::select! {
            _ = interrupt => {}
            _ = terminate.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = interrupt.await;
}
