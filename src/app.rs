//! The application: assembles the services and the HTTP routes, and runs the server until shutdown.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::Context;
use poem::listener::{Acceptor, Listener, TcpListener};
use poem::{EndpointExt, Route, Server, get};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::config::Config;
use crate::graphql;
use crate::http::listener::NoDelayAcceptor;
use crate::http::{assets::UiAssets, headers, health, limits, logging, media, session, upload};
use crate::media::urls::MEDIA;
use crate::service::cleanup;
use crate::service::context::Services;
use crate::systemd;

/// All routes of the server.
pub fn routes(services: Services) -> impl poem::Endpoint {
    let schema = graphql::build_schema(Some(services.clone()));
    let uploads = upload::api_service()
        .around(session::with_viewer)
        .around(upload::guard_uploads);
    let answer = graphql::graphql
        .around(session::with_viewer)
        .around(limits::graphql_body);
    let api = match services.config.graphiql() {
        true => get(graphql::graphiql).post(answer),
        false => poem::post(answer),
    };
    Route::new()
        .at("/api/graphql", api)
        .nest("/api", uploads)
        .at("/api/openapi.json", upload::api_service().spec_endpoint())
        .at("/healthz", get(health::healthz))
        .nest(MEDIA, media::media_files(&services.config))
        .at("/*path", UiAssets)
        .data(schema)
        .data(services)
        .around(headers::security_headers)
        .around(logging::log_request)
}

/// A server running in the background, as tests and `serve` use it.
pub struct RunningServer {
    pub addr: SocketAddr,
    /// The server's services, for maintenance work such as the clean-up.
    pub services: Services,
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
    let services = tokio::task::spawn_blocking(move || Services::open(config)).await??;
    let (shutdown, stopped) = oneshot::channel::<()>();
    let cleaner = tokio::spawn(cleanup::every_hour(services.clone()));
    let app = routes(services.clone());
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
        services,
        shutdown,
        task,
    })
}

/// Serves until SIGINT or SIGTERM, then finishes in-flight requests and returns. The signals are
/// caught from before the start: one that comes while the server starts stops it once started.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    let stop = shutdown_signal().context("cannot listen for SIGINT and SIGTERM")?;
    let server = start(config).await?;
    println!("corkboard listening on http://{}", server.addr);
    tracing::info!(addr = %server.addr, "listening");
    systemd::ready(server.addr);
    stop.await;
    tracing::info!("shutting down");
    systemd::stopping();
    server.stop().await
}

/// Catches SIGINT and SIGTERM from now on; the future ends when one comes.
fn shutdown_signal() -> std::io::Result<impl Future<Output = ()>> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut interrupt = signal(SignalKind::interrupt())?;
        let mut terminate = signal(SignalKind::terminate())?;
        Ok(async move {
            tokio::select! {
                _ = interrupt.recv() => {}
                _ = terminate.recv() => {}
            }
        })
    }
    #[cfg(not(unix))]
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}
