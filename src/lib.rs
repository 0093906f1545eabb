//! Corkboard: a self-hosted picture-pinning web application, as a library the binary and tests share.

pub mod admin_cli;
pub mod allocator;
pub mod app;
pub mod archive_import_cli;
pub mod backup_cli;
pub mod cli;
pub mod config;
pub mod control;
pub mod domain;
pub mod error;
pub mod export_cli;
pub mod graphql;
pub mod http;
pub mod import_cli;
pub mod media;
pub mod prefetch;
pub mod private_files;
pub mod progress;
pub mod search;
pub mod seed;
pub mod service;
pub mod storage_cli;
pub mod store;
pub mod systemd;
pub mod telemetry;
pub mod web;
