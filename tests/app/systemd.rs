//! The binary as a systemd `Type=notify` service: `READY=1` once it answers, `WATCHDOG=1` pings
//! every half of `WATCHDOG_USEC`, `STOPPING=1` on SIGTERM, then a clean exit. The test plays
//! systemd's part with a datagram socket of its own.

use crate::common;

use std::os::unix::net::UnixDatagram;
use std::time::{Duration, Instant};

use common::process::ServerProcess;
use tempfile::TempDir;

/// The notification socket systemd would pass in `NOTIFY_SOCKET`.
struct NotifySocket {
    socket: UnixDatagram,
    dir: TempDir,
}

impl NotifySocket {
    fn bind() -> NotifySocket {
        let dir = tempfile::tempdir().unwrap();
        let socket = UnixDatagram::bind(dir.path().join("notify")).unwrap();
        NotifySocket { socket, dir }
    }

    fn path(&self) -> std::path::PathBuf {
        self.dir.path().join("notify")
    }

    /// The next message, or `None` when none comes within `wait`.
    fn next(&self, wait: Duration) -> Option<String> {
        self.socket.set_read_timeout(Some(wait)).unwrap();
        let mut buffer = [0; 4096];
        let length = self.socket.recv(&mut buffer).ok()?;
        Some(String::from_utf8_lossy(&buffer[..length]).into_owned())
    }

    /// Reads messages until one has the line `line`; panics after `wait`. Returns those read.
    fn until(&self, line: &str, wait: Duration) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut read = Vec::new();
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            let Some(message) = self.next(left) else {
                break;
            };
            let found = message.lines().any(|l| l == line);
            read.push(message);
            if found {
                return read;
            }
        }
        panic!("no {line} within {wait:?}; got {read:?}");
    }
}

fn watchdog_pings(messages: &[String]) -> usize {
    messages
        .iter()
        .filter(|m| m.lines().any(|l| l == "WATCHDOG=1"))
        .count()
}

#[tokio::test]
async fn the_server_tells_systemd_it_is_ready_alive_and_stopping() {
    let notify = NotifySocket::bind();
    let mut server = ServerProcess::start_with(env!("CARGO_BIN_EXE_corkboard").as_ref(), |c| {
        c.env("NOTIFY_SOCKET", notify.path())
            .env("WATCHDOG_USEC", "200000");
    });
    let ready = notify.until("READY=1", Duration::from_secs(20));
    assert_eq!(ready.len(), 1, "READY=1 comes first: {ready:?}");
    assert!(
        ready[0].contains("STATUS=listening on http://"),
        "{ready:?}"
    );
    let health = server.app.client.get(server.app.url("/healthz")).send();
    assert_eq!(health.await.unwrap().status(), 200);

    let mut pings = 0;
    while pings < 2 {
        pings += watchdog_pings(&notify.until("WATCHDOG=1", Duration::from_secs(5)));
    }

    let status = server.terminate();
    let stopping = notify.until("STOPPING=1", Duration::from_secs(5));
    assert!(status.success(), "{status}; log:\n{}", server.log());
    assert!(
        stopping.iter().all(|m| !m.contains("READY=1")),
        "{stopping:?}"
    );
}

#[test]
fn the_watchdog_of_another_process_is_not_pinged() {
    let notify = NotifySocket::bind();
    let mut server = ServerProcess::start_with(env!("CARGO_BIN_EXE_corkboard").as_ref(), |c| {
        c.env("NOTIFY_SOCKET", notify.path())
            .env("WATCHDOG_USEC", "100000")
            .env("WATCHDOG_PID", "1");
    });
    notify.until("READY=1", Duration::from_secs(20));
    assert_eq!(notify.next(Duration::from_millis(500)), None);
    assert!(server.terminate().success(), "{}", server.log());
}

#[test]
fn a_sigterm_as_soon_as_it_listens_stops_it_cleanly() {
    // Before the signals were caught ahead of the start, about half of these runs died of it.
    for _ in 0..5 {
        let mut server = ServerProcess::start(env!("CARGO_BIN_EXE_corkboard").as_ref());
        let status = server.terminate();
        assert!(status.success(), "{status}; log:\n{}", server.log());
    }
}
