//! Plain HTTP endpoints: the embedded UI (with link previews), media files, uploads, feeds,
//! health, metrics, the round trip through the identity provider, the viewer and the language of
//! a request, request logging, and `AppError` as an HTTP answer.

pub(crate) mod addresses;
pub mod assets;
pub mod bucket_files;
pub(crate) mod compression;
pub(crate) mod conditional;
pub(crate) mod cookies;
pub mod export;
pub(crate) mod feed_documents;
pub(crate) mod feeds;
pub mod headers;
pub mod health;
pub mod hosts;
pub(crate) mod html;
pub mod import;
pub mod limits;
pub(crate) mod link_previews;
pub mod listener;
pub(crate) mod locales;
pub mod logging;
pub mod media;
pub mod metrics;
pub(crate) mod oembed;
pub(crate) mod oidc;
pub(crate) mod page_paths;
pub mod proxies;
pub mod serve;
pub mod session;
pub mod share;
pub(crate) mod titles;
pub mod upload;
