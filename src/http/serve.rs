//! Serves an endpoint over HTTP/1.1 with hyper, as poem's `Server` does, with deadlines poem's
//! lacks: a request's head must arrive within `header_timeout` (from the connection's start or
//! the end of the answer before), and a body may pause at most `body_idle` between two pieces.
//! A client that sends half a request and waits is closed, and its file descriptor given back.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use poem::endpoint::BoxEndpoint;
use poem::http::header;
use poem::listener::Acceptor;
use poem::{Body, Endpoint, EndpointExt, IntoEndpoint, Request, Response};

use corkboard_domain::config::HttpConfig;

/// The deadlines on what clients send.
#[derive(Debug, Clone, Copy)]
pub struct Deadlines {
    pub header_timeout: Duration,
    pub body_idle: Duration,
}

impl From<&HttpConfig> for Deadlines {
    fn from(http: &HttpConfig) -> Self {
        Deadlines {
            header_timeout: Duration::from_secs(http.header_timeout_seconds.max(1)),
            body_idle: Duration::from_secs(http.body_idle_seconds.max(1)),
        }
    }
}

/// Serves `endpoint` on the connections `acceptor` gives until `shutdown` ends; then waits for
/// the requests under way, `grace` at most.
pub async fn serve<A: Acceptor>(
    mut acceptor: A,
    endpoint: impl IntoEndpoint<Endpoint: 'static>,
    deadlines: Deadlines,
    shutdown: impl Future<Output = ()>,
    grace: Duration,
) -> io::Result<()> {
    let endpoint: Arc<BoxEndpoint<'static, Response>> =
        Arc::new(endpoint.into_endpoint().map_to_response().boxed());
    let graceful = GracefulShutdown::new();
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(deadlines.header_timeout);
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            _ = &mut shutdown => break,
            accepted = acceptor.accept() => accepted,
        };
        let (io, local, remote, scheme) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of file descriptors, say: wait a moment rather than spin.
                tracing::warn!(%error, "cannot accept a connection");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let endpoint = endpoint.clone();
        let service = hyper::service::service_fn(move |req| {
            let endpoint = endpoint.clone();
            let mut req = Request::from((req, local.clone(), remote.clone(), scheme.clone()));
            if has_body(&req) {
                let body = req.take_body();
                req.set_body(idle_bounded(body, deadlines.body_idle));
            }
            async move {
                let response = endpoint.get_response(req).await;
                Ok::<_, Infallible>(
                    hyper::Response::<http_body_util::combinators::BoxBody<_, _>>::from(response),
                )
            }
        });
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(io), service));
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%error, "a connection ended with an error");
            }
        });
    }
    drop(acceptor);
    tokio::select! {
        _ = graceful.shutdown() => {}
        _ = tokio::time::sleep(grace) => {
            tracing::info!("requests still under way at shutdown were cut off");
        }
    }
    Ok(())
}

fn has_body(req: &Request) -> bool {
    let headers = req.headers();
    headers.contains_key(header::TRANSFER_ENCODING)
        || headers
            .get(header::CONTENT_LENGTH)
            .is_some_and(|length| length.as_bytes() != b"0")
}

/// `body`, ending in an error when no piece of it comes for `idle`.
fn idle_bounded(body: Body, idle: Duration) -> Body {
    let pieces = Box::pin(body.into_bytes_stream());
    Body::from_bytes_stream(futures_util::stream::unfold(
        Some(pieces),
        move |pieces| async move {
            let mut pieces = pieces?;
            match tokio::time::timeout(idle, pieces.next()).await {
                Ok(Some(piece)) => Some((piece, Some(pieces))),
                Ok(None) => None,
                Err(_) => Some((
                    Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "the request body paused for too long",
                    )),
                    None,
                )),
            }
        },
    ))
}
