//! Plain HTTP endpoints: the embedded UI, media files, uploads, health and request logging.

pub mod assets;
pub mod health;
pub mod listener;
pub mod logging;
pub mod media;
pub mod session;
pub mod upload;
