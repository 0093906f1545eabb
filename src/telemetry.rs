//! Structured logs with `tracing` on standard error; `RUST_LOG` picks the level (default `info`).
//! Text lines get colours only on a terminal, so that log files stay plain; `log.format = "json"`
//! writes one JSON object per line for log shippers.

use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

use corkboard_domain::config::LogFormat;

pub(crate) fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match format {
        LogFormat::Text => logs.with_ansi(std::io::stderr().is_terminal()).init(),
        LogFormat::Json => logs.with_ansi(false).json().flatten_event(true).init(),
    }
}
