//! Corkboard's core: the services that hold the rules and permissions, the media they keep
//! (pictures, previews, storage) and the web they read (fetching, scanning, importers).

pub mod allocator;
pub mod media;
pub mod service;
pub mod web;
