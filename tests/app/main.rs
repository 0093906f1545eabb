//! The integration tests of the whole app, one module each, in one test binary: each starts the
//! real server on `127.0.0.1:0` with a data folder of its own. What a server counts is its own
//! (`Store::records_read`, `Store::keys_read`, `Metrics::load_waits`, `Metrics::compressions`),
//! so tests that count run beside the others.

#[path = "../common/mod.rs"]
mod common;

mod abuse;
mod accounts;
mod admin;
mod admin_cli;
mod backup;
mod board_search;
mod board_search_reads;
mod board_sweeps;
mod boards;
mod compression;
mod disk_full;
mod executors;
mod export;
mod exposure;
mod feeds;
mod first_account;
mod folder_covers;
mod follows;
mod foundation;
mod hardening_graphql;
mod hardening_http;
mod hardening_imports;
mod import;
mod import_dir;
mod imports;
mod kept_records;
mod languages;
mod limits;
mod link_previews;
mod log_format;
mod many_boards;
mod many_folders;
mod many_shared_boards;
mod metrics;
mod near_duplicates;
mod oidc;
mod passkeys;
mod picture_reads;
mod pictures;
mod pin_lists;
mod pins;
mod policy;
mod proxies;
mod quotas;
mod reads;
mod s3;
mod search;
mod search_sweeps;
mod share;
mod share_links;
mod shared_walks;
mod similar_pins;
mod suggestions;
mod systemd;
mod ui;
mod upgrade;
mod visitor_answers;
