//! The TCP acceptor: poem's, with Nagle's algorithm off on every connection (so that a response
//! written in two parts is not held back until the client's delayed ACK), and a bound on the
//! connections open at once, per client address and in all: a client that opens thousands and
//! sends nothing cannot take the file descriptors everyone else needs.

use std::collections::HashMap;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{SystemTime, UNIX_EPOCH};

use ipnet::IpNet;
use poem::http::uri::Scheme;
use poem::listener::{Acceptor, TcpAcceptor};
use poem::web::{LocalAddr, RemoteAddr};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

use corkboard_core::service::rate_limit::client_key;

/// File descriptors kept for the database, the search index, pictures and mails.
const RESERVED_FILES: usize = 512;

/// How many connections may be open at once.
#[derive(Debug, Clone)]
pub(crate) struct ConnectionCaps {
    /// Per client address (see `client_key`); a trusted proxy's are not counted.
    pub per_address: usize,
    pub total: usize,
    pub trusted_proxies: Vec<IpNet>,
}

impl ConnectionCaps {
    /// The caps `http` sets; a total of 0 is the open-file limit less `RESERVED_FILES`.
    pub fn new(
        http: &corkboard_domain::config::HttpConfig,
        trusted_proxies: &[IpNet],
    ) -> ConnectionCaps {
        let total = match http.max_connections {
            0 => raise_open_file_limit()
                .saturating_sub(RESERVED_FILES)
                .max(RESERVED_FILES),
            max => max,
        };
        ConnectionCaps {
            per_address: http.connections_per_address.max(1),
            total,
            trusted_proxies: trusted_proxies.to_vec(),
        }
    }
}

/// Raises the soft limit on open files to the hard one, and returns it.
pub(crate) fn raise_open_file_limit() -> usize {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return 1024;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: limit.rlim_max,
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit = raised;
            }
        }
    }
    usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX)
}

/// Connections open now: in all, and per client key.
#[derive(Default)]
struct OpenConnections {
    total: usize,
    per_key: HashMap<String, usize>,
}

pub(crate) struct GuardedAcceptor {
    inner: TcpAcceptor,
    caps: ConnectionCaps,
    open: Arc<Mutex<OpenConnections>>,
}

impl GuardedAcceptor {
    pub fn new(inner: TcpAcceptor, caps: ConnectionCaps) -> GuardedAcceptor {
        GuardedAcceptor {
            inner,
            caps,
            open: Arc::default(),
        }
    }

    /// Counts a new connection from `peer`, or `None` when a cap is reached.
    fn admit(&self, peer: Option<IpAddr>) -> Option<Slot> {
        let key = peer
            .filter(|ip| {
                let ip = ip.to_canonical();
                !self
                    .caps
                    .trusted_proxies
                    .iter()
                    .any(|net| net.contains(&ip))
            })
            .map(client_key);
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if open.total >= self.caps.total {
            warn_now_and_then("the server has as many connections open as it may; one was refused");
            return None;
        }
        if let Some(key) = &key {
            let count = open.per_key.entry(key.clone()).or_default();
            if *count >= self.caps.per_address {
                tracing::debug!(client = %key, "too many connections from one address");
                warn_now_and_then(
                    "a client address holds as many connections as it may; one was refused",
                );
                return None;
            }
            *count += 1;
        }
        open.total += 1;
        Some(Slot {
            key,
            open: self.open.clone(),
        })
    }
}

impl Acceptor for GuardedAcceptor {
    type Io = GuardedStream;

    fn local_addr(&self) -> Vec<LocalAddr> {
        self.inner.local_addr()
    }

    async fn accept(&mut self) -> io::Result<(GuardedStream, LocalAddr, RemoteAddr, Scheme)> {
        loop {
            let (stream, local, remote, scheme) = self.inner.accept().await?;
            let peer = remote.as_socket_addr().map(|addr| addr.ip());
            // Refused: the stream is dropped, which closes it at once.
            let Some(slot) = self.admit(peer) else {
                continue;
            };
            if let Err(error) = stream.set_nodelay(true) {
                tracing::debug!(%error, "cannot turn Nagle's algorithm off for a connection");
            }
            let stream = GuardedStream {
                stream,
                _slot: slot,
            };
            return Ok((stream, local, remote, scheme));
        }
    }
}

/// A connection's place in the count, given back when it closes.
struct Slot {
    key: Option<String>,
    open: Arc<Mutex<OpenConnections>>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.total = open.total.saturating_sub(1);
        if let Some(key) = &self.key
            && let Some(count) = open.per_key.get_mut(key)
        {
            *count -= 1;
            if *count == 0 {
                open.per_key.remove(key);
            }
        }
    }
}

/// An accepted connection, counted until it closes.
pub(crate) struct GuardedStream {
    stream: TcpStream,
    _slot: Slot,
}

impl AsyncRead for GuardedStream {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for GuardedStream {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// Logs `message` as a warning at most once a minute: a flood must not flood the log too.
fn warn_now_and_then(message: &'static str) {
    static LAST: AtomicU64 = AtomicU64::new(0);
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    let last = LAST.load(Ordering::Relaxed);
    if now >= last + 60
        && LAST
            .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    {
        tracing::warn!("{message}");
    }
}
