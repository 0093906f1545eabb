//! Talks to systemd when it runs the server as a `Type=notify` service: ready, stopping, and the
//! watchdog's pings. Without `NOTIFY_SOCKET` (not started by systemd) it does nothing.

use std::net::SocketAddr;

use sd_notify::NotifyState;

/// Tells systemd the server answers requests at `addr`, and starts pinging its watchdog every
/// half of `WATCHDOG_USEC` when it asks for pings (and `WATCHDOG_PID`, if set, is ours). The
/// pings come from a task on the server's runtime: a runtime that stops turning stops them.
pub fn ready(addr: SocketAddr) {
    let status = format!("listening on http://{addr}");
    notify(&[NotifyState::Ready, NotifyState::Status(&status)]);
    if let Some(timeout) = sd_notify::watchdog_enabled() {
        tokio::spawn(async move {
            let mut pings = tokio::time::interval(timeout / 2);
            loop {
                pings.tick().await;
                notify(&[NotifyState::Watchdog]);
            }
        });
    }
}

/// Tells systemd the server is finishing its requests before it exits.
pub fn stopping() {
    notify(&[NotifyState::Stopping]);
}

fn notify(states: &[NotifyState]) {
    if let Err(error) = sd_notify::notify(states) {
        tracing::warn!(%error, "cannot notify systemd");
    }
}
