//! Plain HTTP endpoints: the embedded UI, media files, uploads, health, metrics, the viewer of a
//! request, request logging, and `AppError` as an HTTP answer.

pub mod assets;
pub mod bucket_files;
pub(crate) mod compression;
pub mod export;
pub mod headers;
pub mod health;
pub mod hosts;
pub mod import;
pub mod limits;
pub mod listener;
pub mod logging;
pub mod media;
pub mod metrics;
pub mod proxies;
pub mod serve;
pub mod session;
pub mod share;
pub mod upload;
