//! The application: shared state, the HTTP routes, and running the server until shutdown.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use poem::listener::{Acceptor, Listener, TcpListener};
use poem::{EndpointExt, Route, Server, get};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::config::Config;
use crate::graphql;
use crate::http::{assets::UiAssets, health, logging};
use crate::store::Store;

/// Everything a request handler may need, cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub store: Store,
}

impl AppState {
    /// Opens the data folder's database and builds the state.
    pub fn open(config: Config) -> anyhow::Result<AppState> {
        let store = Store::open(&config.database_path())?;
        Ok(AppState {
            config: Arc::new(config),
            store,
        })
    }
}

/// All routes of the server.
pub fn routes(state: AppState) -> impl poem::Endpoint {
    let schema = graphql::build_schema(Some(state.clone()));
    Route::new()
        .at(
            "/api/graphql",
            get(graphql::graphiql).post(graphql::graphql),
        )
        .at("/healthz", get(health::healthz))
        .at("/*path", UiAssets)
        .data(schema)
        .data(state)
        .around(logging::log_request)
}

/// A server running in the background, as tests and `serve` use it.
pub struct RunningServer {
    pub addr: SocketAddr,
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
pub async fn start(config: Config) -> anyhow::Result<RunningServer> {
    let listen = config.listen;
    let state = tokio::task::spawn_blocking(move || AppState::open(config)).await??;
    let acceptor = TcpListener::bind(listen)
        .into_acceptor()
        .await
        .with_context(|| format!("cannot listen on {listen}"))?;
    let addr = acceptor
        .local_addr()
        .first()
        .and_then(|addr| addr.as_socket_addr().copied())
        .context("the listener has no address")?;
    let (shutdown, stopped) = oneshot::channel::<()>();
    let app = routes(state);
    let task = tokio::spawn(async move {
        Server::new_with_acceptor(acceptor)
            .run_with_graceful_shutdown(
                app,
                async {
                    let _ = stopped.await;
                },
                Some(Duration::from_secs(10)),
            )
            .await
    });
    Ok(RunningServer {
        addr,
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
