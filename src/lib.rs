//! Corkboard: a self-hosted picture-pinning web application, as a library the binary and tests share.

pub mod app;
pub mod cli;
pub mod control;
pub mod graphql;
pub mod http;
pub mod private_files;
pub mod progress;
pub mod seed;
pub mod systemd;
pub mod telemetry;
