//! The application: assembles the services and the HTTP routes, and runs the server until shutdown.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use poem::listener::{Acceptor, Listener, TcpListener};
use poem::{EndpointExt, Route, get};
use tokio::sync::{oneshot, watch};
use tokio::task::JoinHandle;

use crate::control;
use crate::graphql::{self, answers::Answers, documents::Documents};
use crate::http::listener::{ConnectionCaps, GuardedAcceptor};
use crate::http::serve::{Deadlines, serve as serve_http};
use crate::http::{
    assets::UiAssets, compression, feeds, headers, health, hosts, limits, locales, logging, media,
    metrics, oembed, oidc, session, share, upload,
};
use crate::private_files;
use crate::systemd;
use corkboard_core::media::urls::MEDIA;
use corkboard_core::service::context::Services;
use corkboard_core::service::{backup_schedule, cleanup, import_runner, registration};
use corkboard_domain::config::Config;

/// All routes of the server.
pub fn routes(services: Services) -> impl poem::Endpoint {
    let schemas = graphql::Schemas::build(&services);
    let uploads = upload::api_service()
        .around(session::with_viewer)
        .around(upload::guard_uploads);
    let answer = graphql::graphql
        .around(session::with_viewer)
        .around(limits::graphql_body)
        .around(compression::compress_answers);
    let api = match services.config.graphiql() {
        true => get(graphql::graphiql).post(answer),
        false => poem::post(answer),
    };
    Route::new()
        .at("/api/graphql", api)
        .at("/api/export", get(crate::http::export::export_mine))
        .at("/api/oembed", get(oembed::oembed))
        .at("/api/auth/oidc/start", get(oidc::start))
        .at("/api/auth/oidc/callback", get(oidc::callback))
        .at(
            "/api/import",
            poem::post(crate::http::import::import_mine).around(limits::sized_body),
        )
        .nest("/api", uploads)
        .at("/api/openapi.json", upload::api_service().spec_endpoint())
        .at("/healthz", get(health::healthz))
        .at("/metrics", get(metrics::metrics_for_admins))
        .nest(MEDIA, media::media_files(&services))
        .at(
            "/share/",
            poem::post(share::share).around(limits::sized_body),
        )
        .at("/feeds/users/:file", get(feeds::user_feed))
        .at(
            "/feeds/users/:username/boards/:file",
            get(feeds::board_feed),
        )
        .at("/feeds/tags/:file", get(feeds::tag_feed))
        .at("/feeds/shared/:file", get(feeds::shared_feed))
        .at("/*path", UiAssets)
        .around(metrics::count_requests)
        .around(hosts::own_host_only)
        .data(schemas)
        .data(Arc::new(Answers::default()))
        .data(Arc::new(Documents::default()))
        .data(services)
        .around(locales::with_locale)
        .around(headers::security_headers)
        .around(logging::log_request)
}

/// The routes of the metrics' own address (`metrics.listen`).
pub(crate) fn metrics_routes(services: Services) -> impl poem::Endpoint {
    Route::new()
        .at("/metrics", get(metrics::metrics_for_all))
        .around(metrics::count_requests)
        .data(services)
        .around(logging::log_request)
}

/// A server running in the background, as tests and `serve` use it.
pub struct RunningServer {
    pub addr: SocketAddr,
    /// Where `/metrics` is served to all, when `metrics.listen` is set.
    pub metrics_addr: Option<SocketAddr>,
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

/// Opens the data, binds the configured addresses and starts serving in the background.
pub async fn start(mut config: Config) -> anyhow::Result<RunningServer> {
    let caps = ConnectionCaps::new(&config.http, &config.trusted_proxies);
    let deadlines = Deadlines::from(&config.http);
    let (acceptor, addr) = bind(config.listen, caps.clone()).await?;
    let metrics_listener = match config.metrics.listen {
        Some(listen) => Some(bind(listen, caps).await?),
        None => None,
    };
    // With port 0 the system picks one: links in mails must name the real one.
    config.listen = addr;
    let services = tokio::task::spawn_blocking(move || {
        private_files::tighten_and_say(&config.data_dir);
        if config.backup.every.is_some() || config.backup.dir.is_some() {
            private_files::tighten_and_say(&config.backups_dir());
        }
        Services::open(config)
    })
    .await??;
    registration::announce(&services)?;
    corkboard_core::service::oidc::announce(&services);
    let media = services.media.clone();
    tokio::task::spawn_blocking(move || media.announce());
    let (shutdown, stopped) = oneshot::channel::<()>();
    // Background work that holds the database ends before `stop` returns, so the file can be
    // opened again at once.
    let (stop_work, stopping) = watch::channel(false);
    let cleaner = tokio::spawn(cleanup::every_few_minutes(
        services.clone(),
        stopping.clone(),
    ));
    let importer = tokio::spawn(import_runner::runner(services.clone(), stopping.clone()));
    let control = tokio::spawn(serve_control(services.clone()));
    let backups = tokio::spawn(backup_schedule::every_period(services.clone(), stopping));
    let metrics_addr = metrics_listener.as_ref().map(|(_, addr)| *addr);
    let exporter = metrics_listener.map(|(acceptor, _)| {
        let endpoint = metrics_routes(services.clone());
        tokio::spawn(serve_http(
            acceptor,
            endpoint,
            deadlines,
            std::future::pending(),
            Duration::ZERO,
        ))
    });
    let app = routes(services.clone());
    let fetch_jobs = services.fetch_jobs.clone();
    let task = tokio::spawn(async move {
        let served = serve_http(
            acceptor,
            app,
            deadlines,
            async move {
                let _ = stopped.await;
                // Requests and imports waiting on a slow site end now.
                fetch_jobs.stop();
            },
            Duration::from_secs(10),
        )
        .await;
        control.abort();
        // The picture, clean-up or backup under way is finished and saved first.
        let _ = stop_work.send(true);
        let _ = tokio::join!(importer, cleaner, backups, control);
        if let Some(exporter) = exporter {
            exporter.abort();
        }
        served
    });
    Ok(RunningServer {
        addr,
        metrics_addr,
        services,
        shutdown,
        task,
    })
}

/// Serves the control socket for `corkboard admin`; without it the server still serves.
async fn serve_control(services: Services) {
    if let Err(error) = control::serve(services).await {
        tracing::warn!(
            error = format!("{error:#}"),
            "no control socket: `corkboard admin` works only while the server is stopped"
        );
    }
}

/// Binds `listen`; the address bound (the port the system picked for port 0).
async fn bind(
    listen: SocketAddr,
    caps: ConnectionCaps,
) -> anyhow::Result<(GuardedAcceptor, SocketAddr)> {
    let acceptor = TcpListener::bind(listen)
        .into_acceptor()
        .await
        .map(|acceptor| GuardedAcceptor::new(acceptor, caps))
        .with_context(|| format!("cannot listen on {listen}"))?;
    let addr = acceptor
        .local_addr()
        .first()
        .and_then(|addr| addr.as_socket_addr().copied())
        .context("the listener has no address")?;
    Ok((acceptor, addr))
}

/// Serves until SIGINT or SIGTERM, then finishes in-flight requests and returns. The signals are
/// caught from before the start: one that comes while the server starts stops it once started.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    let stop = shutdown_signal().context("cannot listen for SIGINT and SIGTERM")?;
    let server = start(config).await?;
    println!("corkboard listening on http://{}", server.addr);
    tracing::info!(addr = %server.addr, "listening");
    if let Some(addr) = server.metrics_addr {
        tracing::info!(%addr, "serving /metrics");
    }
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
