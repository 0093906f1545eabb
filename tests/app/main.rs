//! The integration tests of the whole app, one module each, in one test binary: each starts the
//! real server on `127.0.0.1:0` with a data folder of its own. The tests that count what the
//! process waits for or compresses (`loaders::waits`, `compression::compressed_count`) keep
//! binaries of their own: those counters are the process's. What a store reads is its own
//! (`Store::records_read`, `Store::keys_read`).

#[path = "../common/mod.rs"]
mod common;

mod abuse;
mod accounts;
mod admin;
mod admin_cli;
mod backup;
mod board_search;
mod board_sweeps;
mod boards;
mod disk_full;
mod executors;
mod export;
mod exposure;
mod first_account;
mod foundation;
mod hardening_graphql;
mod hardening_http;
mod hardening_imports;
mod import;
mod import_dir;
mod imports;
mod limits;
mod log_format;
mod metrics;
mod pictures;
mod pin_lists;
mod pins;
mod policy;
mod proxies;
mod quotas;
mod s3;
mod search;
mod search_sweeps;
mod share;
mod systemd;
mod ui;
mod upgrade;
mod visitor_answers;
